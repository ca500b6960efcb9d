// `npm run export --pdf-dir` against the sandbox over real HTTP (runCli in process) when a document
// is one the app refuses or the service fails: a scan that is a TIFF, one over
// 20 MB and one whose FileId is no plain id are each skipped with a warning naming the invoice, every
// other scan is saved and the run exits 6, night after night, never stopping at the same scan; a
// 5xx or a 429 that outlasts the retries still stops the run with 4. Ctrl-C (SIGINT) after the CSV
// was written exits 130 saying that the CSV is complete and how many documents were saved, for the
// invoices' PDFs and the supplier invoices' scans (in process, and once as a spawned process). The
// files are written 0600 (point 9).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../electron/cli/args';
import { eachList } from '../../../electron/common/lists/registry';
import { runCli, type CliIo } from '../../../electron/cli/run';
import { systemClock, type Clock } from '../../../electron/kernel/clock';
import { ApiError } from '../../../electron/kernel/errors';
import { startSandbox, type Sandbox, type SandboxSupplierInvoice } from '../../../electron/sandbox/index';

let sandbox: Sandbox;
let dir: string;
let scans: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100, rateLimits: false });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-cli-pdf-dir-'));
  scans = path.join(dir, 'scans');
  await fs.mkdir(scans);
  sandbox.control.clearFaults();
  sandbox.control.resetCounters();
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const small = (): string => sandbox.companies.find((c) => c.key === 'small')?.tenantId as string;

/** Time 100 times faster than the wall clock (now and sleep agree): pacing and backoff take milliseconds. */
function fastClock(factor = 100): Clock {
  const origin = systemClock.now();
  return { now: () => origin + (systemClock.now() - origin) * factor, sleep: (ms, signal) => systemClock.sleep(ms / factor, signal) };
}

async function run(args: string[], io: Partial<CliIo> = {}): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(args, {
    env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
    cwd: dir,
    stdout: { write: () => true },
    stderr: { write: (text: string) => ((stderr += text), true) },
    clock: fastClock(),
    ...io,
  });
  return { code, stderr };
}

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };
/** The first 20 supplier invoices: page 1 of --limit 20, in the service's (GivenNumber) order. */
const PAGE = ['--pages', '1', '--limit', '20'];
const firstTwenty = (): SandboxSupplierInvoice[] => sandbox.control.supplierInvoicesOf(small()).slice(0, 20);

