// `npm run report -- --customer` against a service that sends what a statement must survive, over
// real HTTP (the sandbox, runCli in process): currencies named like Object.prototype's properties,
// more payments of invoices the copy does not know than a statement lists, payments in euros
// without a readable AmountCurrency.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runReport } from '../../../electron/cli/run-report';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { countedInvoices, recountDays } from '../../support/money-recount';

let sandbox: Sandbox;
let tenant: string;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100 });
  sandbox.control.setRateLimits(false);
  tenant = sandbox.companies.find((c) => c.key === 'small')?.tenantId as string;
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-cli-statement-hostile-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function report(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runReport(['--tenant', tenant, '--mirror', 'copy', ...args], {
    env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
    cwd: dir,
    stdout: { write: (text: string) => ((stdout += text), true) },
    stderr: { write: (text: string) => ((stderr += text), true) },
  });
  return { code, stdout, stderr };
}

interface StatementOut {
  currencies: Record<string, { balance: number; rows: Array<{ kind: string; documentNumber: string; amount: number; balance: number }>; notPlaced: Array<{ number: string; reason: string; paymentDate: string }> }>;
  notPlacedMore: number;
}

/** A booked invoice of `customer`, dated early in 2025 (or on `date`) and due a month later. */
function bookedInvoice(customer: string, currency: string, total: number, more: { date?: string; rate?: string } = {}): string {
  const date = more.date ?? '2025-02-03';
  const due = new Date(Date.parse(date) + 30 * 86_400_000).toISOString().slice(0, 10);
  return sandbox.control.addInvoice(tenant, { CustomerNumber: customer, CustomerName: 'Prototyp AB', Currency: currency, CurrencyRate: more.rate ?? '1', Total: total, Balance: total, Booked: true, InvoiceDate: date, DueDate: due });
}

describe('report --customer: currencies named like a prototype property', () => {
  it('lists each under its own code with its balance, and leaves Object.prototype alone', async () => {
    const hostile = ['__proto__', 'toString', 'constructor'];
    const numbers = hostile.map((currency, i) => bookedInvoice('9001', currency, 1000 * (i + 1)));
    sandbox.control.addPayment(tenant, { InvoiceNumber: Number(numbers[0]), Currency: '__proto__', Amount: 4000, AmountCurrency: 400, CurrencyRate: '10', PaymentDate: '2025-02-20' });

    const result = await report(['--customer', '9001', '--as-of', '2025-06-30', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const statement = JSON.parse(result.stdout) as StatementOut;
    expect(Object.keys(statement.currencies).sort()).toEqual([...hostile].sort());
    expect(statement.currencies['__proto__']?.balance).toBe(600);
    expect(statement.currencies['__proto__']?.rows.map((r) => [r.kind, r.amount, r.balance])).toEqual([['invoice', 1000, 1000], ['payment', -400, 600]]);
    expect(statement.currencies['toString']?.balance).toBe(2000);
    expect(statement.currencies['constructor']?.balance).toBe(3000);
    // The process that built it (in the app: a worker holding other companies' copies) is unharmed.
    expect(({} as Record<string, unknown>)['balance']).toBeUndefined();
    expect(({} as Record<string, unknown>)['rows']).toBeUndefined();

    const text = await report(['--customer', '9001', '--as-of', '2025-06-30']);
    expect(text.code, text.stderr).toBe(0);
    for (const currency of hostile) expect(text.stdout).toContain(`${currency}: balance`);
  });
});

describe('report --customer: payments of invoices the copy does not know', () => {
  it('lists 100 of them and gives the count of the rest (notPlacedMore), only those dated on or before the day', async () => {
    const asOf = '2025-06-30';
    bookedInvoice('9002', 'SEK', 700);
    for (let i = 0; i < 150; i += 1) sandbox.control.addPayment(tenant, { InvoiceNumber: 800_000 + i, PaymentDate: `2025-05-${String(1 + (i % 28)).padStart(2, '0')}`, Amount: 10, AmountCurrency: 10 });
    for (let i = 0; i < 20; i += 1) sandbox.control.addPayment(tenant, { InvoiceNumber: 850_000 + i, PaymentDate: '2025-07-01', Amount: 10, AmountCurrency: 10 });
    // Recounted from the service's own lists: payments whose invoice it does not list, dated on or before the day (or not dated).
    const known = new Set(sandbox.control.invoicesOf(tenant).map((i) => String(i.DocumentNumber)));
    const anyones = sandbox.control.paymentsOf(tenant).filter((p) => !known.has(String(p['InvoiceNumber'])) && !(typeof p['PaymentDate'] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(p['PaymentDate']) && p['PaymentDate'] > asOf));
    expect(anyones.length).toBeGreaterThanOrEqual(150);

    const result = await report(['--customer', '9002', '--as-of', asOf, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const statement = JSON.parse(result.stdout) as StatementOut;
    const listed = Object.values(statement.currencies).flatMap((c) => c.notPlaced);
    expect(listed).toHaveLength(100);
    expect(listed.every((p) => p.reason === 'invoice-unknown' && p.paymentDate <= asOf)).toBe(true);
    expect(statement.notPlacedMore).toBe(anyones.length - 100);
    expect(statement.currencies['SEK']?.balance).toBe(700);

    const text = await report(['--customer', '9002', '--as-of', asOf]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`${anyones.length - 100} more payments not placed, not listed (at most 100 are).`);
  });
});

describe('report: a payment in euros without a readable AmountCurrency', () => {
  it('is its Amount in SEK at the payment\'s rate, in the statement and in DSO', async () => {
    const today = serviceDate(Date.now());
    const lastMonth = new Date(Date.parse(`${today.slice(0, 7)}-01`) - 20 * 86_400_000).toISOString().slice(0, 10);
    const first = bookedInvoice('9003', 'EUR', 20_000, { date: lastMonth, rate: '11.42' });
    // 10,000 and 500 euros, in SEK only: one without AmountCurrency, one with it unreadable.
    sandbox.control.addPayment(tenant, { InvoiceNumber: Number(first), Currency: 'EUR', Amount: 114_200, AmountCurrency: undefined, CurrencyRate: '11.42', CurrencyUnit: 1, PaymentDate: lastMonth });
    sandbox.control.addPayment(tenant, { InvoiceNumber: Number(first), Currency: 'EUR', Amount: '5710.00', AmountCurrency: 'n/a', CurrencyRate: '11.42', CurrencyUnit: 1, PaymentDate: lastMonth });

    const figures = await report(['--json']);
    expect(figures.code, figures.stderr).toBe(0);
    const dso = (JSON.parse(figures.stdout) as { dso: Array<{ month: string; days: number }> }).dso;
    const expected = recountDays(countedInvoices(sandbox.control.invoicesOf(tenant)), sandbox.control.paymentsOf(tenant), today);
    expect(dso.map((m) => m.month)).toEqual(expected.map((m) => m.month));
    for (const [i, m] of dso.entries()) expect(Math.abs(m.days - (expected[i] as { days: number }).days), `DSO ${m.month}`).toBeLessThanOrEqual(0.1);

    const result = await report(['--customer', '9003', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const statement = JSON.parse(result.stdout) as StatementOut;
    expect(statement.currencies['EUR']?.rows.map((r) => [r.kind, r.amount])).toEqual([['invoice', 20_000], ['payment', -10_000], ['payment', -500]]);
    expect(statement.currencies['EUR']?.balance).toBe(9_500);
  });
});
