/**
 * One sync of a company's copy: its lists read side by side (readLists, in sync order), each
 * list's status as it is read, and the rule that a later list's own error (no scope, module
 * licence or permission) stays on its side while the company stays synced; the first list's
 * errors are the company's. Apart from the mirror manager, which decides when a company syncs and
 * keeps its status; this is what one sync does.
 */
import type { IpcError } from '../../common/errors';
import type { ResourceId } from '../../common/resources';
import type { ResourceSyncStatus, SyncStatus } from '../../common/sync';
import type { Clock } from '../../kernel/clock';
import type { Priority } from '../../api/rate-limiter';
import type { MirrorApi } from '../access/mirror-api';
import { readLists, syncCompany, syncResources, type PageSource } from './sync-engine';

/** A list's error that is its own (the company lacks its scope, module licence or permission): the other lists keep working. */
const RESOURCE_ERROR_KINDS = new Set(['scope-missing', 'licence-missing', 'permission-missing']);

export interface ListsSync {
  companyId: string;
  /** The lists to read, in sync order (resourceIds): the first at `priority`, the rest alongside it. */
  resources: readonly ResourceId[];
  mirror: MirrorApi;
  mode: 'auto' | 'full';
  priority: Priority;
  /** Stops every read (the company is dropped, the manager closes). */
  signal: AbortSignal;
  clock: Clock;
  /** `resource`: whose errors these are (a supplier scope error is the supplier side's, not the company's). */
  withSession<T>(run: (session: PageSource) => Promise<T>, resource: ResourceId): Promise<T>;
  toUserError(error: unknown): IpcError;
  log(message: string, error?: unknown): void;
  /** A list's status before this sync: kept, with the error, when its read fails on its own. */
  statusOf(resource: ResourceId): ResourceSyncStatus;
  /** A list is read (or failed on its own): its new status. */
  onResource(resource: ResourceId, status: ResourceSyncStatus): void;
  /** The read's progress: of the first list not yet read. */
  onProgress(progress: NonNullable<SyncStatus['progress']>): void;
}

/**
 * Reads the lists into the copy. Resolves once every list is read (or failed on its own); rejects
 * with the company's error (the first list's, or another list's that is not its own alone).
 */
export async function syncLists(sync: ListsSync): Promise<void> {
  const { mirror, clock, resources } = sync;
  const settled = new Set<ResourceId>();
  // The first list's progress is shown until it is read, then the next one's, and so on.
  const shown = (resource: ResourceId): boolean => resources.slice(0, resources.indexOf(resource)).every((before) => settled.has(before));
  const reads = readLists(
    resources,
    (resource, readPriority, signal) =>
      sync.withSession(
        (session) =>
          syncCompany({
            resource: syncResources[resource],
            mirror,
            source: session,
            clock,
            mode: sync.mode,
            priority: readPriority,
            ...(signal ? { signal } : {}),
            onProgress: (progress) => {
              if (shown(resource)) sync.onProgress({ ...progress, resource });
            },
          }),
        resource,
      ),
    sync.priority,
    sync.signal,
  );
  const outcomes = await Promise.allSettled(
    reads.map(async (read, i) => {
      const resource = resources[i] as ResourceId;
      try {
        await read;
      } catch (error) {
        settled.add(resource);
        const userError = sync.toUserError(error);
        if (i === 0 || !RESOURCE_ERROR_KINDS.has(userError.kind)) throw error;
        sync.log(`The list ${resource} of ${sync.companyId} cannot be read`, error);
        sync.onResource(resource, { ...sync.statusOf(resource), error: userError });
        return;
      }
      settled.add(resource);
      const summary = await mirror.summary(resource);
      sync.onResource(resource, { ready: summary.ready, count: summary.rows, lastSyncedAt: new Date(clock.now()).toISOString() });
    }),
  );
  // The first failure in sync order is the company's error (a list stopped because the first failed says only "cancelled").
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
