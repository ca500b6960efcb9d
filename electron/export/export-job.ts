import type { Clock } from '../kernel/clock';
import { ApiError, cancelledError, toApiErrorInfo, type ApiErrorKind } from '../kernel/errors';
import { MAX_LIMIT } from '../api/list-query';
import { openAtomicFile, FileError } from './atomic-file';
import { CSV_FORMATS, type CellContext, type CsvFormat, type ExportColumn } from './columns';
import { createCsvEncoder } from './csv';
import type { ExportResource, RowPage, ViewQuery } from './export-resources';
import type { ExportSession } from './export-session';

/**
 * One export of one resource (the caller names it: see export-resources.ts, whose description gives the columns, the cells, the identity and how pages
 * are read): pages of the current view read through the company's session at `export` priority
 * (so the grid's interactive requests go first on the same limiter), each page's rows turned into
 * CSV and written to a temporary file as the page arrives, in page order; the file is renamed over
 * the target only when every page is written.
 *
 * Memory stays flat: at any time the job holds the pages the session reads ahead (4 by default)
 * and one page's CSV text; rows are never collected.
 *
 * Outcomes:
 *  - success: the target holds the complete CSV; resolves `{ rows, pages, target }`;
 *  - cancel (the signal aborts): no target written, the temporary file removed; rejects with
 *    ApiError('cancelled');
 *  - failure: same cleanup; rejects with the ApiError of the failed page (after the session's own
 *    retries) or a FileError for the disk. Bad input (query, pages, columns) is refused with
 *    ApiError('bad-request') before any file is created or request sent.
 */

/** Which pages of the view: all of them, a list (deduplicated, written in ascending order), or a range. */
export type PageSelection = 'all' | readonly number[] | { from: number; to: number };

export interface ExportProgress {
  /** Pages read and written so far. */
  pagesDone: number;
  /** Pages the export will read: null until the first page says how many there are (for `all`). */
  pagesTotal: number | null;
  /** Rows written so far. */
  rows: number;
  /** Estimate, once two pages have arrived. */
  secondsLeft?: number;
  /** The company's limiter is holding requests (rate limit reached, or paused after a 429). */
  waitingForRateLimit: boolean;
}

export type { ExportSession } from './export-session';

export interface ExportOptions {
  /** What is exported: its columns, cells and pages. */
  resource: ExportResource;
  session: ExportSession;
  /** The view's query (filter, sort, search, page size); its `page`, if any, is ignored. */
  query: unknown;
  pages: PageSelection;
  /** "Selected rows": only these invoices of the read pages are written (their identities:
   * DocumentNumbers, or GivenNumbers for supplier invoices). */
  rowFilter?: { documentNumbers: readonly string[] };
  /** Ids of the resource's columns, with their headers. */
  columns: readonly ExportColumn<string>[];
  format: CsvFormat;
  /** Absolute path chosen by the user (the save dialog's answer, or the CLI's --out). */
  target: string;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** The identities of each page's rows, once written (the CLI's --pdf-dir reads them). */
  onWritten?: (documentNumbers: readonly string[]) => void;
  clock: Clock;
  /** Local calendar date `YYYY-MM-DD` for the status column. */
  today: string;
  /** Text of the status column (the resource's statuses); default the stable status ids. */
  statusLabels?: Readonly<Record<string, string>>;
}

export interface ExportResult {
  /** Rows written (not counting the header). */
  rows: number;
  /** Pages read. */
  pages: number;
  target: string;
}

/** More pages than this in one selection is refused (500 000 × 500 rows is far beyond any company). */
export const MAX_SELECTED_PAGES = 100_000;

function badRequest(field: string, message: string): ApiError {
  return new ApiError('bad-request', { field, message: `Invalid export: ${message}`, remedy: `Correct the ${field} and try again.` });
}

const isPageNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1;