describe('--resource supplierinvoices --pdf-dir: scans the app refuses', () => {
  let original: SandboxSupplierInvoice[];
  beforeEach(() => {
    original = firstTwenty();
  });
  afterEach(() => {
    for (const record of original) sandbox.control.setSupplierScan(small(), record.GivenNumber, record.Scan);
  });

  it('a TIFF, a scan over 20 MB and a FileId that is no plain id: each skipped with a warning naming it, every other scan saved, exit 6; the next night the same', async () => {
    // The first three in the order they are fetched: the run used to stop at the first of them.
    const [tiff, big, odd] = original as [SandboxSupplierInvoice, SandboxSupplierInvoice, SandboxSupplierInvoice];
    sandbox.control.setSupplierScan(small(), tiff.GivenNumber, { ContentType: 'image/tiff' });
    sandbox.control.setSupplierScan(small(), big.GivenNumber, { ContentType: 'application/pdf', Size: 21 * 1024 * 1024 });
    // Followed, this FileId would mark customer invoice 1 sent (/print).
    sandbox.control.setSupplierScan(small(), odd.GivenNumber, { ContentType: 'application/pdf', FileId: '../invoices/1/print' });
    const refused = new Set([tiff.GivenNumber, big.GivenNumber, odd.GivenNumber]);
    const expected = firstTwenty()
      .filter((r) => r.Scan !== null && !refused.has(r.GivenNumber))
      .map((r) => `${r.GivenNumber}.${EXTENSIONS[r.Scan?.ContentType as string]}`)
      .sort();
    const without = firstTwenty().filter((r) => r.Scan === null).length;
    expect(expected.length).toBeGreaterThan(10);

    const args = ['--tenant', small(), '--resource', 'supplierinvoices', '--out', 'bills.csv', ...PAGE, '--pdf-dir', scans];
    const first = await run(args);
    expect(first.code, first.stderr).toBe(EXIT.refused);
    expect(first.stderr).toContain(`export: warning: no scan for supplier invoice ${tiff.GivenNumber}: The service sent `);
    expect(first.stderr).toMatch(new RegExp(`warning: no scan for supplier invoice ${tiff.GivenNumber}: .*image/tiff, which is not a PDF, PNG or JPEG`));
    expect(first.stderr).toMatch(new RegExp(`warning: no scan for supplier invoice ${big.GivenNumber}: .*more than 20 MB`));
    expect(first.stderr).toMatch(new RegExp(`warning: no scan for supplier invoice ${odd.GivenNumber}: .*refuses`));
    expect(first.stderr).toContain(`scans: ${expected.length} saved, 0 already there, ${without} without a scan, in ${scans}`);
    expect(first.stderr).toContain('export: 3 scans missing: the service sent data the app refused.');
    expect((await fs.readdir(scans)).sort()).toEqual(expected);
    expect((await fs.readdir(dir)).sort()).toEqual(['bills.csv', 'scans']);
    expect(sandbox.control.counters().invoiceEndpoints.print).toBe(0);
    // Scans of the company's bills: readable by their owner only (0600), whatever the umask.
    if (process.platform !== 'win32') {
      for (const name of expected) expect((await fs.stat(path.join(scans, name))).mode & 0o777, name).toBe(0o600);
    }

    // The next night: the same three refused again, and a scan lost since is fetched again (the
    // run no longer stops before it).
    const lost = expected.at(-1) as string;
    await fs.rm(path.join(scans, lost));
    const second = await run(args);
    expect(second.code, second.stderr).toBe(EXIT.refused);
    expect(second.stderr).toContain(`scans: 1 saved, ${expected.length - 1} already there, ${without} without a scan`);
    for (const number of refused) expect(second.stderr).toContain(`warning: no scan for supplier invoice ${number}: `);
    expect((await fs.readdir(scans)).sort()).toEqual(expected);
  });

  it('a 5xx that outlasts the retries still stops the run: exit 4, the CSV written', async () => {
    sandbox.control.injectFault('archive', { status: 503 });
    const result = await run(['--tenant', small(), '--resource', 'supplierinvoices', '--out', 'bills.csv', ...PAGE, '--pdf-dir', scans]);
    expect(result.code, result.stderr).toBe(EXIT.service);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^export: service unavailable: /);
    expect(result.stderr).not.toContain('warning: no scan');
    expect(await fs.readdir(scans)).toEqual([]);
    expect((await fs.readdir(dir)).sort()).toEqual(['bills.csv', 'scans']);
  });

  it('a 429 that outlasts the retries still stops the run: exit 4 (rate limit)', async () => {
    sandbox.control.injectFault('archive', { burst429: 1000 });
    const result = await run(['--tenant', small(), '--resource', 'supplierinvoices', '--out', 'bills.csv', ...PAGE, '--pdf-dir', scans]);
    expect(result.code, result.stderr).toBe(EXIT.service);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^export: rate limit: /);
    expect(await fs.readdir(scans)).toEqual([]);
  });
});

/**
 * The service's fetch, with `before` run at the sandbox just before each request whose path
 * matches `route` goes out: the test's change (a document removed meanwhile) that the service's
 * real answer then reflects.
 */
function changeBefore(route: RegExp, before: (pathname: string) => void): Partial<CliIo> {
  return {
    fetch: async (input, init) => {
      const { pathname } = new URL(input);
      if (route.test(pathname)) before(pathname);
      return fetch(input, init);
    },
  };
}

