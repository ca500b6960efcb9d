// `npm run export -- --resource customers` against the sandbox over real HTTP (runCli in process):
// the English header line exactly as other tools read it; every customer of the register
// once; Active written as Booked is (true/false, SANT/FALSKT); with --mirror the five figures from
// the copy, recounted here from the sandbox's own invoices by the rules of common/owed.ts and
// common/cash-outlook.ts (a customer without invoices: 0.00, 0.00, 0, empty, empty); without
// --mirror those columns are absent and stderr says why; a service account without the customer
// scope exits 3 naming it, and still exports the invoices with --mirror.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/run';
import { paymentHabits } from '../../../electron/common/cash-outlook';
import { serviceDate } from '../../../electron/common/invoice-status';
import { sekOre } from '../../support/sek-ore';
import { isOverdue, isOwed } from '../../../electron/common/owed';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import type { SandboxInvoice } from '../../../electron/sandbox/types';

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 600 });
  sandbox.control.setRateLimits(false);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-cli-customers-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const tenantOf = (s: Sandbox, key: 'small' | 'large'): string => s.companies.find((c) => c.key === key)?.tenantId as string;

async function run(s: Sandbox, args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(args, {
    env: { INVOICE_DESK_CLIENT_ID: s.clientId, INVOICE_DESK_CLIENT_SECRET: s.clientSecret, INVOICE_DESK_AUTH_URL: s.authUrl, INVOICE_DESK_API_URL: s.apiUrl },
    cwd: dir,
    stdout: { write: () => true },
    stderr: { write: (text: string) => ((stderr += text), true) },
  });
  return { code, stderr };
}

function parse(text: string, delimiter: ',' | ';'): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

const HEADER_EN = 'Customer no.,Name,Org. no.,City,Email,Phone,Active,Owed (SEK),Overdue (SEK),Open invoices,Usually pays (days late),Last invoice';

/** The five figures of a customer, from the sandbox's own invoices (SEK at each invoice's rate, rounded to öre). */
function figures(invoices: readonly SandboxInvoice[], customer: string, today: string): string[] {
  const mine = invoices
    .filter((i) => i.CustomerNumber === customer)
    .map((i) => ({ ...i, booked: i.Booked, cancelled: i.Cancelled, balance: i.Balance, total: i.Total, dueDate: i.DueDate, finalPayDate: i.FinalPayDate, customerNumber: i.CustomerNumber }));
  const owed = mine.filter((i) => isOwed(i));
  const overdue = mine.filter((i) => isOverdue(i, today));
  const sum = (list: typeof mine) => sekOre(list.map((i) => ({ amount: i.Balance, rate: i.CurrencyRate, unit: i.CurrencyUnit }))).toFixed(2);
  const habit = paymentHabits(mine, today).get(customer);
  const last = mine.filter((i) => !i.Cancelled && i.InvoiceDate <= today).map((i) => i.InvoiceDate).sort().at(-1) ?? '';
  return [sum(owed) === '-0.00' ? '0.00' : sum(owed), sum(overdue) === '-0.00' ? '0.00' : sum(overdue), String(owed.length), habit ? String(habit.days) : '', last];
}

