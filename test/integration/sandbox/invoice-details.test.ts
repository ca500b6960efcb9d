// GET /3/invoices/{DocumentNumber} over real HTTP: the full invoice with its rows, consistent with
// the list to the öre, stable across calls and restarts, the 404 shape, and the list's guards.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { company, errorInfo, getJson, readAllPages, tokenFor, type InvoiceItem } from './helpers';
import { expectConsistent, type FullInvoice } from './invoice-checks';

const TODAY = '2026-06-15';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'invoice-details', today: TODAY, largeInvoiceCount: 3000, rateLimits: false });
});
afterAll(() => sandbox.close());

async function getInvoice(sb: Sandbox, token: string, documentNumber: string): Promise<{ status: number; text: string; invoice: FullInvoice }> {
  const res = await getJson<{ Invoice: FullInvoice }>(`${sb.apiUrl}/3/invoices/${documentNumber}`, token);
  return { status: res.status, text: res.text, invoice: res.body.Invoice };
}

/** The list item of an invoice, as GET /3/invoices sends it. */
async function listItem(sb: Sandbox, token: string, documentNumber: string): Promise<InvoiceItem> {
  const [item] = await readAllPages(sb, token, { documentnumber: documentNumber, limit: 500 }).then((all) => all.filter((i) => i.DocumentNumber === documentNumber));
  if (!item) throw new Error(`no list item ${documentNumber}`);
  return item;
}

describe('GET /3/invoices/{n}: the rows add up and agree with the list', () => {
  it('for every invoice of the small company', async () => {
    const token = tokenFor(sandbox, 'small');
    const items = await readAllPages(sandbox, token, { limit: 500 });
    expect(items.length).toBe(300);
    for (const item of items) {
      const { status, invoice } = await getInvoice(sandbox, token, item.DocumentNumber);
      expect(status).toBe(200);
      expectConsistent(invoice, item);
    }
  });

  it('for a sample of the large company: SEK, EUR and USD; paid, unpaid, cancelled and drafts', async () => {
    const token = tokenFor(sandbox, 'large');
    const items = await readAllPages(sandbox, token, { limit: 500 });
    const foreign = items.filter((i) => i.Currency !== 'SEK').slice(0, 60);
    const sample = [...items.filter((_, i) => i % 25 === 0), ...foreign];
    expect(new Set(sample.map((i) => i.Currency))).toEqual(new Set(['SEK', 'EUR', 'USD']));
    expect(sample.some((i) => i.Cancelled) && sample.some((i) => !i.Booked) && sample.some((i) => i.Balance > 0)).toBe(true);
    const roundOffs = new Set<number>();
    for (const item of sample) {
      const { invoice } = await getInvoice(sandbox, token, item.DocumentNumber);
      expectConsistent(invoice, item);
      if (item.Currency === 'SEK') roundOffs.add(invoice.RoundOff);
    }
    // Öresavrundning really happens: SEK totals are whole kronor and the rows' öre vary.
    expect(roundOffs.size).toBeGreaterThan(10);
  });

  it('for a credit note: negative quantities, row totals, VAT and Total; prices stay positive', async () => {
    const tenant = company(sandbox, 'small').tenantId;
    const number = sandbox.control.addInvoice(tenant, { CustomerName: 'Åkesson Bygg AB', Total: -1250, Balance: -1250 });
    const token = tokenFor(sandbox, 'small');
    const { invoice } = await getInvoice(sandbox, token, number);
    expectConsistent(invoice, await listItem(sandbox, token, number));
    expect(invoice.Credit).toBe(true);
    expect(invoice.Total).toBe(-1250);
    expect(invoice.Net).toBeLessThan(0);
    expect(invoice.TotalVAT).toBeLessThan(0);
    for (const row of invoice.InvoiceRows) {
      expect(Number(row.DeliveredQuantity)).toBeLessThan(0);
      expect(row.Price).toBeGreaterThan(0);
      expect(row.Total).toBeLessThan(0);
    }
  });

  it('for a foreign-currency invoice: amounts in its currency with cents, RoundOff within a cent', async () => {
    const token = tokenFor(sandbox, 'large');
    const item = (await readAllPages(sandbox, token, { limit: 500 })).find((i) => i.Currency === 'EUR' && !Number.isInteger(i.Total));
    if (!item) throw new Error('no EUR invoice with cents');
    const { invoice } = await getInvoice(sandbox, token, item.DocumentNumber);
    expectConsistent(invoice, item);
    expect(invoice.Currency).toBe('EUR');
    expect(Math.abs(invoice.RoundOff)).toBeLessThanOrEqual(0.01);
  });

  it('follows a change of the Total: new rows that add up to it', async () => {
    const tenant = company(sandbox, 'small').tenantId;
    const token = tokenFor(sandbox, 'small');
    sandbox.control.updateInvoice(tenant, '7', { Total: 98_765, Balance: 98_765, Currency: 'SEK', CurrencyRate: '1' });
    const { invoice } = await getInvoice(sandbox, token, '7');
    expectConsistent(invoice, await listItem(sandbox, token, '7'));
    expect(invoice.Total).toBe(98_765);
  });
});

