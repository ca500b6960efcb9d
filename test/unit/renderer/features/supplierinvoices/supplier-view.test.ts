/**
 * The supplier grid's view rules (the grid's own, bound to the supplier invoices' lists): with the
 * copy every column but the approver sorts and one box searches; without it the service's order,
 * its filters and the supplier-number search only, and the list channel's schema accepts every
 * query and saved view the rules make. Its source, its tab, its words.
 */
import { describe, expect, it } from 'vitest';
import { keysOf } from '../../../../../electron/common/lists/list-description';
import { columnIdsOf, filterIdsOf, lists } from '../../../../../electron/common/lists/registry';
import type { ResourceSyncStatus, SyncStatus } from '../../../../../electron/common/sync';
import { invokeSchemas } from '../../../../../electron/ipc/schemas';
import { withCurrency, withDueRange, withFilter, withText } from '../../../../../renderer/features/grid/view-changes';
import { readTab, writeTab } from '../../../../../renderer/features/workspace/workspace-tab';
import { supplierDefaultColumns, supplierView, type SupplierGridView } from '../../../../../renderer/features/supplierinvoices/supplier-columns';
import { paymentState } from '../../../../../renderer/features/supplierinvoices/supplier-text';
import { accessNoticeText } from '../../../../../renderer/features/workspace/access-text';
import { customerAccessWords } from '../../../../../renderer/features/customers/customer-words';
import { supplierAccessWords } from '../../../../../renderer/features/supplierinvoices/supplier-access-words';
import { copyChanged, gridModeOf } from '../../../../../renderer/features/sync/queries';
import { dictionaries } from '../../../../../renderer/i18n/messages';
import { tOf } from '../overview/helpers';

const today = new Date(2026, 0, 15, 12);
const listArgs = (query: unknown) => ['supplierinvoices', 'c1', query, 'interactive'];

function localView(): SupplierGridView {
  let view = supplierView.normaliseView({ limit: 100, columns: ['supplierName', 'dueDate'], sortby: 'duedate', sortorder: 'ascending' });
  view = withFilter(view, 'authorizepending');
  view = { ...view, search: { field: 'suppliernumber', value: '42' } };
  view = withText(view, ' åkerby  verktyg ');
  view = withDueRange(view, { preset: 'thismonth' });
  view = withCurrency(view, 'EUR');
  return { ...view, supplier: '17' };
}

describe('the supplier view', () => {
  it('starts on the newest bills with the eight default columns', () => {
    const view = supplierView.normaliseView(null);
    expect(view).toEqual({ sortby: 'invoicedate', sortorder: 'descending', limit: 50, columns: [...supplierDefaultColumns], search: { field: 'suppliernumber', value: '' } });
    expect(supplierDefaultColumns).toEqual(['supplierNumber', 'supplierName', 'invoiceNumber', 'invoiceDate', 'dueDate', 'total', 'balance', 'status']);
  });

  it('asks the local copy for all of it: the sort, the filter, the text, due dates, currency, the supplier', () => {
    const query = supplierView.toGridQuery(localView(), 2, today, 'local');
    expect(query).toEqual({
      page: 2,
      limit: 100,
      sortby: 'duedate',
      sortorder: 'ascending',
      filter: 'authorizepending',
      text: 'åkerby  verktyg',
      fromduedate: '2026-01-01',
      toduedate: '2026-01-31',
      currency: 'EUR',
      supplier: '17',
    });
    expect(invokeSchemas['lists:page'].safeParse(listArgs(query)).success).toBe(true);
  });

  it('asks the service only for what it can do: its own order, the filter, dates and the supplier-number search', () => {
    const query = supplierView.toGridQuery({ ...localView(), dateRange: { preset: 'custom', from: '2025-01-01' } }, 1, today, 'service');
    expect(query).toEqual({ page: 1, limit: 100, filter: 'authorizepending', fromdate: '2025-01-01', search: { field: 'suppliernumber', value: '42' } });
    expect(invokeSchemas['lists:page'].safeParse(listArgs(query)).success).toBe(true);
    // The default sort too: the service sorts this list by nothing.
    expect(supplierView.toGridQuery(supplierView.normaliseView(null), 1, today, 'service')).toEqual({ page: 1, limit: 50 });
    // A search field saved by anything else is not sent (the channel refuses it without a copy).
    expect(supplierView.normaliseView({ limit: 50, columns: [], search: { field: 'ocr', value: '1' } }).search).toEqual({ field: 'suppliernumber', value: '1' });
  });

  it('shows no sort arrow and no sortable header without the copy; every column but the approver sorts on it', () => {
    const view = localView();
    expect(supplierView.sortingOf(view, 'service')).toEqual([]);
    expect(supplierView.sortingOf(view, 'local')).toEqual([{ id: 'dueDate', desc: false }]);
    for (const id of columnIdsOf('supplierinvoices')) {
      expect(supplierView.canSort(id, 'service')).toBe(false);
      expect(supplierView.canSort(id, 'local')).toBe(id !== 'authorizerName');
    }
    expect(supplierView.withSorting(view, [{ id: 'balance', desc: true }], supplierView.sortFieldIn('local'))).toMatchObject({ sortby: 'balance', sortorder: 'descending' });
    expect(supplierView.withSorting(view, [{ id: 'balance', desc: true }], supplierView.sortFieldIn('service')).sortby).toBeUndefined();
  });

  it('saves what the supplierView channel accepts, and reads it back as it was', () => {
    const view = localView();
    const saved = supplierView.toViewState(view);
    expect(invokeSchemas['lists:saveView'].safeParse(['supplierinvoices', 'c1', saved]).success).toBe(true);
    expect(supplierView.normaliseView(saved)).toEqual(view);
    // A customer-side narrowing never sticks to a supplier view.
    expect(supplierView.normaliseView({ ...saved, scope: 'owed', customer: '5' } as never)).toEqual(view);
  });

  it('goes back to page 1 (other rows) when only the copy\'s part changes, not when the columns do', () => {
    const view = localView();
    expect(supplierView.sameRows(view, { ...view, columns: ['status'] }, today)).toBe(true);
    expect(supplierView.sameRows(view, withText(view, 'x'), today)).toBe(false);
    expect(supplierView.sameRows(view, { ...view, supplier: '18' }, today)).toBe(false);
  });
});

