/** The pager's arithmetic: the rows a page shows, the pages it may ask for, a typed page range. Pure. */

/** "rows x–y of N" for a page; null when there is nothing to show. */
export function rowRange(page: number, limit: number, rowsOnPage: number, totalResources: number): { from: number; to: number; total: number } | null {
  if (totalResources <= 0 || rowsOnPage <= 0) return null;
  const from = (page - 1) * limit + 1;
  return { from, to: from + rowsOnPage - 1, total: totalResources };
}

/** A page the pager may ask for: 1..totalPages (1 when there are none: totalPages is 0 when empty). */
export function clampPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, totalPages));
}

/**
 * A page range as the user types it: "2–7", "2-7", "2 - 7", "7" (one page). Pages outside
 * 1..totalPages are refused, not clamped (the user asked for something that does not exist).
 */
export function parsePageRange(text: string, totalPages: number): { from: number; to: number } | { error: 'format' | 'order' | 'bounds' } {
  const match = /^\s*(\d{1,7})\s*(?:[-–—]\s*(\d{1,7})\s*)?$/.exec(text);
  if (!match) return { error: 'format' };
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  if (from > to) return { error: 'order' };
  if (from < 1 || to > totalPages) return { error: 'bounds' };
  return { from, to };
}