describe('--pdf-dir: a document the service answers 404 for', () => {
  it("an invoice deleted after the list was read: its PDF skipped with a warning naming it, the others saved, exit 6", async () => {
    let gone: string | undefined;
    const io = changeBefore(/\/preview$/, (pathname) => {
      if (gone) return;
      gone = /\/3\/invoices\/(\d+)\/preview$/.exec(pathname)?.[1] as string;
      // Deleted at the service (a draft, as the service allows) between the list and its PDF.
      sandbox.control.updateInvoice(small(), gone, { Booked: false });
      sandbox.control.deleteInvoice(small(), gone);
    });
    const result = await run(['--tenant', small(), '--out', 'invoices.csv', ...PAGE, '--pdf-dir', scans], io);
    expect(result.code, result.stderr).toBe(EXIT.refused);
    expect(result.stderr).toContain(`export: warning: no PDF for invoice ${gone}: The service has no such document (HTTP 404, code 2000434: Kan inte hitta fakturan.); it may have been deleted since the list was read. Skipped; the others were fetched.\n`);
    expect(result.stderr).toContain('export: PDFs: 19 saved, 0 already there, in ');
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('export: 1 PDF missing: the service answered 404 for it.');
    const saved = await fs.readdir(scans);
    expect(saved).toHaveLength(19);
    expect(saved).not.toContain(`${gone}.pdf`);
    expect(await csvRows(path.join(dir, 'invoices.csv'))).toBe(21);
  });

  it('a scan gone from the archive after its connection was listed: skipped with a warning, every other scan saved, exit 6', async () => {
    const withScan = firstTwenty().filter((r) => r.Scan !== null);
    const [first, second] = withScan as [SandboxSupplierInvoice, SandboxSupplierInvoice];
    const removed = new Set<string>();
    // The archive loses two scans (one connection still names each file when it is fetched).
    const io = changeBefore(/^\/api\/3\/archive\//, (pathname) => {
      for (const record of [first, second]) {
        if (pathname.endsWith(`/${record.Scan?.FileId}`) && !removed.has(record.GivenNumber)) {
          removed.add(record.GivenNumber);
          sandbox.control.setSupplierScan(small(), record.GivenNumber, null);
        }
      }
    });
    try {
      const result = await run(['--tenant', small(), '--resource', 'supplierinvoices', '--out', 'bills.csv', ...PAGE, '--pdf-dir', scans], io);
      expect(result.code, result.stderr).toBe(EXIT.refused);
      for (const record of [first, second]) {
        expect(result.stderr).toContain(`export: warning: no scan for supplier invoice ${record.GivenNumber}: The service has no such document (HTTP 404, code 2000434: Kan inte hitta filen.); it may have been deleted since the list was read. Skipped; the others were fetched.\n`);
      }
      expect(result.stderr.trimEnd().split('\n').at(-1)).toBe('export: 2 scans missing: the service answered 404 for them.');
      const saved = (await fs.readdir(scans)).map((name) => name.replace(/\.\w+$/, '')).sort();
      expect(saved).toEqual(withScan.slice(2).map((r) => r.GivenNumber).sort());
    } finally {
      for (const record of [first, second]) sandbox.control.setSupplierScan(small(), record.GivenNumber, record.Scan);
    }
  });

  it('a 404 without the service\'s own error (a wrong address, where every document would fail) still stops the run: exit 4', async () => {
    // Once the list is read: from then on the invoices' route answers a bare 404.
    const io = changeBefore(/\/preview$/, () => sandbox.control.injectFault('invoices', { status: 404, body: 'empty' }));
    const result = await run(['--tenant', small(), '--out', 'invoices.csv', ...PAGE, '--pdf-dir', scans], io);
    expect(result.code, result.stderr).toBe(EXIT.service);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(/^export: wrong API address: The service has no such address \(HTTP 404, an empty answer\)/);
    expect(result.stderr).not.toContain('warning: no PDF');
  });
});

describe('--pdf-dir with a list whose rows have no documents', () => {
  const without = eachList().filter(({ list }) => list.documents === null);

  it('the lists the registry describes without documents are the two registers and both payment lists', () => {
    expect(without.map(({ id }) => id).sort()).toEqual(['customers', 'invoicepayments', 'supplierinvoicepayments', 'suppliers']);
  });

  it.each(without.map(({ id, list }) => [id, list.noun] as const))('--resource %s: exit 2 naming --pdf-dir before any request, nothing written', async (id, noun) => {
    const result = await run(['--tenant', small(), '--resource', id, '--out', 'list.csv', '--pdf-dir', scans]);
    expect(result.code, result.stderr).toBe(EXIT.usage);
    expect(result.stderr).toContain(`export: invalid --pdf-dir: ${noun}s have no documents to save (it saves invoices' PDFs and supplier invoices' scans)`);
    expect(sandbox.control.counters().requests).toBe(0);
    expect((await fs.readdir(dir)).sort()).toEqual(['scans']);
    expect(await fs.readdir(scans)).toEqual([]);
  });
});