describe('GET /3/invoices/{n}: stable, with Swedish text', () => {
  it('is the same on every call, and after a restart with the same seed', async () => {
    const token = tokenFor(sandbox, 'large');
    const first = await getInvoice(sandbox, token, '1234');
    const again = await getInvoice(sandbox, token, '1234');
    expect(again.text).toBe(first.text);
    const twin = await startSandbox({ seed: 'invoice-details', today: TODAY, largeInvoiceCount: 3000, rateLimits: false });
    const other = await startSandbox({ seed: 'another-seed', today: TODAY, largeInvoiceCount: 3000, rateLimits: false });
    try {
      const withoutUrl = ({ '@url': _url, ...rest }: FullInvoice) => rest;
      const fromTwin = await getInvoice(twin, tokenFor(twin, 'large'), '1234');
      expect(withoutUrl(fromTwin.invoice)).toEqual(withoutUrl(first.invoice));
      const fromOther = await getInvoice(other, tokenFor(other, 'large'), '1234');
      expect(fromOther.invoice.InvoiceRows).not.toEqual(first.invoice.InvoiceRows);
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });

  it('writes descriptions, addresses and references in Swedish, with å, ä and ö', async () => {
    const token = tokenFor(sandbox, 'small');
    const texts: string[] = [];
    for (let n = 1; n <= 40; n += 1) {
      const { invoice } = await getInvoice(sandbox, token, String(n));
      texts.push(...invoice.InvoiceRows.map((row) => row.Description), invoice.Address1, invoice.City, invoice.YourReference, invoice.OurReference);
    }
    expect(texts.some((text) => /[åäöÅÄÖ]/.test(text))).toBe(true);
    expect(texts.filter((text) => /[åäö]/.test(text)).length).toBeGreaterThan(20);
  });

  it('applies the list item quirks to the single invoice too', async () => {
    const token = tokenFor(sandbox, 'small');
    sandbox.control.setResponseQuirks({ numbersAsStrings: true, currencyRateAsNumber: true });
    try {
      const { invoice } = await getInvoice(sandbox, token, '3');
      expect(typeof invoice.Total).toBe('string');
      expect(typeof invoice.CurrencyRate).toBe('number');
    } finally {
      sandbox.control.setResponseQuirks({});
    }
  });
});

describe('GET /3/invoices/{n}: refusals', () => {
  it('an unknown number is 404 with the service ErrorInformation, for the invoice, its preview and its print', async () => {
    const token = tokenFor(sandbox, 'small');
    for (const path of ['999999', 'abc', '999999/preview', '999999/print']) {
      const res = await getJson(`${sandbox.apiUrl}/3/invoices/${path}`, token);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      // The sandbox sends code 2000434 with capitalised keys (both casings occur: docs/service.md, Errors by code).
      expect(res.text).toBe('{"ErrorInformation":{"Error":1,"Message":"Kan inte hitta fakturan.","Code":2000434}}');
      expect(errorInfo(res.body)).toMatchObject({ error: 1, message: 'Kan inte hitta fakturan.', code: 2000434 });
    }
    expect(sandbox.control.counters().invoiceEndpoints.print).toBeGreaterThanOrEqual(1); // arrivals are counted, answered or not
  });

  it('without the invoice scope: 400 code 2000663, like the list', async () => {
    const token = tokenFor(sandbox, 'small', ['companyinformation']);
    for (const path of ['/3/invoices', '/3/invoices/1', '/3/invoices/1/preview', '/3/invoices/1/print']) {
      const res = await getJson(`${sandbox.apiUrl}${path}`, token);
      expect(res.status, path).toBe(400);
      expect(errorInfo(res.body), path).toMatchObject({ error: 1, code: 2000663, casing: 'lower' });
    }
  });

  it('without a token: 401; for an unlicensed company: the licence error; for another method: 405', async () => {
    for (const path of ['/3/invoices/1', '/3/invoices/1/preview', '/3/invoices/1/print']) {
      const anonymous = await getJson(`${sandbox.apiUrl}${path}`);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.text).toBe('{"message":"unauthorized"}');
      const unlicensed = await getJson(`${sandbox.apiUrl}${path}`, tokenFor(sandbox, 'unlicensed'));
      expect(errorInfo(unlicensed.body).code, path).toBe(2001103);
      expect((await fetch(`${sandbox.apiUrl}${path}`, { method: 'PUT' })).status, path).toBe(405);
    }
  });

  it('other paths under an invoice are 404 Not Found', async () => {
    const res = await getJson(`${sandbox.apiUrl}/3/invoices/1/bookkeep`, tokenFor(sandbox, 'small'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });
});
