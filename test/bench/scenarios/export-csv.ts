import { createReadStream, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import v8 from 'node:v8';
import vm from 'node:vm';
import { systemClock } from '../../../electron/kernel/clock';
import { runCli } from '../../../electron/cli/run';
import { listColumns } from '../../../electron/export/columns';
import { runExport } from '../../../electron/export/export-job';
import { exportResources } from '../../../electron/export/export-resources';
import { serviceDate } from '../../../electron/common/invoice-status';
import type { Sandbox } from '../../../electron/sandbox/index';
import {
  browsingUser,
  connectedSession,
  recordingFetch,
  round,
  summarise,
  type BenchContext,
  type RequestRecord,
  type Scenario,
  type ScenarioResult,
} from '../lib';

const PAGE_LIMIT = 250;
const MIN_PAGES = 200;
const INTERACTIVE_EVERY_MS = 3000;
const INTERACTIVE_LIMIT = 20; // tells the grid's requests apart from the export's in the log

/** V8's gc(), without starting Node with --expose-gc. */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose_gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Rows of a CSV file written by the export (one line per row: the sandbox's data has no line breaks
 * in cells) and how many distinct first cells (DocumentNumber) they have. Streamed. */
async function countRows(file: string): Promise<{ rows: number; unique: number }> {
  const seen = new Set<string>();
  let rows = -1; // the header
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    rows += 1;
    if (rows > 0) seen.add(line.slice(0, line.indexOf(',')));
  }
  return { rows, unique: seen.size };
}

async function largeSandbox(context: BenchContext): Promise<{ sandbox: Sandbox; tenantId: string; invoices: number }> {
  const sandbox = await context.sandbox({ largeInvoiceCount: MIN_PAGES * PAGE_LIMIT });
  const large = sandbox.companies.find((c) => c.key === 'large');
  if (!large) throw new Error('the sandbox has no large company');
  return { sandbox, tenantId: large.tenantId, invoices: large.invoices };
}

/**
 * `requests`, `seconds`, `http429` and `ratioToCeiling` as the bench defines them: over every resource
 * request of the company's token (the export's and the grid's share one quota, so together they
 * show whether the quota is used to the ceiling). The export's own share is reported beside them.
 */
function exportFigures(log: RequestRecord[]): ScenarioResult {
  const exportLog = log.filter((r) => r.url.pathname.endsWith('/3/invoices') && r.url.searchParams.get('limit') === String(PAGE_LIMIT));
  const own = summarise(exportLog);
  return { name: '', ...summarise(log), exportRequests: own.requests, exportRatioToCeiling: own.ratioToCeiling };
}

/**
 * The app's export job: every page of the large company to a CSV file at export priority,
 * while a user browses the grid on the same session (an interactive page request every few seconds).
 * Figures: the sustained request rate against the ceiling, 429s, the longest wait of a grid request
 * for its start, and the rows written (every invoice exactly once).
 */
