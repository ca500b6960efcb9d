// GET /3/supplierinvoices over real HTTP: the item's field names and JSON types (numbers as
// strings!), paging, the seven filters and four searches against an independent computation from
// control.supplierInvoicesOf, lastmodified, fromdate/todate, and sortby refused.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxSupplierInvoice } from '../../../electron/sandbox';
import { company, errorInfo, tokenFor } from './helpers';
import { expectedFilter, givenNumbers, readAllSupplierPages, SUPPLIER_SCOPES, supplierInvoices } from './supplier-helpers';

const TODAY = '2026-06-15';
let sandbox: Sandbox;
let token: string;
let records: SandboxSupplierInvoice[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'supplier-list', today: TODAY, largeInvoiceCount: 2500, rateLimits: false });
  token = tokenFor(sandbox, 'small', SUPPLIER_SCOPES);
  records = sandbox.control.supplierInvoicesOf(company(sandbox, 'small').tenantId);
});
afterAll(() => sandbox.close());

const LIST_FIELDS = [
  '@url', 'AuthorizerName', 'Balance', 'Booked', 'Cancel', 'CostCenter', 'Credit', 'Currency', 'CurrencyRate', 'CurrencyUnit',
  'DueDate', 'ExternalInvoiceNumber', 'ExternalInvoiceSeries', 'FinalPayDate', 'GivenNumber', 'InvoiceDate', 'InvoiceNumber',
  'Project', 'SupplierName', 'SupplierNumber', 'Total', 'Vouchers',
];

