// `npm run report` against the sandbox over real HTTP (runReport in process) when the service's text
// is hostile: a customer and a supplier named with escape sequences, a carriage
// return, a C1 control, DEL and bidi overrides; an error message with an OSC sequence. In text mode
// none of those characters reaches the terminal (the names are still there, readable); in JSON mode
// the values parse back exactly, and no such character is written raw either.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../electron/cli/args';
import { runReport } from '../../../electron/cli/run-report';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';

/** What a terminal acts on: C0, DEL, C1, bidi embeddings, overrides, isolates and marks (written out, not the module's pattern). */
const TERMINAL_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

const HOSTILE_CUSTOMER = 'Kund\u001b[2K\rFalsk rad\u009b31m \u202eBA\u202c\u007f';
const SHOWN_CUSTOMER = 'Kund[2K Falsk rad31m BA';
const HOSTILE_SUPPLIER = 'Lev\u001b[1;1H\u001b[2J\u2066x\u2069\nNy rad';
const SHOWN_SUPPLIER = 'Lev[1;1H[2Jx Ny rad';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let sandbox: Sandbox;
let dir: string;
let tenant: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100, rateLimits: false });
  tenant = sandbox.companies.find((c) => c.key === 'small')?.tenantId as string;
  const today = serviceDate(Date.now());
  // The most overdue customer by far, and the supplier to pay soonest, with hostile names.
  const overdue = sandbox.control.invoicesOf(tenant).find((i) => i.Booked && !i.Cancelled && i.Balance > 0 && i.DueDate < today && i.Currency === 'SEK');
  if (!overdue) throw new Error('no overdue invoice');
  for (const invoice of sandbox.control.invoicesOf(tenant).filter((i) => i.CustomerNumber === overdue.CustomerNumber)) {
    sandbox.control.updateInvoice(tenant, invoice.DocumentNumber, { CustomerName: HOSTILE_CUSTOMER });
  }
  sandbox.control.updateInvoice(tenant, overdue.DocumentNumber, { Total: 90_000_000, Balance: 90_000_000 });
  const bill = sandbox.control.supplierInvoicesOf(tenant).find((r) => !r.Cancelled && r.Balance > 0 && r.DueDate < today && r.Currency === 'SEK');
  if (!bill) throw new Error('no overdue supplier invoice');
  for (const record of sandbox.control.supplierInvoicesOf(tenant).filter((r) => r.SupplierNumber === bill.SupplierNumber)) {
    sandbox.control.updateSupplierInvoice(tenant, record.GivenNumber, { SupplierName: HOSTILE_SUPPLIER });
  }
  sandbox.control.updateSupplierInvoice(tenant, bill.GivenNumber, { Total: 90_000_000, Balance: 90_000_000 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-cli-terminal-'));
});
afterAll(async () => {
  await sandbox.close();
  await fs.rm(dir, { recursive: true, force: true });
});
beforeEach(() => sandbox.control.clearFaults());

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

describe('npm run report: the service’s text on a terminal', () => {
  it('text mode: the hostile customer and supplier names are shown without any control or bidi character', async () => {
    const result = await report([]);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toMatch(new RegExp(`\\n1\\. +${escape(SHOWN_CUSTOMER)} \\(\\d+\\) +SEK +90,000,000\\.00 `));
    expect(result.stdout).toMatch(new RegExp(`\\n1\\. +${escape(SHOWN_SUPPLIER)} \\(\\d+\\) +SEK `));
    // Only the report's own line breaks: no character a terminal would act on.
    expect(TERMINAL_CONTROLS.test(result.stdout.replaceAll('\n', ''))).toBe(false);
    expect(TERMINAL_CONTROLS.test(result.stderr.replaceAll('\n', ''))).toBe(false);
  });

  it('JSON mode: the names parse back exactly, and nothing a terminal acts on is written raw', async () => {
    const result = await report(['--json']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    const json = JSON.parse(result.stdout) as { topOverdue: Array<{ customerName: string }> };
    expect(json.topOverdue[0]?.customerName).toBe(HOSTILE_CUSTOMER);
    expect(TERMINAL_CONTROLS.test(result.stdout.replace(/\n$/, ''))).toBe(false);
  });

  it("the service's error message on stderr: no escape sequence, carriage return or bidi override", async () => {
    // A fresh copy: the report must read (and fail on) the service.
    await fs.rm(path.join(dir, 'copy'), { recursive: true, force: true });
    sandbox.control.injectFault('invoices', { code: 2001103, status: 400, message: 'Api-licens saknas.\u001b]0;pwned\u0007\r\u202eanlaskcil\u009b2J' });
    const result = await report([]);
    expect(result.code).toBe(EXIT.auth);
    expect(result.stderr).toContain('(the service said: Api-licens saknas.]0;pwned anlaskcil2J)');
    expect(TERMINAL_CONTROLS.test(result.stderr.replaceAll('\n', ''))).toBe(false);
    expect(result.stdout).toBe('');
  });
});
