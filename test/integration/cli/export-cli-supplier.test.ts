// `npm run export -- --resource supplierinvoices` against the sandbox over real HTTP (runCli in
// process): the CSV equals the sandbox's own list, read here over HTTP without the app's parsing
// (every row and every field, both formats), from the service and from the local copy (--mirror);
// the filters and the invoice-date range; --pdf-dir saves each scan by GivenNumber with the
// extension of its type; a service account without the supplierinvoice scope (or without
// connectfile/archive for --pdf-dir) exits 3 naming it.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/run';
import { runReport } from '../../../electron/cli/run-report';
import { systemClock, type Clock } from '../../../electron/kernel/clock';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox, type SandboxSupplierInvoice } from '../../../electron/sandbox/index';

const LARGE = 1_000; // customer invoices of the large company; its supplier invoices are 40 % of that
let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: LARGE });
  sandbox.control.setRateLimits(false);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-cli-supplier-'));
  sandbox.control.resetCounters();
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const tenantOf = (s: Sandbox, key: 'small' | 'large' | 'empty'): string => s.companies.find((c) => c.key === key)?.tenantId as string;

/** Time 100 times faster than the wall clock (now and sleep agree): the client's pacing of the
 * scans' two requests each then takes milliseconds (the sandbox's limits are lifted). */
function fastClock(factor = 100): Clock {
  const origin = systemClock.now();
  return { now: () => origin + (systemClock.now() - origin) * factor, sleep: (ms, signal) => systemClock.sleep(ms / factor, signal) };
}

async function run(s: Sandbox, args: string[], clock?: Clock): Promise<{ code: number; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  const code = await runCli(args, {
    env: { INVOICE_DESK_CLIENT_ID: s.clientId, INVOICE_DESK_CLIENT_SECRET: s.clientSecret, INVOICE_DESK_AUTH_URL: s.authUrl, INVOICE_DESK_API_URL: s.apiUrl },
    cwd: dir,
    stdout: { write: (text: string) => ((stdout += text), true) },
    stderr: { write: (text: string) => ((stderr += text), true) },
    ...(clock ? { clock } : {}),
  });
  return { code, stderr, stdout };
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');

function parse(text: string, delimiter: ',' | ';'): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

/** The sandbox's list as it answers it (raw JSON over HTTP, every page), with the given parameters. */
async function served(s: Sandbox, tenantId: string, params: Record<string, string> = {}): Promise<Array<Record<string, unknown>>> {
  const token = s.control.issueTokens({ tenantId, scopes: ['supplierinvoice'] }).access_token;
  const items: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${s.apiUrl}/3/supplierinvoices?${new URLSearchParams({ ...params, limit: '500', page: String(page) }).toString()}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { MetaInformation: Record<string, number>; SupplierInvoices: Array<Record<string, unknown>> };
    items.push(...body.SupplierInvoices);
    const meta = body.MetaInformation as { '@CurrentPage': number; '@TotalPages': number };
    if (meta['@CurrentPage'] >= meta['@TotalPages']) return items;
  }
}

const HEADERS = {
  en: ['Given no.', 'Supplier no.', 'Supplier', 'Invoice no.', 'Invoice date', 'Due date', 'Total', 'Balance', 'Currency', 'Status', 'OCR', 'Booked', 'Final pay date', 'Approver', 'Project', 'Cost center'],
  sv: ['Löpnr', 'Lev.nr', 'Leverantör', 'Fakturanr', 'Fakturadatum', 'Förfallodatum', 'Totalt', 'Saldo', 'Valuta', 'Status', 'OCR', 'Bokförd', 'Slutbetald', 'Attestant', 'Projekt', 'Kostnadsställe'],
};

const STATUS_WORDS = {
  en: { cancelled: 'Cancelled', paid: 'Paid', payment: 'Payment pending', approval: 'Awaiting approval', overdue: 'Overdue', partly: 'Partly paid', unpaid: 'Unpaid' },
  sv: { cancelled: 'Makulerad', paid: 'Betald', payment: 'Betalning pågår', approval: 'Att attestera', overdue: 'Förfallen', partly: 'Delbetald', unpaid: 'Obetald' },
};

