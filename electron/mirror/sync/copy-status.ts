/**
 * What a copy on disk says of itself: each list's readiness, size and last read, and the digest's
 * unseen count, when the app opens it; and the firm's row of the company, then and after
 * each sync, so the firm's overview reads statuses, never 300 copies.
 */
import { resourceIds, type ResourceId } from '../../common/resources';
import type { ResourceSyncStatus, SyncStatus } from '../../common/sync';
import type { MirrorApi } from '../access/mirror-api';

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export async function storedStatus(mirror: MirrorApi, today: string): Promise<Pick<SyncStatus, 'resources' | 'unseen' | 'summary'>> {
  const summaries = await Promise.all(resourceIds.map(async (id) => [id, await mirror.summary(id)] as const));
  const resources = Object.fromEntries(summaries.map(([id, summary]) => [id, { ready: summary.ready, count: summary.rows, lastSyncedAt: isoOrNull(summary.lastSyncedAt) }])) as Record<ResourceId, ResourceSyncStatus>;
  return { resources, unseen: await mirror.unseenCount(today), ...(await firmRow(mirror, today, resources)) };
}

/** The company's firm row once its customer invoices are read (what you owe too once its supplier invoices are). */
export async function firmRow(mirror: MirrorApi, today: string, resources: SyncStatus['resources']): Promise<Pick<SyncStatus, 'summary'>> {
  if (!resources.invoices.ready) return {};
  return { summary: await mirror.companySummary(today, resources.supplierinvoices.ready) };
}

/** What a copy still tells after a sync that failed: the unseen count and the firm's row of today. */
export async function copyFigures(mirror: MirrorApi, today: string, resources: SyncStatus['resources']): Promise<Pick<SyncStatus, 'unseen' | 'summary'>> {
  return { unseen: await mirror.unseenCount(today), ...(await firmRow(mirror, today, resources)) };
}

/** At most `limit` of `work` at once, the rest in order (a firm's 300 copies read at start a few at a time, not all open together). */
export function createGate(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}
