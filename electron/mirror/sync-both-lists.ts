/**
 * One sync of a company's copy: the customer invoices and the supplier invoices read side by side
 * (readBothLists), the status changes the sidebar shows as they come, and the rule that an error
 * of the supplier invoices' own (no scope, module licence or permission) stays on their side while
 * the company stays synced. Apart from the mirror manager, which decides when a company syncs and
 * keeps its status; this is what one sync does.
 */
import type { IpcError } from '../common/errors';
import type { ResourceId } from '../common/resources';
import type { ResourceSyncStatus, SyncStatus } from '../common/sync';
import type { Clock } from '../kernel/clock';
import type { Priority } from '../api/rate-limiter';
import type { MirrorApi } from './mirror-api';
import { readBothLists, syncCompany, syncResources, type PageSource, type SyncResult } from './sync-engine';

/** A resource's error that is its own (the company lacks its scope, module licence or permission): the other side keeps working. */
const RESOURCE_ERROR_KINDS = new Set(['scope-missing', 'licence-missing', 'permission-missing']);

const NO_SUPPLIER_COPY: ResourceSyncStatus = { ready: false, count: 0, lastSyncedAt: null };

export interface BothListsSync {
  companyId: string;
  mirror: MirrorApi;
  mode: 'auto' | 'full';
  priority: Priority;
  /** Stops both reads (the company is dropped, the manager closes). */
  signal: AbortSignal;
  clock: Clock;
  /** `resource`: whose errors these are (a supplier scope error is the supplier side's, not the company's). */
  withSession<T>(run: (session: PageSource) => Promise<T>, resource: ResourceId): Promise<T>;
  toUserError(error: unknown): IpcError;
  log(message: string, error?: unknown): void;
  /** The supplier side's status before this sync: kept, with the error, when their read fails on their own. */
  supplierStatus(): ResourceSyncStatus | undefined;
  /** A change of the company's status as the sync goes: progress, then the customer invoices read. */
  onStatus(change: Partial<SyncStatus>): void;
}

/**
 * Reads both lists into the copy. Resolves, once both are read, with the supplier side's status;
 * rejects with the company's error (the customer invoices', or one of the supplier invoices' that
 * is not theirs alone).
 */
export async function syncBothLists(sync: BothListsSync): Promise<ResourceSyncStatus> {
  const { mirror, clock } = sync;
  // The customer invoices' progress is shown until they are read, then the supplier invoices'.
  let invoicesRead = false;
  const read = (resource: ResourceId, readPriority: Priority, signal: AbortSignal | undefined): Promise<SyncResult> =>
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
            if (resource === 'invoices' || invoicesRead) sync.onStatus({ progress: { ...progress, resource } });
          },
        }),
      resource,
    );
  // Customer invoices first (the grid the owner opens on); the supplier invoices alongside, in the slots the first list leaves.
  const lists = readBothLists(read, sync.priority, sync.signal);
  const supplierSide = syncSupplierSide(sync, lists.suppliers);
  supplierSide.catch(() => undefined); // awaited below
  let result: SyncResult;
  try {
    result = await lists.invoices;
  } catch (error) {
    await supplierSide.catch(() => undefined); // stopped by readBothLists; nothing left running
    throw error;
  }
  invoicesRead = true;
  const summary = await mirror.summary();
  sync.onStatus({ ready: summary.ready, invoices: result.invoices, lastSyncedAt: new Date(clock.now()).toISOString() });
  return supplierSide;
}

/**
 * The supplier invoices' read: an error that is theirs (no scope, module licence or permission)
 * is kept on their side and the company stays synced; any other error is the company's.
 */
async function syncSupplierSide(sync: BothListsSync, read: Promise<SyncResult>): Promise<ResourceSyncStatus> {
  try {
    await read;
    const summary = await sync.mirror.summary('supplierinvoices');
    return { ready: summary.ready, count: summary.invoices, lastSyncedAt: new Date(sync.clock.now()).toISOString() };
  } catch (error) {
    const userError = sync.toUserError(error);
    if (!RESOURCE_ERROR_KINDS.has(userError.kind)) throw error;
    sync.log(`Supplier invoices of ${sync.companyId} cannot be read`, error);
    return { ...(sync.supplierStatus() ?? NO_SUPPLIER_COPY), error: userError };
  }
}
