// `npm run report` with the payments, against the sandbox over real HTTP (runCli in
// process): a customer's statement as at random dates and each month's DSO and DPO, each compared
// with a recount here from the sandbox's own invoices and payments (the rules written out
// again, independently of common/statement.ts and common/days-outstanding.ts); a service account
// without the payment scope gets dso and dpo null with a warning, and `--customer` exits 3 naming it.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runReport } from '../../../electron/cli/run-report';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { countedBills, countedInvoices, ISO, ore, recountDays, recountStatement } from '../../support/money-recount';

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 800 });
  sandbox.control.setRateLimits(false);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-cli-statement-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const tenantOf = (s: Sandbox, key: 'small' | 'large'): string => s.companies.find((c) => c.key === key)?.tenantId as string;

async function report(s: Sandbox, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runReport(args, {
    env: { INVOICE_DESK_CLIENT_ID: s.clientId, INVOICE_DESK_CLIENT_SECRET: s.clientSecret, INVOICE_DESK_AUTH_URL: s.authUrl, INVOICE_DESK_API_URL: s.apiUrl },
    cwd: dir,
    stdout: { write: (text: string) => ((stdout += text), true) },
    stderr: { write: (text: string) => ((stderr += text), true) },
  });
  return { code, stdout, stderr };
}

/** A small pseudo-random sequence, the same every run. */
function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

