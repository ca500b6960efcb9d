// `npm run export -- --resource suppliers` against the sandbox over real HTTP (runCli in process):
// the English header line exactly as other tools read it; every supplier of the register once;
// with --mirror the five figures from the copy, recounted here from the sandbox's own supplier
// invoices (test/support/supplier-recount.ts; a supplier without bills: 0.00, 0.00, 0, empty,
// empty); without --mirror those columns are absent and stderr says why; a service account
// without the supplier scope exits 3 naming it, and still exports the supplier invoices.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/run';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { recountSupplier } from '../../support/supplier-recount';

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 200, largeSupplierInvoiceCount: 700 });
  sandbox.control.setRateLimits(false);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-cli-suppliers-'));
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

/** A text cell as it was before the CSV's formula guard put a ' in front of it. */
const unguarded = (cell: string | undefined): string | undefined => (cell !== undefined && /^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

const HEADER_EN = 'Supplier no.,Name,Org. no.,You owe (SEK),Overdue (SEK),Open bills,You pay (days late),Last bill,City,Email,Phone,BG,PG,IBAN';

/** The five figures as the CSV writes them: amounts with two decimals, no habit or bill empty. */
function csvFigures(s: Sandbox, tenant: string, supplier: string, today: string): string[] {
  const bills = s.control.supplierInvoicesOf(tenant).map((bill) => ({
    supplierNumber: bill.SupplierNumber,
    invoiceDate: bill.InvoiceDate,
    dueDate: bill.DueDate,
    finalPayDate: bill.FinalPayDate === '' ? null : bill.FinalPayDate,
    total: bill.Total,
    balance: bill.Balance,
    currencyRate: bill.CurrencyRate,
    currencyUnit: bill.CurrencyUnit,
    booked: bill.Booked,
    cancelled: bill.Cancelled,
  }));
  const f = recountSupplier(bills, supplier, today);
  return [f.owed.toFixed(2), f.overdue.toFixed(2), String(f.openBills), f.paysDaysLate === null ? '' : String(f.paysDaysLate), f.lastBill ?? ''];
}

describe('export --resource suppliers', () => {
  it('with --mirror: the exact English header, every supplier once, and the figures recounted from the supplier invoices', async () => {
    const tenant = tenantOf(sandbox, 'large');
    const out = path.join(dir, 'leverantorer.csv');
    const result = await run(sandbox, ['--tenant', tenant, '--resource', 'suppliers', '--out', out, '--mirror', 'copy', '--lang', 'en']);
    expect(result.code, result.stderr).toBe(0);
    const text = await fs.readFile(out, 'utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER_EN);
    const rows = parse(text, ',').slice(1);
    const register = sandbox.control.suppliersOf(tenant);
    expect(rows.map((r) => r[0])).toEqual(register.map((s) => String(s['SupplierNumber'])));
    const today = serviceDate(Date.now() + sandbox.control.clockOffsetMs);
    const bills = sandbox.control.supplierInvoicesOf(tenant);
    let withoutBills = 0;
    for (const [i, row] of rows.entries()) {
      const supplier = register[i]!;
      // A text cell that starts like a formula (a phone number abroad, +49 …) is written behind a ' (docs/security.md, CSV files).
      expect([row[1], row[2], ...row.slice(8)].map(unguarded), `supplier ${row[0]}`).toEqual([supplier['Name'], supplier['OrganisationNumber'], supplier['City'], supplier['Email'], supplier['Phone'], supplier['BG'], supplier['PG'], supplier['IBAN']].map((v) => String(v ?? '')));
      expect(row.slice(3, 8), `supplier ${row[0]}`).toEqual(csvFigures(sandbox, tenant, row[0] as string, today));
      if (!bills.some((bill) => bill.SupplierNumber === row[0])) {
        withoutBills += 1;
        expect(row.slice(3, 8)).toEqual(['0.00', '0.00', '0', '', '']);
      }
    }
    expect(withoutBills).toBeGreaterThan(0);
    expect(rows.some((r) => r[3] !== '0.00')).toBe(true);
    // Both lists were brought up to date first: the supplier invoices (the figures' source), then the register.
    expect(result.stderr).toMatch(/local copy up to date \(full read, \d+ requests?, 700 supplier invoices\)/);
    expect(result.stderr).toMatch(/local copy up to date \(full read, \d+ requests?, \d+ suppliers\)/);

    // Sorted on the copy by what is owed, largest first; and only those with something overdue.
    const sorted = await run(sandbox, ['--tenant', tenant, '--resource', 'suppliers', '--out', out, '--mirror', 'copy', '--sortby', 'owed', '--sortorder', 'descending', '--filter', 'withoverdue']);
    expect(sorted.code, sorted.stderr).toBe(0);
    const owedRows = parse(await fs.readFile(out, 'utf8'), ',').slice(1);
    const owed = owedRows.map((r) => Number(r[3]));
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    expect(owedRows.length).toBeGreaterThan(0);
  });

  it('without --mirror: the register only, the figures left out and stderr says why', async () => {
    const tenant = tenantOf(sandbox, 'small');
    const out = path.join(dir, 'leverantorer.csv');
    const result = await run(sandbox, ['--tenant', tenant, '--resource', 'suppliers', '--out', out, '--format', 'excel-sv', '--lang', 'sv']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('note: the columns Att betala (kr), Förfallet (kr), Öppna fakturor, Du betalar sent (dagar), Senaste faktura come from the local copy');
    const rows = parse(await fs.readFile(out, 'utf8'), ';');
    expect(rows[0]).toEqual(['Levnr', 'Namn', 'Org.nr', 'Ort', 'E-post', 'Telefon', 'BG', 'PG', 'IBAN']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(sandbox.control.suppliersOf(tenant).map((s) => String(s['SupplierNumber'])));
  });

  it('refuses what suppliers do not have: --pdf-dir, an invoice-date range, a copy-only filter or sort without --mirror', async () => {
    const tenant = tenantOf(sandbox, 'small');
    const out = path.join(dir, 'x.csv');
    for (const extra of [['--pdf-dir', 'pdfs'], ['--from', '2026-01-01'], ['--filter', 'withoverdue'], ['--sortby', 'owed']]) {
      const result = await run(sandbox, ['--tenant', tenant, '--resource', 'suppliers', '--out', out, ...extra]);
      expect(result.code, extra.join(' ')).toBe(2);
      expect(result.stderr, extra.join(' ')).toContain(`invalid ${extra[0]}`);
    }
    await expect(fs.access(out)).rejects.toThrow();
  });
});

describe('a service account without the supplier scope', () => {
  let limited: Sandbox;
  beforeAll(async () => {
    limited = await startSandbox({ largeInvoiceCount: 100 });
    limited.control.setRateLimits(false);
    // The administrator approves the integration as a service account with the invoice scopes only.
    const params = new URLSearchParams({ client_id: limited.clientId, redirect_uri: 'http://127.0.0.1:53682/callback', scope: 'invoice companyinformation supplierinvoice customer', state: 's', response_type: 'code', access_type: 'offline', account_type: 'service' });
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

  it('exits 3 naming the scope and its remedy, writes nothing; the supplier invoices and the customers still export', async () => {
    const tenant = tenantOf(limited, 'small');
    const out = path.join(dir, 'leverantorer.csv');
    for (const extra of [['--mirror', 'copy'], []]) {
      const result = await run(limited, ['--tenant', tenant, '--resource', 'suppliers', '--out', out, ...extra]);
      expect(result.code, extra.join(' ')).toBe(3);
      expect(result.stderr).toMatch(/export: no access to suppliers for tenant \d+.*lacks the scope supplier\. Approve the service account again with the supplier scope/);
      await expect(fs.access(out)).rejects.toThrow();
    }
    for (const resource of ['supplierinvoices', 'customers']) {
      const other = await run(limited, ['--tenant', tenant, '--resource', resource, '--out', path.join(dir, `${resource}.csv`), '--mirror', 'copy']);
      expect(other.code, other.stderr).toBe(0);
    }
  });
});
