/**
 * Each company's last known status (its lists' readiness, counts and last reads, the unseen count
 * and the firm's row), kept in one small file beside the copies (statuses.json), so a firm's app
 * starts without opening 300 copies: a company whose copy exists and whose snapshot is
 * of today starts from it; the rest read their copy as before. The file is a cache, never the
 * truth: a sync of the company (every company syncs at start) writes what its copy says, and a
 * file that is missing, unreadable or of another shape is ignored (read from the copies). Written
 * a moment after a change (many changes, one write), to a temporary file renamed over the old one,
 * so a crash leaves the old snapshot or the new one, never half of one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { resourceIds, type ResourceId } from '../../common/resources';
import type { SyncStatus } from '../../common/sync';
import { writeBehind } from '../../kernel/write-behind';

/** What a snapshot keeps of a status: what the copy says of itself, not what a sync is doing. */
export type StoredStatus = Pick<SyncStatus, 'resources' | 'unseen' | 'summary'>;

const WRITE_AFTER_MS = 2_000;
export const STATUS_BOOK_FILE = 'statuses.json';

const money = z.number().finite();
const resource = z.object({ ready: z.boolean(), count: z.number().int().nonnegative(), lastSyncedAt: z.string().nullable() }).strip();
const stored = z
  .object({
    resources: z.object(Object.fromEntries(resourceIds.map((id) => [id, resource])) as Record<ResourceId, typeof resource>).strip(),
    unseen: z.number().int().nonnegative().optional(),
    summary: z
      .object({
        asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        owedSek: money,
        overdueSek: money,
        overdue60Sek: money,
        youOweSek: money.nullable(),
        overdueBillsSek: money.nullable(),
        lowestWeek: z.object({ week: z.string(), netSek: money }).strip().nullable(),
        daysSinceLastInvoice: z.number().int().nullable(),
      })
      .strip()
      .optional(),
  })
  .strip();
const bookSchema = z.object({ version: z.literal(1), companies: z.record(z.string(), z.unknown()) });

const keptOf = (status: SyncStatus): StoredStatus => ({ resources: status.resources, ...(status.unseen !== undefined ? { unseen: status.unseen } : {}), ...(status.summary ? { summary: status.summary } : {}) });

export interface StatusBook {
  /** The company's snapshot when it is of `today` (figures and the unseen count depend on the day) and its copy exists. */
  fresh(companyId: string, today: string): StoredStatus | undefined;
  /** The company's status changed: its snapshot is written a moment later. */
  put(status: SyncStatus): void;
  forget(companyId: string): void;
  /** Writes what is pending now, after a write under way (the app closes). */
  flush(): Promise<void>;
}

export function createStatusBook(options: { dir: string; copyExists(companyId: string): boolean; log(message: string, error?: unknown): void }): StatusBook {
  const file = path.join(options.dir, STATUS_BOOK_FILE);
  const book = new Map<string, StoredStatus>();

  try {
    const parsed = bookSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) {
      for (const [id, value] of Object.entries(parsed.data.companies)) {
        const entry = stored.safeParse(value);
        if (entry.success) book.set(id, entry.data as StoredStatus);
      }
    } else options.log('The saved sync statuses are not of this version: each copy is read instead');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') options.log('The saved sync statuses could not be read: each copy is read instead', error);
  }

  const saved = writeBehind({
    file,
    text: () => JSON.stringify({ version: 1, companies: Object.fromEntries(book) }),
    afterMs: WRITE_AFTER_MS,
    failed: (error) => options.log('Saving the sync statuses failed (they are read from the copies at the next start)', error),
  });

  return {
    fresh(companyId, today) {
      const saved = book.get(companyId);
      if (!saved || (saved.summary !== undefined && saved.summary.asOf !== today) || (saved.summary === undefined && saved.resources.invoices.ready)) return undefined;
      return options.copyExists(companyId) ? saved : undefined;
    },
    put(status) {
      if (status.phase === 'off') return;
      book.set(status.companyId, keptOf(status));
      saved.schedule();
    },
    forget(companyId) {
      if (book.delete(companyId)) saved.schedule();
    },
    flush: () => saved.flush(),
  };
}
