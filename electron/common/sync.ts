/**
 * The local copy of each company's lists (incremental reading): its sync state as the sidebar shows it, one
 * entry per list resource. Pure data and types.
 */
import type { IpcError } from './errors';
import type { CompanySummary } from './firm';
import { resourceIds, type ResourceId } from './resources';

/** What a company's local copy is doing. 'off': the setting turns local copies off. */
export const syncPhases = ['off', 'idle', 'syncing', 'error'] as const;
export type SyncPhase = (typeof syncPhases)[number];

/** 'incremental': what changed since the checkpoint; 'full': every invoice, removing what the service no longer lists. */
export type SyncKind = 'incremental' | 'full';

/** One list's copy (customer invoices, supplier invoices, ...): its own readiness, size, last read and errors. */
export interface ResourceSyncStatus {
  /** Its first full read is complete: its grid, search and export answer from the copy. */
  ready: boolean;
  /** Items in the copy. */
  count: number;
  /** When its last read completed (ISO, the PC's clock: for display). */
  lastSyncedAt: string | null;
  /** Why it could not be read (a scope, module licence or permission the company lacks): shown on its side only. */
  error?: IpcError;
}

export interface SyncStatus {
  companyId: string;
  phase: SyncPhase;
  /** Each list's copy, every resource of resourceIds (none ready while local copies are off). */
  resources: Record<ResourceId, ResourceSyncStatus>;
  /** While syncing: items read of this run of `resource` and how many the service says there are. */
  progress: { kind: SyncKind; done: number; total: number | null; resource: ResourceId } | null;
  /** Why the last sync failed (the company's error, not one list's own); `offline` when the service could not be reached. */
  error?: IpcError;
  offline: boolean;
  /** Events of "since you last looked" not yet seen; absent before the copy is open. */
  unseen?: number;
  /** The firm's row of this company (common/firm.ts), kept by each sync and at open; absent until its customer invoices' copy is ready. */
  summary?: CompanySummary;
}

/** Every list's copy before its first read (or with local copies off): none ready, none counted. */
export function unreadResources(): Record<ResourceId, ResourceSyncStatus> {
  return Object.fromEntries(resourceIds.map((id) => [id, { ready: false, count: 0, lastSyncedAt: null }])) as Record<ResourceId, ResourceSyncStatus>;
}

/** How often a connected company syncs while the app is open. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** While a company's service is out of reach: how often one cheap request checks whether it is back. */
export const OFFLINE_CHECK_MS = 30_000;
/** A full reconcile (deletions) at most this often, besides the user's "Full refresh". */
export const RECONCILE_INTERVAL_MS = 24 * 60 * 60_000;
