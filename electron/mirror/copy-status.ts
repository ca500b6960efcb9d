/** What a copy on disk says of itself when the app opens it: each list's readiness, size and last read, and the digest's unseen count. */
import { resourceIds, type ResourceId } from '../common/resources';
import type { ResourceSyncStatus, SyncStatus } from '../common/sync';
import type { MirrorApi } from './mirror-api';

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export async function storedStatus(mirror: MirrorApi, today: string): Promise<Pick<SyncStatus, 'resources' | 'unseen'>> {
  const summaries = await Promise.all(resourceIds.map(async (id) => [id, await mirror.summary(id)] as const));
  return {
    resources: Object.fromEntries(summaries.map(([id, summary]) => [id, { ready: summary.ready, count: summary.invoices, lastSyncedAt: isoOrNull(summary.lastSyncedAt) }])) as Record<ResourceId, ResourceSyncStatus>,
    unseen: await mirror.unseenCount(today),
  };
}
