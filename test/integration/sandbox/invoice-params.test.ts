// GET /3/invoices parameters: every invalid value gives its documented 400 with ErrorInformation,
// and the valid ones do what the README says (paging, offset, sorting, filters, search,
// lastmodified), checked against the raw records of control.invoicesOf.

import { steadyServiceTime } from '../../support/service-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxInvoice } from '../../../electron/sandbox';
import { company, errorInfo, invoices, readAllPages, tokenFor, type InvoiceItem } from './helpers';

const TODAY = '2026-06-15';
let sandbox: Sandbox;
let token: string;
let records: SandboxInvoice[];

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 2000, today: TODAY, rateLimits: false });
  token = tokenFor(sandbox, 'small');
  records = sandbox.control.invoicesOf(company(sandbox, 'small').tenantId);
});
afterAll(() => sandbox.close());

const numbers = (items: ReadonlyArray<{ DocumentNumber: string }>): string[] => items.map((item) => item.DocumentNumber);
const sortedNumbers = (items: ReadonlyArray<{ DocumentNumber: string }>): string[] => numbers(items).sort((a, b) => Number(a) - Number(b));

describe('invalid parameters', () => {
  const invalidParameter: Array<[string, Record<string, string>]> = [
    ['page=0', { page: '0' }],
    ['page=-1', { page: '-1' }],
    ['page=abc', { page: 'abc' }],
    ['page=1.5', { page: '1.5' }],
    ['page= (empty)', { page: '' }],
    ['limit=0', { limit: '0' }],
    ['limit=501', { limit: '501' }],
    ['limit=abc', { limit: 'abc' }],
    ['limit=-5', { limit: '-5' }],
    ['offset=-1', { offset: '-1' }],
    ['offset=x', { offset: 'x' }],
    ['sortby=amount', { sortby: 'amount' }],
    ['sortby=DocumentNumber (names are lower case)', { sortby: 'DocumentNumber' }],
    ['sortorder=asc', { sortorder: 'asc' }],
    ['sortorder=Descending', { sortorder: 'Descending' }],
    ['lastmodified=yesterday', { lastmodified: 'yesterday' }],
    ['lastmodified=2024-13-01', { lastmodified: '2024-13-01' }],
    ['lastmodified=2024-02-30 10:00', { lastmodified: '2024-02-30 10:00' }],
    ['lastmodified=2024-01-01 25:00', { lastmodified: '2024-01-01 25:00' }],
    ['lastmodified=2024-01-01T10:00:00 (ISO is unconfirmed)', { lastmodified: '2024-01-01T10:00:00' }],
    ['fromdate=2024/01/01', { fromdate: '2024/01/01' }],
    ['todate=2024-02-31', { todate: '2024-02-31' }],
    ['fromdate=2024-1-1', { fromdate: '2024-1-1' }],
    ['a malformed todate beside a valid search', { todate: 'tomorrow', customername: 'a' }],
    ['two search parameters', { customername: 'a', ocr: '1' }],
    ['two search parameters beside a date range', { customername: 'a', ocr: '1', fromdate: '2024-01-01', todate: '2024-12-31' }],
    ['three search parameters', { customername: 'a', customernumber: '1', documentnumber: '1' }],
  ];
  it.each(invalidParameter)('%s -> 400 code 2000588 (capitalised keys)', async (_name, query) => {
    const res = await invoices(sandbox, token, query);
    expect(res.status).toBe(400);
    const info = errorInfo(res.body);
    expect(info).toMatchObject({ error: 1, code: 2000588, casing: 'capitalised' });
    expect(String(info.message)).toMatch(/Ogiltig parameter/);
  });

  it('names the parameter in the message', async () => {
    expect(errorInfo((await invoices(sandbox, token, { limit: '501' })).body).message).toContain('limit');
    expect(errorInfo((await invoices(sandbox, token, { sortby: 'x' })).body).message).toContain('sortby');
  });

  it('a repeated parameter -> 400 code 2000588', async () => {
    const res = await fetch(`${sandbox.apiUrl}/3/invoices?limit=5&limit=6`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    expect(errorInfo(await res.json()).code).toBe(2000588);
  });

  it.each(['paid', 'UNPAID', '', 'overdue'])('filter=%s -> 400 code 2000587 "Ett ogiltigt filter har använts." (lower-case keys)', async (filter) => {
    const res = await invoices(sandbox, token, { filter });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ErrorInformation: { error: 1, message: 'Ett ogiltigt filter har använts.', code: 2000587 } });
  });
});