describe('report --customer: a statement as at a date', () => {
  it('balances at random dates equal a recount from the sandbox; rows, running balance and JSON fields as other tools read them', async () => {
    const tenant = tenantOf(sandbox, 'large');
    const invoices = sandbox.control.invoicesOf(tenant);
    const payments = sandbox.control.paymentsOf(tenant);
    const today = serviceDate(Date.now());
    // Customers with the most invoices (several paid in parts), then a few at random.
    const counts = new Map<string, number>();
    for (const i of invoices) counts.set(i.CustomerNumber, (counts.get(i.CustomerNumber) ?? 0) + 1);
    const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    const next = rng(37);
    const chosen = [...new Set([...busiest.slice(0, 3), ...Array.from({ length: 3 }, () => busiest[Math.floor(next() * busiest.length)] as string)])];
    const first = invoices.map((i) => i.InvoiceDate).filter((d) => ISO.test(d)).sort()[0] as string;
    const span = (Date.parse(today) - Date.parse(first)) / 86_400_000;
    let checked = 0;
    let withPayments = 0;
    for (const customer of chosen) {
      const mine = countedInvoices(invoices, customer);
      const dates = [today, ...Array.from({ length: 3 }, () => new Date(Date.parse(first) + Math.floor(next() * span) * 86_400_000).toISOString().slice(0, 10))];
      for (const asOf of dates) {
        const result = await report(sandbox, ['--tenant', tenant, '--mirror', 'copy', '--customer', customer, ...(asOf === today ? [] : ['--as-of', asOf]), '--json']);
        expect(result.code, result.stderr).toBe(0);
        const statement = JSON.parse(result.stdout) as { customerNumber: string; name: string; asOf: string; currencies: Record<string, { balance: number; rows: Array<Record<string, unknown>>; ageing: Record<string, number>; notPlaced: unknown[] }> };
        expect(statement).toMatchObject({ customerNumber: customer, asOf });
        expect(statement.name.length).toBeGreaterThan(0);
        const expected = recountStatement(mine, payments, asOf);
        for (const [currency, balance] of expected) {
          if (balance === 0 && !statement.currencies[currency]) continue;
          expect(ore(statement.currencies[currency]?.balance ?? NaN), `${customer} ${currency} as at ${asOf}`).toBe(balance);
        }
        for (const [currency, c] of Object.entries(statement.currencies)) {
          expect(ore(c.balance), `${customer} ${currency} as at ${asOf}`).toBe(expected.get(currency) ?? 0);
          if (c.rows.length > 0) expect(c.rows.at(-1)?.['balance']).toBe(c.balance);
          for (const row of c.rows) {
            expect(Object.keys(row).sort()).toEqual(['amount', 'balance', 'date', 'documentNumber', 'kind']);
            expect(row['date'] as string <= asOf).toBe(true);
          }
          // Dates ascending; the ageing adds up to the balance.
          const rowDates = c.rows.map((r) => r['date'] as string);
          expect(rowDates).toEqual([...rowDates].sort());
          expect(ore(Object.values(c.ageing).reduce((a, b) => a + b, 0))).toBe(ore(c.balance));
          if (c.rows.some((r) => r['kind'] === 'payment')) withPayments += 1;
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
    expect(withPayments).toBeGreaterThan(0);

    // Text mode prints the same as a table; an unknown customer is a usage error naming it.
    const text = await report(sandbox, ['--tenant', tenant, '--mirror', 'copy', '--customer', busiest[0] as string]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^Statement of customer .*\\(${busiest[0]}\\) as at ${today}`));
    expect(text.stdout).toMatch(/Date\s+Kind\s+Invoice\s+Amount\s+Balance/);
    const unknown = await report(sandbox, ['--tenant', tenant, '--mirror', 'copy', '--customer', '99999999']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('customer 99999999 is not in the local copy');
  });

  it('refuses a day that is not one, and --as-of without --customer', async () => {
    const tenant = tenantOf(sandbox, 'small');
    for (const args of [['--customer', '1', '--as-of', '2026-02-30'], ['--as-of', '2026-01-01'], ['--customer', '1;rm']]) {
      const result = await report(sandbox, ['--tenant', tenant, '--mirror', 'copy', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
    }
  });
});

describe('report --json: DSO and DPO', () => {
  it('12 month ends, oldest first, the current month last, each equal to a recount from the sandbox', async () => {
    const tenant = tenantOf(sandbox, 'large');
    const result = await report(sandbox, ['--tenant', tenant, '--mirror', 'copy', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as { asOf: string; dso: Array<{ month: string; days: number }>; dpo: Array<{ month: string; days: number }> };
    const today = json.asOf;
    const invoices = sandbox.control.invoicesOf(tenant);
    const dso = recountDays(countedInvoices(invoices), sandbox.control.paymentsOf(tenant), today);
    const dpo = recountDays(countedBills(sandbox.control.supplierInvoicesOf(tenant)), sandbox.control.supplierPaymentsOf(tenant), today);
    expect(json.dso.map((m) => m.month)).toEqual(dso.map((m) => m.month));
    expect(json.dso.at(-1)?.month).toBe(today.slice(0, 7));
    for (const [i, m] of json.dso.entries()) expect(Math.abs(m.days - (dso[i] as { days: number }).days), `DSO ${m.month}`).toBeLessThanOrEqual(0.1);
    for (const [i, m] of json.dpo.entries()) expect(Math.abs(m.days - (dpo[i] as { days: number }).days), `DPO ${m.month}`).toBeLessThanOrEqual(0.1);
    expect(json.dso.some((m) => m.days > 0)).toBe(true);
    expect(json.dpo.some((m) => m.days > 0)).toBe(true);
    expect(result.stderr).toMatch(/customer payments up to date/);
    expect(result.stderr).toMatch(/supplier payments up to date/);

    const text = await report(sandbox, ['--tenant', tenant, '--mirror', 'copy']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Days outstanding, countback method');
    expect(text.stdout).toMatch(new RegExp(`${today.slice(0, 7)}\\s+${today}\\s+${json.dso.at(-1)?.days.toFixed(1)}\\s+${json.dpo.at(-1)?.days.toFixed(1)}`));
  });
});

describe('a service account without the payment scope', () => {
  let limited: Sandbox;
  beforeAll(async () => {
    limited = await startSandbox({ largeInvoiceCount: 100 });
    limited.control.setRateLimits(false);
    // The administrator approves the integration as a service account without the payment scope.
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

  it('report --json: dso and dpo null with a warning naming payment, the rest as before; --customer exits 3 naming it', async () => {
    const tenant = tenantOf(limited, 'small');
    const result = await report(limited, ['--tenant', tenant, '--mirror', 'copy', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as { dso: unknown; dpo: unknown; payables: unknown; currencies: Record<string, unknown> };
    expect(json.dso).toBeNull();
    expect(json.dpo).toBeNull();
    expect(json.payables).not.toBeNull();
    expect(Object.keys(json.currencies).length).toBeGreaterThan(0);
    expect(result.stderr).toMatch(/warning: DSO left out: no access to customer payments for tenant \d+.*lacks the scope payment/);
    const customer = limited.control.invoicesOf(tenant)[0]?.CustomerNumber as string;
    const statement = await report(limited, ['--tenant', tenant, '--mirror', 'copy', '--customer', customer]);
    expect(statement.code).toBe(3);
    expect(statement.stderr).toMatch(/no access to customer payments for tenant \d+.*lacks the scope payment\. Approve the service account again with the payment scope/);
    expect(statement.stdout).toBe('');
  });
});
