/**
 * `report --tenants`: an accounting firm's client companies, each brought up to date in its own
 * copy (four at once, each at its own rate limit: a company's token and limits are its own) and
 * summed into one row (common/firm.ts). A company that fails is a row with its problem, said on
 * stderr, and the others finish. Ctrl-C stops every sync (what they stored stays).
 */
import { serviceDate } from '../common/invoice-status';
import { ApiError, isApiError } from '../kernel/errors';
import { systemClock, type Clock } from '../kernel/clock';
import { isFileError } from '../export/file-error';
import type { MirrorApi } from '../mirror/access/mirror-api';
import { syncResources } from '../mirror/sync/sync-engine';
import { EXIT } from './args';
import { firmJson, firmText, type FirmRow } from './firm-text';
import type { ProgressReporter } from './progress';
import type { FirmPlan } from './report-args';
import { describeApiError, type CliIo } from './run';
import { describeSync, openCliMirror, openServiceSession, syncCliMirror } from './service-session';

/** Companies synced at once: a few, as the app's scheduler does; each has its own limiter. */
export const FIRM_CONCURRENCY = 4;

/** Rows print at the end; a redrawn bar per company would interleave four companies' lines. */
const SILENT: ProgressReporter = { update: () => undefined, finish: () => undefined };

/** The errors that leave a company's customer side right: its supplier side is left out. */
const SUPPLIER_SIDE_ERRORS = new Set(['scope-missing', 'licence-missing', 'permission-missing']);

interface RowResult extends FirmRow {
  /** 0, or the exit code of the company's failure. */
  code: number;
}

/** A failure as a row's problem and its line; only Ctrl-C is not a row: it ends the run. */
function failureOf(error: unknown, tenantId: string, io: CliIo): { problem: string; code: number; line: string } {
  if (io.signal?.aborted || (isApiError(error) && error.kind === 'cancelled')) throw error;
  if (isFileError(error)) return { problem: 'file', code: EXIT.file, line: `file error: ${error.message} ${error.remedy}` };
  if (isApiError(error)) {
    const { code, line } = describeApiError(error, { tenantId, resource: 'invoices' });
    return { problem: error.kind, code, line };
  }
  // The copy's own trouble (SQLite busy under another run, a disk full): this company's row, not the report's end.
  return { problem: 'internal', code: EXIT.internal, line: `unexpected error: ${error instanceof Error ? error.message : String(error)}` };
}

async function companyRow(tenantId: string, plan: FirmPlan, asOf: string, clock: Clock, io: CliIo, err: (line: string) => void): Promise<RowResult> {
  const session = openServiceSession({ ...plan, tenantId }, clock, io.fetch);
  let mirror: MirrorApi | undefined;
  let name = '';
  try {
    mirror = await openCliMirror(plan.mirrorDir, tenantId);
    name = (await session.companyInformation({ priority: 'export', ...(io.signal ? { signal: io.signal } : {}) })).name;
    const invoices = await syncCliMirror(mirror, session, clock, SILENT, syncResources.invoices, io.signal);
    let problem: string | null = null;
    let code: number = EXIT.ok;
    let bills = 'supplier invoices left out';
    try {
      bills = `supplier invoices ${describeSync(await syncCliMirror(mirror, session, clock, SILENT, syncResources.supplierinvoices, io.signal), 'supplier invoices')}`;
    } catch (error) {
      if (!isApiError(error) || !SUPPLIER_SIDE_ERRORS.has(error.kind)) throw error;
      const described = describeApiError(error, { tenantId, resource: 'supplierinvoices' });
      err(`warning: tenant ${tenantId}: what you owe left out: ${described.line}`);
      problem = error.kind;
      code = described.code;
    }
    err(`tenant ${tenantId}: invoices ${describeSync(invoices, 'invoices')}; ${bills}`);
    return { tenantId, name, summary: await mirror.companySummary(asOf, problem === null), problem, code };
  } catch (error) {
    const failure = failureOf(error, tenantId, io);
    err(`tenant ${tenantId}: ${failure.line}`);
    return { tenantId, name, summary: null, problem: failure.problem, code: failure.code };
  } finally {
    session.close();
    await mirror?.close();
  }
}

/** Runs `work` over `items`, `limit` at once, the results in the items' order. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The exit code: 0 when all succeeded; 7 when some failed; the first failure's when all did. */
export function firmExit(codes: readonly number[]): number {
  const failed = codes.filter((code) => code !== EXIT.ok);
  if (failed.length === 0) return EXIT.ok;
  return failed.length === codes.length ? (failed[0] as number) : EXIT.someFailed;
}

export async function runFirmReport(plan: FirmPlan, io: CliIo, err: (line: string) => void): Promise<number> {
  const clock = io.clock ?? systemClock;
  // One day for every row, whenever each company finishes.
  const asOf = serviceDate(clock.now());
  const rows = await inPool(plan.tenantIds, FIRM_CONCURRENCY, (tenantId) => companyRow(tenantId, plan, asOf, clock, io, err), io.signal);
  if (io.signal?.aborted) throw new ApiError('cancelled', { message: 'Interrupted.', remedy: 'Run the report again: each copy keeps what it stored.' });
  io.stdout.write(plan.json ? firmJson(asOf, rows) : firmText(asOf, rows));
  return firmExit(rows.map((row) => row.code));
}
