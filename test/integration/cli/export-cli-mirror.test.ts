// `npm run export -- --mirror <folder>` against the sandbox over real HTTP: the first run reads
// the whole company into the local copy and exports from it; a second run of an unchanged company
// sends one invoice request; changes at the service are in the next file; a file that is not a
// local copy is refused with the file exit code and left as it was.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/run';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';

const LARGE = 1_800;
let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: LARGE });
  sandbox.control.setRateLimits(false);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-cli-mirror-'));
  sandbox.control.resetCounters();
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const tenant = (): string => sandbox.companies.find((c) => c.key === 'large')?.tenantId as string;

async function run(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(args, {
    env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
    cwd: dir,
    stdout: { write: () => true },
    stderr: { write: (text: string) => ((stderr += text), true) },
  });
  return { code, stderr };
}
const rowsOf = async (file: string) => Papa.parse<string[]>(await fs.readFile(file, 'utf8'), { skipEmptyLines: true }).data.slice(1);
const invoiceRequests = () => sandbox.control.counters().byRoute.invoices ?? 0;

describe('export --mirror', () => {
  it('keeps the company in a local copy: the second run of an unchanged company costs one request', async () => {
    const out = path.join(dir, 'a.csv');
    const first = await run(['--tenant', tenant(), '--out', out, '--mirror', 'copy', '--sortby', 'customername']);
    expect(first.code, first.stderr).toBe(0);
    expect(invoiceRequests()).toBe(Math.ceil(LARGE / 500));
    expect(first.stderr).toMatch(/local copy up to date \(full read, 4 requests, 1800 invoices\)/);
    const rows = await rowsOf(out);
    expect(rows).toHaveLength(LARGE);
    expect(new Set(rows.map((r) => r[0])).size).toBe(LARGE);
    expect((await fs.stat(path.join(dir, 'copy', `tenant-${tenant()}.sqlite`))).mode & 0o777).toBe(0o600);

    sandbox.control.resetCounters();
    const doc = sandbox.control.invoicesOf(tenant())[5]?.DocumentNumber as string;
    sandbox.control.updateInvoice(tenant(), doc, { CustomerName: 'Ändrad Sedan Sist AB' });
    const second = await run(['--tenant', tenant(), '--out', out, '--mirror', 'copy', '--filter', 'unpaid']);
    expect(second.code, second.stderr).toBe(0);
    expect(invoiceRequests()).toBeLessThanOrEqual(2);
    expect(second.stderr).toMatch(/incremental read/);
    // From the copy, "unpaid" is owed by the app's one rule (common/owed.ts): booked, not cancelled, a balance (credit notes too).
    const unpaid = sandbox.control.invoicesOf(tenant()).filter((i) => !i.Cancelled && i.Booked && i.Balance !== 0);
    expect((await rowsOf(out)).map((r) => r[0]).sort()).toEqual(unpaid.map((i) => i.DocumentNumber).sort());
    const all = path.join(dir, 'all.csv');
    expect((await run(['--tenant', tenant(), '--out', all, '--mirror', 'copy'])).code).toBe(0);
    expect((await rowsOf(all)).find((r) => r[0] === doc)?.[2]).toBe('Ändrad Sedan Sist AB');
  });

  it('a file that is not a local copy: exit 5 naming it, and the file is left as it was', async () => {
    await fs.mkdir(path.join(dir, 'copy'));
    const alien = path.join(dir, 'copy', `tenant-${tenant()}.sqlite`);
    await fs.writeFile(alien, 'not a database, but the user’s own file');
    const result = await run(['--tenant', tenant(), '--out', path.join(dir, 'b.csv'), '--mirror', 'copy']);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(`tenant-${tenant()}.sqlite`);
    expect(await fs.readFile(alien, 'utf8')).toBe('not a database, but the user’s own file');
    await expect(fs.access(path.join(dir, 'b.csv'))).rejects.toThrow();
  });

  it('refuses --lastmodified with --mirror (exit 2)', async () => {
    const result = await run(['--tenant', tenant(), '--out', path.join(dir, 'c.csv'), '--mirror', 'copy', '--lastmodified', '2026-01-01 00:00:00']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--lastmodified');
  });
});