export const exportCsv: Scenario = {
  name: 'export-csv',
  description: `export job: >= ${MIN_PAGES} pages of ${PAGE_LIMIT} to CSV, a grid request every ${INTERACTIVE_EVERY_MS / 1000} s`,
  async run(context) {
    const { sandbox, tenantId, invoices } = await largeSandbox(context);
    const { fetch, log } = recordingFetch();
    const clock = systemClock;
    const session = await connectedSession(sandbox, tenantId, fetch, clock);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-export-'));

    // Warm the sandbox first (it generates its data and sort orders on first use), so that its
    // growth is not counted as the export's; these two requests are left out of the figures.
    await session.listPage('invoices', { limit: 1, sortby: 'documentnumber' }, { priority: 'interactive' });
    await session.listPage('invoices', { limit: 1, sortby: 'customername' }, { priority: 'interactive' });
    await clock.sleep(5_200); // and let their slots leave the rate window
    log.length = 0;
    sandbox.control.resetCounters();
    const user = browsingUser(session, log, { everyMs: INTERACTIVE_EVERY_MS, limit: INTERACTIVE_LIMIT, clock });

    let waitingEvents = 0;
    // Memory: rows are streamed to the file, so the live heap should not grow with the export's
    // size. Every 25 pages a full GC runs and the live heap is sampled; its largest growth over the
    // start is printed beside the file's size (holding the rows would grow it by more than that).
    const gc = exposeGc();
    gc();
    const heapAtStart = process.memoryUsage().heapUsed;
    let heapPeak = heapAtStart;
    const heapSamples: number[] = [];
    try {
      const result = await runExport({
        resource: exportResources.invoices,
        session,
        query: { limit: PAGE_LIMIT, sortby: 'documentnumber' },
        pages: 'all',
        columns: listColumns('invoices', 'en'),
        format: 'standard',
        target: path.join(dir, 'large.csv'),
        clock,
        today: serviceDate(clock.now()),
        onProgress: (p) => {
          if (p.pagesDone > 0 && p.pagesDone % 25 === 0) {
            gc();
            const used = process.memoryUsage().heapUsed;
            heapSamples.push(round((used - heapAtStart) / 1_048_576, 1));
            heapPeak = Math.max(heapPeak, used);
          }
          if (p.waitingForRateLimit) waitingEvents += 1;
          if (p.pagesDone > 0 && p.pagesDone % 50 === 0) context.log(`  export: ${p.pagesDone}/${p.pagesTotal ?? '?'} pages`);
        },
      });
      await user.stop();
      const file = await countRows(result.target);
      const counters = sandbox.control.counters();
      const figures = exportFigures(log);
      return [
        {
          ...figures,
          name: this.name,
          http429: Math.max(figures.http429, counters.http429),
          pages: result.pages,
          rows: result.rows,
          fileRows: file.rows,
          uniqueDocumentNumbers: file.unique,
          missing: invoices - file.unique,
          interactiveRequests: user.waits.length,
          interactiveWaitMs: round(Math.max(0, ...user.waits), 1),
          waitingEvents,
          maxPer5sByToken: counters.maxPer5sByToken,
          fileMb: round((await fs.stat(result.target)).size / 1_048_576, 1),
          liveHeapGrowthMb: round((heapPeak - heapAtStart) / 1_048_576, 1),
          liveHeapGrowthEvery25PagesMb: heapSamples.join(' '),
        },
      ];
    } finally {
      await user.stop();
      session.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};

/**
 * The headless command in-process: the CLI's own runCli with its argv and environment
 * (client credentials and a TenantId), only its fetch recorded. Same figures as the app's export.
 */
export const cliExport: Scenario = {
  name: 'cli-export',
  description: `npm run export (in-process): --limit ${PAGE_LIMIT}, all pages of the large company`,
  async run(context) {
    const { sandbox, tenantId, invoices } = await largeSandbox(context);
    const { fetch, log } = recordingFetch();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-cli-'));
    const out = path.join(dir, 'nightly.csv');
    const stderr: string[] = [];
    sandbox.control.resetCounters();
    try {
      const code = await runCli(['--tenant', tenantId, '--out', out, '--limit', String(PAGE_LIMIT), '--sortby', 'documentnumber'], {
        env: {
          INVOICE_DESK_CLIENT_ID: sandbox.clientId,
          INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret,
          INVOICE_DESK_AUTH_URL: sandbox.authUrl,
          INVOICE_DESK_API_URL: sandbox.apiUrl,
        },
        cwd: dir,
        stdout: { write: () => true },
        stderr: { write: (text: string) => stderr.push(text) },
        fetch,
      });
      if (code !== 0) throw new Error(`the CLI exited ${code}: ${stderr.join('')}`);
      const file = await countRows(out);
      const counters = sandbox.control.counters();
      const figures = exportFigures(log);
      context.log(`  cli: ${stderr.at(-1)?.trim() ?? ''}`);
      return [
        {
          ...figures,
          name: this.name,
          http429: Math.max(figures.http429, counters.http429),
          exitCode: code,
          fileRows: file.rows,
          uniqueDocumentNumbers: file.unique,
          missing: invoices - file.unique,
          maxPer5sByToken: counters.maxPer5sByToken,
        },
      ];
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};
