/** lists:* — one flow for every list: the copy when it can answer, else the service as far as it can; each list's views apart. */
import { describe, expect, it, vi } from 'vitest';
import type { CompanyRegistry } from '../../../electron/companies/company-registry';
import type { CompanySession } from '../../../electron/companies/company-session';
import { createListViewStores } from '../../../electron/lists/view-store';
import { listHandlers, type LocalPages } from '../../../electron/lists/list-handlers';
import type { KeyValueStore } from '../../../electron/kernel/key-value-store';

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: (key) => data.get(key), set: (key, value) => void data.set(key, value), delete: (key) => void data.delete(key) };
}

const served = { currentPage: 1, totalPages: 1, totalResources: 1 };

function setup(local?: unknown) {
  const store = memoryStore();
  const listPage = vi.fn(async (resource: string, _query: unknown, options: { signal: AbortSignal }) => {
    if (resource === 'invoices' && options.signal.aborted) throw new Error('aborted');
    const item =
      resource === 'invoices'
        ? { documentNumber: '1', dueDate: '2026-01-01', balance: 0, total: 10, cancelled: false, booked: true, sent: true, finalPayDate: null, url: 'https://x' }
        : { givenNumber: '7', dueDate: '2026-01-01', balance: 5, total: 5, cancelled: false, booked: true, paymentPending: false, url: 'https://x' };
    return { ...served, items: [item] };
  });
  const record = vi.fn();
  const withSession = vi.fn(async <T,>(_id: string, work: (session: CompanySession) => Promise<T>, _resource?: string) => work({ listPage } as unknown as CompanySession));
  const mirrors: LocalPages = { query: vi.fn(async () => local) as LocalPages['query'] };
  const handlers = listHandlers({
    registry: { record, withSession, list: () => ({ companies: [{ id: 'c1' }, { id: 'c2' }], activeId: 'c1' }) } as unknown as CompanyRegistry,
    views: createListViewStores(store),
    clock: { now: () => Date.parse('2026-03-01T12:00:00Z'), sleep: async () => undefined },
    mirrors,
  });
  return { handlers, store, listPage, record, withSession, mirrors };
}

