// `npm run export` against the sandbox over real HTTP: the CLI spawned as a process (node --import
// tsx, so a signal reaches it directly), plus in-process runs of runCli for the error paths that
// need no process of their own.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../../electron/kernel/clock';
import { runCli } from '../../../electron/cli/run';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';

const ROOT = new URL('../../../', import.meta.url).pathname;
const CLI = path.join(ROOT, 'electron/cli/export.ts');

let sandbox: Sandbox;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-cli-'));
  sandbox.control.clearFaults();
  sandbox.control.setRateLimits({});
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await fs.rm(dir, { recursive: true, force: true });
});

const tenant = (key: 'small' | 'large' | 'unlicensed'): string => {
  const found = sandbox.companies.find((c) => c.key === key);
  if (!found) throw new Error(key);
  return found.tenantId;
};

function env(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    INVOICE_DESK_CLIENT_ID: sandbox.clientId,
    INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret,
    INVOICE_DESK_AUTH_URL: sandbox.authUrl,
    INVOICE_DESK_API_URL: sandbox.apiUrl,
    ...overrides,
  };
}

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function spawnCli(args: string[], extraEnv: Record<string, string> = {}): Spawned {
  const { PATH, HOME, TMPDIR } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { PATH, HOME, ...(TMPDIR ? { TMPDIR } : {}), ...env(extraEnv) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => out, stderr: () => err, exit };
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Time running 100 times faster than the wall clock (now and sleep agree), so the retries'
 * backoff (1-30 s) and the 429 pauses take milliseconds. The client's pacing runs 100 times faster
 * too, so tests using it lift the server's rate limits. */
function fastClock(factor = 100): Clock {
  const origin = systemClock.now();
  return {
    now: () => origin + (systemClock.now() - origin) * factor,
    sleep: (ms, signal) => systemClock.sleep(ms / factor, signal),
  };
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');

/** runCli in-process, with the streams captured. */
async function inProcess(args: string[], options: { env?: NodeJS.ProcessEnv; clock?: Clock } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: options.env ?? env(),
    cwd: dir,
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { code, stdout, stderr };
}

describe('npm run export (spawned)', () => {
  it('exports every invoice of the large company exactly once, at the real rate limits, with a clean stdout', async () => {
    const out = path.join(dir, 'large.csv');
    sandbox.control.resetCounters();
    const run = spawnCli(['--tenant', tenant('large'), '--out', out, '--limit', '500', '--sortby', 'documentnumber']);
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toBe('');
    const expected = sandbox.control.invoicesOf(tenant('large')).map((i) => i.DocumentNumber);
    const rows = Papa.parse<string[]>(await fs.readFile(out, 'utf8'), { skipEmptyLines: true }).data;
    expect(rows[0]?.[0]).toBe('Invoice no.');
    const numbers = rows.slice(1).map((r) => r[0]);
    expect(numbers).toHaveLength(expected.length);
    expect(new Set(numbers).size).toBe(expected.length);
    expect(numbers).toEqual(expected);
    const counters = sandbox.control.counters();
    // The bench shows 0 x 429 on a quiet machine. Here the sandbox shares the test worker's event
    // loop (and two cores with whatever else runs): a stall longer than the limiter's 150 ms arrival
    // margin can bunch arrivals into one window. The client then waits and retries, and the file
    // must still be exact (above); a systematic overshoot would show as many 429s.
    expect(counters.http429).toBeLessThanOrEqual(2);
    expect(counters.maxPer5sByToken).toBeLessThanOrEqual(25);
    expect(lines(run.stderr()).at(-1)).toMatch(new RegExp(`^export: wrote ${expected.length} rows \\(100 pages\\) to `));
    expect(await fs.readdir(dir)).toEqual(['large.csv']);
  }, 90_000);

  it('wrong credentials: exit 3 with one clear line, no file', async () => {
    const out = path.join(dir, 'x.csv');
    const run = spawnCli(['--tenant', tenant('small'), '--out', out], { INVOICE_DESK_CLIENT_SECRET: 'wrong' });
    expect(await run.exit).toBe(3);
    expect(run.stdout()).toBe('');
    const errLines = lines(run.stderr());
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toMatch(/^export: authentication failed: .*invalid_client.*INVOICE_DESK_CLIENT_SECRET/);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('a missing --tenant: exit 2 with the usage', async () => {
    const run = spawnCli(['--out', path.join(dir, 'x.csv')]);
    expect(await run.exit).toBe(2);
    expect(run.stdout()).toBe('');
    expect(run.stderr()).toMatch(/^export: --tenant is required\n/);
    expect(run.stderr()).toContain('Usage: npm run -s export -- --tenant <TenantId> --out <file.csv>');
    expect(run.stderr()).toContain('Exit codes:');
  });

  it('an invalid option value names the option', async () => {
    const run = spawnCli(['--tenant', tenant('small'), '--out', path.join(dir, 'x.csv'), '--limit', '501']);
    expect(await run.exit).toBe(2);
    expect(lines(run.stderr())[0]).toBe('export: invalid --limit: must be a whole number from 1 to 500 (got "501")');
  });

  it('--help documents the options and the exit codes on stdout, exit 0', async () => {
    const run = spawnCli(['--help']);
    expect(await run.exit).toBe(0);
    for (const text of ['--tenant', '--out', '--pages', '--limit', '--filter', '--sortby', '--sortorder', '--search', '--from', '--to', '--lastmodified', '--format', 'INVOICE_DESK_CLIENT_ID', 'INVOICE_DESK_API_URL']) {
      expect(run.stdout()).toContain(text);
    }
    expect(run.stdout()).toMatch(/Exit codes:\n\s+0 .*\n\s+2 .*usage/);
    for (const code of ['3 ', '4 ', '5 ', '130']) expect(run.stdout()).toContain(`  ${code}`);
  });

  it('SIGINT halfway: exit 130, no file and no temporary file', async () => {
    const out = path.join(dir, 'interrupted.csv');
    const run = spawnCli(['--tenant', tenant('large'), '--out', out, '--limit', '500']);
    // Plain progress lines (stderr is not a terminal) come at each tenth: wait for the half.
    await waitFor(() => /export: 50\/100 pages, 25000 rows/.test(run.stderr()), 40_000);
    // The temporary file is there while it runs...
    const during = await fs.readdir(dir);
    expect(during).toHaveLength(1);
    expect(during[0]).toMatch(/^\.interrupted\.csv\.[0-9a-f]{12}\.[0-9a-f]{12}\.tmp$/);
    expect((await fs.stat(path.join(dir, during[0] as string))).size).toBeGreaterThan(1_000_000);
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(130);
    // ...and gone after.
    expect(await fs.readdir(dir)).toEqual([]);
    expect(run.stderr()).toContain('export: interrupted: no file was written.');
    expect(run.stdout()).toBe('');
  }, 60_000);
});

describe('npm run export (in-process)', () => {
  it('names each invalid option', async () => {
    const base = ['--tenant', tenant('small'), '--out', path.join(dir, 'x.csv')];
    const cases: Array<[string[], RegExp]> = [
      [['--pages', 'first'], /^export: invalid --pages: "first"/],
      [['--pages', '3-1'], /^export: invalid --pages: .*ends before it starts/],
      [['--limit', 'ten'], /^export: invalid --limit: "ten"/],
      [['--filter', 'open'], /^export: invalid --filter: .*unpaid.*\(got "open"\)/],
      [['--sortby', 'amount'], /^export: invalid --sortby: /],
      [['--sortorder', 'up'], /^export: invalid --sortorder: /],
      [['--search', 'city=Lund'], /^export: invalid --search: /],
      [['--from', '2024-02-30'], /^export: invalid --from: .*YYYY-MM-DD.*\(got "2024-02-30"\)/],
      [['--from', '2024-05-02', '--to', '2024-05-01'], /^export: invalid --from\/--to: --from 2024-05-02 is after --to 2024-05-01/],
      [['--lastmodified', '2024-13-01'], /^export: invalid --lastmodified: /],
      [['--format', 'xlsx'], /^export: invalid --format: "xlsx" is not one of: standard, excel-sv/],
      [['--lang', 'de'], /^export: invalid --lang: /],
      [['--tenant', 'abc'], /^export: invalid --tenant: /],
      [['--bogus'], /^export: unknown option --bogus/],
    ];
    for (const [extra, expected] of cases) {
      const result = await inProcess([...base, ...extra]);
      expect(result.code, extra.join(' ')).toBe(2);
      expect(result.stderr, extra.join(' ')).toMatch(expected);
      expect(result.stdout).toBe('');
    }
  });

  it('a missing environment variable is a usage error naming it', async () => {
    const { INVOICE_DESK_CLIENT_SECRET: _omit, ...rest } = env();
    const result = await inProcess(['--tenant', tenant('small'), '--out', path.join(dir, 'x.csv')], { env: rest });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^export: INVOICE_DESK_CLIENT_SECRET is not set/);
  });

  it('plain http to another host exits 2 naming the variable, before anything is sent', async () => {
    const result = await inProcess(['--tenant', tenant('small'), '--out', path.join(dir, 'x.csv')], {
      env: env({ INVOICE_DESK_AUTH_URL: sandbox.authUrl.replace('127.0.0.1', 'invoice-desk.invalid') }),
    });
    expect(result.code).toBe(2);
    expect(lines(result.stderr)[0]).toBe('export: INVOICE_DESK_AUTH_URL must use https (plain http only to this computer: 127.0.0.1, localhost or [::1])');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('an unlicensed company and an unknown tenant exit 3 with one line', async () => {
    for (const id of [tenant('unlicensed'), '999999']) {
      const result = await inProcess(['--tenant', id, '--out', path.join(dir, 'x.csv')]);
      expect(result.code).toBe(3);
      expect(lines(result.stderr)).toHaveLength(1);
    }
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('a folder that does not exist exits 5 before any request', async () => {
    sandbox.control.resetCounters();
    const result = await inProcess(['--tenant', tenant('small'), '--out', path.join(dir, 'no', 'such', 'x.csv')]);
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(`export: file error: The folder ${path.join(dir, 'no', 'such')} does not exist. Choose a folder that exists.\n`);
    expect(sandbox.control.counters().requests).toBe(0);
  });

  it('the service failing beyond the retries exits 4 and leaves no file', async () => {
    sandbox.control.setRateLimits(false);
    sandbox.control.injectFault('invoices', { status: 503 });
    const result = await inProcess(['--tenant', tenant('small'), '--out', path.join(dir, 'x.csv'), '--limit', '10'], { clock: fastClock() });
    expect(result.code).toBe(4);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^export: service unavailable: /);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('an unreachable service exits 4', async () => {
    const result = await inProcess(['--tenant', tenant('small'), '--out', path.join(dir, 'x.csv')], {
      env: env({ INVOICE_DESK_AUTH_URL: 'http://127.0.0.1:9/apps' }),
      clock: fastClock(),
    });
    expect(result.code).toBe(4);
    expect(lines(result.stderr)).toEqual([expect.stringMatching(/^export: service unavailable: .*INVOICE_DESK_AUTH_URL/)]);
  });

  it('a persistent 429 exits 4 (rate limit)', async () => {
    sandbox.control.setRateLimits(false);
    sandbox.control.injectFault('invoices', { burst429: 1000 });
    const result = await inProcess(['--tenant', tenant('small'), '--out', path.join(dir, 'x.csv')], { clock: fastClock() });
    expect(result.code).toBe(4);
    // The wait shows as progress ("waiting for the rate limit"), then one line says why it stopped.
    expect(lines(result.stderr).at(-1)).toMatch(/^export: rate limit: /);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('excel-sv in Swedish, a page range', async () => {
    const out = path.join(dir, 'sv.csv');
    const result = await inProcess(['--tenant', tenant('small'), '--out', out, '--limit', '20', '--pages', '1-2', '--format', 'excel-sv', '--lang', 'sv']);
    expect(result.code).toBe(0);
    const text = await fs.readFile(out, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows).toHaveLength(41);
    expect(rows[0]?.[0]).toBe('Fakturanr');
    expect(rows.some((r) => r[2] === `'=HYPERLINK("x")`)).toBe(true);
  });

  it('--from and --to with --filter and --search: only the matching invoices, in one query', async () => {
    const records = sandbox.control.invoicesOf(tenant('small'));
    const dates = records.map((r) => r.InvoiceDate).sort();
    const from = dates[Math.floor(dates.length / 4)] ?? '';
    const to = dates[Math.floor((dates.length * 3) / 4)] ?? '';
    const expected = records
      .filter((r) => r.InvoiceDate >= from && r.InvoiceDate <= to && !r.Cancelled && r.Booked && r.Balance === 0 && r.CustomerName.toLowerCase().includes('a'))
      .map((r) => r.DocumentNumber);
    expect(expected.length).toBeGreaterThan(0);
    const out = path.join(dir, 'range.csv');
    const result = await inProcess(['--tenant', tenant('small'), '--out', out, '--from', from, '--to', to, '--filter', 'fullypaid', '--search', 'customername=a']);
    expect(result.code, result.stderr).toBe(0);
    const rows = Papa.parse<string[]>(await fs.readFile(out, 'utf8'), { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((r) => r[0]).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
  });

  it('pages past the last are named in a warning, not skipped quietly', async () => {
    const out = path.join(dir, 'past.csv');
    const result = await inProcess(['--tenant', tenant('small'), '--out', out, '--limit', '500', '--pages', '1,7,9']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: 2 of the 3 selected pages do not exist/);
    expect(result.stdout).toBe('');
  });
});

describe('--pdf-dir', () => {
  it("saves each exported invoice's PDF from /preview (never /print), and a second run skips them all", async () => {
    const pdfs = path.join(dir, 'pdf');
    await fs.mkdir(pdfs);
    const args = ['--tenant', tenant('small'), '--out', 'page.csv', '--pages', '1', '--limit', '12', '--pdf-dir', pdfs];
    const before = sandbox.control.counters().invoiceEndpoints;
    const first = await inProcess(args);
    expect(first.code).toBe(0);
    const rows = Papa.parse<string[]>(await fs.readFile(path.join(dir, 'page.csv'), 'utf8'), { skipEmptyLines: true }).data.slice(1);
    const files = (await fs.readdir(pdfs)).sort();
    expect(files).toEqual(rows.map((row) => `${row[0]}.pdf`).sort());
    for (const file of files) expect((await fs.readFile(path.join(pdfs, file))).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.stderr).toContain('PDFs: 12 saved, 0 already there');
    const afterFirst = sandbox.control.counters().invoiceEndpoints;
    expect(afterFirst.preview - before.preview).toBe(12);
    expect(afterFirst.print).toBe(before.print);

    const second = await inProcess(args);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('PDFs: 0 saved, 12 already there');
    expect(sandbox.control.counters().invoiceEndpoints.preview).toBe(afterFirst.preview);
  });

  it('exits 5 (file) naming the folder when it does not exist, after the CSV', async () => {
    const result = await inProcess(['--tenant', tenant('small'), '--out', 'page.csv', '--pages', '1', '--limit', '5', '--pdf-dir', path.join(dir, 'missing')]);
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/missing/);
  });
});