/** The status written out by hand from the sandbox's record (the order the grid uses: the first that holds). */
function statusOf(record: SandboxSupplierInvoice, today: string, lang: 'en' | 'sv'): string {
  const words = STATUS_WORDS[lang];
  if (record.Cancelled) return words.cancelled;
  if (record.Balance === 0) return words.paid;
  if (record.PaymentPending) return words.payment;
  if (record.AuthorizePending) return words.approval;
  if (record.DueDate < today) return words.overdue;
  if (Math.abs(record.Balance) < Math.abs(record.Total)) return words.partly;
  return words.unpaid;
}

/** A text cell as a spreadsheet must receive it: a formula start gets a `'` (the guard of csv.ts). */
const guarded = (text: string): string => text.replace(/(^|[,;\t\r\n])([\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g, "$1$2'");

/** One served item as the CSV row must read, in `format` and `lang`. */
function expectedRow(item: Record<string, unknown>, record: SandboxSupplierInvoice, format: 'standard' | 'excel-sv', lang: 'en' | 'sv', today: string): string[] {
  const amount = (value: unknown): string => {
    const fixed = Number(value).toFixed(2);
    return format === 'excel-sv' ? fixed.replace('.', ',') : fixed;
  };
  const bool = (value: unknown): string => (value === true ? (format === 'excel-sv' ? 'SANT' : 'true') : format === 'excel-sv' ? 'FALSKT' : 'false');
  const text = (value: unknown): string => guarded(value === null || value === undefined ? '' : String(value));
  return [
    text(item.GivenNumber),
    text(item.SupplierNumber),
    text(item.SupplierName),
    text(item.InvoiceNumber),
    text(item.InvoiceDate),
    text(item.DueDate),
    amount(item.Total),
    amount(item.Balance),
    text(item.Currency),
    statusOf(record, today, lang),
    // The list item carries no OCR (docs/service.md, Supplier invoices): known only once an invoice's details were read.
    text(item.OCR),
    bool(item.Booked),
    text(item.FinalPayDate),
    text(item.AuthorizerName),
    text(item.Project),
    text(item.CostCenter),
  ];
}

async function expectEqualToServed(file: string, tenantId: string, options: { format: 'standard' | 'excel-sv'; lang: 'en' | 'sv'; params?: Record<string, string>; sameOrder: boolean }): Promise<string[][]> {
  const text = await fs.readFile(file, 'utf8');
  if (options.format === 'excel-sv') expect(text.charCodeAt(0)).toBe(0xfeff);
  else expect(text.charCodeAt(0)).not.toBe(0xfeff);
  const rows = parse(text, options.format === 'excel-sv' ? ';' : ',');
  expect(rows[0]).toEqual(HEADERS[options.lang]);
  const items = await served(sandbox, tenantId, options.params);
  const records = new Map(sandbox.control.supplierInvoicesOf(tenantId).map((r) => [r.GivenNumber, r]));
  const today = serviceDate(Date.now());
  const expected = items.map((item) => expectedRow(item, records.get(String(item.GivenNumber)) as SandboxSupplierInvoice, options.format, options.lang, today));
  const body = rows.slice(1);
  expect(body.length).toBe(items.length);
  if (options.sameOrder) expect(body).toEqual(expected);
  else expect([...body].sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([...expected].sort((a, b) => Number(a[0]) - Number(b[0])));
  return body;
}

const supplierRequests = (): number => sandbox.control.counters().byRoute.supplierinvoices ?? 0;

describe('export --resource supplierinvoices', () => {
  it("from the service: every row and field of the sandbox's list, in its order; excel-sv in Swedish too", async () => {
    const tenant = tenantOf(sandbox, 'large');
    const count = sandbox.control.supplierInvoicesOf(tenant).length;
    expect(count).toBe(400);
    const out = path.join(dir, 'suppliers.csv');
    const result = await run(sandbox, ['--tenant', tenant, '--resource', 'supplierinvoices', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(lines(result.stderr).at(-1)).toMatch(new RegExp(`^export: wrote ${count} rows \\(1 page\\) to `));
    // One list page of 500, and the two small filtered lists the status column needs.
    expect(supplierRequests()).toBe(3);
    expect(sandbox.control.counters().byRoute.invoices ?? 0).toBe(0);
    const body = await expectEqualToServed(out, tenant, { format: 'standard', lang: 'en', sameOrder: true });
    // The statuses the list item cannot tell are there.
    expect(body.some((row) => row[9] === 'Awaiting approval')).toBe(true);
    expect(body.some((row) => row[9] === 'Payment pending')).toBe(true);

    const sv = path.join(dir, 'leverantörsfakturor.csv');
    const swedish = await run(sandbox, ['--tenant', tenant, '--resource', 'supplierinvoices', '--out', sv, '--format', 'excel-sv', '--lang', 'sv', '--limit', '50', '--pages', '2-9']);
    expect(swedish.code, swedish.stderr).toBe(0);
    const rows = parse(await fs.readFile(sv, 'utf8'), ';');
    // View pages 2-9 of 50: rows 51-400 of the service's order.
    expect(rows.slice(1).map((r) => r[0])).toEqual(body.slice(50, 400).map((r) => r[0]));
  });

  it('excel-sv and Swedish over the whole small company, the formula guard on hostile supplier names', async () => {
    const tenant = tenantOf(sandbox, 'small');
    const out = path.join(dir, 'small.csv');
    const result = await run(sandbox, ['--tenant', tenant, '--resource', 'supplierinvoices', '--out', out, '--format', 'excel-sv', '--lang', 'sv']);
    expect(result.code, result.stderr).toBe(0);
    const body = await expectEqualToServed(out, tenant, { format: 'excel-sv', lang: 'sv', sameOrder: true });
    const hostile = sandbox.control.supplierInvoicesOf(tenant).filter((r) => /^[=+\-@]/.test(r.SupplierName));
    expect(hostile.length).toBeGreaterThan(0);
    for (const record of hostile) expect(body.find((row) => row[0] === record.GivenNumber)?.[2]).toBe(`'${record.SupplierName}`);
  });

  it('--filter with --from/--to: exactly what the service lists for them', async () => {
    const tenant = tenantOf(sandbox, 'large');
    const dates = sandbox.control.supplierInvoicesOf(tenant).map((r) => r.InvoiceDate).sort();
    const from = dates[Math.floor(dates.length / 4)] as string;
    const to = dates[Math.floor((dates.length * 3) / 4)] as string;
    for (const filter of ['unpaid', 'authorizepending', 'fullypaid']) {
      const out = path.join(dir, `${filter}.csv`);
      const result = await run(sandbox, ['--tenant', tenant, '--resource', 'supplierinvoices', '--out', out, '--filter', filter, '--from', from, '--to', to]);
      expect(result.code, result.stderr).toBe(0);
      await expectEqualToServed(out, tenant, { format: 'standard', lang: 'en', params: { filter, fromdate: from, todate: to }, sameOrder: true });
    }
  });

  it('--mirror: the supplier side of the local copy, the same rows; an unchanged company costs 3 requests; the copy sorts and filters', async () => {
    const tenant = tenantOf(sandbox, 'large');
    const out = path.join(dir, 'copy.csv');
    const first = await run(sandbox, ['--tenant', tenant, '--resource', 'supplierinvoices', '--out', out, '--mirror', 'copy']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/local copy up to date \(full read, \d+ requests, 400 supplier invoices\)/);
    await expectEqualToServed(out, tenant, { format: 'standard', lang: 'en', sameOrder: false });

    sandbox.control.resetCounters();
    const sv = path.join(dir, 'copy-sv.csv');
    const second = await run(sandbox, ['--tenant', tenant, '--resource', 'supplierinvoices', '--out', sv, '--mirror', 'copy', '--format', 'excel-sv', '--lang', 'sv']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/incremental read, 3 requests/);
    expect(supplierRequests()).toBe(3);
    expect(sandbox.control.counters().byRoute.invoices ?? 0).toBe(0);
    await expectEqualToServed(sv, tenant, { format: 'excel-sv', lang: 'sv', sameOrder: false });

    // Sorted on the copy (the service cannot), by due date, latest first.
    const sorted = path.join(dir, 'sorted.csv');
    const bySort = await run(sandbox, ['--tenant', tenant, '--resource', 'supplierinvoices', '--out', sorted, '--mirror', 'copy', '--sortby', 'duedate', '--sortorder', 'descending', '--filter', 'unpaid']);
    expect(bySort.code, bySort.stderr).toBe(0);
    const rows = parse(await fs.readFile(sorted, 'utf8'), ',').slice(1);
    const dueDates = rows.map((r) => r[5] as string);
    expect(dueDates).toEqual([...dueDates].sort().reverse());
    const unpaid = await served(sandbox, tenant, { filter: 'unpaid' });
    expect(rows.map((r) => r[0]).sort()).toEqual(unpaid.map((i) => String(i.GivenNumber)).sort());
  });

  it('usage errors: --sortby without --mirror (the service sorts by nothing), an unknown --resource, a customer filter', async () => {
    const base = ['--tenant', tenantOf(sandbox, 'small'), '--out', path.join(dir, 'x.csv')];
    const cases: Array<[string[], RegExp]> = [
      [['--resource', 'supplierinvoices', '--sortby', 'duedate'], /^export: invalid --sortby: the service cannot sort supplier invoices .*--mirror/],
      [['--resource', 'supplierinvoices', '--sortorder', 'descending'], /^export: invalid --sortorder: the service cannot sort supplier invoices/],
      [['--resource', 'payments'], /^export: invalid --resource: "payments" is not one of: invoices, supplierinvoices, customers/],
      [['--resource', 'supplierinvoices', '--filter', 'unbookedx'], /^export: invalid --filter: .*authorizepending/],
      [['--resource', 'supplierinvoices', '--search', 'customername=a'], /^export: invalid --search: .*suppliernumber/],
    ];
    for (const [extra, expected] of cases) {
      const result = await run(sandbox, [...base, ...extra]);
      expect(result.code, extra.join(' ')).toBe(2);
      expect(result.stderr, extra.join(' ')).toMatch(expected);
    }
    expect(sandbox.control.counters().requests).toBe(0);
    expect(await fs.readdir(dir)).toEqual([]);
  });
});

const MAGIC: Record<string, { ext: string; bytes: number[] }> = {
  'application/pdf': { ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  'image/png': { ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
};

describe('--resource supplierinvoices --pdf-dir', () => {
  it('saves each scan as <GivenNumber>.pdf/.png/.jpg by its type, counts the invoices without one, and a second run skips them all', async () => {
    const tenant = tenantOf(sandbox, 'small');
    const scans = path.join(dir, 'scans');
    await fs.mkdir(scans);
    const args = ['--tenant', tenant, '--resource', 'supplierinvoices', '--out', 'all.csv', '--pdf-dir', scans];
    const first = await run(sandbox, args, fastClock());
    expect(first.code, first.stderr).toBe(0);
    const records = sandbox.control.supplierInvoicesOf(tenant);
    const withScan = records.filter((r) => r.Scan !== null);
    const without = records.length - withScan.length;
    expect(without).toBeGreaterThan(0);
    expect(new Set(withScan.map((r) => r.Scan?.ContentType))).toEqual(new Set(Object.keys(MAGIC)));
    expect(first.stderr).toContain(`scans: ${withScan.length} saved, 0 already there, ${without} without a scan, in ${scans}`);
    const files = (await fs.readdir(scans)).sort();
    expect(files).toEqual(withScan.map((r) => `${r.GivenNumber}.${MAGIC[r.Scan?.ContentType as string]?.ext}`).sort());
    for (const record of withScan) {
      const magic = MAGIC[record.Scan?.ContentType as string] as { ext: string; bytes: number[] };
      const bytes = await fs.readFile(path.join(scans, `${record.GivenNumber}.${magic.ext}`));
      expect([...bytes.subarray(0, magic.bytes.length)], record.GivenNumber).toEqual(magic.bytes);
    }

    const second = await run(sandbox, args, fastClock());
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`scans: 0 saved, ${withScan.length} already there, ${without} without a scan`);
    expect((await fs.readdir(scans)).sort()).toEqual(files);
  });
});

describe('a service account without the supplier scopes', () => {
  let limited: Sandbox;
  beforeAll(async () => {
    limited = await startSandbox({ largeInvoiceCount: 100 });
    limited.control.setRateLimits(false);
  });
  afterAll(() => limited.close());

  /** The administrator approves the integration as a service account again, with these scopes only (the consent page). */
  async function approveServiceAccount(scopes: string[]): Promise<void> {
    const params = new URLSearchParams({ client_id: limited.clientId, redirect_uri: 'http://127.0.0.1:53682/callback', scope: scopes.join(' '), state: 's', response_type: 'code', access_type: 'offline', account_type: 'service' });
    const page = await (await fetch(`${limited.authUrl}/oauth-v1/auth?${params.toString()}`)).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const answer = await fetch(`${limited.authUrl}/oauth-v1/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request_id: requestId, decision: 'approve', company: tenantOf(limited, 'small'), email: 'admin@sandbox.invalid', password: 'x' }).toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
  }

  it('no supplierinvoice scope: exit 3 naming it and the remedy, no file; the customer export still works', async () => {
    await approveServiceAccount(['invoice', 'companyinformation']);
    const out = path.join(dir, 'x.csv');
    const result = await run(limited, ['--tenant', tenantOf(limited, 'small'), '--resource', 'supplierinvoices', '--out', out]);
    expect(result.code).toBe(3);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^export: no access to supplier invoices for tenant \d+.*the service account lacks the scope supplierinvoice\. Approve the service account again with the supplierinvoice scope/);
    expect(await fs.readdir(dir)).toEqual([]);
    // With --mirror the copy's read is refused the same way.
    const mirrored = await run(limited, ['--tenant', tenantOf(limited, 'small'), '--resource', 'supplierinvoices', '--out', out, '--mirror', 'copy']);
    expect(mirrored.code).toBe(3);
    expect(mirrored.stderr).toContain('lacks the scope supplierinvoice');
    await expect(fs.access(out)).rejects.toThrow();
    const customers = await run(limited, ['--tenant', tenantOf(limited, 'small'), '--out', path.join(dir, 'customers.csv')]);
    expect(customers.code, customers.stderr).toBe(0);
    // The report still runs (receivables are right without them): a warning, and the payables unknown (null), never 0.
    let stdout = '';
    let stderr = '';
    const report = await runReport(['--tenant', tenantOf(limited, 'small'), '--mirror', 'report-copy', '--json'], {
      env: { INVOICE_DESK_CLIENT_ID: limited.clientId, INVOICE_DESK_CLIENT_SECRET: limited.clientSecret, INVOICE_DESK_AUTH_URL: limited.authUrl, INVOICE_DESK_API_URL: limited.apiUrl },
      cwd: dir,
      stdout: { write: (text: string) => ((stdout += text), true) },
      stderr: { write: (text: string) => ((stderr += text), true) },
    });
    expect(report, stderr).toBe(0);
    expect(stderr).toMatch(/report: warning: payables left out: no access to supplier invoices for tenant \d+.*lacks the scope supplierinvoice/);
    const json = JSON.parse(stdout) as { payables: unknown; awaitingApproval: unknown; paymentPending: unknown; payFirst: unknown; currencies: Record<string, unknown>; cashOutlook: Array<{ out: unknown }> };
    expect(json.payables).toBeNull();
    expect(json.awaitingApproval).toBeNull();
    expect(json.paymentPending).toBeNull();
    expect(json.payFirst).toBeNull();
    expect(Object.keys(json.currencies).length).toBeGreaterThan(0);
    expect(json.cashOutlook.every((e) => e.out === null)).toBe(true);
  });

  it('supplierinvoice but not connectfile/archive: the CSV is written, --pdf-dir exits 3 naming those scopes', async () => {
    await approveServiceAccount(['invoice', 'companyinformation', 'supplierinvoice']);
    const scans = path.join(dir, 'scans');
    await fs.mkdir(scans);
    const out = path.join(dir, 'page.csv');
    const result = await run(limited, ['--tenant', tenantOf(limited, 'small'), '--resource', 'supplierinvoices', '--out', out, '--pages', '1', '--limit', '10', '--pdf-dir', scans]);
    expect(result.code).toBe(3);
    expect(lines(result.stderr).at(-1)).toMatch(/^export: no access to the scans of supplier invoices for tenant \d+.*lacks the scope connectfile or archive.*Approve the service account again with the scopes connectfile and archive/);
    expect(parse(await fs.readFile(out, 'utf8'), ',')).toHaveLength(11);
    expect(await fs.readdir(scans)).toEqual([]);
  });
});