describe('valid combinations', () => {
  it('filter and sortby are not search parameters: one search + filter + sort + lastmodified is fine', async () => {
    const res = await invoices(sandbox, token, {
      customername: 'a', filter: 'fullypaid', sortby: 'total', sortorder: 'descending', lastmodified: '2020-01-01 00:00', limit: 500,
    });
    expect(res.status).toBe(200);
    expect(res.body.Invoices.length).toBeGreaterThan(0);
  });

  it('fromdate and todate together: an inclusive invoice-date range', async () => {
    const from = records[100]?.InvoiceDate ?? '';
    const to = records[150]?.InvoiceDate ?? '';
    const all = await readAllPages(sandbox, token, { fromdate: from, todate: to, limit: 500 });
    const expected = records.filter((r) => r.InvoiceDate >= from && r.InvoiceDate <= to);
    expect(sortedNumbers(all)).toEqual(numbers(expected));
    const onlyFrom = await readAllPages(sandbox, token, { fromdate: to, limit: 500 });
    expect(sortedNumbers(onlyFrom)).toEqual(numbers(records.filter((r) => r.InvoiceDate >= to)));
  });

  it('fromdate and todate are global: with a filter and one search parameter at once', async () => {
    const sorted = [...records].sort((a, b) => a.InvoiceDate.localeCompare(b.InvoiceDate));
    const from = sorted[Math.floor(sorted.length / 4)]?.InvoiceDate ?? '';
    const to = sorted[Math.floor((sorted.length * 3) / 4)]?.InvoiceDate ?? '';
    const fullypaid = (r: SandboxInvoice) => !r.Cancelled && r.Booked && r.Balance === 0;
    const inRange = (r: SandboxInvoice) => r.InvoiceDate >= from && r.InvoiceDate <= to;
    const needle = 'a';
    const all = await readAllPages(sandbox, token, { fromdate: from, todate: to, filter: 'fullypaid', customername: needle, limit: 500 });
    const expected = records.filter((r) => inRange(r) && fullypaid(r) && r.CustomerName.toLowerCase().includes(needle));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(records.filter((r) => inRange(r) && fullypaid(r)).length);
    expect(sortedNumbers(all)).toEqual(numbers(expected));
  });

  it.each(['customernumber', 'documentnumber', 'ocr'] as const)('fromdate alone combines with %s', async (param) => {
    const field = ({ customernumber: 'CustomerNumber', documentnumber: 'DocumentNumber', ocr: 'OCR' } as const)[param];
    const from = records[records.length >> 1]?.InvoiceDate ?? '';
    const all = await readAllPages(sandbox, token, { fromdate: from, [param]: '1', limit: 500 });
    const expected = records.filter((r) => r.InvoiceDate >= from && r[field].includes('1'));
    expect(expected.length).toBeGreaterThan(0);
    expect(sortedNumbers(all)).toEqual(numbers(expected));
  });

  it('todate alone is inclusive; fromdate after todate matches nothing', async () => {
    const to = records[10]?.InvoiceDate ?? '';
    const upTo = await readAllPages(sandbox, token, { todate: to, customername: 'a', limit: 500 });
    expect(sortedNumbers(upTo)).toEqual(numbers(records.filter((r) => r.InvoiceDate <= to && r.CustomerName.toLowerCase().includes('a'))));
    const none = await invoices(sandbox, token, { fromdate: '2030-01-02', todate: '2030-01-01' });
    expect(none.status).toBe(200);
    expect(none.body.MetaInformation['@TotalResources']).toBe(0);
  });

  it('ignores unknown parameters', async () => {
    expect((await invoices(sandbox, token, { foo: 'bar' })).status).toBe(200);
  });
});

