/**
 * The local copy of each company's invoices (seed 8.6): its sync state as the sidebar shows it.
 * Pure data and types.
 */
import type { IpcError } from './errors';

/** What a company's local copy is doing. 'off': the setting turns local copies off. */
export const syncPhases = ['off', 'idle', 'syncing', 'error'] as const;
export type SyncPhase = (typeof syncPhases)[number];

/** 'incremental': what changed since the checkpoint; 'full': every invoice, removing what the service no longer lists. */
export type SyncKind = 'incremental' | 'full';

/** A resource's copy beside the customer invoices' (supplier invoices): its own readiness and its own errors. */
export interface ResourceSyncStatus {
  /** Its first full read is complete: its grid answers from the copy. */
  ready: boolean;
  /** Items in the copy. */
  count: number;
  lastSyncedAt: string | null;
  /** Why it could not be read (a scope, module licence or permission the company lacks): shown on its side only. */
  error?: IpcError;
}

export interface SyncStatus {
  companyId: string;
  phase: SyncPhase;
  /** The first full read is complete: the grid, search and export answer from the local copy. */
  ready: boolean;
  /** Invoices in the local copy. */
  invoices: number;
  /** When the last sync completed (ISO, the PC's clock: for display). */
  lastSyncedAt: string | null;
  /** While syncing: items read of this run and how many the service says there are (of `resource`, default the customer invoices). */
  progress: { kind: SyncKind; done: number; total: number | null; resource?: 'invoices' | 'supplierinvoices' } | null;
  /** The supplier invoices' copy (absent while local copies are off). */
  supplierInvoices?: ResourceSyncStatus;
  /** Why the last sync failed; `offline` when the service could not be reached. */
  error?: IpcError;
  offline: boolean;
}

/** How often a connected company syncs while the app is open. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** While a company's service is out of reach: how often one cheap request checks whether it is back. */
export const OFFLINE_CHECK_MS = 30_000;
/** A full reconcile (deletions) at most this often, besides the user's "Full refresh". */
export const RECONCILE_INTERVAL_MS = 24 * 60 * 60_000;