describe('the supplier grid\'s source', () => {
  type Patch = Omit<Partial<SyncStatus>, 'resources'> & { invoices?: ResourceSyncStatus; supplierinvoices?: ResourceSyncStatus };
  const status = ({ invoices, supplierinvoices, ...patch }: Patch): SyncStatus => ({
    companyId: 'c1',
    phase: 'idle',
    resources: { invoices: invoices ?? { ready: true, count: 10, lastSyncedAt: 'a' }, supplierinvoices: supplierinvoices ?? { ready: false, count: 0, lastSyncedAt: null }, customers: { ready: false, count: 0, lastSyncedAt: null }, suppliers: { ready: false, count: 0, lastSyncedAt: null }, invoicepayments: { ready: false, count: 0, lastSyncedAt: null }, supplierinvoicepayments: { ready: false, count: 0, lastSyncedAt: null } },
    progress: null,
    offline: false,
    ...patch,
  });
  it('is the supplier invoices\' own copy once their first read is complete, and while copies are on', () => {
    expect(gridModeOf(status({ supplierinvoices: { ready: true, count: 5, lastSyncedAt: 'a' } }), 'supplierinvoices', true)).toBe('local');
    // The customer copy's readiness is not the supplier copy's.
    expect(gridModeOf(status({ supplierinvoices: { ready: false, count: 0, lastSyncedAt: null } }), 'supplierinvoices', true)).toBe('service');
    expect(gridModeOf(status({}), 'supplierinvoices', true)).toBe('service');
    expect(gridModeOf(status({ supplierinvoices: { ready: true, count: 5, lastSyncedAt: 'a' } }), 'supplierinvoices', false)).toBe('service');
    expect(gridModeOf(status({ phase: 'off', supplierinvoices: { ready: true, count: 5, lastSyncedAt: 'a' } }), 'supplierinvoices', undefined)).toBe('service');
    expect(gridModeOf(undefined, 'supplierinvoices', true)).toBe('service');
  });
  it('changed when the supplier copy became ready or a read of it completed', () => {
    const before = status({ supplierinvoices: { ready: true, count: 5, lastSyncedAt: 'a' } });
    expect(copyChanged(before, status({ supplierinvoices: { ready: true, count: 6, lastSyncedAt: 'b' } }), 'supplierinvoices')).toBe(true);
    expect(copyChanged(before, status({ invoices: { ready: true, count: 10, lastSyncedAt: 'b' }, supplierinvoices: { ready: true, count: 5, lastSyncedAt: 'a' } }), 'supplierinvoices')).toBe(false);
    expect(copyChanged(status({}), before, 'supplierinvoices')).toBe(true);
    expect(copyChanged(before, status({ supplierinvoices: { ready: false, count: 0, lastSyncedAt: null } }), 'supplierinvoices')).toBe(false);
  });
});