describe('paging', () => {
  it('defaults: page 1, limit 100, DocumentNumber ascending', async () => {
    const res = await invoices(sandbox, token);
    expect(res.body.MetaInformation).toEqual({ '@TotalResources': records.length, '@TotalPages': Math.ceil(records.length / 100), '@CurrentPage': 1 });
    expect(numbers(res.body.Invoices)).toEqual(numbers(records.slice(0, 100)));
  });

  it('MetaInformation has exactly the three keys in the real order', async () => {
    const res = await invoices(sandbox, token, { limit: 7, page: 3 });
    expect(res.text.startsWith(`{"MetaInformation":{"@TotalResources":${records.length},"@TotalPages":${Math.ceil(records.length / 7)},"@CurrentPage":3},"Invoices":[`)).toBe(true);
    expect(numbers(res.body.Invoices)).toEqual(numbers(records.slice(14, 21)));
  });

  it('the empty company: TotalPages 0 while CurrentPage 1', async () => {
    const res = await invoices(sandbox, tokenFor(sandbox, 'empty'));
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"MetaInformation":{"@TotalResources":0,"@TotalPages":0,"@CurrentPage":1},"Invoices":[]}');
  });

  it('a search without matches looks the same as the empty company', async () => {
    const res = await invoices(sandbox, token, { customername: 'no such customer anywhere' });
    expect(res.body).toEqual({ MetaInformation: { '@TotalResources': 0, '@TotalPages': 0, '@CurrentPage': 1 }, Invoices: [] });
  });

  it('a page past the end is empty and keeps its number', async () => {
    const res = await invoices(sandbox, token, { limit: 100, page: 99 });
    expect(res.body.MetaInformation).toEqual({ '@TotalResources': records.length, '@TotalPages': Math.ceil(records.length / 100), '@CurrentPage': 99 });
    expect(res.body.Invoices).toEqual([]);
  });

  it('offset skips matching records before paging starts', async () => {
    const res = await invoices(sandbox, token, { offset: 10, limit: 5, page: 2 });
    expect(numbers(res.body.Invoices)).toEqual(numbers(records.slice(15, 20)));
    expect(res.body.MetaInformation).toEqual({ '@TotalResources': records.length, '@TotalPages': Math.ceil((records.length - 10) / 5), '@CurrentPage': 2 });
  });
});

describe('sorting', () => {
  const collator = new Intl.Collator('sv');
  const comparators: Record<string, (a: InvoiceItem, b: InvoiceItem) => number> = {
    documentnumber: () => 0,
    customername: (a, b) => collator.compare(a.CustomerName, b.CustomerName),
    customernumber: (a, b) => Number(a.CustomerNumber) - Number(b.CustomerNumber),
    invoicedate: (a, b) => (a.InvoiceDate < b.InvoiceDate ? -1 : a.InvoiceDate > b.InvoiceDate ? 1 : 0),
    ocr: (a, b) => (a.OCR < b.OCR ? -1 : a.OCR > b.OCR ? 1 : 0),
    total: (a, b) => a.Total - b.Total,
  };
  for (const [sortby, compare] of Object.entries(comparators)) {
    for (const sortorder of ['ascending', 'descending'] as const) {
      it(`sortby=${sortby}&sortorder=${sortorder}: ordered, ties on DocumentNumber, nothing lost or repeated`, async () => {
        const all = await readAllPages(sandbox, token, { sortby, sortorder, limit: 37 });
        expect(all).toHaveLength(records.length);
        expect(new Set(numbers(all)).size).toBe(records.length);
        const sign = sortorder === 'ascending' ? 1 : -1;
        for (let i = 1; i < all.length; i += 1) {
          const a = all[i - 1] as InvoiceItem;
          const b = all[i] as InvoiceItem;
          const order = compare(a, b) || Number(a.DocumentNumber) - Number(b.DocumentNumber);
          expect(sign * order, `${sortby} ${sortorder} at ${i}: ${a.DocumentNumber} then ${b.DocumentNumber}`).toBeLessThan(0);
        }
      });
    }
  }

  it('sorts customer names the Swedish way (å, ä, ö after z)', async () => {
    const all = await readAllPages(sandbox, token, { sortby: 'customername', limit: 500 });
    const first = all.findIndex((item) => /^[ÅÄÖ]/.test(item.CustomerName));
    const lastZ = all.map((item) => /^[A-Z]/.test(item.CustomerName)).lastIndexOf(true);
    expect(first).toBeGreaterThan(lastZ);
  });
});