describe('lists:* handlers', () => {
  it('answers from the local copy when it can, for either list', async () => {
    const page = { rows: [], currentPage: 1, totalPages: 0, totalResources: 0, source: 'local' as const };
    const { handlers, listPage, mirrors } = setup(page);
    await expect(handlers['lists:page']('supplierinvoices', 'c1', { page: 1, limit: 25, sortby: 'suppliername' }, 'interactive')).resolves.toBe(page);
    expect(mirrors.query).toHaveBeenCalledWith('c1', 'supplierinvoices', { page: 1, limit: 25, sortby: 'suppliername' }, '2026-03-01');
    expect(listPage).not.toHaveBeenCalled();
  });

  it("asks the service without a copy, on that list's own session, and shows the service's page", async () => {
    const { handlers, listPage, withSession, record } = setup();
    const customer = await handlers['lists:page']('invoices', 'c1', { page: 1, limit: 25 }, 'prefetch');
    expect(customer).toMatchObject({ source: 'service', rows: [{ documentNumber: '1' }] });
    expect(customer.rows[0]).not.toHaveProperty('url');
    const supplier = await handlers['lists:page']('supplierinvoices', 'c1', { page: 1, limit: 25, filter: 'authorizepending' }, 'interactive');
    expect(supplier).toMatchObject({ source: 'service', rows: [{ givenNumber: '7', authorizePending: true }] });
    expect(listPage.mock.calls.map(([resource, query]) => [resource, query])).toEqual([
      ['invoices', { page: 1, limit: 25 }],
      ['supplierinvoices', { page: 1, limit: 25, filter: 'authorizepending' }],
    ]);
    expect(withSession.mock.calls.map((call) => call[2])).toEqual(['invoices', 'supplierinvoices']);
    expect(record).toHaveBeenCalledTimes(2);
  });

  it('refuses, without a copy, what only the copy can answer: in words of that list', async () => {
    const { handlers, listPage } = setup();
    await expect(handlers['lists:page']('invoices', 'c1', { page: 1, limit: 25, currency: 'EUR', sortby: 'balance' }, 'interactive')).rejects.toMatchObject({
      kind: 'bad-request',
      message: 'The service cannot filter or sort invoices this way (currency, sort by balance): that needs the local copy, which is not ready.',
    });
    await expect(handlers['lists:page']('supplierinvoices', 'c1', { page: 1, limit: 25, sortby: 'duedate' }, 'interactive')).rejects.toMatchObject({
      kind: 'bad-request',
      message: 'The service cannot sort supplier invoices this way (sort by duedate): that needs the local copy, which is not ready.',
    });
    await expect(handlers['lists:page']('customers', 'c1', { page: 1, limit: 25, filter: 'withoverdue' }, 'interactive')).rejects.toMatchObject({
      kind: 'bad-request',
      message: 'The service cannot filter customers this way (filter withoverdue): that needs the local copy, which is not ready.',
    });
    expect(listPage).not.toHaveBeenCalled();
  });

  it("asks the service what it answers, each list's page from its description", async () => {
    const { handlers, listPage } = setup();
    const item = { customerNumber: '5', name: 'Acme', active: true, url: 'https://x' };
    listPage.mockResolvedValueOnce({ ...served, items: [item] } as never);
    const customers = await handlers['lists:page']('customers', 'c1', { page: 1, limit: 25, sortby: 'name', sortorder: 'descending', filter: 'active' }, 'interactive');
    // The register without the copy: its own fields, the figures empty, in SEK.
    expect(customers.rows).toEqual([{ customerNumber: '5', name: 'Acme', active: true, owed: null, overdue: null, openInvoices: null, usuallyPaysDaysLate: null, lastInvoice: null, currency: 'SEK', status: 'active' }]);
    listPage.mockResolvedValueOnce({ ...served, items: [{ number: '9', invoiceNumber: '1', booked: true, url: 'https://x' }] } as never);
    const payments = await handlers['lists:page']('invoicepayments', 'c1', { page: 1, limit: 25, sortorder: 'ascending', search: { field: 'invoicenumber', value: '1' } }, 'interactive');
    expect(payments.rows).toEqual([{ number: '9', invoiceNumber: '1', booked: true, status: 'booked' }]);
    // The supplier invoices' search fields are the service's too.
    await handlers['lists:page']('supplierinvoices', 'c1', { page: 1, limit: 25, sortorder: 'descending', search: { field: 'ocr', value: '1' } }, 'interactive');
    // An order means nothing to a list the service sorts by nothing: it is not sent.
    expect(listPage.mock.calls.map(([resource, query]) => [resource, query])).toEqual([
      ['customers', { page: 1, limit: 25, sortby: 'name', sortorder: 'descending', filter: 'active' }],
      ['invoicepayments', { page: 1, limit: 25, search: { field: 'invoicenumber', value: '1' } }],
      ['supplierinvoices', { page: 1, limit: 25, search: { field: 'ocr', value: '1' } }],
    ]);
  });

  it('keeps each list its own view, under the keys released versions wrote', async () => {
    const { handlers, store } = setup();
    await handlers['lists:saveView']('invoices', 'c1', { limit: 25, columns: ['documentNumber'] });
    await handlers['lists:saveView']('supplierinvoices', 'c1', { limit: 50, columns: ['supplierName'] });
    await expect(handlers['lists:getView']('invoices', 'c1')).resolves.toEqual({ limit: 25, columns: ['documentNumber'] });
    await expect(handlers['lists:getView']('supplierinvoices', 'c1')).resolves.toEqual({ limit: 50, columns: ['supplierName'] });
    await expect(handlers['lists:getView']('supplierinvoices', 'c2')).resolves.toBeNull();
    expect([...store.data.keys()].sort()).toEqual(['supplierViews', 'views']);
    await handlers['lists:saveView']('customers', 'c1', { limit: 50, columns: ['name'] });
    await handlers['lists:saveView']('invoicepayments', 'c1', { limit: 50, columns: ['amount'] });
    await handlers['lists:saveView']('supplierinvoicepayments', 'c1', { limit: 50, columns: ['amount'] });
    expect([...store.data.keys()].sort()).toEqual(['customerViews', 'invoicePaymentViews', 'supplierPaymentViews', 'supplierViews', 'views']);
  });

  it('gives every connected company\'s stored view of one list at once (a switch of company needs no call for its view)', async () => {
    const { handlers, store } = setup();
    await handlers['lists:saveView']('invoices', 'c1', { limit: 25, columns: ['documentNumber'] });
    await handlers['lists:saveView']('invoices', 'c2', { limit: 100, columns: ['total'] });
    await handlers['lists:saveView']('supplierinvoices', 'c1', { limit: 50, columns: ['supplierName'] });
    // A view left behind by a company no longer connected is not handed out.
    store.set('views', { ...(store.get('views') as object), gone: { limit: 10, columns: ['total'] } });
    await expect(handlers['lists:views']('invoices')).resolves.toEqual({ c1: { limit: 25, columns: ['documentNumber'] }, c2: { limit: 100, columns: ['total'] } });
    await expect(handlers['lists:views']('supplierinvoices')).resolves.toEqual({ c1: { limit: 50, columns: ['supplierName'] } });
    await expect(handlers['lists:views']('customers')).resolves.toEqual({});
  });

  it('cancels a page by its request id', async () => {
    const { handlers, withSession } = setup();
    let release!: () => void;
    withSession.mockImplementationOnce(async (_id, work) => {
      await new Promise<void>((resolve) => (release = resolve));
      return work({ listPage: async (_r: string, _q: unknown, options: { signal: AbortSignal }) => (options.signal.aborted ? Promise.reject(new Error('aborted')) : { ...served, items: [] }) } as unknown as CompanySession);
    });
    const pending = handlers['lists:page']('invoices', 'c1', { page: 2, limit: 25 }, 'prefetch', 'r1');
    await vi.waitFor(() => expect(release).toBeDefined());
    await handlers['lists:cancel']('r1');
    release();
    await expect(pending).rejects.toThrow('aborted');
  });
});
