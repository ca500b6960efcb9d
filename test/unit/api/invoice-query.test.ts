import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/kernel/errors';
import { serviceQueryOf } from '../../../electron/api/list-queries';
import { listQueryParams as invoiceQueryParams, normaliseLastModified } from '../../../electron/api/list-query';

/** The customer invoices' service query, from the registry. */
const validateInvoiceQuery = serviceQueryOf('invoices');
import { listEndpoints } from '../../../electron/api/list-endpoints';
import type { OddityReport } from '../../../electron/api/list-response';
import { wireInvoice } from './helpers';

const parseInvoiceListResponse = listEndpoints.invoices.parse;

function refusal(input: unknown): ApiError {
  try {
    validateInvoiceQuery(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe('validateInvoiceQuery', () => {
  it('accepts a full valid query and normalises lastmodified', () => {
    expect(
      validateInvoiceQuery({
        page: 2,
        limit: 500,
        sortby: 'invoicedate',
        sortorder: 'descending',
        filter: 'unpaidoverdue',
        lastmodified: '2024-03-10 12:30',
        search: { field: 'customername', value: '  Acme ' },
      }),
    ).toEqual({
      page: 2,
      limit: 500,
      sortby: 'invoicedate',
      sortorder: 'descending',
      filter: 'unpaidoverdue',
      lastmodified: '2024-03-10 12:30:00',
      search: { field: 'customername', value: 'Acme' },
    });
    expect(validateInvoiceQuery(undefined)).toEqual({});
    expect(validateInvoiceQuery({})).toEqual({});
  });

  const cases: [string, unknown][] = [
    ['page', { page: 0 }],
    ['page', { page: 1.5 }],
    ['page', { page: '2' }],
    ['limit', { limit: 0 }],
    ['limit', { limit: 501 }],
    ['limit', { limit: 2.5 }],
    ['limit', { limit: '100' }],
    ['sortby', { sortby: 'amount' }],
    ['sortby', { sortby: 'DocumentNumber' }],
    ['sortorder', { sortorder: 'up' }],
    ['filter', { filter: 'paid' }],
    ['lastmodified', { lastmodified: '2024-13-01' }],
    ['lastmodified', { lastmodified: '2024-02-30 10:00' }],
    ['lastmodified', { lastmodified: '2024-01-01T10:00:00Z' }],
    ['lastmodified', { lastmodified: 'yesterday' }],
    ['lastmodified', { lastmodified: 1700000000000 }],
    ['search.field', { search: { field: 'project', value: 'x' } }],
    ['search.value', { search: { field: 'ocr', value: '   ' } }],
    ['search.value', { search: { field: 'ocr', value: 'x'.repeat(201) } }],
    ['search.field', { search: { field: 'fromdate', value: '2024-01-01' } }],
    ['fromdate', { fromdate: '2024-02-31' }],
    ['fromdate', { fromdate: '2024-1-1' }],
    ['fromdate', { fromdate: 20240101 }],
    ['todate', { todate: 'tomorrow' }],
    ['todate', { fromdate: '2024-02-01', todate: '2024-01-31' }],
    ['search', { search: [{ field: 'ocr', value: '1' }, { field: 'customername', value: 'a' }] }],
    ['search', { search: 'acme' }],
    ['search.extra', { search: { field: 'ocr', value: '1', extra: 1 } }],
    ['customername', { customername: 'Acme' }],
    ['offset', { offset: 10 }],
  ];
  it.each(cases)('refuses %s, naming the field', (field, input) => {
    const error = refusal(input);
    expect(error.kind).toBe('bad-request');
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
    expect(error.toInfo().field).toBe(field);
  });

  it('refuses a non-object query', () => {
    expect(refusal('page=1').kind).toBe('bad-request');
    expect(refusal([1]).kind).toBe('bad-request');
  });

  it('builds the query string with lower-case names and one search parameter', () => {
    const params = invoiceQueryParams(validateInvoiceQuery({ limit: 250, page: 3, sortby: 'total', filter: 'unpaid', lastmodified: '2021-06-01', search: { field: 'ocr', value: '12' } }));
    expect(params.toString()).toBe('page=3&limit=250&sortby=total&filter=unpaid&lastmodified=2021-06-01+00%3A00%3A00&ocr=12');
  });

  it('sends fromdate and todate together with a filter and a search (global parameters)', () => {
    const query = validateInvoiceQuery({ filter: 'fullypaid', fromdate: ' 2024-01-01 ', todate: '2024-12-31', search: { field: 'customername', value: 'Acme' } });
    expect(query).toEqual({ filter: 'fullypaid', fromdate: '2024-01-01', todate: '2024-12-31', search: { field: 'customername', value: 'Acme' } });
    expect(invoiceQueryParams(query).toString()).toBe('filter=fullypaid&fromdate=2024-01-01&todate=2024-12-31&customername=Acme');
    expect(invoiceQueryParams(validateInvoiceQuery({ todate: '2024-02-29' })).toString()).toBe('todate=2024-02-29');
    expect(invoiceQueryParams(validateInvoiceQuery({ fromdate: '2024-03-01', todate: '2024-03-01' })).toString()).toBe('fromdate=2024-03-01&todate=2024-03-01');
  });

  it('explains the rules: one search at a time, dates are their own fields, from before to', () => {
    expect(refusal({ search: [{ field: 'ocr', value: '1' }, { field: 'customername', value: 'a' }] }).message).toMatch(/only one search field at a time/);
    expect(refusal({ search: { field: 'todate', value: '2024-01-01' } }).message).toMatch(/"todate" is not a search field: send it as its own query field/);
    expect(refusal({ fromdate: '2024-02-30' }).message).toMatch(/"fromdate" must be a real date written YYYY-MM-DD/);
    expect(refusal({ fromdate: '2024-02-01', todate: '2024-01-31' }).message).toMatch(/"todate" \(2024-01-31\) must not be before "fromdate" \(2024-02-01\)/);
  });

  it('normaliseLastModified accepts the documented forms', () => {
    expect(normaliseLastModified('2019-03-10 12:30')).toBe('2019-03-10 12:30:00');
    expect(normaliseLastModified('2019-03-10 12:30:05')).toBe('2019-03-10 12:30:05');
    expect(normaliseLastModified('2021-06-01')).toBe('2021-06-01 00:00:00');
    expect(normaliseLastModified('2021-06-01T08:09')).toBe('2021-06-01 08:09:00');
    expect(normaliseLastModified('2021-06-01 24:00')).toBeUndefined();
  });
});

describe('parseInvoiceListResponse', () => {
  it('parses the recorded shape and normalises numbers in strings', () => {
    const page = parseInvoiceListResponse({
      MetaInformation: { '@TotalResources': 34, '@TotalPages': 1, '@CurrentPage': 1 },
      Invoices: [wireInvoice(1), wireInvoice(2, { CurrencyRate: '10,5', Total: '99.50', Balance: '0', VoucherNumber: null, VoucherSeries: null, VoucherYear: null, FinalPayDate: null, SomethingNew: { x: 1 } })],
    });
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalResources: 34 });
    expect(page.items[0]).toMatchObject({ documentNumber: '1', currencyRate: 1, total: 1250.5, booked: true, dueDate: '2024-02-01', voucherSeries: 'B' });
    expect(page.items[1]).toMatchObject({ documentNumber: '2', currencyRate: 10.5, total: 99.5, balance: 0, voucherNumber: null, finalPayDate: null });
    expect(page.items[1]).not.toHaveProperty('SomethingNew');
    expect(page.items[1]).not.toHaveProperty('somethingNew');
  });

  it('handles the empty result (@TotalPages 0)', () => {
    expect(parseInvoiceListResponse({ MetaInformation: { '@TotalResources': 0, '@TotalPages': 0, '@CurrentPage': 1 }, Invoices: [] })).toEqual({
      items: [],
      currentPage: 1,
      totalPages: 0,
      totalResources: 0,
    });
  });

  it('treats a missing MetaInformation as a single page', () => {
    const page = parseInvoiceListResponse({ Invoices: [wireInvoice(7)] });
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalResources: 1 });
    expect(page.items).toHaveLength(1);
  });

  it('accepts meta numbers in strings and a numeric DocumentNumber', () => {
    const page = parseInvoiceListResponse({ MetaInformation: { '@TotalResources': '600', '@TotalPages': '3', '@CurrentPage': '2' }, Invoices: [wireInvoice(3, { DocumentNumber: 3 })] });
    expect(page).toMatchObject({ currentPage: 2, totalPages: 3, totalResources: 600 });
    expect(page.items[0]?.documentNumber).toBe('3');
  });

  it('refuses bodies it cannot trust', () => {
    expect(() => parseInvoiceListResponse({ foo: 1 })).toThrow(ApiError);
    expect(() => parseInvoiceListResponse('x')).toThrow(ApiError);
  });

  it('an item the app does not expect never costs the page: neutral defaults, only an item without a DocumentNumber dropped, oddities counted', () => {
    const reports: OddityReport[] = [];
    const page = parseInvoiceListResponse(
      {
        MetaInformation: { '@TotalResources': 5, '@TotalPages': 1, '@CurrentPage': 1 },
        Invoices: [
          wireInvoice(1, { DocumentNumber: undefined }),
          wireInvoice(2, { Total: 'lots', CustomerName: null, Booked: null, Unknown: { x: 1 } }),
          wireInvoice(3, { DueDate: undefined, Currency: undefined, Balance: '12,50' }),
          wireInvoice(4, { DocumentNumber: null }),
          'not an item',
          wireInvoice(5, { VoucherNumber: null, FinalPayDate: null }),
        ],
      },
      { onOddity: (report) => reports.push(report) },
    );
    expect(page.items.map((i) => i.documentNumber)).toEqual(['2', '3', '5']);
    expect(page.items[0]).toMatchObject({ total: 0, customerName: '', booked: false });
    expect(page.items[1]).toMatchObject({ dueDate: '', currency: '', balance: 12.5 });
    expect(page.items[2]).toMatchObject({ voucherNumber: null, finalPayDate: null });
    expect(reports).toEqual([{ items: 6, dropped: 3, fields: 3, byField: { Total: 1, CustomerName: 1, Booked: 1 } }]);
  });

  it('a page with nothing odd reports nothing', () => {
    const reports: OddityReport[] = [];
    parseInvoiceListResponse({ Invoices: [wireInvoice(1), wireInvoice(2, { Extra: 'x' })] }, { onOddity: (r) => reports.push(r) });
    expect(reports).toEqual([]);
  });
});
