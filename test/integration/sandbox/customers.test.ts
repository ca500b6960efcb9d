// GET /3/customers and /3/customers/{CustomerNumber} against a started sandbox (real HTTP on
// 127.0.0.1): the guards, paging, orders, filters and lastmodified, the register's agreement with
// the invoices, the control API's raw changes, the single customer, and determinism per seed.
// Expectations are computed here from the control records, not by the sandbox's own query code.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxCompany, type SandboxCustomer } from '../../../electron/sandbox';
import { isLuhnValid } from '../../../electron/sandbox/luhn';

const TODAY = '2026-06-15';
/** The service clock is pinned, so the stamps of the control's changes are known exactly. */
const NOW = Date.parse(`${TODAY}T10:00:00.000Z`);
const OPTIONS = { seed: 'customers', today: TODAY, now: () => NOW, largeInvoiceCount: 3000, rateLimits: false } as const;

const LIST_FIELDS = ['@url', 'Active', 'Address1', 'Address2', 'City', 'CustomerNumber', 'Email', 'Name', 'OrganisationNumber', 'Phone', 'ZipCode'];
const SINGLE_FIELDS = [...LIST_FIELDS, 'Currency', 'TermsOfPayment', 'Type', 'VATType'].sort();

type Item = Record<string, unknown>;
interface Meta {
  '@TotalResources': number;
  '@TotalPages': number;
  '@CurrentPage': number;
}
interface Answer {
  status: number;
  body: { MetaInformation: Meta; Customers: Item[]; Customer: Item; ErrorInformation?: Record<string, unknown> } & Record<string, unknown>;
}

let sandbox: Sandbox;
let token: string;
let small: SandboxCompany;
let register: SandboxCustomer[];

function companyOf(sb: Sandbox, key: SandboxCompany['key']): SandboxCompany {
  const found = sb.companies.find((c) => c.key === key);
  if (!found) throw new Error(`no ${key} company`);
  return found;
}

function tokenFor(sb: Sandbox, key: SandboxCompany['key'], scopes: readonly string[] = ['customer']): string {
  return sb.control.issueTokens({ tenantId: companyOf(sb, key).tenantId, scopes }).access_token;
}

async function call(sb: Sandbox, path: string, bearer: string | undefined, params: Record<string, string | number> = {}): Promise<Answer> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${sb.apiUrl}${path}${qs ? `?${qs}` : ''}`, { headers: bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` } });
  const text = await res.text();
  return { status: res.status, body: text === '' ? ({} as Answer['body']) : (JSON.parse(text) as Answer['body']) };
}

const customers = (params: Record<string, string | number> = {}, bearer = token, sb = sandbox): Promise<Answer> => call(sb, '/3/customers', bearer, params);

