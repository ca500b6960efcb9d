/**
 * Every company's local-copy state (sync:status), kept current by the main process's sync:changed
 * events, "Sync now" and "Full refresh" (sync:now), and which source answers a company's grid.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { resourceIds, type ResourceId } from '../../../electron/common/resources';
import type { SyncStatus } from '../../../electron/common/sync';
import { desk, unwrap, useSettings, type DeskError } from '../../api';
import type { GridMode } from '../grid/grid-mode';
import { digestKeys } from '../digest/digest-keys';
import { receivablesKeys } from '../overview/queries';

export const syncKeys = { statuses: ['sync'] as const };

/** The list with one company's new state in it (added when it is new). */
export function withStatus(list: readonly SyncStatus[], status: SyncStatus): SyncStatus[] {
  const at = list.findIndex((s) => s.companyId === status.companyId);
  if (at < 0) return [...list, status];
  const next = [...list];
  next[at] = status;
  return next;
}

/**
 * Whether a list's copy now holds other rows than when `before` was seen: it became ready, or a
 * read of it completed. The grid's cached pages of that list of the company are then stale.
 */
export function copyChanged(before: SyncStatus | undefined, after: SyncStatus, resource: ResourceId): boolean {
  const now = after.resources[resource];
  if (!now.ready || after.phase === 'off') return false;
  const then = before?.resources[resource];
  return !before || !then?.ready || before.phase === 'off' || then.lastSyncedAt !== now.lastSyncedAt;
}

const usable = (status: SyncStatus | undefined, resource: ResourceId): boolean => status !== undefined && status.resources[resource].ready && status.phase !== 'off';

/**
 * Who answers a company's grid of `resource`: that list's own copy once its first full read is
 * complete (and while local copies are on), else the service. Unknown (no status yet, an older
 * main process): the service.
 */
export function gridModeOf(status: SyncStatus | undefined, resource: ResourceId, localCopy: boolean | undefined): GridMode {
  return usable(status, resource) && localCopy !== false ? 'local' : 'service';
}

/**
 * Applies sync:changed events: the new states into the cache at once, and what a changed copy
 * answers marked stale, that company's only. A firm's start brings thousands of these (300
 * companies syncing, each telling each list's progress): one cache write per batch, and nothing of
 * the company on screen refetched because another company synced.
 */
export function applySyncEvents(client: QueryClient, statuses: readonly SyncStatus[]): void {
  let list = client.getQueryData<SyncStatus[]>(syncKeys.statuses);
  // Before the first answer arrives there is nothing to update: that answer is at least as new
  // (the main process answers and emits in order).
  if (!list || statuses.length === 0) return;
  const stale: Array<{ companyId: string; resources: ResourceId[]; overview: boolean; digest: boolean }> = [];
  for (const status of statuses) {
    const before = list.find((s) => s.companyId === status.companyId);
    list = withStatus(list, status);
    const changed = resourceIds.filter((resource) => copyChanged(before, status, resource));
    // The overview is computed on the copies (receivables, and payables and money out from the
    // supplier invoices'): stale when a copy changed, and when one is gone (local copies off) too.
    const overview = changed.length > 0 || resourceIds.some((resource) => usable(before, resource) !== usable(status, resource));
    // "Sedan sist" follows what a sync recorded and what the window marked (the unseen count moves with both).
    const digest = changed.length > 0 || before?.unseen !== status.unseen;
    if (changed.length > 0 || overview || digest) stale.push({ companyId: status.companyId, resources: changed, overview, digest });
  }
  client.setQueryData<SyncStatus[]>(syncKeys.statuses, list);
  for (const { companyId, resources, overview, digest } of stale) {
    for (const resource of resources) void client.invalidateQueries({ queryKey: [resource, companyId] });
    if (overview) void client.invalidateQueries({ queryKey: receivablesKeys.company(companyId) });
    if (digest) void client.invalidateQueries({ queryKey: digestKeys.of(companyId) });
  }
  // The per-currency table of every company reads every copy, so a firm's 300 syncs only mark it
  // stale (read again when opened again); all companies' digest likewise follows any of them.
  if (stale.some((s) => s.overview)) void client.invalidateQueries({ queryKey: receivablesKeys.everyCompany, refetchType: 'none' });
  if (stale.some((s) => s.digest)) void client.invalidateQueries({ queryKey: digestKeys.of(null) });
}

/** One sync:changed event (applySyncEvents). */
export const applySyncEvent = (client: QueryClient, status: SyncStatus): void => applySyncEvents(client, [status]);

/**
 * How long sync:changed events are gathered before the window applies them: until its next task,
 * so the events that came together are one render. Not longer: a digest shown a moment late lets
 * "mark all as seen" miss an event that was already there (digest.test.ts).
 */
export const SYNC_EVENT_BATCH_MS = 0;

/** Gathers events and applies them together, the latest of each company in the order they came. */
export function batchSyncEvents(client: QueryClient, wait = SYNC_EVENT_BATCH_MS): (status: SyncStatus) => void {
  let pending: SyncStatus[] = [];
  return (status) => {
    if (pending.length === 0) {
      setTimeout(() => {
        const batch = pending;
        pending = [];
        applySyncEvents(client, batch);
      }, wait);
    }
    pending.push(status);
  };
}

const eventsInstalled = new WeakSet<QueryClient>();

/** Listens to sync:changed for the life of the app (installed once per client). */
function useSyncEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (eventsInstalled.has(client)) return;
    eventsInstalled.add(client);
    desk().events.on('sync:changed', batchSyncEvents(client));
  }, [client]);
}

const statusesQuery = { queryKey: syncKeys.statuses, queryFn: () => unwrap(desk().sync.status()), staleTime: Infinity } as const;

/** Every company's sync state. */
export function useSyncStatuses() {
  useSyncEvents();
  return useQuery<SyncStatus[], DeskError>(statusesQuery);
}

/**
 * One company's sync state (undefined until known, or when the main process reports none). Only
 * that company's: the grid, its strip and its tabs do not render again for each event of the
 * other companies' syncs (a firm's four at once send many a second).
 */
export function useCompanySync(companyId: string): { status: SyncStatus | undefined; isPending: boolean } {
  useSyncEvents();
  const status = useQuery<SyncStatus[], DeskError, SyncStatus | undefined>({ ...statusesQuery, select: (list) => list.find((s) => s.companyId === companyId) });
  return { status: status.data, isPending: status.isPending };
}

/** Who answers the company's grid of `resource` now; `isPending` until the sync state is known. */
export function useGridMode(companyId: string, resource: ResourceId): { mode: GridMode; isPending: boolean } {
  const { status, isPending } = useCompanySync(companyId);
  const settings = useSettings();
  return { mode: gridModeOf(status, resource, settings.data?.localCopy), isPending };
}

/** "Sync now" (`full` false) and "Full refresh" (`full` true) of a company. */
export function useSyncNow() {
  return useMutation<void, DeskError, { companyId: string; full: boolean }>({
    mutationFn: ({ companyId, full }) => unwrap(desk().sync.now(companyId, { full })),
  });
}
