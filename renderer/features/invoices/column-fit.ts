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

export const widthOf = (columns: readonly ExportColumnId[]): number => SELECT_WIDTH + columns.reduce((sum, id) => sum + columnSpecs[id].width, 0);

/**
 * The columns of `columns` (in their order) that fit `available` pixels; all of them when it is
 * unknown (0). `keep`: the column the view is sorted by, dropped last so its arrow stays in view
 * as long as it can.
 */
export function fitColumns(columns: readonly ExportColumnId[], available: number, keep?: ExportColumnId): ExportColumnId[] {
  let shown = [...columns];
  if (available <= 0) return shown;
  // The sort column goes last of dropOrder, and only when nothing else there is left to drop.
  const order = [...(keep && dropOrder.includes(keep) ? [...dropOrder.filter((id) => id !== keep), keep] : dropOrder), ...dropLast];
  for (const candidate of order) {
    if (widthOf(shown) <= available) break;
    shown = shown.filter((id) => id !== candidate);
  }
  return shown;
}
