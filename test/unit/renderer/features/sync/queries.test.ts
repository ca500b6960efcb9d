/** The sync state in the cache, when the grid's pages go stale, and who answers the grid. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceSyncStatus, SyncStatus } from '../../../../../electron/common/sync';
import { receivablesKeys } from '../../../../../renderer/features/overview/queries';
import { digestKeys } from '../../../../../renderer/features/digest/digest-keys';
import { applySyncEvent, applySyncEvents, batchSyncEvents, copyChanged, gridModeOf, syncKeys, withStatus } from '../../../../../renderer/features/sync/queries';

type Over = Omit<Partial<SyncStatus>, 'resources'> & { invoices?: Partial<ResourceSyncStatus>; supplierinvoices?: Partial<ResourceSyncStatus> };
const status = ({ invoices, supplierinvoices, ...over }: Over = {}): SyncStatus => ({
  companyId: 'c1',
  phase: 'idle',
  resources: {
    invoices: { ready: true, count: 10, lastSyncedAt: '2026-03-15T13:32:00Z', ...invoices },
    supplierinvoices: { ready: false, count: 0, lastSyncedAt: null, ...supplierinvoices },
    customers: { ready: false, count: 0, lastSyncedAt: null },
    suppliers: { ready: false, count: 0, lastSyncedAt: null },
    invoicepayments: { ready: false, count: 0, lastSyncedAt: null },
    supplierinvoicepayments: { ready: false, count: 0, lastSyncedAt: null },
  },
  progress: null,
  offline: false,
  ...over,
});

describe('sync state', () => {
  it('answers the grid from the local copy only when it is ready and local copies are on', () => {
    expect(gridModeOf(status(), 'invoices', true)).toBe('local');
    expect(gridModeOf(status(), 'invoices', undefined)).toBe('local');
    expect(gridModeOf(status({ phase: 'error', offline: true }), 'invoices', true)).toBe('local');
    expect(gridModeOf(status({ phase: 'syncing' }), 'invoices', true)).toBe('local');
    expect(gridModeOf(status({ invoices: { ready: false }, phase: 'syncing' }), 'invoices', true)).toBe('service');
    expect(gridModeOf(status({ phase: 'off' }), 'invoices', true)).toBe('service');
    expect(gridModeOf(status(), 'invoices', false)).toBe('service');
    expect(gridModeOf(undefined, 'invoices', true)).toBe('service');
  });

  it('puts one company\'s new state into the list', () => {
    const list = [status(), status({ companyId: 'c2' })];
    expect(withStatus(list, status({ phase: 'syncing' }))).toEqual([status({ phase: 'syncing' }), status({ companyId: 'c2' })]);
    expect(withStatus(list, status({ companyId: 'c3' }))).toHaveLength(3);
  });

  it('marks the pages stale when the copy became ready or a sync completed, not for progress', () => {
    expect(copyChanged(status({ invoices: { ready: false, lastSyncedAt: null } }), status(), 'invoices')).toBe(true);
    expect(copyChanged(undefined, status(), 'invoices')).toBe(true);
    expect(copyChanged(status(), status({ invoices: { lastSyncedAt: '2026-03-15T13:37:00Z' } }), 'invoices')).toBe(true);
    expect(copyChanged(status(), status({ phase: 'syncing', progress: { kind: 'incremental', done: 500, total: 1000, resource: 'invoices' } }), 'invoices')).toBe(false);
    expect(copyChanged(status(), status({ phase: 'off', invoices: { ready: false } }), 'invoices')).toBe(false);
  });

  it('applies sync:changed to the cache and invalidates the company\'s pages and the receivables', async () => {
    const client = new QueryClient();
    applySyncEvent(client, status());
    // Nothing before the first answer: that answer is as new.
    expect(client.getQueryData(syncKeys.statuses)).toBeUndefined();
    client.setQueryData(syncKeys.statuses, [status()]);
    client.setQueryData(['invoices', 'c1', { page: 1 }, 'local'], { rows: [] });
    client.setQueryData(['invoices', 'c2', { page: 1 }, 'local'], { rows: [] });
    client.setQueryData(receivablesKeys.company('c1'), { companyId: 'c1', report: null, syncedAt: null });
    client.setQueryData(receivablesKeys.everyCompany, { asOf: '2026-03-15', companies: [], totals: {} });
    applySyncEvent(client, status({ phase: 'syncing' }));
    expect(client.getQueryState(['invoices', 'c1', { page: 1 }, 'local'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(receivablesKeys.company('c1'))?.isInvalidated).toBe(false);
    applySyncEvent(client, status({ invoices: { lastSyncedAt: '2026-03-15T13:37:00Z' } }));
    expect(client.getQueryData<SyncStatus[]>(syncKeys.statuses)?.[0]?.resources.invoices.lastSyncedAt).toBe('2026-03-15T13:37:00Z');
    expect(client.getQueryState(['invoices', 'c1', { page: 1 }, 'local'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['invoices', 'c2', { page: 1 }, 'local'])?.isInvalidated).toBe(false);
    // The receivables overviews are computed on the copies: this one's and all companies' are stale.
    expect(client.getQueryState(receivablesKeys.company('c1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(receivablesKeys.everyCompany)?.isInvalidated).toBe(true);
    // Local copies turned off: the pages stay (the grid asks the service now), the receivables go stale.
    client.setQueryData(receivablesKeys.everyCompany, { asOf: '2026-03-15', companies: [], totals: {} });
    applySyncEvent(client, status({ phase: 'off', invoices: { ready: false } }));
    expect(client.getQueryState(receivablesKeys.everyCompany)?.isInvalidated).toBe(true);
    client.clear();
  });

  it('marks the overview stale when the supplier invoices\' copy became ready or was read again (payables, money out)', () => {
    const client = new QueryClient();
    const supplier = (ready: boolean, lastSyncedAt: string | null) => ({ ready, count: 5, lastSyncedAt });
    client.setQueryData(syncKeys.statuses, [status({ supplierinvoices: supplier(false, null) })]);
    client.setQueryData(receivablesKeys.company('c1'), { companyId: 'c1', report: null, syncedAt: null });
    applySyncEvent(client, status({ supplierinvoices: supplier(true, '2026-03-15T13:33:00Z') }));
    expect(client.getQueryState(receivablesKeys.company('c1'))?.isInvalidated).toBe(true);
    client.setQueryData(receivablesKeys.company('c1'), { companyId: 'c1', report: null, syncedAt: null });
    applySyncEvent(client, status({ supplierinvoices: supplier(true, '2026-03-15T13:33:00Z') }));
    expect(client.getQueryState(receivablesKeys.company('c1'))?.isInvalidated).toBe(false);
    client.clear();
  });

  it('another company\'s sync marks nothing of the company on screen stale (a firm\'s 300 syncs would refetch its overview each time)', () => {
    const client = new QueryClient();
    client.setQueryData(syncKeys.statuses, [status(), status({ companyId: 'c2' })]);
    for (const id of ['c1', 'c2']) {
      client.setQueryData(receivablesKeys.company(id), { companyId: id, report: null, syncedAt: null });
      client.setQueryData(digestKeys.of(id), { items: [] });
      client.setQueryData(['invoices', id, { page: 1 }, 'local'], { rows: [] });
    }
    client.setQueryData(digestKeys.of(null), { items: [] });
    applySyncEvent(client, status({ companyId: 'c2', invoices: { lastSyncedAt: '2026-03-15T13:37:00Z' } }));
    for (const key of [receivablesKeys.company('c2'), digestKeys.of('c2'), ['invoices', 'c2', { page: 1 }, 'local'], digestKeys.of(null)]) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    for (const key of [receivablesKeys.company('c1'), digestKeys.of('c1'), ['invoices', 'c1', { page: 1 }, 'local']]) expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    client.clear();
  });

  it('applies a batch with one write of the cache, each company\'s latest state kept, staleness from each step', () => {
    const client = new QueryClient();
    client.setQueryData(syncKeys.statuses, [status(), status({ companyId: 'c2' })]);
    client.setQueryData(['invoices', 'c1', { page: 1 }, 'local'], { rows: [] });
    const writes = vi.fn();
    const unsubscribe = client.getQueryCache().subscribe((event) => event.type === 'updated' && event.query.queryKey[0] === 'sync' && writes());
    applySyncEvents(client, [
      status({ phase: 'syncing' }),
      status({ invoices: { lastSyncedAt: '2026-03-15T13:37:00Z' } }),
      status({ companyId: 'c2', phase: 'syncing' }),
      status({ companyId: 'c3', phase: 'syncing' }),
      status({ companyId: 'c1', phase: 'error', invoices: { lastSyncedAt: '2026-03-15T13:37:00Z' } }),
    ]);
    unsubscribe();
    expect(writes).toHaveBeenCalledTimes(1);
    const list = client.getQueryData<SyncStatus[]>(syncKeys.statuses)!;
    expect(list.map((s) => [s.companyId, s.phase])).toEqual([['c1', 'error'], ['c2', 'syncing'], ['c3', 'syncing']]);
    expect(list[0]!.resources.invoices.lastSyncedAt).toBe('2026-03-15T13:37:00Z');
    expect(client.getQueryState(['invoices', 'c1', { page: 1 }, 'local'])?.isInvalidated).toBe(true);
    client.clear();
  });

  it('gathers the events of a moment and applies them together', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      client.setQueryData(syncKeys.statuses, [status()]);
      const onEvent = batchSyncEvents(client, 100);
      onEvent(status({ phase: 'syncing' }));
      onEvent(status({ companyId: 'c2' }));
      expect(client.getQueryData<SyncStatus[]>(syncKeys.statuses)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(100);
      expect(client.getQueryData<SyncStatus[]>(syncKeys.statuses)?.map((s) => s.phase)).toEqual(['syncing', 'idle']);
      onEvent(status({ phase: 'idle' }));
      await vi.advanceTimersByTimeAsync(100);
      expect(client.getQueryData<SyncStatus[]>(syncKeys.statuses)?.[0]?.phase).toBe('idle');
      client.clear();
    } finally {
      vi.useRealTimers();
    }
  });
});
