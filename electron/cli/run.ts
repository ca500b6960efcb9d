import { systemClock, type Clock } from '../kernel/clock';
import { isApiError, type ApiError } from '../kernel/errors';
import type { FetchLike } from '../kernel/http';
import { localExportSession } from '../mirror/access/local-export';
import type { MirrorApi } from '../mirror/access/mirror-api';
import { describeSync, openCliMirror, openServiceSession, syncCliMirror } from './service-session';
import { isFileError } from '../export/atomic-file';
import { runExport, type ExportProgress, type ExportSession } from '../export/export-job';
import { columnsOf, exportResources, type ExportResource } from '../export/export-resources';
import { lists } from '../common/lists/registry';
import type { ResourceId } from '../common/resources';
import { serviceDate } from '../common/invoice-status';
import { syncResources } from '../mirror/sync/sync-engine';
import { savePdfs, saveScans } from './pdf-dir';
import { warnSkipped } from './skipped-documents';
import { ENV, EXIT, UsageError } from './args';
import { parseExportArgs, USAGE, type ExportPlan } from './export-args';
import { counted, createProgressReporter, formatSeconds, type ProgressOutput } from './progress';
import type { CliOutput } from './output-write';
import { terminalSafe } from './terminal-text';

/**
 * The headless export: the same token manager (client-credentials grant), company session
 * (limiter, retries, breaker), query validation and CSV writer as the app, driven from argv.
 * Everything the process provides comes in through `CliIo`, so tests run it in-process too.
 */

export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** An export's stays empty but for --help; the report and the digest write their result here. */
  stdout: CliOutput;
  stderr: ProgressOutput;
  /** Aborted on SIGINT or SIGTERM; `interruptedBy` then tells which (for the exit code). */
  signal?: AbortSignal;
  interruptedBy?: () => NodeJS.Signals | undefined;
  fetch?: FetchLike;
  clock?: Clock;
}

const PREFIX = 'export:';

/** What a failed request was reading: a resource's list, or (--pdf-dir) its documents. */
export interface FailureContext {
  tenantId: string;
  resource: ResourceId;
  /** The --pdf-dir phase: the invoices' PDFs or the supplier invoices' scans. */
  documents?: boolean;
}

/**
 * The scopes a service account needs for what failed, and the words for what they open: the
 * list's own scope (its description's), or, while --pdf-dir saved scans, the two the archive's
 * files need (a PDF of the service's own is the list's scope's).
 */
function scopeLine(context: FailureContext, said: string): string {
  const { noun, api, documents } = lists[context.resource];
  if (context.documents && documents?.kind === 'scan') {
    return `no access to the scans of ${noun}s for tenant ${context.tenantId}${said}: the service account lacks the scope connectfile or archive (a scan needs both). Approve the service account again with the scopes connectfile and archive, or export without --pdf-dir (the CSV was written).`;
  }
  return `no access to ${noun}s for tenant ${context.tenantId}${said}: the service account lacks the scope ${api.scope}. Approve the service account again with the ${api.scope} scope (authorization with account_type=service).`;
}

