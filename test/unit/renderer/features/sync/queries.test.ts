/** The sync state in the cache, when the grid's pages go stale, and who answers the grid. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ResourceSyncStatus, SyncStatus } from '../../../../../electron/common/sync';
import { receivablesKeys } from '../../../../../renderer/features/receivables/queries';
import { applySyncEvent, copyChanged, gridModeOf, syncKeys, withStatus } from '../../../../../renderer/features/sync/queries';

type Over = Omit<Partial<SyncStatus>, 'resources'> & { invoices?: Partial<ResourceSyncStatus>; supplierinvoices?: Partial<ResourceSyncStatus> };
const status = ({ invoices, supplierinvoices, ...over }: Over = {}): SyncStatus => ({
  companyId: 'c1',
  phase: 'idle',
  resources: {
    invoices: { ready: true, count: 10, lastSyncedAt: '2026-03-15T13:32:00Z', ...invoices },
    supplierinvoices: { ready: false, count: 0, lastSyncedAt: null, ...supplierinvoices },
    customers: { ready: false, count: 0, lastSyncedAt: null },
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
});
