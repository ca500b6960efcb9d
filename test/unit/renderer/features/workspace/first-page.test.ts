/**
 * A click on a company asks for its workspace's first page at once (first-page.ts): the page the
 * grid itself will ask for, under the grid's own key, and only when the grid reads the local copy.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceSyncStatus, SyncStatus } from '../../../../../electron/common/sync';
import { queryKeys } from '../../../../../renderer/api';
import { gridKeys, rememberPage } from '../../../../../renderer/features/grid/queries';
import { syncKeys } from '../../../../../renderer/features/sync/queries';
import type { StoredView } from '../../../../../renderer/features/grid/view-spec';
import { askFirstPage } from '../../../../../renderer/features/workspace/first-page';
import { listTabs } from '../../../../../renderer/features/workspace/list-tabs';

const ready = (yes: boolean): ResourceSyncStatus => ({ ready: yes, count: yes ? 10 : 0, lastSyncedAt: yes ? '2026-11-28T08:00:00Z' : null });
const status = (companyId: string, invoices: boolean): SyncStatus => ({
  companyId,
  phase: 'idle',
  resources: { invoices: ready(invoices), supplierinvoices: ready(false), customers: ready(true), suppliers: ready(true), invoicepayments: ready(false), supplierinvoicepayments: ready(false) },
  progress: null,
  offline: false,
});
const storage = (tabs: Record<string, string> = {}) => ({ getItem: (key: string) => tabs[key] ?? null });
const page = { rows: [], page: 1, totalPages: 1, totalResources: 0, source: 'local' };

function client(options: { ready?: boolean; localCopy?: boolean; view?: boolean } = {}): QueryClient {
  const c = new QueryClient();
  c.setQueryData(syncKeys.statuses, [status('c1', options.ready ?? true)]);
  c.setQueryData(queryKeys.settings, { localCopy: options.localCopy ?? true });
  // Sorted by customer name, 100 rows a page: not the defaults.
  if (options.view ?? true) c.setQueryData<StoredView>(gridKeys.view('c1', 'invoices'), { sortby: 'customername', sortorder: 'ascending', limit: 100, columns: [] });
  c.setQueryData<StoredView>(gridKeys.view('c1', 'customers'), { limit: 50, columns: [] });
  return c;
}

afterEach(() => vi.restoreAllMocks());

describe("a click's first page", () => {
  it('asks the local copy for the page the grid will ask for, under the grid\'s key: its stored view and the page it was on', async () => {
    const list = vi.spyOn(listTabs.invoices.grid.api, 'list').mockResolvedValue({ ok: true, value: page } as never);
    const c = client();
    rememberPage(c, 'c1', 3, 'invoices');
    const asked = askFirstPage(c, 'c1', storage());
    expect(list).toHaveBeenCalledTimes(1);
    const [companyId, query, priority] = list.mock.calls[0]!;
    expect({ companyId, query, priority }).toEqual({ companyId: 'c1', query: expect.objectContaining({ page: 3, limit: 100, sortby: 'customername', sortorder: 'ascending' }), priority: 'interactive' });
    // The key the grid builds (useGridPage): its view normalised, its page, the copy's mode.
    const view = listTabs.invoices.grid.view.normaliseView(c.getQueryData<StoredView>(gridKeys.view('c1', 'invoices')));
    const key = gridKeys.page('c1', listTabs.invoices.grid.view.toGridQuery(view, 3, new Date(), 'local'), 'local', 'invoices');
    // What it returns settles once the page is in the cache (the switch waits for it).
    await asked;
    expect(c.getQueryData(key)).toEqual(page);
  });

  it('asks for the tab the company was left on: its customer register', async () => {
    const invoices = vi.spyOn(listTabs.invoices.grid.api, 'list');
    const customers = vi.spyOn(listTabs.customers.grid.api, 'list').mockResolvedValue({ ok: true, value: page } as never);
    const asked = askFirstPage(client(), 'c1', storage({ 'invoice-desk:workspace-tab:c1': 'customers' }));
    expect(customers).toHaveBeenCalledTimes(1);
    await asked;
    expect(invoices).not.toHaveBeenCalled();
  });

  it('a view not known yet (a company connected after the views were asked): the view first, then its page', async () => {
    const getView = vi.spyOn(listTabs.invoices.grid.api, 'getView').mockResolvedValue({ ok: true, value: { sortby: 'total', sortorder: 'descending', limit: 25, columns: [] } } as never);
    const list = vi.spyOn(listTabs.invoices.grid.api, 'list').mockResolvedValue({ ok: true, value: page } as never);
    const asked = askFirstPage(client({ view: false }), 'c1', storage());
    expect(getView).toHaveBeenCalledWith('c1');
    await asked;
    expect(list).toHaveBeenCalledTimes(1);
    expect(list.mock.calls[0]![1]).toEqual(expect.objectContaining({ page: 1, limit: 25, sortby: 'total', sortorder: 'descending' }));
  });

  it('asks nothing when the grid would ask the service, or when the tab is not a grid', () => {
    const list = vi.spyOn(listTabs.invoices.grid.api, 'list').mockResolvedValue({ ok: true, value: page } as never);
    // Nothing to wait for: the switch shows the workspace at once.
    expect(askFirstPage(client({ ready: false }), 'c1', storage())).toBeUndefined();
    expect(askFirstPage(client({ localCopy: false }), 'c1', storage())).toBeUndefined();
    expect(askFirstPage(client(), 'c1', storage({ 'invoice-desk:workspace-tab:c1': 'overview' }))).toBeUndefined();
    expect(askFirstPage(client(), 'c2', storage())).toBeUndefined();
    expect(list).not.toHaveBeenCalled();
  });
});
