/**
 * Which of the view's columns fit a window: on a narrow one the least useful go first, so the
 * number, the customer, what is owed, when and the status stay in view without sideways scrolling;
 * on the narrowest (the details panel open), the due date goes too and the name takes its room.
 * The view keeps every column (an export writes them all); only the screen leaves some out.
 */
import type { ExportColumnId } from '../../../electron/common/export';
import { columnSpecs } from './columns';
import { SELECT_WIDTH } from './gridLayout';

/**
 * Dropped first to last. Columns not listed are never dropped: the number, customer, balance and
 * status, and any optional column the user added from the menu (they asked for it; if those do not
 * fit, the grid scrolls sideways).
 */
export const dropOrder: readonly ExportColumnId[] = ['customerNumber', 'currency', 'ocr', 'invoiceDate', 'total'];
/**
 * Dropped after all of dropOrder, the sort column included: on a grid as narrow as the one beside
 * the details panel at the default window size, the due date (which the panel shows) makes way for
 * the customer's name, which takes the room it leaves and stays readable.
 */
export const dropLast: readonly ExportColumnId[] = ['dueDate'];

/** The customer grid's columns: what fits, and what to drop first, of any resource is its description's (`fitColumnsOf`). */
interface FitOf {
  columns: Readonly<Record<string, { width: number }>>;
  dropOrder: readonly string[];
  /** Dropped after all of dropOrder, the sort column included. */
  dropLast?: readonly string[];
}
const customerFit: FitOf = { columns: columnSpecs, dropOrder, dropLast };

export const widthOf = (columns: readonly ExportColumnId[]): number => widthIn(customerFit, columns);

const widthIn = (resource: Pick<FitOf, 'columns'>, columns: readonly string[]): number => SELECT_WIDTH + columns.reduce((sum, id) => sum + (resource.columns[id]?.width ?? 0), 0);

/** The total width of a resource's columns (with the selection column). */
export const widthOfColumns = (resource: Pick<FitOf, 'columns'>, columns: readonly string[]): number => widthIn(resource, columns);

/**
 * The columns of `columns` (in their order) that fit `available` pixels; all of them when it is
 * unknown (0). `keep`: the column the view is sorted by, dropped last so its arrow stays in view
 * as long as it can.
 */
export function fitColumns(columns: readonly ExportColumnId[], available: number, keep?: ExportColumnId): ExportColumnId[] {
  return fitColumnsOf(customerFit, columns, available, keep);
}

/** fitColumns for any resource, by its columns' widths and its drop order. */
export function fitColumnsOf<C extends string>(resource: FitOf, columns: readonly C[], available: number, keep?: string): C[] {
  let shown = [...columns];
  if (available <= 0) return shown;
  const { dropOrder, dropLast = [] } = resource;
  // The sort column goes last of dropOrder, and only when nothing else there is left to drop; then dropLast.
  const order = [...(keep && dropOrder.includes(keep) ? [...dropOrder.filter((id) => id !== keep), keep] : dropOrder), ...dropLast];
  for (const candidate of order) {
    if (widthIn(resource, shown) <= available) break;
    shown = shown.filter((id) => id !== candidate);
  }
  return shown;
}
