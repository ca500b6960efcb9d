import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import { ApiError } from '../../../electron/kernel/errors';
import { listColumns } from '../../../electron/export/columns';
import { resolvePages, runExport, toExportErrorInfo, type ExportOptions, type ExportProgress } from '../../../electron/export/export-job';
import { exportResources } from '../../../electron/export/export-resources';
import { fakeSession, invoice, pagesOf } from './helpers';
import type { Invoice } from '../../../electron/common/invoices';

let dir: string;
let target: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-job-'));
  target = path.join(dir, 'out.csv');
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const columns = [
  { id: 'documentNumber', header: 'No' },
  { id: 'total', header: 'Total' },
] as const;

function options(overrides: Partial<ExportOptions> & Pick<ExportOptions, 'session'>): ExportOptions {
  return { resource: exportResources.invoices, query: { limit: 10 }, pages: 'all', columns: [...columns], format: 'standard', target, clock: systemClock, today: '2026-03-01', ...overrides };
}

async function rowsOf(file: string): Promise<string[][]> {
  const parsed = Papa.parse<string[]>(await fs.readFile(file, 'utf8'), { skipEmptyLines: true });
  return parsed.data;
}

describe('resolvePages', () => {
  it('accepts all, lists (sorted, deduplicated) and ranges; refuses the rest as bad-request on "pages"', () => {
    expect(resolvePages('all')).toBeUndefined();
    expect(resolvePages([3, 1, 3, 2])).toEqual([1, 2, 3]);
    expect(resolvePages({ from: 2, to: 4 })).toEqual([2, 3, 4]);
    for (const bad of [[], [0], [1.5], { from: 3, to: 2 }, { from: 0, to: 2 }, 'some'] as unknown[]) {
      expect(() => resolvePages(bad as never)).toThrow(expect.objectContaining({ kind: 'bad-request', field: 'pages' }) as Error);
    }
  });
});