/**
 * Ctrl-C as command.ts delivers it: the signal aborted with a cancelled error, SIGINT told. It comes
 * once `after` documents (answers to `/preview` or `/3/archive/`) have arrived.
 */
function interruptAfter(after: number, route: RegExp): Partial<CliIo> {
  const controller = new AbortController();
  let arrived = 0;
  return {
    signal: controller.signal,
    interruptedBy: () => (controller.signal.aborted ? 'SIGINT' : undefined),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (route.test(new URL(input).pathname) && ++arrived === after) controller.abort(new ApiError('cancelled', { message: 'The export was stopped (SIGINT).' }));
      return response;
    },
  };
}

const csvRows = async (file: string): Promise<number> => (await fs.readFile(file, 'utf8')).trimEnd().split('\n').length;

describe('Ctrl-C after the CSV was written', () => {
  it('supplier scans: exit 130, "<file> is complete; N of M scans saved", N the files there, no temporary file', async () => {
    const out = path.join(dir, 'bills.csv');
    const result = await run(['--tenant', small(), '--resource', 'supplierinvoices', '--out', out, ...PAGE, '--pdf-dir', scans], interruptAfter(5, /^\/api\/3\/archive\//));
    expect(result.code, result.stderr).toBe(EXIT.sigint);
    const saved = await fs.readdir(scans);
    expect(saved.every((name) => /^\d+\.(pdf|png|jpg)$/.test(name))).toBe(true);
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(saved.length).toBeLessThan(firstTwenty().filter((r) => r.Scan !== null).length);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`export: interrupted: ${out} is complete; ${saved.length} of 20 scans saved in ${scans} (run it again for the rest: the files already there are skipped).`);
    expect(result.stderr).not.toContain('no file was written');
    expect(await csvRows(out)).toBe(21);
  });

  it("invoices' PDFs: exit 130, \"<file> is complete; N of M PDFs saved\"", async () => {
    const out = path.join(dir, 'invoices.csv');
    const result = await run(['--tenant', small(), '--out', out, ...PAGE, '--pdf-dir', scans], interruptAfter(6, /\/preview$/));
    expect(result.code, result.stderr).toBe(EXIT.sigint);
    const saved = await fs.readdir(scans);
    expect(saved.every((name) => /^\d+\.pdf$/.test(name))).toBe(true);
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(saved.length).toBeLessThan(20);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`export: interrupted: ${out} is complete; ${saved.length} of 20 PDFs saved in ${scans} (run it again for the rest: the files already there are skipped).`);
    expect(await csvRows(out)).toBe(21);
  });

  it('a real SIGINT to the spawned export during the scans: exit 130 with the same words', async () => {
    const root = new URL('../../../', import.meta.url).pathname;
    const { PATH, HOME, TMPDIR } = process.env;
    const out = path.join(dir, 'bills.csv');
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'electron/cli/export.ts'), '--tenant', small(), '--resource', 'supplierinvoices', '--out', out, ...PAGE, '--pdf-dir', scans], {
      cwd: root,
      env: { PATH, HOME, ...(TMPDIR ? { TMPDIR } : {}), INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = once(child, 'exit').then(([code]) => code as number | null);
    try {
      // At the real pace (two requests a scan, 25 requests in 5 s) the scans take several seconds.
      const deadline = Date.now() + 30_000;
      while ((await fs.readdir(scans)).filter((name) => !name.endsWith('.tmp')).length < 2) {
        if (Date.now() > deadline) throw new Error(`no scans saved: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.kill('SIGINT');
      expect(await exit, stderr).toBe(EXIT.sigint);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    const saved = await fs.readdir(scans);
    expect(saved.every((name) => /^\d+\.(pdf|png|jpg)$/.test(name))).toBe(true);
    expect(stderr).toContain(`export: interrupted: ${out} is complete; ${saved.length} of 20 scans saved in ${scans}`);
    expect(await csvRows(out)).toBe(21);
  }, 60_000);
});
