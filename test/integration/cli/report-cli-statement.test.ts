// `npm run report` with the payments (issue 37), against the sandbox over real HTTP (runCli in
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
import type { SandboxPayment } from '../../../electron/sandbox/types';

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

const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** A payment's amount in its invoice's currency: AmountCurrency, else Amount (either side's JSON types). */
const amountOf = (p: SandboxPayment): number => Number(p['AmountCurrency'] ?? p['Amount']);
const dateOf = (p: SandboxPayment): string => (typeof p['PaymentDate'] === 'string' ? p['PaymentDate'] : '');
const ore = (value: number): number => Math.round(value * 100);

interface Counted {
  number: string;
  date: string;
  dueDate: string;
  total: number;
  currency: string;
  sek: number;
}

/** balance(D) per currency in öre: the rule over the counted invoices and their payments dated on or before D. */
function recountStatement(invoices: readonly Counted[], payments: readonly SandboxPayment[], asOf: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const invoice of invoices) {
    if (invoice.date > asOf) continue;
    const paid = payments.filter((p) => String(p['InvoiceNumber']) === invoice.number && ISO.test(dateOf(p)) && dateOf(p) <= asOf).reduce((sum, p) => sum + ore(amountOf(p)), 0);
    out.set(invoice.currency, (out.get(invoice.currency) ?? 0) + ore(invoice.total) - paid);
  }
  return out;
}

const lastDay = (month: string): string => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
const monthBefore = (month: string): string => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1));
  return d.toISOString().slice(0, 7);
};

/** DSO or DPO at the 12 month ends by the countback rule, from the counted invoices and payments (SEK at each invoice's rate). */
function recountDays(invoices: readonly Counted[], payments: readonly SandboxPayment[], today: string): Array<{ month: string; days: number }> {
  const months = [today.slice(0, 7)];
  while (months.length < 12) months.unshift(monthBefore(months[0] as string));
  const byNumber = new Map(invoices.map((i) => [i.number, i]));
  return months.map((month) => {
    const end = month === today.slice(0, 7) ? today : lastDay(month);
    let balance = 0;
    for (const i of invoices) if (ISO.test(i.date) && i.date <= end) balance += i.sek;
    for (const p of payments) {
      const invoice = byNumber.get(String(p['InvoiceNumber']));
      if (invoice && ISO.test(invoice.date) && invoice.date <= end && ISO.test(dateOf(p)) && dateOf(p) <= end) balance -= (amountOf(p) * invoice.sek) / invoice.total;
    }
    let left = Math.round(balance * 100) / 100;
    let days = 0;
    if (left > 0) {
      let m = month;
      let upTo = end;
      while (days < 365) {
        const length = Number(upTo.slice(8, 10));
        const invoiced = invoices.filter((i) => i.date.slice(0, 7) === m && i.date <= upTo).reduce((sum, i) => sum + i.sek, 0);
        if (invoiced <= 0) days += length;
        else if (left >= invoiced) {
          left -= invoiced;
          days += length;
          if (left <= 0) break;
        } else {
          days += (left / invoiced) * length;
          break;
        }
        m = monthBefore(m);
        upTo = lastDay(m);
      }
    }
    return { month, days: Math.round(Math.min(days, 365) * 10) / 10 };
  });
}

const sekOf = (total: number, rate: string | number, unit: number): number => (total * (Number(rate) > 0 ? Number(rate) : 1)) / (unit > 0 ? unit : 1);

describe('report --customer: a statement as at a date', () => {
  it('balances at random dates equal a recount from the sandbox; rows, running balance and JSON fields as the issue gives them', async () => {
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
      const mine: Counted[] = invoices
        .filter((i) => i.CustomerNumber === customer && i.Booked && !i.Cancelled && ISO.test(i.InvoiceDate))
        .map((i) => ({ number: i.DocumentNumber, date: i.InvoiceDate, dueDate: i.DueDate, total: i.Total, currency: i.Currency, sek: sekOf(i.Total, i.CurrencyRate, i.CurrencyUnit) }));
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
    const counted: Counted[] = invoices
      .filter((i) => i.Booked && !i.Cancelled && ISO.test(i.InvoiceDate) && i.InvoiceDate <= today)
      .map((i) => ({ number: i.DocumentNumber, date: i.InvoiceDate, dueDate: i.DueDate, total: i.Total, currency: i.Currency, sek: sekOf(i.Total, i.CurrencyRate, i.CurrencyUnit) }));
    const dso = recountDays(counted, sandbox.control.paymentsOf(tenant), today);
    const bills: Counted[] = sandbox.control
      .supplierInvoicesOf(tenant)
      .filter((i) => !i.Cancelled && ISO.test(i.InvoiceDate) && i.InvoiceDate <= today)
      .map((i) => ({ number: i.GivenNumber, date: i.InvoiceDate, dueDate: i.DueDate, total: i.Total, currency: i.Currency, sek: sekOf(i.Total, i.CurrencyRate, i.CurrencyUnit) }));
    const dpo = recountDays(bills, sandbox.control.supplierPaymentsOf(tenant), today);
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