describe('the workspace tab', () => {
  it('is remembered per company; the customer invoices by default and whatever storage holds that is not a tab', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    expect(readTab(storage, 'c1')).toBe('invoices');
    writeTab(storage, 'c1', 'supplierinvoices');
    expect(readTab(storage, 'c1')).toBe('supplierinvoices');
    expect(readTab(storage, 'c2')).toBe('invoices');
    writeTab(storage, 'c2', 'overview');
    expect(readTab(storage, 'c2')).toBe('overview');
    expect(readTab(storage, 'c1')).toBe('supplierinvoices');
    writeTab(storage, 'c2', 'invoices');
    writeTab(storage, 'c1', 'invoices');
    expect(store.size).toBe(0);
    store.set('invoice-desk:workspace-tab:c1', 'payments');
    expect(readTab(storage, 'c1')).toBe('invoices');
    expect(readTab({ getItem: () => { throw new Error('denied'); } }, 'c1')).toBe('invoices');
  });
});

describe('the supplier side\'s words', () => {
  it('label every column, status and filter in both languages; the statuses in Swedish as the owner says them', () => {
    for (const language of ['sv', 'en'] as const) {
      for (const id of columnIdsOf('supplierinvoices')) expect(dictionaries[language][`list.supplierinvoices.col.${id}`]).toBeTruthy();
      for (const s of keysOf(lists.supplierinvoices.statuses)) expect(dictionaries[language][`list.supplierinvoices.status.${s}`]).toBeTruthy();
      for (const f of filterIdsOf('supplierinvoices')) expect(dictionaries[language][`list.supplierinvoices.filter.${f}`]).toBeTruthy();
    }
    expect(keysOf(lists.supplierinvoices.statuses).map((s) => dictionaries.sv[`list.supplierinvoices.status.${s}`])).toEqual(['Betald', 'Betalning pågår', 'Att attestera', 'Förfallen', 'Delbetald', 'Obetald', 'Makulerad']);
    expect(dictionaries.sv['list.supplierinvoices.filter.authorizepending']).toBe('Att attestera');
    expect(dictionaries.sv['list.supplierinvoices.filter.pendingpayment']).toBe('Betalning pågår');
  });

  it('offer "Godkänn åtkomst" for a scope the user can approve, and only the remedy otherwise', () => {
    expect(accessNoticeText({ kind: 'scope-missing' }, false)).toMatchObject({ approve: true, body: 'scope-missing.body' });
    expect(accessNoticeText({ kind: 'scope-missing' }, true)).toMatchObject({ approve: false, body: 'scope-missing.serviceAccount' });
    expect(accessNoticeText({ kind: 'licence-missing' }, false)).toMatchObject({ approve: false, body: 'licence-missing.body' });
    expect(accessNoticeText({ kind: 'permission-missing' }, false)).toMatchObject({ approve: false, body: 'permission-missing.body' });
    expect(accessNoticeText({ kind: 'unavailable' }, false)).toMatchObject({ approve: false, body: null });
    expect(supplierAccessWords.sv.approve).toBe('Godkänn åtkomst');
    // The customer register's own words, by the same rule.
    expect(accessNoticeText({ kind: 'scope-missing' }, false)).toMatchObject({ approve: true, title: 'scope-missing.title' });
    expect(customerAccessWords.en['scope-missing.title']).toBe('Invoice Desk has no access to the customer register');
  });

  it('say where the payment stands', () => {
    const t = tOf('sv');
    expect(paymentState({ cancelled: true, balance: 10, paymentPending: false, finalPayDate: null }, 'sv', t)).toBe('Makulerad: ska inte betalas');
    expect(paymentState({ cancelled: false, balance: 0, paymentPending: false, finalPayDate: '2026-01-02' }, 'sv', t)).toBe('Betald 2026-01-02');
    expect(paymentState({ cancelled: false, balance: 0, paymentPending: false, finalPayDate: null }, 'sv', t)).toBe('Betald');
    expect(paymentState({ cancelled: false, balance: 5, paymentPending: true, finalPayDate: null }, 'sv', t)).toBe('Betalning pågår');
    expect(paymentState({ cancelled: false, balance: 5, paymentPending: false, finalPayDate: null }, 'sv', t)).toBe('Inte betald');
  });
});