describe('the list item', () => {
  it('has the real field names, in order, with strings for GivenNumber, Total, Balance and CurrencyRate', async () => {
    const res = await supplierInvoices(sandbox, token, { limit: 500 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['MetaInformation', 'SupplierInvoices']);
    for (const item of res.body.SupplierInvoices) {
      expect(Object.keys(item)).toEqual(LIST_FIELDS);
      for (const field of ['GivenNumber', 'Total', 'Balance', 'CurrencyRate', 'SupplierNumber', 'InvoiceNumber', 'FinalPayDate', 'AuthorizerName']) {
        expect(typeof item[field], field).toBe('string');
      }
      for (const field of ['Booked', 'Cancel', 'Credit']) expect(typeof item[field], field).toBe('boolean');
      expect(typeof item['CurrencyUnit']).toBe('number');
      expect(item['@url']).toBe(`${sandbox.apiUrl}/3/supplierinvoices/${item.GivenNumber}`);
      expect(Number.isFinite(Number(item.Total)) && Number.isFinite(Number(item.Balance))).toBe(true);
      // Not in the list (docs/service.md, Supplier invoices): the single invoice's OCR, VAT, PaymentPending and its `Cancelled`.
      for (const absent of ['OCR', 'VAT', 'PaymentPending', 'Cancelled']) expect(item).not.toHaveProperty(absent);
      for (const voucher of item['Vouchers'] as Array<Record<string, unknown>>) {
        expect(Object.keys(voucher)).toEqual(['Number', 'ReferenceType', 'Series', 'Year']);
        expect([typeof voucher['Number'], typeof voucher['Year'], typeof voucher['Series']]).toEqual(['number', 'number', 'string']);
      }
    }
  });

  it('equals the control records field by field (Cancel is Cancelled, Credit is Total < 0)', async () => {
    const items = await readAllSupplierPages(sandbox, token);
    expect(givenNumbers(items)).toEqual(records.map((r) => r.GivenNumber));
    items.forEach((item, i) => {
      const r = records[i] as SandboxSupplierInvoice;
      expect(item).toMatchObject({
        Total: String(r.Total), Balance: String(r.Balance), Cancel: r.Cancelled, Credit: r.Total < 0, SupplierName: r.SupplierName,
        AuthorizerName: r.AuthorizerName, FinalPayDate: r.FinalPayDate, Vouchers: r.Vouchers, CurrencyRate: r.CurrencyRate,
      });
    });
  });

  it('the small company has every kind: credits, EUR and USD, unbooked, awaiting approval, payment pending, paid, cancelled', () => {
    expect(records).toHaveLength(120);
    const some = (test: (r: SandboxSupplierInvoice) => boolean): boolean => records.some(test);
    expect(some((r) => r.Total < 0 && r.Balance < 0)).toBe(true);
    expect(some((r) => r.Currency === 'EUR' && r.CurrencyRate !== '1') && some((r) => r.Currency === 'USD')).toBe(true);
    expect(some((r) => !r.Booked && !r.Cancelled)).toBe(true);
    expect(some((r) => r.AuthorizePending && r.AuthorizerName === '')).toBe(true);
    expect(some((r) => r.PaymentPending)).toBe(true);
    expect(some((r) => r.Balance === 0 && r.FinalPayDate !== '' && r.Vouchers.some((v) => v.Series === 'E'))).toBe(true);
    expect(some((r) => r.Cancelled)).toBe(true);
    expect(some((r) => !r.Cancelled && r.Balance !== 0 && r.DueDate < TODAY)).toBe(true);
    expect(some((r) => r.Scan === null) && some((r) => r.Scan !== null)).toBe(true);
    expect(records.every((r) => (r.Balance === 0) === (r.FinalPayDate !== '') || r.Cancelled)).toBe(true);
  });
});

describe('paging (the invoices\' rules)', () => {
  it('GivenNumber ascending; limit, page and offset; MetaInformation in the real order', async () => {
    const res = await supplierInvoices(sandbox, token, { limit: 7, page: 3, offset: 2 });
    expect(Object.keys(res.body.MetaInformation)).toEqual(['@TotalResources', '@TotalPages', '@CurrentPage']);
    expect(res.body.MetaInformation).toEqual({ '@TotalResources': 120, '@TotalPages': Math.ceil(118 / 7), '@CurrentPage': 3 });
    expect(givenNumbers(res.body.SupplierInvoices)).toEqual(records.slice(16, 23).map((r) => r.GivenNumber));
  });

  it('an empty result: @TotalPages 0 while @CurrentPage 1 (the empty company, and no matches)', async () => {
    const empty = await supplierInvoices(sandbox, tokenFor(sandbox, 'empty', SUPPLIER_SCOPES));
    expect(empty.body).toEqual({ MetaInformation: { '@TotalResources': 0, '@TotalPages': 0, '@CurrentPage': 1 }, SupplierInvoices: [] });
    const none = await supplierInvoices(sandbox, token, { suppliernumber: 'no-such-supplier' });
    expect(none.body).toEqual(empty.body);
  });

  it('a page past the end is empty and keeps its number; limit 500 is the maximum', async () => {
    expect((await supplierInvoices(sandbox, token, { page: 9 })).body.MetaInformation).toEqual({ '@TotalResources': 120, '@TotalPages': 2, '@CurrentPage': 9 });
    expect(errorInfo((await supplierInvoices(sandbox, token, { limit: 501 })).body).code).toBe(2000588);
  });

  it('the large company has 40 % of its customer invoices; pages at 500 cover them exactly once', async () => {
    const large = company(sandbox, 'large');
    expect(large.supplierInvoices).toBe(1000);
    const items = await readAllSupplierPages(sandbox, tokenFor(sandbox, 'large', SUPPLIER_SCOPES));
    expect(givenNumbers(items)).toEqual(sandbox.control.supplierInvoicesOf(large.tenantId).map((r) => r.GivenNumber));
  });
});

describe('parameters', () => {
  it.each([
    ['sortby=givennumber', { sortby: 'givennumber' }],
    ['sortby=total', { sortby: 'total' }],
    ['sortorder=desc', { sortorder: 'desc' }],
    ['two searches', { suppliernumber: '1', ocr: '1' }],
    ['lastmodified in ISO form', { lastmodified: '2026-01-01T10:00:00' }],
    ['fromdate with a time', { fromdate: '2026-01-01 10:00' }],
    ['page=0', { page: 0 }],
  ])('%s -> 400 code 2000588, capitalised keys', async (_name, params) => {
    const res = await supplierInvoices(sandbox, token, params);
    expect(res.status).toBe(400);
    expect(errorInfo(res.body)).toMatchObject({ error: 1, code: 2000588, casing: 'capitalised' });
  });

  it('sortby is refused for this resource, naming it; sortorder=descending changes nothing', async () => {
    const res = await supplierInvoices(sandbox, token, { sortby: 'givennumber' });
    expect(String(errorInfo(res.body).message)).toMatch(/sortby/);
    const descending = await supplierInvoices(sandbox, token, { sortorder: 'descending', limit: 5 });
    expect(givenNumbers(descending.body.SupplierInvoices)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('an unknown filter -> 400 code 2000587 with lower-case keys', async () => {
    const res = await supplierInvoices(sandbox, token, { filter: 'overdue' });
    expect(res.status).toBe(400);
    expect(errorInfo(res.body)).toMatchObject({ code: 2000587, message: 'Ett ogiltigt filter har använts.', casing: 'lower' });
  });

  it.each(['cancelled', 'fullypaid', 'unpaid', 'unpaidoverdue', 'unbooked', 'pendingpayment', 'authorizepending'])('filter=%s equals the README semantics', async (filter) => {
    const expected = expectedFilter(records, filter, TODAY);
    expect(expected.length).toBeGreaterThan(0);
    expect(givenNumbers(await readAllSupplierPages(sandbox, token, { filter }))).toEqual(expected);
  });

  it.each([
    ['suppliernumber', '1', (r: SandboxSupplierInvoice) => r.SupplierNumber.includes('1')],
    ['ocr', '3', (r: SandboxSupplierInvoice) => r.OCR.includes('3')],
    ['project', '1', (r: SandboxSupplierInvoice) => r.Project.includes('1')],
    ['costcenter', 'äl', (r: SandboxSupplierInvoice) => r.CostCenter.toLowerCase().includes('äl')],
  ] as const)('search %s=%s: substring, case-insensitive', async (field, text, test) => {
    const expected = records.filter(test).map((r) => r.GivenNumber);
    expect(expected.length).toBeGreaterThan(0);
    expect(givenNumbers(await readAllSupplierPages(sandbox, token, { [field]: text }))).toEqual(expected);
  });

  it('a filter, a search, the date range and lastmodified combine', async () => {
    const params = { filter: 'fullypaid', suppliernumber: '1', fromdate: '2025-01-01', todate: '2025-12-31', lastmodified: '2024-06-01' };
    const expected = records
      .filter((r) => !r.Cancelled && r.Balance === 0 && r.SupplierNumber.includes('1') && r.InvoiceDate >= '2025-01-01' && r.InvoiceDate <= '2025-12-31')
      .map((r) => r.GivenNumber);
    expect(expected.length).toBeGreaterThan(0);
    expect(givenNumbers(await readAllSupplierPages(sandbox, token, params))).toEqual(expected);
  });

  it('fromdate/todate: an inclusive InvoiceDate range, either alone', async () => {
    const day = records[60]?.InvoiceDate ?? '';
    expect(givenNumbers(await readAllSupplierPages(sandbox, token, { fromdate: day, todate: day }))).toEqual(records.filter((r) => r.InvoiceDate === day).map((r) => r.GivenNumber));
    expect(givenNumbers(await readAllSupplierPages(sandbox, token, { todate: day }))).toEqual(records.filter((r) => r.InvoiceDate <= day).map((r) => r.GivenNumber));
  });
});