/** One line per failure: what happened and what to do, with the CLI's own remedies (env vars, not settings). */
export function describeApiError(error: ApiError, plan: FailureContext): { code: number; line: string } {
  const said = error.serviceMessage ? ` (the service said: ${error.serviceMessage})` : '';
  const nouns = `${lists[plan.resource].noun}s`;
  switch (error.kind) {
    case 'unauthorized':
      return {
        code: EXIT.auth,
        line: `authentication failed: ${error.message} Check ${ENV.clientId} and ${ENV.clientSecret} (the secret may have been rotated in the developer portal).`,
      };
    case 'not-activated':
      return {
        code: EXIT.auth,
        line: `the service does not know tenant ${plan.tenantId} as a service account of this integration${said}. Check --tenant (the company's TenantId); if it is right, a system administrator of the company must approve the integration as a service account (authorization with account_type=service; the app's "Activate in the browser" does it).`,
      };
    case 'needs-reconnect':
      return {
        code: EXIT.auth,
        line: `the service refused tenant ${plan.tenantId}${said}. Check --tenant, and that the tenant's service account has approved this integration (authorization with account_type=service).`,
      };
    case 'scope-missing':
      return { code: EXIT.auth, line: scopeLine(plan, said) };
    case 'licence-missing':
      return {
        code: EXIT.auth,
        line: error.reason === 'module-licence'
          ? `no licence: tenant ${plan.tenantId} lacks the licence of the service module ${nouns} need${said}. Add the module to the company's subscription; other credentials do not fix this.`
          : `no licence: tenant ${plan.tenantId} has no licence for this integration${said}. Activate it in the service's marketplace (and assign a seat); other credentials do not fix this.`,
      };
    case 'permission-missing':
      return {
        code: EXIT.auth,
        line: `no permission: the service account of tenant ${plan.tenantId} may not list ${nouns}${said}. An administrator must give it that permission in the service; other credentials do not fix this.`,
      };
    case 'rate-limited':
      return { code: EXIT.service, line: `rate limit: ${error.message} Another program may be using the same credentials for this tenant; try again later.` };
    case 'unavailable':
    case 'busy':
      if (error.reason === 'api-address-ends-in-3' || error.reason === 'wrong-api-address') {
        return { code: EXIT.service, line: `wrong API address: ${error.message} Check ${ENV.apiUrl}${error.reason === 'api-address-ends-in-3' ? ' and remove the /3 at its end' : ''}.` };
      }
      return { code: EXIT.service, line: `service unavailable: ${error.message}${said} Check ${ENV.apiUrl}, ${ENV.authUrl} and the network, or try again later.` };
    case 'bad-request':
    case 'not-found':
      return { code: EXIT.usage, line: `the service refused the request: ${error.message}` };
    case 'cancelled':
      return { code: EXIT.sigint, line: 'interrupted: no file was written.' };
  }
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // Every line: the service's words (error messages, numbers, a document's type) included, none of
  // its control characters.
  const err = (line: string): void => {
    io.stderr.write(`${PREFIX} ${terminalSafe(line)}\n`);
  };

  const parsed = parseOrExit(() => parseExportArgs(argv, io.env, io.cwd), USAGE, io, err);
  if (typeof parsed === 'number') return parsed;
  const plan = parsed;

  const clock = io.clock ?? systemClock;
  const resourceId = plan.resource;
  const resource: ExportResource = exportResources[resourceId];
  const session = openServiceSession(plan, clock, io.fetch);
  const progress = createProgressReporter(io.stderr, () => clock.now());
  const started = clock.now();
  if (!plan.mirrorDir && resource.copyOnlyColumnIds.length > 0) {
    const headers = resource.copyOnlyColumnIds.map((id) => resource.headers[plan.lang][id]).join(', ');
    err(`note: the columns ${headers} come from the local copy's invoices and are left out; run with --mirror <dir> to write them.`);
  }

  // Announced once the first page is in (the credentials work): a failure to start stays one line.
  let announced = false;
  const onProgress = (p: ExportProgress): void => {
    if (!announced && p.pagesDone >= 1) {
      announced = true;
      progress.finish();
      const which = plan.pages === 'all' ? (p.pagesTotal === null ? '? pages' : counted(p.pagesTotal, 'page')) : `pages ${describePages(plan.pages)}`;
      err(`tenant ${plan.tenantId}: exporting ${which} to ${plan.out}`);
    }
    progress.update(p);
  };
  const written = new Set<string>();
  let mirror: MirrorApi | undefined;
  /** Set once the CSV is written: a failure after it is the --pdf-dir's. */
  let documents = false;
  try {
    const today = serviceDate(clock.now());
    let source: ExportSession = session;
    if (plan.mirrorDir) {
      mirror = await openCliMirror(plan.mirrorDir, plan.tenantId);
      // The lists the resource's own figures come from (the customers': their invoices) first.
      for (const from of lists[resourceId].sync.figuresFrom ?? []) {
        const read = await syncCliMirror(mirror, session, clock, progress, syncResources[from], io.signal);
        err(`tenant ${plan.tenantId}: local copy up to date (${describeSync(read, `${lists[from].noun}s`)})`);
      }
      const synced = await syncCliMirror(mirror, session, clock, progress, syncResources[resourceId], io.signal);
      err(`tenant ${plan.tenantId}: local copy up to date (${describeSync(synced, `${resource.noun}s`)})`);
      const ready = mirror;
      source = localExportSession({ upToDate: async () => ready, limiter: session.limiter, today });
    }
    const result = await runExport({
      resource,
      session: source,
      query: plan.query,
      pages: plan.pages,
      columns: columnsOf(resource, plan.lang).filter((column) => plan.mirrorDir || !resource.copyOnlyColumnIds.includes(column.id)),
      format: plan.format,
      target: plan.out,
      clock,
      today,
      statusLabels: resource.statusLabels[plan.lang],
      onProgress,
      ...(plan.pdfDir ? { onWritten: (numbers: readonly string[]) => numbers.forEach((n) => written.add(n)) } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
    });
    progress.finish();
    const seconds = (clock.now() - started) / 1000;
    err(`wrote ${counted(result.rows, 'row')} (${counted(result.pages, 'page')}) to ${result.target} in ${formatSeconds(seconds)}`);
    // A nightly job asked for pages the view does not have: say so, rather than a quiet short file.
    const selected = plan.pages === 'all' ? undefined : Array.isArray(plan.pages) ? new Set(plan.pages).size : (plan.pages as { from: number; to: number }).to - (plan.pages as { from: number; to: number }).from + 1;
    if (selected !== undefined && result.pages < selected) {
      err(`warning: ${selected - result.pages} of the ${selected} selected pages do not exist in this view (pages past the last are skipped).`);
    }
    documents = true;
    // What is saved is the list's own document (its description's); a list without one saves nothing.
    const saves = lists[resourceId].documents;
    if (plan.pdfDir && saves?.kind === 'scan') {
      const scans = await saveScans({
        session,
        dir: plan.pdfDir,
        givenNumbers: written,
        ...(io.signal ? { signal: io.signal } : {}),
        onProgress: (done: number, total: number) => progress.update({ pagesDone: done, pagesTotal: total, rows: done, waitingForRateLimit: false }),
      });
      progress.finish();
      if (scans.interrupted) return interruptedAfterCsv(io, err, result.target, `${scans.saved + scans.skipped} of ${scans.total} scans saved in ${plan.pdfDir}`);
      err(`scans: ${scans.saved} saved, ${scans.skipped} already there, ${scans.missing} without a scan, in ${plan.pdfDir}`);
      if (warnSkipped(err, scans, { what: 'scan', of: resource.noun, number: saves.namedBy })) return EXIT.refused;
    } else if (plan.pdfDir && saves?.kind === 'pdf') {
      const pdfs = await savePdfs({
        session,
        dir: plan.pdfDir,
        documentNumbers: written,
        ...(io.signal ? { signal: io.signal } : {}),
        // The same bar as the export's, counting PDFs (its "pages" and "rows" are both the PDFs done).
        onProgress: (done: number, total: number) => progress.update({ pagesDone: done, pagesTotal: total, rows: done, waitingForRateLimit: false }),
      });
      progress.finish();
      if (pdfs.interrupted) return interruptedAfterCsv(io, err, result.target, `${pdfs.saved + pdfs.skipped} of ${pdfs.total} PDFs saved in ${plan.pdfDir}`);
      err(`PDFs: ${pdfs.saved} saved, ${pdfs.skipped} already there, in ${plan.pdfDir}`);
      if (warnSkipped(err, pdfs, { what: 'PDF', of: resource.noun, number: saves.namedBy })) return EXIT.refused;
    }
    return EXIT.ok;
  } catch (error) {
    progress.finish();
    return failureExit(error, io, err, { tenantId: plan.tenantId, resource: resourceId, documents }, documents ? `: ${plan.out} is complete.` : ': no file was written.');
  } finally {
    session.close();
    await mirror?.close();
  }
}

/**
 * Ctrl-C or SIGTERM during --pdf-dir: the CSV is written and complete, and what was saved stays
 * (a next run skips it). Exits 130 or 143 as any interrupted run, saying so.
 */
function interruptedAfterCsv(io: CliIo, err: (line: string) => void, csv: string, saved: string): number {
  const by = io.interruptedBy?.();
  err(`${by === 'SIGTERM' ? 'terminated' : 'interrupted'}: ${csv} is complete; ${saved} (run it again for the rest: the files already there are skipped).`);
  return by === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;
}

/**
 * The arguments' plan, or the exit code when there is none to run: 0 after --help (the usage on
 * stdout), 2 for a usage error (its message, then the usage or a pointer to --help, on stderr).
 */
export function parseOrExit<T>(parse: () => { help: true } | { help: false; plan: T }, usage: string, io: CliIo, err: (line: string) => void): T | number {
  try {
    const parsed = parse();
    if (!parsed.help) return parsed.plan;
    io.stdout.write(usage);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(error.message);
    io.stderr.write(error.showUsage ? `\n${usage}` : 'Run with --help for the options.\n');
    return EXIT.usage;
  }
}

/** The exit code of a failed run, its one line said on stderr: a file, the service, a signal, or a bug. */
export function failureExit(error: unknown, io: CliIo, err: (line: string) => void, plan: FailureContext, stoppedWords: string): number {
  if (isFileError(error)) {
    err(`file error: ${error.message} ${error.remedy}`);
    return EXIT.file;
  }
  if (isApiError(error)) {
    if (error.kind === 'cancelled' || io.signal?.aborted) {
      const by = io.interruptedBy?.();
      err(`${by === 'SIGTERM' ? 'terminated' : 'interrupted'}${stoppedWords}`);
      return by === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;
    }
    const { code, line } = describeApiError(error, plan);
    err(line);
    return code;
  }
  err(`unexpected error: ${error instanceof Error ? error.message : String(error)}`);
  return EXIT.internal;
}

function describePages(pages: Exclude<ExportPlan['pages'], 'all'>): string {
  if (Array.isArray(pages)) return pages.join(',');
  const range = pages as { from: number; to: number };
  return `${range.from}-${range.to}`;
}
