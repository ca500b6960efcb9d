/**
 * Which of the view's columns fit a window: on a narrow one the least useful go first, so the
 * number, the name, what is owed, when and the status stay in view without sideways scrolling;
 * on the narrowest (the details panel open), the due date goes too and the name takes its room.
 * The view keeps every column (an export writes them all); only the screen leaves some out.
 */
import type { ColumnKind } from './grid-resource';
import { SELECT_WIDTH } from './grid-layout';

/**
 * A list's columns as the fit reads them: their widths, and its drop order (the registry's: the
 * columns not listed are never dropped, as the number, the name, the balance and the status, and
 * any optional column the user added from the menu; if those do not fit, the grid scrolls
 * sideways), then dropLast (dropped after all of dropOrder, the sort column included: beside the
 * details panel the customer grid's due date, which the panel shows, makes way for the name).
 */
export interface FitOf {
  columns: Readonly<Record<string, { width: number }>>;
  dropOrder: readonly string[];
  dropLast?: readonly string[];
}

const widthIn = (resource: Pick<FitOf, 'columns'>, columns: readonly string[]): number => SELECT_WIDTH + columns.reduce((sum, id) => sum + (resource.columns[id]?.width ?? 0), 0);

/** The total width of a resource's columns (with the selection column). */
export const widthOfColumns = (resource: Pick<FitOf, 'columns'>, columns: readonly string[]): number => widthIn(resource, columns);

/**
 * The columns of `columns` (in their order) that fit `available` pixels; all of them when it is
 * unknown (0). `keep`: the column the view is sorted by, dropped last so its arrow stays in view
 * as long as it can.
 */
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

/** A text's width in px as the grid draws it: a cell's text, a header's label (bold), a status badge's label (12 px). */
export type TextMeasure = (text: string, style: 'cell' | 'header' | 'badge') => number;

/** A cell's padding on both sides (grid.css --cell-pad) and a few px for rounding. */
export const CELL_SPACE = 2 * 6 + 4;
/** The sort mark beside a header's label (grid.css .sort-mark, 9 px type, and the 3 px gap). */
export const SORT_MARK_SPACE = 3 + 10;
/** A status badge's padding and border (grid.css .status-badge). */
export const BADGE_SPACE = 2 * 8 + 2;
/** The name column's fit width is at most this: beyond it a long name ends in "…" rather than push a column out. */
export const NAME_FIT_MAX = 240;

interface MeasuredColumn {
  kind: ColumnKind;
  width: number;
}

/**
 * Each column's width for the rows on screen ("names get the space, amounts the width of their
 * longest value"): a column of amounts, dates, numbers, flags or statuses as wide as its widest
 * value or its header with its sort mark, whichever is wider; a column of text keeps its own width,
 * and the column that grows (the customer's or supplier's name) asks, for the fit, for the width
 * that shows half the names in full (between its own width and NAME_FIT_MAX: more would push the
 * customer number out at the default window size), and on screen takes whatever the others leave,
 * which at 1280 px shows nearly all. With no rows yet, every column keeps its own width.
 */
export function contentWidths<C extends string>(
  resource: { columns: Readonly<Record<string, MeasuredColumn>>; growColumn: string },
  columns: readonly C[],
  header: (id: C) => string,
  texts: (id: C) => readonly string[],
  measure: TextMeasure,
): Record<C, number> {
  const widths = {} as Record<C, number>;
  for (const id of columns) {
    const spec = resource.columns[id];
    if (!spec) continue;
    const values = texts(id);
    if (values.length === 0 || (spec.kind === 'text' && id !== resource.growColumn)) {
      widths[id] = spec.width;
    } else if (id === resource.growColumn) {
      const sorted = values.map((text) => measure(text, 'cell')).sort((a, b) => a - b);
      const median = sorted[Math.floor(0.5 * (sorted.length - 1))] ?? 0;
      widths[id] = Math.min(NAME_FIT_MAX, Math.max(spec.width, Math.ceil(median + CELL_SPACE)));
    } else {
      const badge = spec.kind === 'status';
      let widest = measure(header(id), 'header') + SORT_MARK_SPACE;
      // The longest texts are the widest in practice (digits are all as wide): measure those alone.
      const longest = values.reduce((max, text) => Math.max(max, text.length), 0);
      for (const text of new Set(values)) {
        if (!badge && text.length < longest - 1) continue;
        widest = Math.max(widest, measure(text, badge ? 'badge' : 'cell') + (badge ? BADGE_SPACE : 0));
      }
      widths[id] = Math.ceil(widest + CELL_SPACE);
    }
  }
  return widths;
}

/** The columns of a resource with these widths, for fitColumnsOf and widthOfColumns. */
export function withWidths<R extends { columns: Readonly<Record<string, { width: number }>> }>(resource: R, widths: Readonly<Record<string, number>>): R {
  const columns = Object.fromEntries(Object.entries(resource.columns).map(([id, spec]) => [id, { ...spec, width: widths[id] ?? spec.width }]));
  return { ...resource, columns };
}
