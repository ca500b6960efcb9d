/**
 * What the export menu turns into an ExportSelection (pure, unit-tested). The selection is always
 * of the grid's current view: the main process re-reads the pages with the view's query.
 */
import type { ExportSelection } from '../../../electron/ipc/contract';
import { parsePageRange } from '../invoices/view';

export type ExportChoice = 'pages' | 'range' | 'all' | 'rows';
export const exportChoices = ['pages', 'range', 'all', 'rows'] as const satisfies readonly ExportChoice[];

export interface SelectionInput {
  choice: ExportChoice;
  /** Pages marked with "select this page". */
  selectedPages: ReadonlySet<number>;
  /** The range box's text, e.g. "2–7". */
  rangeText: string;
  totalPages: number;
  /** The page the selected rows are on. */
  page: number;
  selectedRows: readonly string[];
}

export type SelectionProblem = 'no-pages' | 'no-rows' | 'range-format' | 'range-order' | 'range-bounds' | 'empty';

export function buildSelection(input: SelectionInput): { selection: ExportSelection } | { problem: SelectionProblem } {
  if (input.totalPages <= 0) return { problem: 'empty' };
  switch (input.choice) {
    case 'all':
      return { selection: { kind: 'all' } };
    case 'pages': {
      const pages = [...input.selectedPages].filter((p) => p >= 1 && p <= input.totalPages).sort((a, b) => a - b);
      return pages.length > 0 ? { selection: { kind: 'pages', pages } } : { problem: 'no-pages' };
    }
    case 'range': {
      const range = parsePageRange(input.rangeText, input.totalPages);
      if ('error' in range) return { problem: `range-${range.error}` };
      return { selection: { kind: 'range', from: range.from, to: range.to } };
    }
    case 'rows':
      return input.selectedRows.length > 0
        ? { selection: { kind: 'rows', page: input.page, documentNumbers: [...input.selectedRows] } }
        : { problem: 'no-rows' };
  }
}

/** Toggles a page in the set of marked pages (a new Set: React state). */
export function togglePage(pages: ReadonlySet<number>, page: number): Set<number> {
  const next = new Set(pages);
  if (next.has(page)) next.delete(page);
  else next.add(page);
  return next;
}

/** A progress bar's share, 0..1, or null when the total is not known yet. */
export function progressShare(pagesDone: number, pagesTotal: number | null): number | null {
  if (pagesTotal === null) return null;
  if (pagesTotal <= 0) return 1;
  return Math.min(1, Math.max(0, pagesDone / pagesTotal));
}
