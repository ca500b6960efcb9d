// GET /3/invoicepayments and /3/supplierinvoicepayments (and one payment of each) against a started
// sandbox (real HTTP on 127.0.0.1): the guards, paging, orders, invoicenumber and lastmodified, the
// two sides' JSON types, the payments' agreement with the invoices (also after the control API
// changes them), the raw payments of the control API, and determinism per seed. Expectations are
// computed here from the control records, not by the sandbox's own query code.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxPayment } from '../../../electron/sandbox';
import { company, errorInfo, getJson, tokenFor, tokenRequest } from './helpers';
import { allPayments, checkInvariant, itemsOf, LIST_FIELDS, numbersOf, paidInvoices, PATHS, payments, recordsOf, type Item, type Side } from './payment-checks';

const TODAY = '2026-06-15';
/** The service clock is pinned, so the stamps of the control's changes are known exactly. */
const NOW = Date.parse(`${TODAY}T10:00:00.000Z`);
const OPTIONS = { seed: 'payments', today: TODAY, now: () => NOW, largeInvoiceCount: 3000, rateLimits: false } as const;
const SIDES: readonly Side[] = ['customer', 'supplier'];

let sandbox: Sandbox;
let token: string;

/** Swedish wall-clock time, as the service reads `lastmodified`. */
const swedish = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** The list item a record should give: its fields but the single payment's own, and its @url. */
function listed(sb: Sandbox, side: Side, record: SandboxPayment): Item {
  const { LastModified: _lm, CustomerNumber: _c, SupplierNumber: _s, ModeOfPayment: _m, WriteOffExist: _w, ...fields } = record;
  return { '@url': `${sb.apiUrl}${PATHS[side]}/${String(record['Number'])}`, ...fields };
}

beforeAll(async () => {
  sandbox = await startSandbox(OPTIONS);
  token = tokenFor(sandbox, 'small', ['payment']);
});
afterAll(() => sandbox.close());