/** The explicit, ascending list of pages to read, or undefined for all pages. */
export function resolvePages(selection: PageSelection): number[] | undefined {
  if (selection === 'all') return undefined;
  if (Array.isArray(selection)) {
    const list = selection as readonly unknown[];
    if (list.length === 0) throw badRequest('pages', 'select at least one page.');
    if (list.length > MAX_SELECTED_PAGES) throw badRequest('pages', `at most ${MAX_SELECTED_PAGES} pages can be selected.`);
    if (!list.every(isPageNumber)) throw badRequest('pages', 'pages must be whole numbers of at least 1.');
    return [...new Set(list as number[])].sort((a, b) => a - b);
  }
  if (typeof selection === 'object' && selection !== null && 'from' in selection && 'to' in selection) {
    const { from, to } = selection;
    if (!isPageNumber(from) || !isPageNumber(to)) throw badRequest('pages', 'a page range needs whole page numbers of at least 1.');
    if (to < from) throw badRequest('pages', `the page range ${from}-${to} ends before it starts.`);
    if (to - from + 1 > MAX_SELECTED_PAGES) throw badRequest('pages', `at most ${MAX_SELECTED_PAGES} pages can be selected.`);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  throw badRequest('pages', 'pages must be "all", a list of page numbers or a range { from, to }.');
}

function checkColumns(resource: ExportResource, columns: readonly ExportColumn<string>[]): void {
  if (!Array.isArray(columns) || columns.length === 0) throw badRequest('columns', 'choose at least one column.');
  for (const column of columns) {
    if (typeof column?.id !== 'string' || !resource.columnIds.includes(column.id)) throw badRequest('columns', `unknown column "${String(column?.id)}".`);
    if (typeof column.header !== 'string') throw badRequest('columns', `the header of column "${column.id}" must be text.`);
  }
}

function viewQuery(resource: ExportResource, input: unknown, local: boolean): ViewQuery {
  if (local) {
    // Checked by the caller (the IPC schema, the CLI's arguments): the copy's own parts included.
    const { page: _page, ...rest } = input as ViewQuery;
    return rest;
  }
  const query = resource.serviceQuery(input);
  // The selection decides the pages; the grid's current page is not part of the view.
  delete query.page;
  return query;
}

export async function runExport(options: ExportOptions): Promise<ExportResult> {
  const { session, signal, clock, format } = options;
  const { resource } = options;
  if (!(CSV_FORMATS as readonly string[]).includes(format)) throw badRequest('format', `format must be one of: ${CSV_FORMATS.join(', ')}.`);
  checkColumns(resource, options.columns);
  const query = viewQuery(resource, options.query, session.local === true);
  const explicit = resolvePages(options.pages);
  const wanted = options.rowFilter ? new Set(options.rowFilter.documentNumbers.map(String)) : undefined;
  if (wanted && wanted.size === 0) throw badRequest('rowFilter', 'select at least one row.');
  if (signal?.aborted) throw cancelledError(signal);

  const encoder = createCsvEncoder({ columns: options.columns, format });
  const context: CellContext = { format, today: options.today, ...(options.statusLabels ? { statusLabels: options.statusLabels } : {}) };

  let pagesDone = 0;
  let pagesTotal: number | null = explicit ? explicit.length : null;
  let rows = 0;
  let waiting = session.limiter.stats().waiting;
  let firstPageAt: number | undefined;

  const report = (): void => {
    if (!options.onProgress) return;
    const progress: ExportProgress = { pagesDone, pagesTotal, rows, waitingForRateLimit: waiting };
    if (firstPageAt !== undefined && pagesDone >= 2 && pagesTotal !== null) {
      const perPage = (clock.now() - firstPageAt) / (pagesDone - 1);
      progress.secondsLeft = Math.max(0, Math.ceil((perPage * (pagesTotal - pagesDone)) / 1000));
    }
    try {
      options.onProgress(progress);
    } catch {
      // A progress listener's failure must not break the export.
    }
  };

  const file = await openAtomicFile(options.target);
  const unsubscribe = session.limiter.onWaitingChange((value) => {
    waiting = value;
    report();
  });
  try {
    report();
    await file.write(encoder.header());
    const iterable = viewPages(resource, session, query, explicit, signal);
    const identity = (row: unknown): string => resource.identity(row);
    // A row that moved between pages while they were read (an invoice added or changed meanwhile)
    // is written once.
    const written = new Set<string>();
    let index = 0;
    for await (const page of iterable) {
      if (signal?.aborted) throw cancelledError(signal);
      // Pages past the end of the view (a selection made when the view was longer) are empty: stop.
      if (explicit && (explicit[index] as number) > Math.max(page.totalPages, 1)) {
        pagesTotal = pagesDone;
        report();
        break;
      }
      index += 1;
      const fresh = page.items.filter((row) => (!wanted || wanted.has(identity(row))) && !written.has(identity(row)));
      const ids = fresh.map(identity);
      for (const id of ids) written.add(id);
      await file.write(encoder.rows(fresh.map((row) => options.columns.map((column) => resource.cell(row, column.id, context)))));
      rows += fresh.length;
      options.onWritten?.(ids);
      pagesDone += 1;
      firstPageAt ??= clock.now();
      if (explicit) {
        // Clamp the selection to the pages that exist now.
        pagesTotal = Math.max(pagesDone, explicit.filter((p) => p <= Math.max(page.totalPages, 1)).length);
      } else {
        pagesTotal = Math.max(pagesDone, page.totalPages);
      }
      if (wanted) {
        for (const id of ids) wanted.delete(id);
        // Every selected row is written: the remaining pages cannot add any.
        if (wanted.size === 0) {
          pagesTotal = pagesDone;
          report();
          break;
        }
      }
      report();
    }
    if (signal?.aborted) throw cancelledError(signal);
    await file.commit();
    return { rows, pages: pagesDone, target: file.target };
  } catch (error) {
    await file.abort();
    if (signal?.aborted) throw cancelledError(signal);
    throw error;
  } finally {
    unsubscribe();
  }
}

/** The service's page size when a query names none (docs/service.md, Query parameters). */
const DEFAULT_VIEW_LIMIT = 100;

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The view's pages, read from the service 500 rows a request whatever the view's page size (the
 * service's largest page: a 50-row view costs a tenth of the requests). "All" reads the 500-row
 * pages; a selection of view pages reads the 500-row pages that hold them and cuts each view page
 * out. The local copy pages as asked (no request is spent).
 */
async function* viewPages(resource: ExportResource, session: ExportSession, query: ViewQuery, explicit: number[] | undefined, signal: AbortSignal | undefined): AsyncGenerator<RowPage<unknown>> {
  const size = query.limit ?? DEFAULT_VIEW_LIMIT;
  const options = { priority: 'export' as const, ...(signal ? { signal } : {}) };
  if (session.local || size === MAX_LIMIT) {
    yield* resource.pages(session, query, { ...options, ...(explicit ? { pages: explicit } : {}) });
    return;
  }
  const big = { ...query, limit: MAX_LIMIT };
  if (!explicit) {
    yield* resource.pages(session, big, options);
    return;
  }
  const bigOf = (row: number): number => Math.floor(row / MAX_LIMIT) + 1;
  const spanOf = (page: number): number[] => range(bigOf((page - 1) * size), bigOf(page * size - 1));
  const needed = [...new Set(explicit.flatMap(spanOf))].sort((a, b) => a - b);
  const held = new Map<number, unknown[]>();
  let next = 0;
  for await (const page of resource.pages(session, big, { ...options, pages: needed })) {
    held.set(page.currentPage, page.items);
    for (; next < explicit.length; next += 1) {
      const viewPage = explicit[next] as number;
      const span = spanOf(viewPage);
      if (!span.every((p) => held.has(p))) break;
      const rows = span.flatMap((p) => held.get(p) as unknown[]);
      const start = (viewPage - 1) * size - ((span[0] as number) - 1) * MAX_LIMIT;
      yield { items: rows.slice(start, start + size), currentPage: viewPage, totalPages: Math.ceil(page.totalResources / size), totalResources: page.totalResources };
      for (const p of held.keys()) if (p < (span[span.length - 1] as number)) held.delete(p);
    }
  }
}

/** An export failure as plain data (IPC-safe): the API taxonomy, or `file` for the disk. */
export interface ExportErrorInfo {
  kind: ApiErrorKind | 'file';
  message: string;
  remedy: string;
  retryable: boolean;
  field?: string;
  serviceMessage?: string;
}

export function toExportErrorInfo(error: unknown): ExportErrorInfo {
  if (error instanceof FileError) return error.toInfo();
  return toApiErrorInfo(error);
}
