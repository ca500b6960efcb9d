/**
 * The pages of a kind's events across companies (All companies, and one company's alike): one
 * order, newest first, by `at` (the read's service time, or the day of a date-driven kind), then
 * `seq`, then the company's id, since two copies may number two events alike. Every copy reads
 * its events in the same order (digest.ts digestView), so the merge of each copy's first page
 * after a cursor holds the merged page after it, and no copy reads more than one page.
 */
import type { DigestCursor, DigestItem } from '../common/digest';

type Ordered = Pick<DigestItem, 'at' | 'seq' | 'companyId'>;

/** The digest's order: the newer first. */
export function newestFirst(a: Ordered, b: Ordered): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.seq !== b.seq) return b.seq - a.seq;
  return a.companyId < b.companyId ? -1 : a.companyId > b.companyId ? 1 : 0;
}

/**
 * What one copy reads after the cursor: its events older than (at, seq), in SQL's row-value order.
 * A company after the cursor's in the order's last key also has the events of the cursor's very
 * `at` and `seq` still to show; its bound is one seq higher.
 */
export function olderThanFor(cursor: DigestCursor, companyId: string): { at: string; seq: number } {
  return { at: cursor.at, seq: companyId > cursor.companyId ? cursor.seq + 1 : cursor.seq };
}