describe('filters (semantics in electron/sandbox/README.md)', () => {
  const unpaid = (r: SandboxInvoice) => !r.Cancelled && r.Booked && r.Balance > 0;
  const semantics: Record<string, (r: SandboxInvoice) => boolean> = {
    cancelled: (r) => r.Cancelled,
    unbooked: (r) => !r.Cancelled && !r.Booked,
    unpaid,
    unpaidoverdue: (r) => unpaid(r) && r.DueDate < TODAY,
    fullypaid: (r) => !r.Cancelled && r.Booked && r.Balance === 0,
  };

  it('the small company has every kind of invoice', () => {
    for (const test of Object.values(semantics)) expect(records.filter(test).length).toBeGreaterThan(0);
    expect(records.some((r) => unpaid(r) && r.Balance < r.Total)).toBe(true); // partly paid
    expect(records.some((r) => unpaid(r) && r.DueDate >= TODAY)).toBe(true); // unpaid, not yet due
  });

  for (const [filter, test] of Object.entries(semantics)) {
    it(`filter=${filter}`, async () => {
      const all = await readAllPages(sandbox, token, { filter, limit: 500 });
      expect(sortedNumbers(all)).toEqual(numbers(records.filter(test)));
    });
  }

  it('unpaidoverdue follows the service clock', async () => {
    // A steady clock (a morning): at real time, in the Swedish day's first hour UTC is still on
    // yesterday, and what was generated for "today" (stamped at midnight UTC) would lie ahead.
    const other = await startSandbox({ largeInvoiceCount: 10, today: TODAY, now: steadyServiceTime() });
    try {
      const t = tokenFor(other, 'small');
      const before = (await invoices(other, t, { filter: 'unpaidoverdue' })).body.MetaInformation['@TotalResources'];
      other.control.advanceClock(60 * 86_400_000);
      // A new token: the first one expired with the clock.
      const after = (await invoices(other, tokenFor(other, 'small'), { filter: 'unpaidoverdue' })).body.MetaInformation['@TotalResources'];
      expect(after).toBe(records.filter(unpaid).length);
      expect(after).toBeGreaterThan(before);
    } finally {
      await other.close();
    }
  });
});