describe('export --resource customers', () => {
  it('with --mirror: the exact English header, every customer once, and the figures recounted from the invoices', async () => {
    const tenant = tenantOf(sandbox, 'large');
    const out = path.join(dir, 'kunder.csv');
    const result = await run(sandbox, ['--tenant', tenant, '--resource', 'customers', '--out', out, '--mirror', 'copy', '--lang', 'en']);
    expect(result.code, result.stderr).toBe(0);
    const text = await fs.readFile(out, 'utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER_EN);
    const rows = parse(text, ',').slice(1);
    const register = sandbox.control.customersOf(tenant);
    expect(rows.map((r) => r[0])).toEqual(register.map((c) => String(c['CustomerNumber'])));
    const invoices = sandbox.control.invoicesOf(tenant);
    const today = serviceDate(Date.now());
    let withoutInvoices = 0;
    for (const [i, row] of rows.entries()) {
      const customer = register[i]!;
      expect(row.slice(1, 6), `customer ${row[0]}`).toEqual([customer['Name'], customer['OrganisationNumber'], customer['City'], customer['Email'], customer['Phone']].map(String));
      expect(row[6]).toBe(customer['Active'] === true ? 'true' : 'false');
      expect(row.slice(7), `customer ${row[0]}`).toEqual(figures(invoices, row[0] as string, today));
      if (!invoices.some((inv) => inv.CustomerNumber === row[0])) {
        withoutInvoices += 1;
        expect(row.slice(7)).toEqual(['0.00', '0.00', '0', '', '']);
      }
    }
    expect(withoutInvoices).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r[7] !== '0.00')).toBe(true);
    // Both lists were brought up to date first: the invoices (the figures' source), then the register.
    expect(result.stderr).toMatch(/local copy up to date \(full read, \d+ requests?, 600 invoices\)/);
    expect(result.stderr).toMatch(/local copy up to date \(full read, 1 request, \d+ customers\)/);

    // Sorted on the copy by what is owed, largest first; and only those with something overdue.
    const sorted = await run(sandbox, ['--tenant', tenant, '--resource', 'customers', '--out', out, '--mirror', 'copy', '--sortby', 'owed', '--sortorder', 'descending', '--filter', 'withoverdue']);
    expect(sorted.code, sorted.stderr).toBe(0);
    const owedRows = parse(await fs.readFile(out, 'utf8'), ',').slice(1);
    const owed = owedRows.map((r) => Number(r[7]));
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    expect(owedRows.length).toBeGreaterThan(0);
    expect(owedRows.every((r) => Number(r[8]) !== 0 || r[9] !== '0')).toBe(true);
  });

  it('without --mirror: the register only, the figures left out and stderr says why; excel-sv writes SANT and FALSKT', async () => {
    const tenant = tenantOf(sandbox, 'small');
    const out = path.join(dir, 'kunder.csv');
    const result = await run(sandbox, ['--tenant', tenant, '--resource', 'customers', '--out', out, '--format', 'excel-sv', '--lang', 'sv']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('note: the columns Att få (kr), Förfallet (kr), Öppna fakturor, Betalar sent (dagar), Senaste faktura come from the local copy');
    const rows = parse(await fs.readFile(out, 'utf8'), ';');
    expect(rows[0]).toEqual(['Kundnr', 'Namn', 'Org.nr', 'Ort', 'E-post', 'Telefon', 'Aktiv']);
    const register = sandbox.control.customersOf(tenant);
    expect(rows.slice(1).map((r) => r[6])).toEqual(register.map((c) => (c['Active'] === true ? 'SANT' : 'FALSKT')));
    expect(new Set(rows.slice(1).map((r) => r[6]))).toEqual(new Set(['SANT', 'FALSKT']));
  });

  it('refuses what customers do not have: --pdf-dir, an invoice-date range, a copy-only filter without --mirror', async () => {
    const tenant = tenantOf(sandbox, 'small');
    const out = path.join(dir, 'x.csv');
    for (const extra of [['--pdf-dir', 'pdfs'], ['--from', '2026-01-01'], ['--filter', 'withoverdue'], ['--sortby', 'owed']]) {
      const result = await run(sandbox, ['--tenant', tenant, '--resource', 'customers', '--out', out, ...extra]);
      expect(result.code, extra.join(' ')).toBe(2);
      expect(result.stderr, extra.join(' ')).toContain(`invalid ${extra[0]}`);
    }
    await expect(fs.access(out)).rejects.toThrow();
  });
});

describe('a service account without the customer scope', () => {
  let limited: Sandbox;
  beforeAll(async () => {
    limited = await startSandbox({ largeInvoiceCount: 100 });
    limited.control.setRateLimits(false);
    // The administrator approves the integration as a service account with the invoice scopes only.
    const params = new URLSearchParams({ client_id: limited.clientId, redirect_uri: 'http://127.0.0.1:53682/callback', scope: 'invoice companyinformation supplierinvoice', state: 's', response_type: 'code', access_type: 'offline', account_type: 'service' });
    const page = await (await fetch(`${limited.authUrl}/oauth-v1/auth?${params.toString()}`)).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const answer = await fetch(`${limited.authUrl}/oauth-v1/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request_id: requestId, decision: 'approve', company: tenantOf(limited, 'small'), email: 'admin@sandbox.invalid', password: 'x' }).toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
  });
  afterAll(() => limited.close());

  it('exits 3 naming the scope and its remedy, writes nothing; the invoices still export from the copy', async () => {
    const out = path.join(dir, 'kunder.csv');
    const result = await run(limited, ['--tenant', tenantOf(limited, 'small'), '--resource', 'customers', '--out', out, '--mirror', 'copy']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/export: no access to customers for tenant \d+.*lacks the scope customer\. Approve the service account again with the customer scope/);
    await expect(fs.access(out)).rejects.toThrow();
    const invoices = await run(limited, ['--tenant', tenantOf(limited, 'small'), '--out', path.join(dir, 'fakturor.csv'), '--mirror', 'copy']);
    expect(invoices.code, invoices.stderr).toBe(0);
  });
});