describe('runExport', () => {
  it('writes every page in order with a header and reports progress', async () => {
    const session = fakeSession(pagesOf(45, 10));
    const events: ExportProgress[] = [];
    const result = await runExport(options({ session, onProgress: (p) => events.push(p) }));
    expect(result).toEqual({ rows: 45, pages: 5, target });
    const rows = await rowsOf(target);
    expect(rows[0]).toEqual(['No', 'Total']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 45 }, (_, i) => String(i + 1)));
    expect(events[0]).toMatchObject({ pagesDone: 0, pagesTotal: null, rows: 0, waitingForRateLimit: false });
    expect(events.at(-1)).toMatchObject({ pagesDone: 5, pagesTotal: 5, rows: 45 });
    expect(events.some((e) => e.secondsLeft !== undefined)).toBe(true);
    expect(await fs.readdir(dir)).toEqual(['out.csv']);
  });

  it('reads only the selected pages, in ascending order, and stops at the end of the view', async () => {
    const session = fakeSession(pagesOf(45, 10), undefined, { honourLimit: true });
    const result = await runExport(options({ session, pages: [4, 2, 9, 7] }));
    // Pages 7 and 9 do not exist (5 pages): stop at the first of them.
    expect(result).toMatchObject({ rows: 20, pages: 2 });
    expect((await rowsOf(target)).slice(1).map((r) => r[0])).toEqual([...Array.from({ length: 10 }, (_, i) => String(11 + i)), ...Array.from({ length: 10 }, (_, i) => String(31 + i))]);
  });

  it('exports a page range, cut out of one 500-row request', async () => {
    const session = fakeSession(pagesOf(45, 10), undefined, { honourLimit: true });
    const result = await runExport(options({ session, pages: { from: 2, to: 3 } }));
    expect(result).toMatchObject({ rows: 20, pages: 2 });
    expect(session.requested).toEqual([1]);
    expect((await rowsOf(target)).slice(1).map((r) => r[0])).toEqual(Array.from({ length: 20 }, (_, i) => String(11 + i)));
  });

  it('reads 500 rows a request whatever the view page size: 1,200 rows of a 50-row view in 3 requests', async () => {
    const session = fakeSession(pagesOf(1_200, 50), undefined, { honourLimit: true });
    expect(await runExport(options({ session, query: { limit: 50 } }))).toMatchObject({ rows: 1_200, pages: 3 });
    expect(session.requested).toEqual([1, 2, 3]);
    // Pages 10 and 11 of the view (rows 451-550) straddle two 500-row pages.
    const picked = fakeSession(pagesOf(1_200, 50), undefined, { honourLimit: true });
    expect(await runExport(options({ session: picked, query: { limit: 50 }, pages: [11, 10] }))).toMatchObject({ rows: 100 });
    expect(picked.requested).toEqual([1, 2]);
    expect((await rowsOf(target)).slice(1).map((r) => Number(r[0]))).toEqual(Array.from({ length: 100 }, (_, i) => 451 + i));
  });

  it('writes each DocumentNumber once when a row moves to the next page between reads', async () => {
    const pages = pagesOf(1_000, 500);
    // An invoice added at the top pushed row 500 onto page 2 after page 1 was read.
    (pages[1] as { items: Invoice[] }).items.unshift(invoice({ documentNumber: '500' }));
    const session = fakeSession(pages);
    expect(await runExport(options({ session, query: { limit: 500 } }))).toMatchObject({ rows: 1_000 });
  });

  it('selected rows: writes only those and stops reading once all are found', async () => {
    const session = fakeSession(pagesOf(45, 10));
    const result = await runExport(options({ session, rowFilter: { documentNumbers: ['12', '3'] } }));
    expect(result).toMatchObject({ rows: 2, pages: 2 });
    expect(session.requested).toEqual([1, 2]);
    expect((await rowsOf(target)).slice(1).map((r) => r[0])).toEqual(['3', '12']);
  });

  it('an empty view writes just the header', async () => {
    const session = fakeSession([{ currentPage: 1, totalPages: 0, totalResources: 0, items: [] }]);
    expect(await runExport(options({ session }))).toMatchObject({ rows: 0, pages: 1 });
    expect(await rowsOf(target)).toEqual([['No', 'Total']]);
  });

  it('passes the waiting-for-the-rate-limit state through as progress', async () => {
    let setWaiting: (v: boolean) => void = () => undefined;
    const session = fakeSession(pagesOf(30, 10), (n) => {
      if (n === 2) setWaiting(true);
      if (n === 3) setWaiting(false);
    });
    setWaiting = (v) => session.setWaiting(v);
    const events: ExportProgress[] = [];
    await runExport(options({ session, onProgress: (p) => events.push(p) }));
    expect(events.some((e) => e.waitingForRateLimit)).toBe(true);
    expect(events.at(-1)?.waitingForRateLimit).toBe(false);
  });

  it('cancel halfway: rejects with cancelled, no file and no temporary file', async () => {
    const controller = new AbortController();
    const session = fakeSession(pagesOf(50, 10), (n) => {
      if (n === 3) controller.abort();
    });
    const error = await runExport(options({ session, signal: controller.signal })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('cancelled');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('a failure halfway rejects with the ApiError and leaves no file; an existing target is kept', async () => {
    await fs.writeFile(target, 'yesterday');
    const failure = new ApiError('unavailable', { message: 'boom' });
    const session = fakeSession(pagesOf(50, 10), (n) => {
      if (n === 3) throw failure;
    });
    await expect(runExport(options({ session }))).rejects.toBe(failure);
    expect(await fs.readdir(dir)).toEqual(['out.csv']);
    expect(await fs.readFile(target, 'utf8')).toBe('yesterday');
    expect(toExportErrorInfo(failure)).toMatchObject({ kind: 'unavailable', retryable: true });
  });

  it('refuses bad input before creating a file or reading a page', async () => {
    const session = fakeSession(pagesOf(10, 10));
    await expect(runExport(options({ session, query: { limit: 9999 } }))).rejects.toMatchObject({ kind: 'bad-request', field: 'limit' });
    await expect(runExport(options({ session, columns: [] }))).rejects.toMatchObject({ kind: 'bad-request', field: 'columns' });
    await expect(runExport(options({ session, columns: [{ id: 'nope' as never, header: 'x' }] }))).rejects.toMatchObject({ field: 'columns' });
    await expect(runExport(options({ session, format: 'xlsx' as never }))).rejects.toMatchObject({ field: 'format' });
    await expect(runExport(options({ session, rowFilter: { documentNumbers: [] } }))).rejects.toMatchObject({ field: 'rowFilter' });
    expect(session.requested).toEqual([]);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('a missing folder is a FileError (kind file) and nothing is read', async () => {
    const session = fakeSession(pagesOf(10, 10));
    const error = await runExport(options({ session, target: path.join(dir, 'nope', 'x.csv') })).catch((e: unknown) => e);
    // The error names the folder for the log; what goes to the window names the file only.
    expect(error).toMatchObject({ message: `The folder ${path.join(dir, 'nope')} does not exist.` });
    expect(toExportErrorInfo(error)).toMatchObject({ kind: 'file', message: 'The folder chosen for x.csv does not exist.' });
    expect(session.requested).toEqual([]);
  });

  it('writes every column with the status of the given day', async () => {
    const session = fakeSession([{ currentPage: 1, totalPages: 1, totalResources: 1, items: [invoice({ balance: 5, total: 10, dueDate: '2026-01-01' })] }]);
    await runExport(options({ session, columns: listColumns('invoices', 'en'), format: 'excel-sv' }));
    const text = await fs.readFile(target, 'utf8');
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[1]).toEqual(['1', '10', 'Acme AB', '2026-01-10', '2026-01-01', '10,00', '5,00', 'SEK', '133', 'overdue', 'SANT', 'SANT', 'INVOICE', '', '', '']);
  });
});