describe('search parameters (substring, case-insensitive)', () => {
  it('customername', async () => {
    const name = records.find((r) => /[åäö]/.test(r.CustomerName))?.CustomerName ?? '';
    const needle = name.slice(1, 6).toUpperCase();
    const all = await readAllPages(sandbox, token, { customername: needle, limit: 500 });
    expect(all.length).toBeGreaterThan(0);
    expect(sortedNumbers(all)).toEqual(numbers(records.filter((r) => r.CustomerName.toLowerCase().includes(needle.toLowerCase()))));
  });

  it('finds the awkward names of the CSV tests', async () => {
    const formula = await invoices(sandbox, token, { customername: '=HYPERLINK("x")' });
    expect(formula.body.Invoices.map((i) => i.CustomerName)).toContain('=HYPERLINK("x")');
    const punctuation = await invoices(sandbox, token, { customername: ', "' });
    const names = punctuation.body.Invoices.map((i) => i.CustomerName);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(/^[^\n]*,[^\n]*"[^\n]*;[^\n]*$/);
  });

  it.each(['customernumber', 'documentnumber', 'ocr'] as const)('%s', async (param) => {
    const field = ({ customernumber: 'CustomerNumber', documentnumber: 'DocumentNumber', ocr: 'OCR' } as const)[param];
    const needle = '12';
    const all = await readAllPages(sandbox, token, { [param]: needle, limit: 500 });
    expect(all.length).toBeGreaterThan(0);
    expect(sortedNumbers(all)).toEqual(numbers(records.filter((r) => r[field].includes(needle))));
  });
});

describe('lastmodified and changes made through the control object', () => {
  const format = (ms: number, withSeconds = true) => new Date(ms).toISOString().slice(0, withSeconds ? 19 : 16).replace('T', ' ');

  it('returns what changed since the timestamp, in each documented format', async () => {
    // A steady clock (a morning): at real time, in the Swedish day's first hour UTC is still on
    // yesterday, and what was generated for "today" (stamped at midnight UTC) would lie ahead.
    const other = await startSandbox({ largeInvoiceCount: 10, today: TODAY, now: steadyServiceTime() });
    try {
      const tenant = company(other, 'small').tenantId;
      const t = tokenFor(other, 'small');
      // Half an hour on (within the token's life), so the changes are clearly later than anything
      // generated for "today" (stamped at midnight).
      other.control.advanceClock(1800_000);
      other.control.updateInvoice(tenant, '17', { Balance: 0, FinalPayDate: TODAY });
      const added = other.control.addInvoice(tenant, { CustomerName: 'Östlunds Nya Kund AB', Total: 1234.5 });
      expect(added).toBe(String(records.length + 1));
      expect(company(other, 'small').invoices).toBe(records.length + 1);

      const changed = other.control.invoicesOf(tenant).filter((r) => r.DocumentNumber === '17' || r.DocumentNumber === added);
      const since = Math.min(...changed.map((r) => Date.parse(r.LastModified)));
      for (const stamp of [format(since - 999), format(since - 60_000, false)]) {
        const res = await invoices(other, t, { lastmodified: stamp });
        expect(res.status).toBe(200);
        expect(numbers(res.body.Invoices)).toEqual(['17', added]);
      }
      const item = (await invoices(other, t, { lastmodified: format(since - 999), documentnumber: added })).body.Invoices[0];
      expect(item).toMatchObject({ CustomerName: 'Östlunds Nya Kund AB', Total: 1234.5, Booked: false, DocumentNumber: added });

      // A date alone means midnight of that day (UTC), and combines with a filter.
      const dayOnly = await readAllPages(other, t, { lastmodified: TODAY, filter: 'fullypaid', limit: 500 });
      const all = other.control.invoicesOf(tenant);
      const midnight = Date.parse(`${TODAY}T00:00:00Z`);
      expect(sortedNumbers(dayOnly)).toEqual(
        numbers(all.filter((r) => Date.parse(r.LastModified) >= midnight && !r.Cancelled && r.Booked && r.Balance === 0)),
      );
      expect(numbers(dayOnly)).toContain('17');
    } finally {
      await other.close();
    }
  });

  it('an update re-sorts: sort orders follow changed values', async () => {
    // A steady clock (a morning): at real time, in the Swedish day's first hour UTC is still on
    // yesterday, and what was generated for "today" (stamped at midnight UTC) would lie ahead.
    const other = await startSandbox({ largeInvoiceCount: 10, today: TODAY, now: steadyServiceTime() });
    try {
      const tenant = company(other, 'small').tenantId;
      const t = tokenFor(other, 'small');
      other.control.updateInvoice(tenant, '42', { Total: 99_999_999.99 });
      const top = await invoices(other, t, { sortby: 'total', sortorder: 'descending', limit: 1 });
      expect(top.body.Invoices[0]?.DocumentNumber).toBe('42');
      expect(() => other.control.updateInvoice(tenant, '100000', { Total: 1 })).toThrow(/no invoice/);
    } finally {
      await other.close();
    }
  });
});