/** Every page at limit 500, as a sync reads them. */
async function allPages(params: Record<string, string | number> = {}, bearer = token, sb = sandbox): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 1; ; page += 1) {
    const res = await customers({ limit: 500, ...params, page }, bearer, sb);
    if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${JSON.stringify(res.body)}`);
    all.push(...res.body.Customers);
    if (res.body.MetaInformation['@CurrentPage'] >= res.body.MetaInformation['@TotalPages']) return all;
  }
}

/** The ErrorInformation's code and message, whatever the casing of its keys. */
function errorOf(body: Answer['body']): { code: unknown; message: unknown } {
  const info = body.ErrorInformation ?? {};
  return { code: info['code'] ?? info['Code'], message: info['message'] ?? info['Message'] };
}

const numbers = (items: readonly Item[]): string[] => items.map((item) => String(item['CustomerNumber']));

/** Swedish wall-clock time, as the service reads `lastmodified`. */
const swedish = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

beforeAll(async () => {
  sandbox = await startSandbox(OPTIONS);
  small = companyOf(sandbox, 'small');
  token = tokenFor(sandbox, 'small');
  register = sandbox.control.customersOf(small.tenantId);
});
afterAll(() => sandbox.close());

describe('the guards of GET /3/customers', () => {
  it('needs the customer scope (HTTP 400, code 2000663), a token (401) and a licence, on the list and the single customer', async () => {
    for (const path of ['/3/customers', '/3/customers/1']) {
      const refused = await call(sandbox, path, tokenFor(sandbox, 'small', ['invoice', 'companyinformation']));
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body).code).toBe(2000663);
      expect((await call(sandbox, path, undefined)).status).toBe(401);
      expect((await call(sandbox, path, 'not-a-token')).body).toEqual({ message: 'unauthorized' });
      const unlicensed = await call(sandbox, path, tokenFor(sandbox, 'unlicensed'));
      expect(errorOf(unlicensed.body).code).toBe(2001103);
      expect((await call(sandbox, path, token)).status).toBe(200);
    }
  });

  it('shares the token\'s rate limit with every resource', async () => {
    sandbox.control.setRateLimits({ perTokenMax: 2 });
    try {
      const limited = tokenFor(sandbox, 'small', ['customer', 'invoice']);
      expect((await customers({}, limited)).status).toBe(200);
      expect((await call(sandbox, '/3/invoices', limited)).status).toBe(200);
      const third = await customers({}, limited);
      expect([third.status, third.body]).toEqual([429, { message: 'Too Many Requests' }]);
    } finally {
      sandbox.control.setRateLimits(false);
    }
  });

  it('is the route "customers" for faults and counters', async () => {
    sandbox.control.resetCounters();
    sandbox.control.injectFault('customers', { status: 503, count: 1 });
    expect((await customers()).status).toBe(503);
    expect((await call(sandbox, '/3/customers/1', token)).status).toBe(200);
    expect(sandbox.control.counters().byRoute['customers']).toBe(2);
    expect((await call(sandbox, '/3/customers/1/invoices', token)).status).toBe(404); // no such path: route 'other'
  });
});

describe('the list', () => {
  it('has MetaInformation and Customers; items with the fields in code-unit order, strings but Active', async () => {
    const res = await customers({ limit: 500 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['MetaInformation', 'Customers']);
    expect(Object.keys(res.body.MetaInformation)).toEqual(['@TotalResources', '@TotalPages', '@CurrentPage']);
    for (const item of res.body.Customers) {
      expect(Object.keys(item)).toEqual(LIST_FIELDS);
      for (const field of LIST_FIELDS.filter((f) => f !== 'Active')) expect(typeof item[field], field).toBe('string');
      expect(typeof item['Active']).toBe('boolean');
      expect(item['@url']).toBe(`${sandbox.apiUrl}/3/customers/${String(item['CustomerNumber'])}`);
    }
  });

  it('comes in customer number order (numerically) by default and equals the control records', async () => {
    const items = await allPages();
    const expected = register.map((c) => String(c['CustomerNumber']));
    expect(numbers(items)).toEqual(expected);
    expect(expected.map(Number)).toEqual([...expected.map(Number)].sort((a, b) => a - b));
    expect(expected.length).toBeGreaterThan(10); // 10 after 9: numeric, not string order
    items.forEach((item, i) => {
      const { LastModified: _lm, Currency: _c, TermsOfPayment: _t, Type: _ty, VATType: _v, ...listed } = register[i] as SandboxCustomer;
      expect(item).toEqual({ '@url': item['@url'], ...listed });
    });
  });

  it('pages like the invoice list: page, limit, offset; 500 is the largest limit; an empty page past the end', async () => {
    const total = register.length;
    const first = await customers({ limit: 7 });
    expect(first.body.MetaInformation).toEqual({ '@TotalResources': total, '@TotalPages': Math.ceil(total / 7), '@CurrentPage': 1 });
    const second = await customers({ limit: 7, page: 2 });
    expect(numbers(second.body.Customers)).toEqual(numbers(register.slice(7, 14) as Item[]));
    const offset = await customers({ limit: 7, offset: 3, page: 2 });
    expect(numbers(offset.body.Customers)).toEqual(numbers(register.slice(10, 17) as Item[]));
    expect(offset.body.MetaInformation).toEqual({ '@TotalResources': total, '@TotalPages': Math.ceil((total - 3) / 7), '@CurrentPage': 2 });
    expect((await customers({ limit: 500 })).status).toBe(200);
    const past = await customers({ limit: 7, page: 99 });
    expect([past.body.Customers, past.body.MetaInformation['@CurrentPage']]).toEqual([[], 99]);
    const invalid: Array<Record<string, string | number>> = [{ limit: 501 }, { limit: 0 }, { page: 0 }, { page: 'x' }, { offset: -1 }];
    for (const bad of invalid) {
      const res = await customers(bad);
      expect([res.status, errorOf(res.body).code], JSON.stringify(bad)).toEqual([400, 2000588]);
    }
  });

  it('sorts by name in Swedish order both ways (ties on the number); descending is the exact reverse', async () => {
    const collator = new Intl.Collator('sv');
    const ascending = await allPages({ sortby: 'name' });
    const names = ascending.map((item) => String(item['Name']));
    for (let i = 1; i < names.length; i += 1) expect(collator.compare(names[i - 1] as string, names[i] as string), `${names[i - 1]} / ${names[i]}`).toBeLessThanOrEqual(0);
    expect(names.findIndex((name) => /^[ÅÄÖ]/.test(name))).toBeGreaterThan(names.findIndex((name) => /^[A-Z]/.test(name)));
    const descending = await allPages({ sortby: 'name', sortorder: 'descending' });
    expect(numbers(descending)).toEqual(numbers(ascending).reverse());
    const byNumberDown = await allPages({ sortby: 'customernumber', sortorder: 'descending' });
    expect(numbers(byNumberDown)).toEqual(numbers(register as Item[]).reverse());
  });

  it('refuses what the invoice list refuses, with the same codes, and ignores unknown parameters', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ sortby: 'email' }, 2000588],
      [{ sortorder: 'up' }, 2000588],
      [{ filter: 'unpaid' }, 2000587],
      [{ lastmodified: '2026-01-01T10:00:00' }, 2000588],
    ];
    for (const [params, code] of cases) {
      const res = await customers(params);
      expect([res.status, errorOf(res.body).code], JSON.stringify(params)).toEqual([400, code]);
    }
    expect(errorOf((await customers({ filter: 'x' })).body).message).toBe('Ett ogiltigt filter har använts.');
    const repeated = await fetch(`${sandbox.apiUrl}/3/customers?filter=active&filter=inactive`, { headers: { Authorization: `Bearer ${token}` } });
    expect(repeated.status).toBe(400);
    const unknown = await customers({ email: 'zzz', fromdate: 'nonsense' });
    expect(unknown.body.MetaInformation['@TotalResources']).toBe(register.length);
  });

  it('searches by a part of the name or the number (case ignored), one search at a time', async () => {
    const first = register[0] as Item;
    const part = String(first['Name']).slice(1, 5).toUpperCase();
    const byName = await allPages({ name: part });
    expect(numbers(byName)).toEqual(numbers((register as Item[]).filter((c) => String(c['Name']).toLowerCase().includes(part.toLowerCase()))));
    expect(byName.length).toBeGreaterThan(0);
    const byNumber = await allPages({ customernumber: '1' });
    expect(numbers(byNumber)).toEqual(numbers((register as Item[]).filter((c) => String(c['CustomerNumber']).includes('1'))));
    expect((await customers({ name: 'a', customernumber: '1' })).status).toBe(400);
  });

  it('filters active and inactive: about one in twelve is inactive, the two lists split the register', async () => {
    const active = await allPages({ filter: 'active' });
    const inactive = await allPages({ filter: 'inactive' });
    expect(active.every((item) => item['Active'] === true) && inactive.every((item) => item['Active'] === false)).toBe(true);
    expect(inactive.length).toBe(Math.max(1, Math.round(register.length / 12)));
    expect([...numbers(active), ...numbers(inactive)].sort()).toEqual(numbers(register as Item[]).sort());
    expect(numbers(inactive)).toEqual(register.filter((c) => c['Active'] === false).map((c) => String(c['CustomerNumber'])));
  });

  it('lastmodified keeps the customers changed at or after it (Swedish wall-clock time, three formats)', async () => {
    const times = register.map((c) => Date.parse(c.LastModified)).sort((a, b) => a - b);
    expect(times.every((t) => t <= NOW)).toBe(true);
    const median = times[Math.floor(times.length / 2)] as number;
    const since = Math.floor(median / 1000) * 1000;
    const expected = register.filter((c) => Date.parse(c.LastModified) >= since).map((c) => String(c['CustomerNumber']));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(register.length);
    const local = swedish.format(new Date(since));
    expect(numbers(await allPages({ lastmodified: local }))).toEqual(expected);
    const day = local.slice(0, 10);
    const sinceDay = register.filter((c) => swedish.format(new Date(c.LastModified)).slice(0, 10) >= day).map((c) => String(c['CustomerNumber']));
    expect(numbers(await allPages({ lastmodified: day }))).toEqual(sinceDay);
    expect(numbers(await allPages({ lastmodified: local.slice(0, 16), filter: 'inactive' }))).toEqual(
      register.filter((c) => c['Active'] === false && Date.parse(c.LastModified) >= Math.floor(median / 60_000) * 60_000).map((c) => String(c['CustomerNumber'])),
    );
  });
});

describe('the register and the invoices', () => {
  it('holds every customer number the invoices use, named as the newest invoice names it, and 3-5 with no invoice after them', () => {
    const fromInvoices = new Map<string, string>();
    for (const invoice of sandbox.control.invoicesOf(small.tenantId)) fromInvoices.set(invoice.CustomerNumber, invoice.CustomerName);
    const byNumber = new Map(register.map((c) => [String(c['CustomerNumber']), c]));
    for (const [number, name] of fromInvoices) expect(byNumber.get(number)?.['Name'], number).toBe(name);
    const highest = Math.max(...[...fromInvoices.keys()].map(Number));
    const without = register.filter((c) => !fromInvoices.has(String(c['CustomerNumber'])));
    expect(without.length).toBeGreaterThanOrEqual(3);
    expect(without.length).toBeLessThanOrEqual(5);
    expect(without.map((c) => Number(c['CustomerNumber']))).toEqual(without.map((_, i) => highest + 1 + i));
    expect(register).toHaveLength(fromInvoices.size + without.length);
    expect(register.some((c) => c['Name'] === 'Berg, "Hörnan" & Co; Malmö' && c['City'] === 'Malmö')).toBe(true);
  });

  it('the empty company has only its few customers without invoices, numbered from 1', () => {
    const none = sandbox.control.customersOf(companyOf(sandbox, 'empty').tenantId);
    expect(none.length).toBeGreaterThanOrEqual(3);
    expect(none.length).toBeLessThanOrEqual(5);
    expect(none.map((c) => c['CustomerNumber'])).toEqual(none.map((_, i) => String(i + 1)));
  });

  it('has plausible Swedish values, and the address the customer\'s invoices carry', async () => {
    for (const c of register) {
      const orgNo = String(c['OrganisationNumber']);
      expect(orgNo).toMatch(/^\d{6}-\d{4}$/);
      expect(isLuhnValid(orgNo.replace('-', '')), orgNo).toBe(true);
      expect(c['ZipCode']).toMatch(/^\d{3} \d{2}$/);
      expect(c['Email']).toMatch(/^$|^[a-z0-9.-]+@[a-z0-9-]+(\.[a-z]+)+$/);
      expect(c['Phone']).toMatch(/^$|^0\d{1,3}-\d[\d ]+\d$/);
      expect([c['Type'], c['VATType'], c['Currency']]).toEqual([c['Type'] === 'PRIVATE' ? 'PRIVATE' : 'COMPANY', 'SEVAT', 'SEK']);
      const named = ['Örebro', 'Göteborg', 'Malmö', 'Umeå', 'Västerås'].find((place) => String(c['Name']).startsWith(place));
      if (named) expect(c['City']).toBe(named);
    }
    const invoice = sandbox.control.invoicesOf(small.tenantId)[0];
    if (!invoice) throw new Error('no invoice');
    const both = tokenFor(sandbox, 'small', ['customer', 'invoice']);
    const document = (await call(sandbox, `/3/invoices/${invoice.DocumentNumber}`, both)).body['Invoice'] as Item;
    const customer = (await call(sandbox, `/3/customers/${invoice.CustomerNumber}`, both)).body.Customer;
    for (const field of ['Address1', 'Address2', 'ZipCode', 'City']) expect(customer[field], field).toBe(document[field]);
  });
});

describe('GET /3/customers/{CustomerNumber}', () => {
  it('answers {"Customer":{...}}: the list fields and terms of payment, type, VAT type and currency', async () => {
    const res = await call(sandbox, '/3/customers/2', token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['Customer']);
    expect(Object.keys(res.body.Customer)).toEqual(SINGLE_FIELDS);
    const { LastModified: _lm, ...stored } = register[1] as SandboxCustomer;
    expect(res.body.Customer).toEqual({ '@url': `${sandbox.apiUrl}/3/customers/2`, ...stored });
    expect(res.body.Customer['TermsOfPayment']).toMatch(/^(10|15|20|30)$/);
  });

  it('an unknown number is a 404 with the service\'s ErrorInformation', async () => {
    for (const unknown of ['99999', 'abc']) {
      const res = await call(sandbox, `/3/customers/${unknown}`, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ ErrorInformation: { Error: 1, Message: 'Kan inte hitta kunden.', Code: 2000433 } });
    }
  });
});

describe('control changes', () => {
  let sb: Sandbox;
  let tenantId: string;
  let bearer: string;
  beforeAll(async () => {
    sb = await startSandbox({ ...OPTIONS, seed: 'customers-changes' });
    tenantId = companyOf(sb, 'small').tenantId;
    bearer = tokenFor(sb, 'small');
  });
  afterAll(() => sb.close());
  const one = async (number: string): Promise<Item> => (await call(sb, `/3/customers/${number}`, bearer)).body.Customer;
  const listed = async (number: string, params: Record<string, string> = {}): Promise<Item | undefined> => (await allPages(params, bearer, sb)).find((item) => item['@url'] === `${sb.apiUrl}/3/customers/${number}`);

  it('updateCustomer serves raw values: "false" stays a string (and the customer is inactive), numbers, null, extra fields, a dropped Active', async () => {
    sb.control.advanceClock(60_000);
    sb.control.updateCustomer(tenantId, '3', { Active: 'false', ZipCode: 12345, Email: null, Kundkategori: 'A' });
    const item = await listed('3', { filter: 'inactive' });
    expect(item).toMatchObject({ Active: 'false', ZipCode: 12345, Email: null, Kundkategori: 'A' });
    expect(Object.keys(item ?? {})).toEqual([...LIST_FIELDS.slice(0, 7), 'Kundkategori', ...LIST_FIELDS.slice(7)]);
    expect(sb.control.customersOf(tenantId).find((c) => c['CustomerNumber'] === '3')?.LastModified).toBe(new Date(NOW + 60_000).toISOString());
    expect((await allPages({ lastmodified: swedish.format(new Date(NOW + 60_000)) }, bearer, sb)).map((i) => i['CustomerNumber'])).toEqual(['3']);

    sb.control.updateCustomer(tenantId, '3', { Active: 'true' });
    expect((await listed('3', { filter: 'active' }))?.['Active']).toBe('true');
    sb.control.updateCustomer(tenantId, '3', { Active: undefined, CustomerNumber: 3 });
    const dropped = await listed('3', { filter: 'active' });
    expect(dropped).not.toHaveProperty('Active');
    expect(dropped?.['CustomerNumber']).toBe(3);
    expect((await one('3'))['@url']).toBe(`${sb.apiUrl}/3/customers/3`);
    expect(() => sb.control.updateCustomer(tenantId, '99999', { Name: 'x' })).toThrow(RangeError);
    expect(() => sb.control.updateCustomer(tenantId, '3', { '@url': 'x' })).toThrow(RangeError);
  });

  it('addCustomer: the next number, active, details from the seed, raw fields over them, stamped now', async () => {
    const before = sb.control.customersOf(tenantId);
    const highest = Math.max(...before.map((c) => Number(c['CustomerNumber'])));
    const added = sb.control.addCustomer(tenantId, { Name: 'Ödåkra Sågverk AB' });
    expect(added).toMatchObject({ CustomerNumber: String(highest + 1), Name: 'Ödåkra Sågverk AB', Active: true, LastModified: new Date(NOW + sb.control.clockOffsetMs).toISOString() });
    expect(Object.keys(await one(String(highest + 1)))).toEqual(SINGLE_FIELDS);
    const odd = sb.control.addCustomer(tenantId, { CustomerNumber: 'K-7', Active: 'false' });
    expect(odd).toMatchObject({ CustomerNumber: 'K-7', Active: 'false' });
    expect(typeof odd['Name']).toBe('string');
    const all = await allPages({}, bearer, sb);
    expect(all.at(-1)?.['CustomerNumber']).toBe('K-7'); // after every numeric one
    expect((await listed('K-7', { filter: 'inactive' }))?.['Active']).toBe('false');
    expect(() => sb.control.addCustomer(tenantId, { CustomerNumber: '1' })).toThrow(RangeError);
  });

  it('an invoice added for a new customer number brings that customer in (active, named as the invoice), stamped now', async () => {
    sb.control.advanceClock(60_000);
    const stamp = new Date(NOW + sb.control.clockOffsetMs).toISOString();
    const documentNumber = sb.control.addInvoice(tenantId, { CustomerNumber: '7000', CustomerName: 'Nya Kunden i Ystad AB' });
    const customer = sb.control.customersOf(tenantId).find((c) => c['CustomerNumber'] === '7000');
    expect(customer).toMatchObject({ Name: 'Nya Kunden i Ystad AB', Active: true, LastModified: stamp, City: 'Ystad' });
    expect(documentNumber).toBeTruthy();
    // A known customer keeps its register name; a renumbered invoice brings its new number in.
    const known = sb.control.customersOf(tenantId).find((c) => c['CustomerNumber'] === '1');
    sb.control.addInvoice(tenantId, { CustomerNumber: '1', CustomerName: 'Annat Namn AB' });
    expect(sb.control.customersOf(tenantId).find((c) => c['CustomerNumber'] === '1')).toEqual(known);
    sb.control.updateInvoice(tenantId, documentNumber, { CustomerNumber: '7001', CustomerName: 'Omnumrerad AB' });
    expect(sb.control.customersOf(tenantId).find((c) => c['CustomerNumber'] === '7001')?.['Name']).toBe('Omnumrerad AB');
    const numbersNow = new Set(sb.control.customersOf(tenantId).map((c) => String(c['CustomerNumber'])));
    for (const invoice of sb.control.invoicesOf(tenantId)) expect(numbersNow.has(invoice.CustomerNumber), invoice.CustomerNumber).toBe(true);
  });
});

describe('the control routes over HTTP', () => {
  it('GET, POST and PATCH /sandbox/companies/{tenantId}/customers; "$remove" names the fields to drop', async () => {
    const sb = await startSandbox({ ...OPTIONS, controlRoutes: true });
    try {
      const base = `${new URL(sb.apiUrl).origin}/sandbox/companies/${companyOf(sb, 'small').tenantId}/customers`;
      const send = async (method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> => {
        const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, body: await res.json() };
      };
      const listed = (await send('GET', base)).body as SandboxCustomer[];
      expect(listed).toEqual(sb.control.customersOf(companyOf(sb, 'small').tenantId));
      const added = (await send('POST', base, { Name: 'Via HTTP AB', Active: 'true' })).body as SandboxCustomer;
      expect(added).toMatchObject({ Name: 'Via HTTP AB', Active: 'true' });
      const number = String(added['CustomerNumber']);
      expect((await send('PATCH', `${base}/${number}`, { $remove: ['Active', 'Email'], Phone: null })).status).toBe(200);
      const after = (await call(sb, `/3/customers/${number}`, tokenFor(sb, 'small'))).body.Customer;
      expect(after).not.toHaveProperty('Active');
      expect(after).not.toHaveProperty('Email');
      expect(after['Phone']).toBeNull();
      expect((await send('PATCH', `${base}/${number}`, { $remove: 'Active' })).status).toBe(400);
      expect((await send('PATCH', `${base}/424242`, { Name: 'x' })).status).toBe(400);
    } finally {
      await sb.close();
    }
  });
});

describe('determinism', () => {
  it('the same seed gives the same register (lazily built or not); another seed another', async () => {
    const again = await startSandbox(OPTIONS);
    const other = await startSandbox({ ...OPTIONS, seed: 'customers-other' });
    try {
      // The second sandbox builds its register only after an invoice change: the same result.
      const largeId = companyOf(again, 'large').tenantId;
      again.control.deleteInvoice(largeId, String(again.control.invoicesOf(largeId).find((i) => !i.Booked)?.DocumentNumber));
      for (const key of ['small', 'large', 'empty'] as const) {
        expect(again.control.customersOf(companyOf(again, key).tenantId), key).toEqual(sandbox.control.customersOf(companyOf(sandbox, key).tenantId));
      }
      expect(other.control.customersOf(companyOf(other, 'small').tenantId)).not.toEqual(register);
      expect(numbers(await allPages({}, tokenFor(again, 'small'), again))).toEqual(numbers(register as Item[]));
    } finally {
      await again.close();
      await other.close();
    }
  });
});
