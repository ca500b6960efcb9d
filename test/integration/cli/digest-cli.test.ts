// `npm run digest` against the sandbox over real HTTP (runDigest in process): after a
// first run (a baseline: nothing listed), paying 5 invoices fully and 3 in part, adding 4,
// cancelling 2, moving 3 due dates to yesterday, approving 3 bills, paying 2 and adding 2 gives
// exactly those 24 events with their amounts, and the next run none; the same when the run is
// killed mid-sync (in the invoice list, then in the supplier list) and run again; --since lists
// them again without marking; the text groups them for an e-mail, the service's names made safe.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDigest } from '../../../electron/cli/run-digest';
import { addDays } from '../../../electron/common/calendar';
import type { DigestEvent } from '../../../electron/common/digest';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';

let sandbox: Sandbox;
let dir: string;
let tenant: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 800 });
  sandbox.control.setRateLimits(false);
  tenant = sandbox.companies.find((c) => c.key === 'large')?.tenantId as string;
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'digest-cli-'));
});
afterEach(async () => {
  sandbox.control.onInvoiceListServed(null);
  sandbox.control.onSupplierInvoiceListServed(null);
  await fs.rm(dir, { recursive: true, force: true });
});

/** An event as the JSON gives it (the copy's own seq left out). */
type Event = Omit<DigestEvent, 'seq'>;

async function digest(args: string[], signal?: AbortSignal): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runDigest(['--tenant', tenant, '--mirror', 'copy', ...args], {
    env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
    cwd: dir,
    // A stream, as stdout is: the digest marks its events once the write's callback says they arrived.
    stdout: new Writable({ decodeStrings: false, write: (text: string, _encoding, done) => ((stdout += text), done()) }),
    stderr: { write: (text: string) => ((stderr += text), true) },
    ...(signal ? { signal, interruptedBy: () => 'SIGINT' as const } : {}),
  });
  return { code, stdout, stderr };
}