describe('the guards', () => {
  it('need the payment scope (HTTP 400, code 2000663), a token (401) and a licence, on both lists and single payments', async () => {
    const noPayment = tokenFor(sandbox, 'small', ['invoice', 'supplierinvoice', 'customer']);
    for (const path of [...Object.values(PATHS), `${PATHS.customer}/1`, `${PATHS.supplier}/1`]) {
      const refused = await getJson(`${sandbox.apiUrl}${path}`, noPayment);
      expect([refused.status, errorInfo(refused.body).code], path).toEqual([400, 2000663]);
      expect((await getJson(`${sandbox.apiUrl}${path}`)).status).toBe(401);
      expect(errorInfo((await getJson(`${sandbox.apiUrl}${path}`, tokenFor(sandbox, 'unlicensed', ['payment']))).body).code).toBe(2001103);
      expect((await getJson(`${sandbox.apiUrl}${path}`, token)).status, path).toBe(200);
    }
  });

  it('are the routes "invoicepayments" and "supplierinvoicepayments" for faults and counters; GET only', async () => {
    sandbox.control.resetCounters();
    sandbox.control.injectFault('invoicepayments', { status: 503, count: 1 });
    sandbox.control.injectFault('supplierinvoicepayments', { code: 1000003, status: 500, count: 1 });
    expect((await payments(sandbox, 'customer', token)).status).toBe(503);
    expect(errorInfo((await payments(sandbox, 'supplier', token)).body).code).toBe(1000003);
    expect((await getJson(`${sandbox.apiUrl}${PATHS.customer}/1`, token)).status).toBe(200);
    expect((await getJson(`${sandbox.apiUrl}${PATHS.supplier}/1`, token)).status).toBe(200);
    expect(sandbox.control.counters().byRoute).toMatchObject({ invoicepayments: 2, supplierinvoicepayments: 2 });
    expect((await getJson(`${sandbox.apiUrl}${PATHS.customer}/1/bookkeep`, token)).status).toBe(404);
    const post = await fetch(`${sandbox.apiUrl}${PATHS.customer}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(post.status).toBe(405);
  });

  it('a service account (client credentials) is pre-approved for payment', async () => {
    const res = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: company(sandbox, 'small').tenantId });
    expect(res.body.scope?.split(' ')).toContain('payment');
    expect((await payments(sandbox, 'supplier', res.body.access_token ?? '')).status).toBe(200);
  });
});

describe.each(SIDES)('the %s side list', (side) => {
  it('has MetaInformation and its wrapper; items with the fields in code-unit order, in the side\'s JSON types', async () => {
    const res = await payments(sandbox, side, token, { limit: 500 });
    expect(Object.keys(res.body)).toEqual(['MetaInformation', side === 'customer' ? 'InvoicePayments' : 'SupplierInvoicePayments']);
    const items = itemsOf(side, res.body);
    expect(items.length).toBeGreaterThan(20);
    const numeric = side === 'customer' ? 'number' : 'string';
    for (const item of items) {
      expect(Object.keys(item)).toEqual(LIST_FIELDS);
      for (const field of ['Number', 'InvoiceNumber', 'Amount', 'AmountCurrency']) expect(typeof item[field], field).toBe(numeric);
      if (side === 'supplier') for (const field of ['Amount', 'AmountCurrency']) expect(item[field]).toMatch(/^-?\d+(\.\d{1,2})?$/);
      expect(typeof item['CurrencyRate']).toBe('string');
      expect([typeof item['Booked'], typeof item['CurrencyUnit']]).toEqual(['boolean', 'number']);
      expect(item['PaymentDate']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['manual', 'direct']).toContain(item['Source']);
      expect(item['@url']).toBe(`${sandbox.apiUrl}${PATHS[side]}/${String(item['Number'])}`);
    }
  });

  it('comes in PaymentDate order, then Number, and equals the control records; generated Numbers follow the dates', async () => {
    const records = recordsOf(sandbox, side, 'small');
    const items = await allPayments(sandbox, side, token);
    expect(items).toEqual(records.map((record) => listed(sandbox, side, record)));
    const keys = items.map((item) => [String(item['PaymentDate']), Number(item['Number'])] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    expect(keys).toEqual(sorted);
    expect(keys.map(([, number]) => number)).toEqual(keys.map((_, i) => i + 1));
  });

  it('pages like the invoice list: page, limit, offset; 500 is the largest limit; an empty page past the end', async () => {
    const all = numbersOf(await allPayments(sandbox, side, token));
    const total = all.length;
    const first = await payments(sandbox, side, token, { limit: 7 });
    expect(first.body.MetaInformation).toEqual({ '@TotalResources': total, '@TotalPages': Math.ceil(total / 7), '@CurrentPage': 1 });
    expect(numbersOf(itemsOf(side, (await payments(sandbox, side, token, { limit: 7, page: 2 })).body))).toEqual(all.slice(7, 14));
    const offset = await payments(sandbox, side, token, { limit: 7, offset: 3, page: 2 });
    expect(numbersOf(itemsOf(side, offset.body))).toEqual(all.slice(10, 17));
    expect(offset.body.MetaInformation).toEqual({ '@TotalResources': total, '@TotalPages': Math.ceil((total - 3) / 7), '@CurrentPage': 2 });
    const past = await payments(sandbox, side, token, { limit: 7, page: 9999 });
    expect([itemsOf(side, past.body), past.body.MetaInformation['@CurrentPage']]).toEqual([[], 9999]);
    const invalid: Array<Record<string, string | number>> = [{ limit: 501 }, { limit: 0 }, { page: 0 }, { page: 'x' }, { offset: -1 }];
    for (const bad of invalid) {
      const res = await payments(sandbox, side, token, bad);
      expect([res.status, errorInfo(res.body).code], JSON.stringify(bad)).toEqual([400, 2000588]);
    }
    const empty = await payments(sandbox, side, tokenFor(sandbox, 'empty', ['payment']));
    expect(empty.body).toEqual({ MetaInformation: { '@TotalResources': 0, '@TotalPages': 0, '@CurrentPage': 1 }, [side === 'customer' ? 'InvoicePayments' : 'SupplierInvoicePayments']: [] });
  });

  it('sorts by number or paymentdate both ways (descending the exact reverse); refuses another sortby, any filter, a repeated parameter', async () => {
    const byDate = numbersOf(await allPayments(sandbox, side, token));
    expect(numbersOf(await allPayments(sandbox, side, token, { sortby: 'paymentdate', sortorder: 'descending' }))).toEqual([...byDate].reverse());
    const byNumber = numbersOf(await allPayments(sandbox, side, token, { sortby: 'number' }));
    expect(byNumber).toEqual([...byDate].sort((a, b) => Number(a) - Number(b)));
    expect(numbersOf(await allPayments(sandbox, side, token, { sortby: 'number', sortorder: 'descending' }))).toEqual([...byNumber].reverse());
    const cases: Array<[Record<string, string>, number]> = [
      [{ sortby: 'amount' }, 2000588],
      [{ sortby: 'invoicenumber' }, 2000588],
      [{ sortorder: 'up' }, 2000588],
      [{ filter: 'booked' }, 2000587],
      [{ invoicenumber: '1a' }, 2000588],
      [{ lastmodified: '2026-01-01T10:00:00' }, 2000588],
    ];
    for (const [params, code] of cases) {
      const res = await payments(sandbox, side, token, params);
      expect([res.status, errorInfo(res.body).code], JSON.stringify(params)).toEqual([400, code]);
    }
    expect(errorInfo((await payments(sandbox, side, token, { sortby: 'x' })).body).message).toMatch(/sortby/);
    const repeated = await getJson(`${sandbox.apiUrl}${PATHS[side]}?sortby=number&sortby=paymentdate`, token);
    expect(repeated.status).toBe(400);
  });

  it('invoicenumber is an exact match (1 does not find 10 or 21), in the requested order, with the paging', async () => {
    const records = recordsOf(sandbox, side, 'small');
    const groups = new Map<string, SandboxPayment[]>();
    for (const r of records) groups.set(String(r['InvoiceNumber']), [...(groups.get(String(r['InvoiceNumber'])) ?? []), r]);
    const twoParts = [...groups.entries()].find(([, list]) => list.length === 2);
    if (!twoParts) throw new Error('no invoice paid in two parts');
    const [invoiceNumber, mine] = twoParts;
    const found = await allPayments(sandbox, side, token, { invoicenumber: invoiceNumber });
    expect(found).toEqual(mine.map((record) => listed(sandbox, side, record)));
    expect(numbersOf(await allPayments(sandbox, side, token, { invoicenumber: invoiceNumber, sortorder: 'descending' }))).toEqual(numbersOf(found).reverse());
    const one = await payments(sandbox, side, token, { invoicenumber: invoiceNumber, limit: 1, page: 2 });
    expect([numbersOf(itemsOf(side, one.body)), one.body.MetaInformation]).toEqual([[numbersOf(found)[1]], { '@TotalResources': 2, '@TotalPages': 2, '@CurrentPage': 2 }]);
    const ofOne = records.filter((r) => String(r['InvoiceNumber']) === '1').map((r) => String(r['Number']));
    expect(numbersOf(await allPayments(sandbox, side, token, { invoicenumber: '1' }))).toEqual(ofOne);
    expect((await payments(sandbox, side, token, { invoicenumber: '99999999' })).body.MetaInformation['@TotalResources']).toBe(0);
  });

  it('lastmodified keeps the payments changed at or after it (Swedish wall-clock time, three formats), with the other parameters', async () => {
    const records = recordsOf(sandbox, side, 'small');
    const times = records.map((r) => Date.parse(r.LastModified)).sort((a, b) => a - b);
    expect(times.every((t) => t <= NOW)).toBe(true);
    const since = Math.floor((times[Math.floor(times.length * 0.8)] as number) / 1000) * 1000;
    const expected = records.filter((r) => Date.parse(r.LastModified) >= since).map((r) => String(r['Number']));
    expect(expected.length).toBeGreaterThan(0);
    const local = swedish.format(new Date(since));
    expect(numbersOf(await allPayments(sandbox, side, token, { lastmodified: local }))).toEqual(expected);
    const day = local.slice(0, 10);
    const sinceDay = records.filter((r) => swedish.format(new Date(r.LastModified)).slice(0, 10) >= day).map((r) => String(r['Number']));
    expect(numbersOf(await allPayments(sandbox, side, token, { lastmodified: day, sortby: 'number', sortorder: 'descending' }))).toEqual(
      [...sinceDay].sort((a, b) => Number(b) - Number(a)),
    );
    expect(numbersOf(await allPayments(sandbox, side, token, { lastmodified: local.slice(0, 16) }))).toEqual(
      records.filter((r) => Date.parse(r.LastModified) >= Math.floor(since / 60_000) * 60_000).map((r) => String(r['Number'])),
    );
    // A generated payment was recorded on its PaymentDate's day.
    for (const r of records) expect(r.LastModified.slice(0, 10), String(r['Number'])).toBe(r['PaymentDate']);
  });

  it('GET one by its Number: the list fields plus the payer, the mode of payment and WriteOffExist; unknown → 404', async () => {
    const record = recordsOf(sandbox, side, 'small')[4] as SandboxPayment;
    const number = String(record['Number']);
    const res = await getJson<Record<string, Item>>(`${sandbox.apiUrl}${PATHS[side]}/${number}`, token);
    const wrapper = side === 'customer' ? 'InvoicePayment' : 'SupplierInvoicePayment';
    const payer = side === 'customer' ? 'CustomerNumber' : 'SupplierNumber';
    expect(Object.keys(res.body)).toEqual([wrapper]);
    const one = res.body[wrapper] as Item;
    expect(Object.keys(one)).toEqual([...LIST_FIELDS, payer, 'ModeOfPayment', 'WriteOffExist'].sort());
    const { LastModified: _lm, ...stored } = record;
    expect(one).toEqual({ '@url': `${sandbox.apiUrl}${PATHS[side]}/${number}`, ...stored });
    expect([one['WriteOffExist'], ['BG', 'PG', 'AG'].includes(String(one['ModeOfPayment']))]).toEqual([false, true]);
    const invoices = paidInvoices(sandbox, side, 'small');
    const tenantId = company(sandbox, 'small').tenantId;
    const party = side === 'customer'
      ? sandbox.control.invoicesOf(tenantId).find((i) => i.DocumentNumber === String(one['InvoiceNumber']))?.CustomerNumber
      : sandbox.control.supplierInvoicesOf(tenantId).find((i) => i.GivenNumber === String(one['InvoiceNumber']))?.SupplierNumber;
    expect(invoices.length).toBeGreaterThan(0);
    expect(one[payer]).toBe(party);
    const name = side === 'customer' ? 'Kan inte hitta inbetalningen.' : 'Kan inte hitta leverantörsbetalningen.';
    for (const unknown of ['99999999', '007', 'abc', '0']) {
      const missing = await getJson(`${sandbox.apiUrl}${PATHS[side]}/${unknown}`, token);
      expect([missing.status, missing.body], unknown).toEqual([404, { ErrorInformation: { Error: 1, Message: name, Code: 2000434 } }]);
    }
  });
});

describe('the payments and the invoices', () => {
  it.each(['small', 'large', 'unlicensed'] as const)('%s: every booked invoice\'s payments add up to Total − Balance; paid ones end on FinalPayDate; drafts and cancelled have none', (key) => {
    for (const side of SIDES) {
      const invoices = paidInvoices(sandbox, side, key);
      const records = recordsOf(sandbox, side, key);
      const report = checkInvariant(invoices, records, TODAY);
      expect(report.problems, `${key} ${side}`).toEqual([]);
      // 2-3 payments on an invoice number the company does not have ("not placed").
      expect(report.notPlaced.length, `${key} ${side}`).toBeGreaterThanOrEqual(2);
      expect(report.notPlaced.length, `${key} ${side}`).toBeLessThanOrEqual(3);
      expect(records.filter((r) => r['PaymentDate'] === undefined)).toEqual([]);
    }
  });

  it('the empty company has no payments on either side', () => {
    for (const side of SIDES) expect(recordsOf(sandbox, side, 'empty')).toEqual([]);
  });

  it.each(SIDES)('%s side: about one in six paid invoices is paid in two parts; partly paid ones have one or two; settled credits a negative payment; mostly booked and manual', (side) => {
    const invoices = paidInvoices(sandbox, side, 'large');
    const { byInvoice } = checkInvariant(invoices, recordsOf(sandbox, side, 'large'), TODAY);
    const paid = invoices.filter((i) => i.open && i.balance === 0 && i.finalPayDate !== null && i.finalPayDate > i.invoiceDate);
    const twoParts = paid.filter((i) => byInvoice.get(i.key)?.length === 2);
    expect(twoParts.length / paid.length).toBeGreaterThan(0.1);
    expect(twoParts.length / paid.length).toBeLessThan(0.22);
    for (const invoice of twoParts) {
      const [first, last] = byInvoice.get(invoice.key) ?? [];
      expect(String(first?.['PaymentDate']) < String(last?.['PaymentDate']), invoice.key).toBe(true);
    }
    const partly = invoices.filter((i) => i.open && i.balance !== 0 && i.balance !== i.total);
    expect(partly.length).toBeGreaterThan(0);
    expect(partly.every((i) => [1, 2].includes(byInvoice.get(i.key)?.length ?? 0))).toBe(true);
    const credits = invoices.filter((i) => i.open && i.total < 0 && i.balance === 0);
    if (side === 'supplier') expect(credits.length).toBeGreaterThan(0);
    for (const credit of credits) expect(byInvoice.get(credit.key)?.every((p) => Number(p['AmountCurrency']) < 0)).toBe(true);
    const records = recordsOf(sandbox, side, 'large');
    const unbooked = records.filter((r) => r['Booked'] === false);
    expect(unbooked.length).toBeGreaterThan(0);
    expect(unbooked.length / records.length).toBeLessThan(0.05);
    expect(unbooked.every((r) => String(r['PaymentDate']) >= '2026-06-05')).toBe(true);
    const direct = records.filter((r) => r['Source'] === 'direct').length / records.length;
    expect(direct).toBeGreaterThan(0.05);
    expect(direct).toBeLessThan(0.25);
    expect(records.some((r) => r['Currency'] !== 'SEK')).toBe(true);
  });
});

describe('control changes keep the payments in step with the invoices', () => {
  let sb: Sandbox;
  let tenantId: string;
  let bearer: string;
  beforeAll(async () => {
    sb = await startSandbox({ ...OPTIONS, seed: 'payments-changes' });
    tenantId = company(sb, 'small').tenantId;
    bearer = tokenFor(sb, 'small', ['payment']);
  });
  afterAll(() => sb.close());
  const stampNow = (): string => new Date(NOW + sb.control.clockOffsetMs).toISOString();
  const invariant = (side: Side): string[] => checkInvariant(paidInvoices(sb, side, 'small'), recordsOf(sb, side, 'small'), TODAY).problems;
  const ofInvoice = (side: Side, key: string): SandboxPayment[] => recordsOf(sb, side, 'small').filter((r) => String(r['InvoiceNumber']) === key);

  it('updateInvoice lowering a balance adds a payment dated today for the difference, stamped now; raising it removes the newest', async () => {
    const invoice = sb.control.invoicesOf(tenantId).find((i) => i.Booked && !i.Cancelled && i.Balance > 0 && i.Balance < i.Total && i.Currency !== 'SEK')
      ?? sb.control.invoicesOf(tenantId).find((i) => i.Booked && !i.Cancelled && i.Balance > 0 && i.Balance < i.Total);
    if (!invoice) throw new Error('no partly paid invoice');
    const before = ofInvoice('customer', invoice.DocumentNumber);
    const highest = Math.max(...recordsOf(sb, 'customer', 'small').map((r) => Number(r['Number'])));
    sb.control.advanceClock(60_000);
    sb.control.updateInvoice(tenantId, invoice.DocumentNumber, { Balance: 0, FinalPayDate: TODAY });
    const after = ofInvoice('customer', invoice.DocumentNumber);
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.at(-1) as SandboxPayment;
    expect(after).toHaveLength(before.length + 1);
    expect(added).toMatchObject({ Number: highest + 1, PaymentDate: TODAY, Currency: invoice.Currency, CurrencyRate: invoice.CurrencyRate, LastModified: stampNow() });
    expect(Math.round(Number(added['AmountCurrency']) * 100)).toBe(Math.round(invoice.Balance * 100));
    expect(invariant('customer')).toEqual([]);
    // The client's next lastmodified read finds exactly the new payment.
    const since = swedish.format(new Date(NOW + sb.control.clockOffsetMs));
    expect(numbersOf(await allPayments(sb, 'customer', bearer, { lastmodified: since }))).toEqual([String(highest + 1)]);

    // Back to the first balance: the newest payment goes, the older ones stay.
    sb.control.updateInvoice(tenantId, invoice.DocumentNumber, { Balance: invoice.Balance, FinalPayDate: null });
    expect(ofInvoice('customer', invoice.DocumentNumber)).toEqual(before);
    // Half of what was paid: the payments are cut back to it, the rest one payment dated today.
    const paid = Math.round((invoice.Total - invoice.Balance) * 100);
    sb.control.updateInvoice(tenantId, invoice.DocumentNumber, { Balance: invoice.Total - Math.round(paid / 2) / 100 });
    expect(invariant('customer')).toEqual([]);
    expect(ofInvoice('customer', invoice.DocumentNumber).every((p) => p['PaymentDate'] === TODAY || before.includes(p))).toBe(true);
    // Cancelled (or back to a draft): no payments at all.
    sb.control.updateInvoice(tenantId, invoice.DocumentNumber, { Cancelled: true });
    expect(ofInvoice('customer', invoice.DocumentNumber)).toEqual([]);
    expect(invariant('customer')).toEqual([]);
    // A settled invoice paid in full on a past FinalPayDate gets its payment on that day.
    const open = sb.control.invoicesOf(tenantId).find((i) => i.Booked && !i.Cancelled && i.Balance === i.Total && i.InvoiceDate < '2026-06-10');
    if (!open) throw new Error('no unpaid invoice');
    sb.control.updateInvoice(tenantId, open.DocumentNumber, { Balance: 0, FinalPayDate: '2026-06-10' });
    expect(ofInvoice('customer', open.DocumentNumber).map((p) => [p['PaymentDate'], p['AmountCurrency']])).toEqual([['2026-06-10', open.Total]]);
    expect(invariant('customer')).toEqual([]);
  });

  it('addInvoice: a booked one with Balance < Total gets its payment, a draft none; a settled credit note a negative one', () => {
    const paid = sb.control.addInvoice(tenantId, { Total: 1250.5, Balance: 250.25, Booked: true });
    expect(ofInvoice('customer', paid).map((p) => [p['PaymentDate'], p['AmountCurrency'], p['Amount'], p['LastModified']])).toEqual([[TODAY, 1000.25, 1000.25, stampNow()]]);
    const draft = sb.control.addInvoice(tenantId, { Total: 900, Balance: 100 });
    expect(ofInvoice('customer', draft)).toEqual([]);
    const credit = sb.control.addInvoice(tenantId, { Total: -1250, Balance: 0, Booked: true, FinalPayDate: TODAY });
    expect(ofInvoice('customer', credit).map((p) => p['AmountCurrency'])).toEqual([-1250]);
    expect(invariant('customer')).toEqual([]);
  });

  it('the supplier side: updateSupplierInvoice and addSupplierInvoice keep the invariant too', async () => {
    const record = sb.control.supplierInvoicesOf(tenantId).find((r) => r.Booked && !r.Cancelled && r.Balance > 0 && r.Balance === r.Total);
    if (!record) throw new Error('no unpaid supplier invoice');
    sb.control.advanceClock(60_000);
    sb.control.updateSupplierInvoice(tenantId, record.GivenNumber, { Balance: 0, FinalPayDate: TODAY, PaymentPending: false });
    const mine = ofInvoice('supplier', record.GivenNumber);
    expect(mine.map((p) => [p['PaymentDate'], p['AmountCurrency'], p['InvoiceNumber'], p['LastModified']])).toEqual([[TODAY, String(record.Total), record.GivenNumber, stampNow()]]);
    expect(typeof mine[0]?.['Number']).toBe('string');
    const added = sb.control.addSupplierInvoice(tenantId, { Total: 800, Balance: 300, Booked: true });
    expect(ofInvoice('supplier', added).map((p) => p['AmountCurrency'])).toEqual(['500']);
    sb.control.updateSupplierInvoice(tenantId, added, { Booked: false });
    expect(ofInvoice('supplier', added)).toEqual([]);
    expect(invariant('supplier')).toEqual([]);
    const one = await getJson<{ SupplierInvoicePayment: Item }>(`${sb.apiUrl}${PATHS.supplier}/${String(mine[0]?.['Number'])}`, bearer);
    expect(one.body.SupplierInvoicePayment['SupplierNumber']).toBe(record.SupplierNumber);
  });

  it('addPayment and addSupplierPayment add raw payments and change no invoice', async () => {
    const invoicesBefore = sb.control.invoicesOf(tenantId);
    const odd = sb.control.addPayment(tenantId, { InvoiceNumber: 424242, Currency: 'NOK', CurrencyRate: '0.98', Amount: 0, AmountCurrency: -12.5, PaymentDate: undefined, Extra: null });
    expect(odd).not.toHaveProperty('PaymentDate');
    expect(odd).toMatchObject({ InvoiceNumber: 424242, Currency: 'NOK', Amount: 0, AmountCurrency: -12.5, Extra: null, LastModified: stampNow() });
    expect(sb.control.invoicesOf(tenantId)).toEqual(invoicesBefore);
    const item = (await allPayments(sb, 'customer', bearer, { invoicenumber: '424242' }))[0];
    expect(item).toEqual(listed(sb, 'customer', odd));
    // No PaymentDate sorts before every date.
    expect((await allPayments(sb, 'customer', bearer))[0]?.['Number']).toBe(odd['Number']);
    const strings = sb.control.addPayment(tenantId, { Number: 900000, InvoiceNumber: '5', Amount: '100.5' });
    expect(strings).toMatchObject({ Number: 900000, InvoiceNumber: '5', Amount: '100.5' });
    expect((await getJson<{ InvoicePayment: Item }>(`${sb.apiUrl}${PATHS.customer}/900000`, bearer)).body.InvoicePayment['Amount']).toBe('100.5');
    expect(() => sb.control.addPayment(tenantId, { Number: 900000 })).toThrow(RangeError);
    expect(() => sb.control.addPayment(tenantId, { '@url': 'x' })).toThrow(RangeError);
    const supplier = sb.control.addSupplierPayment(tenantId, { InvoiceNumber: 17, Amount: 5 });
    expect(supplier).toMatchObject({ InvoiceNumber: 17, Amount: 5, AmountCurrency: '100', CurrencyRate: '1' });
    expect(typeof supplier['Number']).toBe('string');
    expect(sb.control.supplierPaymentsOf(tenantId).some((p) => p['Number'] === supplier['Number'])).toBe(true);
  });
});

describe('the control routes over HTTP', () => {
  it('GET and POST /sandbox/companies/{tenantId}/invoicepayments and /supplierinvoicepayments; "$remove" names the fields to drop', async () => {
    const sb = await startSandbox({ ...OPTIONS, controlRoutes: true });
    try {
      const tenantId = company(sb, 'small').tenantId;
      const base = `${new URL(sb.apiUrl).origin}/sandbox/companies/${tenantId}`;
      const send = async (method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> => {
        const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, body: await res.json() };
      };
      expect((await send('GET', `${base}/invoicepayments`)).body).toEqual(sb.control.paymentsOf(tenantId));
      expect((await send('GET', `${base}/supplierinvoicepayments`)).body).toEqual(sb.control.supplierPaymentsOf(tenantId));
      const added = (await send('POST', `${base}/supplierinvoicepayments`, { InvoiceNumber: '777777', $remove: ['PaymentDate', 'Source'] })).body as SandboxPayment;
      expect(added).toMatchObject({ InvoiceNumber: '777777' });
      expect(added).not.toHaveProperty('PaymentDate');
      expect(added).not.toHaveProperty('Source');
      const viaCustomer = await send('POST', `${base}/invoicepayments`, { Amount: '12' });
      expect(viaCustomer.body).toMatchObject({ Amount: '12' });
      expect((await send('POST', `${base}/invoicepayments`, { $remove: 'PaymentDate' })).status).toBe(400);
      expect((await send('POST', `${base}/invoicepayments`, { Number: 1 })).status).toBe(400);
    } finally {
      await sb.close();
    }
  });
});

describe('determinism', () => {
  it('the same seed gives the same payments (whenever they are built); another seed others', async () => {
    const again = await startSandbox(OPTIONS);
    const other = await startSandbox({ ...OPTIONS, seed: 'payments-other' });
    try {
      // The second sandbox builds its payments only when an invoice change forces it, after a print
      // moved an invoice's last-modified time: neither changes what is generated.
      const smallId = company(again, 'small').tenantId;
      const bearer = tokenFor(again, 'small', ['invoice']);
      expect((await getJson(`${again.apiUrl}/3/invoices/3/print`, bearer)).status).toBe(200);
      const draft = again.control.invoicesOf(smallId).find((i) => !i.Booked && !i.Cancelled);
      if (draft) again.control.updateInvoice(smallId, draft.DocumentNumber, { Project: 'X' });
      for (const key of ['small', 'large', 'unlicensed', 'empty'] as const) {
        for (const side of SIDES) expect(recordsOf(again, side, key), `${key} ${side}`).toEqual(recordsOf(sandbox, side, key));
      }
      expect(recordsOf(other, 'customer', 'small')).not.toEqual(recordsOf(sandbox, 'customer', 'small'));
    } finally {
      await again.close();
      await other.close();
    }
  });
});
