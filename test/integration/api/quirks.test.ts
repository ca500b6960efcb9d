/**
 * The response shapes the real service is known to send on some endpoints (docs/service.md, List responses), served by the
 * sandbox over HTTP: the client reads them all without crashing and without losing an invoice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { Invoice } from '../../../electron/common/invoices';
import type { CompanyRegistry } from '../../../electron/companies/company-registry';
import type { CompanySession } from '../../../electron/companies/company-session';
import { listHandlers, type ListViews } from '../../../electron/lists/list-handlers';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { connect } from './helpers';

type InvoicePage = ListPage<Invoice>;

/** The service's clock stands still: two answers carry the same `Date` header (the page's
 * serviceTime) whichever second of the wall clock the requests fall in. */
const SERVICE_NOW = Date.parse('2026-11-23T09:41:59.600Z');

describe('the client reads the service’s odd but real response shapes', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 600, now: () => SERVICE_NOW });
  });
  afterEach(() => sandbox.control.setResponseQuirks({}));
  afterAll(async () => {
    await sandbox?.close();
  });

  it('numbers in strings, CurrencyRate as a number, and unknown fields', async () => {
    const { session, company } = await connect(sandbox, 'small');
    const reference = await session.listPage('invoices', { limit: 50, sortby: 'documentnumber' }, { priority: 'interactive' });
    sandbox.control.setResponseQuirks({ numbersAsStrings: true, currencyRateAsNumber: true, extraFields: true });
    const quirky = await session.listPage('invoices', { limit: 50, sortby: 'documentnumber' }, { priority: 'interactive' });
    expect(quirky).toEqual(reference);
    expect(quirky.serviceTime).toBe(Math.floor(SERVICE_NOW / 1000) * 1000);
    expect(quirky.items).toHaveLength(50);
    expect(typeof quirky.items[0]!.total).toBe('number');
    expect(quirky.totalResources).toBe(company.invoices);
    session.close();
  });

  it('a response without MetaInformation (limit ignored) is one page with every invoice, and paging stops', async () => {
    const { session, company } = await connect(sandbox, 'small');
    sandbox.control.setResponseQuirks({ omitMetaInformation: true });
    const pages: InvoicePage[] = [];
    for await (const page of session.listPages('invoices', { limit: 25 }, { priority: 'export' })) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.items).toHaveLength(company.invoices);
    expect(new Set(pages[0]!.items.map((i) => i.documentNumber)).size).toBe(company.invoices);
    session.close();
  });

  it('items with null and missing fields cost no page: every invoice is kept, with empty cells, and the oddities are counted', async () => {
    const oddities: { dropped: number; fields: number }[] = [];
    const { session } = await connect(sandbox, 'small', { session: { onOddity: (report) => oddities.push({ dropped: report.dropped, fields: report.fields }) } });
    const reference = await session.listPage('invoices', { limit: 30, sortby: 'documentnumber' }, { priority: 'interactive' });
    sandbox.control.setResponseQuirks({ nullFields: true, numbersAsStrings: true, extraFields: true });
    const odd = await session.listPage('invoices', { limit: 30, sortby: 'documentnumber' }, { priority: 'interactive' });
    expect(odd.items.map((i) => i.documentNumber)).toEqual(reference.items.map((i) => i.documentNumber));
    const third = odd.items.find((i) => Number(i.documentNumber) % 3 === 0)!;
    expect(third).toMatchObject({ customerName: '', total: 0, currency: '', sent: false, dueDate: '', booked: false, ocr: '' });
    const other = odd.items.find((i) => Number(i.documentNumber) % 3 !== 0)!;
    expect(other).toEqual(reference.items.find((i) => i.documentNumber === other.documentNumber));
    expect(oddities).toHaveLength(1);
    expect(oddities[0]!.dropped).toBe(0);
    expect(oddities[0]!.fields).toBe(10 * 4); // 10 of the 30 items, 4 null fields each (missing ones are documented)
    session.close();
  });

  it('a service that refuses a filter and a search together: the grid says the view needs the local copy, and asks it only once; either alone is answered', async () => {
    const { session } = await connect(sandbox, 'small', { scopes: ['invoice', 'companyinformation', 'customer'] });
    // lists:page as the main process runs it, for a company whose copy is not ready.
    const registry = { record: () => undefined, withSession: <T>(_id: string, work: (s: CompanySession) => Promise<T>) => work(session) } as unknown as CompanyRegistry;
    const lists = listHandlers({ registry, views: {} as ListViews, clock: { now: () => SERVICE_NOW, sleep: async () => undefined }, mirrors: { query: async () => undefined } });
    const both = { page: 1, limit: 25, sortby: 'invoicedate', sortorder: 'descending', filter: 'unpaid', search: { field: 'customername', value: 'a' } } as const;
    // The sandbox's default reading (public clients'): both at once.
    await expect(lists['lists:page']('invoices', 'c1', both, 'interactive')).resolves.toMatchObject({ source: 'service' });

    sandbox.control.setResponseQuirks({ oneResourceParameter: true });
    sandbox.control.resetCounters();
    const refusal = { kind: 'bad-request', message: 'The service does not take a filter and a search together: this view needs the local copy, which is not ready.' };
    await expect(lists['lists:page']('invoices', 'c2', both, 'interactive')).rejects.toMatchObject(refusal);
    expect(sandbox.control.counters().requests).toBe(1);
    await expect(lists['lists:page']('invoices', 'c2', { ...both, page: 2 }, 'interactive')).rejects.toMatchObject(refusal);
    expect(sandbox.control.counters().requests).toBe(1);
    const { filter: _filter, ...searchOnly } = both;
    const { search: _search, ...filterOnly } = both;
    await expect(lists['lists:page']('invoices', 'c2', searchOnly, 'interactive')).resolves.toMatchObject({ source: 'service' });
    await expect(lists['lists:page']('invoices', 'c2', filterOnly, 'interactive')).resolves.toMatchObject({ source: 'service' });
    // The customers' register is refused the same way.
    await expect(lists['lists:page']('customers', 'c2', { page: 1, limit: 25, filter: 'active', search: { field: 'name', value: 'a' } }, 'interactive')).rejects.toMatchObject(refusal);
    session.close();
  });
});