async function events(args: string[] = []): Promise<{ asOf: string; events: Event[] }> {
  const result = await digest(['--json', ...args]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { asOf: string; events: Event[] };
}

const line = (e: Pick<Event, 'kind' | 'id' | 'amount'>): string => `${e.kind} ${e.id} ${e.amount.toFixed(2)}`;

/**
 * The changes of the test, on invoices and bills made for it before the baseline (customers of their
 * own, so no other invoice's "later than usual" moves): returns the 24 events they must give.
 */
function prepare(today: string): () => string[] {
  const c = sandbox.control;
  const due = addDays(today, 20);
  const mine = Array.from({ length: 13 }, (_, i) => {
    const total = 1000 + i * 10;
    const id = c.addInvoice(tenant, { Booked: true, Total: total, Balance: total, CustomerNumber: String(99_100 + i), CustomerName: `Digestkund ${i + 1}`, InvoiceDate: today, DueDate: due });
    return { id, total };
  });
  const bills = c.supplierInvoicesOf(tenant).filter((b) => !b.Cancelled && Number(b.Balance) > 0 && !b.AuthorizePending);
  const toApprove = bills.slice(0, 3);
  const toPay = bills.slice(3, 5);
  for (const b of toApprove) c.updateSupplierInvoice(tenant, b.GivenNumber, { AuthorizePending: true });
  return () => {
    const expected: string[] = [];
    for (const { id, total } of mine.slice(0, 5)) {
      c.updateInvoice(tenant, id, { Balance: 0, FinalPayDate: today });
      expected.push(line({ kind: 'invoice-paid', id, amount: total }));
    }
    for (const { id, total } of mine.slice(5, 8)) {
      c.updateInvoice(tenant, id, { Balance: total - 300.5 });
      expected.push(line({ kind: 'invoice-part-paid', id, amount: 300.5 }));
    }
    for (const { id, total } of mine.slice(8, 10)) {
      c.updateInvoice(tenant, id, { Cancelled: true });
      expected.push(line({ kind: 'invoice-cancelled', id, amount: total }));
    }
    for (const { id, total } of mine.slice(10, 13)) {
      c.updateInvoice(tenant, id, { DueDate: addDays(today, -1) });
      expected.push(line({ kind: 'invoice-overdue', id, amount: total }));
    }
    for (let i = 0; i < 4; i += 1) {
      const id = c.addInvoice(tenant, { Total: 500 + i, Balance: 500 + i, CustomerNumber: '99200', CustomerName: 'Ny\u001b[2J kund', DueDate: addDays(today, 30) });
      expected.push(line({ kind: 'invoice-new', id, amount: 500 + i }));
    }
    for (const b of toApprove) {
      c.updateSupplierInvoice(tenant, b.GivenNumber, { AuthorizePending: false });
      expected.push(line({ kind: 'bill-approved', id: b.GivenNumber, amount: Number(b.Total) }));
    }
    for (const b of toPay) {
      c.updateSupplierInvoice(tenant, b.GivenNumber, { Balance: '0' } as never);
      expected.push(line({ kind: 'bill-paid', id: b.GivenNumber, amount: Number(b.Balance) }));
    }
    for (let i = 0; i < 2; i += 1) {
      const id = c.addSupplierInvoice(tenant, { Total: String(700 + i), Balance: String(700 + i), DueDate: addDays(today, 30) } as never);
      expected.push(line({ kind: 'bill-new', id, amount: 700 + i }));
    }
    return expected.sort();
  };
}

describe('digest: what changed since the last run', () => {
  it('a baseline first, then exactly the 24 changes with their amounts, then nothing', async () => {
    const today = serviceDate(Date.now());
    const change = prepare(today);
    const first = await events();
    expect(first).toEqual({ asOf: today, events: [] });
    const expected = change();
    expect(expected).toHaveLength(24);
    const second = await events();
    expect(second.events.map(line).sort()).toEqual(expected);
    const newOne = second.events.find((e) => e.kind === 'invoice-new');
    expect(newOne).toMatchObject({ resource: 'invoices', currency: 'SEK', counterpartyNumber: '99200', counterpartyName: 'Ny\u001b[2J kund' });
    expect(newOne?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(second.events.find((e) => e.kind === 'invoice-overdue')?.at).toBe(today);
    expect(second.events.find((e) => e.kind === 'invoice-paid')?.balanceAfter).toBe(0);
    expect(second.events.find((e) => e.kind === 'bill-paid')?.resource).toBe('supplierinvoices');
    expect((await events()).events).toEqual([]);
    // --since: all of them again, marking nothing.
    expect((await events(['--since', addDays(today, -1)])).events.map(line).sort()).toEqual(expected);
    expect((await events()).events).toEqual([]);
    // The text: grouped, Swedish, the escape sequence in a customer's name gone.
    const text = await digest(['--since', today, '--lang', 'sv']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Betalda fakturor: 5 (SEK 5');
    expect(text.stdout).toContain('Nya fakturor: 4 (SEK 2');
    expect(text.stdout).not.toContain('\u001b');
    expect(text.stdout).toContain('Ny[2J kund');
  });

  it('killed in the invoice list, then in the supplier list, and run again: the same 24, once', async () => {
    const today = serviceDate(Date.now());
    const change = prepare(today);
    expect((await events()).events).toEqual([]);
    const expected = change();
    // Every invoice of the company changed at the service (nothing a digest reports): the read has two pages.
    for (const invoice of sandbox.control.invoicesOf(tenant)) sandbox.control.updateInvoice(tenant, invoice.DocumentNumber, { Project: invoice.Project });
    const killInvoices = new AbortController();
    sandbox.control.onInvoiceListServed((t, page) => {
      if (t === tenant && page >= 2) killInvoices.abort();
    });
    const killed = await digest(['--json'], killInvoices.signal);
    expect(killed.code, killed.stderr).toBe(130);
    expect(killed.stdout).toBe('');
    sandbox.control.onInvoiceListServed(null);
    const killBills = new AbortController();
    sandbox.control.onSupplierInvoiceListServed((t) => {
      if (t === tenant) killBills.abort();
    });
    const killedAgain = await digest(['--json'], killBills.signal);
    expect(killedAgain.code, killedAgain.stderr).toBe(130);
    sandbox.control.onSupplierInvoiceListServed(null);
    expect((await events()).events.map(line).sort()).toEqual(expected);
    expect((await events()).events).toEqual([]);
  });
});
