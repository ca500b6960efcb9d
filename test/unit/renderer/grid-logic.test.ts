/**
 * The grid's pure logic: formatting for the UI language, the view state and the query it becomes,
 * the pager's arithmetic, the column menu, the export selection and the error actions.
 */
import { describe, expect, it } from 'vitest';
import type { ViewState } from '../../../electron/ipc/contract';
import { DeskError } from '../../../renderer/api';
import { buildSelection, progressShare, togglePage } from '../../../renderer/features/export/selection';
import { upsertJob } from '../../../renderer/features/export/queries';
import { allColumnIds, columnOfSortField, columnSpecs, defaultColumnIds, sortFields } from '../../../renderer/features/invoices/columns';
import { actionFor } from '../../../renderer/features/invoices/error-action';
import { formatAmount, formatCount, formatDate, formatDuration } from '../../../renderer/features/invoices/format';
import {
  clampPage,
  columnMenuOrder,
  moveColumn,
  normaliseView,
  parsePageRange,
  rowRange,
  sameRows,
  sortingOf,
  toExportQuery,
  toGridQuery,
  toggleColumn,
  toViewState,
  withSorting,
} from '../../../renderer/features/invoices/view';
import { dictionaries, sv } from '../../../renderer/i18n/messages';

const NBSP = '\u00a0';
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

describe('amounts', () => {
  it('shows SEK the Swedish way: space-grouped, decimal comma, kr', () => {
    expect(formatAmount(1234.5, 'SEK', 'sv')).toBe(`1${NBSP}234,50${NBSP}kr`);
    expect(plain(formatAmount(1234567.891, 'SEK', 'sv'))).toBe('1 234 567,89 kr');
    expect(plain(formatAmount(0, 'SEK', 'sv'))).toBe('0,00 kr');
    expect(plain(formatAmount(-250, 'SEK', 'sv'))).toBe('-250,00 kr');
  });

  it('shows other currencies with their code, never as kronor', () => {
    expect(plain(formatAmount(1234.5, 'EUR', 'sv'))).toBe('1 234,50 EUR');
    expect(plain(formatAmount(99.9, 'usd', 'sv'))).toBe('99,90 USD');
  });

  it('uses English grouping and the ISO code in English', () => {
    expect(plain(formatAmount(1234.5, 'SEK', 'en'))).toBe('SEK 1,234.50');
    expect(plain(formatAmount(1234.5, 'EUR', 'en'))).toBe('EUR 1,234.50');
  });

  it('keeps a malformed currency as text rather than failing', () => {
    expect(plain(formatAmount(10, 'kronor', 'sv'))).toBe('10,00 kronor');
    expect(plain(formatAmount(10, '', 'sv'))).toBe('10,00');
    expect(formatAmount(Number.NaN, 'SEK', 'sv')).toBe('');
  });
});

describe('dates and counts', () => {
  it('shows Swedish dates as YYYY-MM-DD and English ones as "15 Mar 2026", without a time-zone shift', () => {
    expect(formatDate('2026-03-15', 'sv')).toBe('2026-03-15');
    expect(formatDate('2026-03-15', 'en')).toBe('15 Mar 2026');
    expect(formatDate('2026-01-01', 'en')).toBe('1 Jan 2026');
  });

  it('shows empty, null and malformed dates as they are', () => {
    expect(formatDate(null, 'sv')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('2026-02-31', 'en')).toBe('2026-02-31');
    expect(formatDate('soon', 'en')).toBe('soon');
  });

  it('groups counts and words durations compactly', () => {
    expect(plain(formatCount(50000, 'sv'))).toBe('50 000');
    expect(formatCount(50000, 'en')).toBe('50,000');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(65)).toBe('1 min 05 s');
    expect(formatDuration(3725)).toBe('1 h 02 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});

describe('columns', () => {
  it('are the contract\'s export columns, the ten main ones shown by default', () => {
    expect(allColumnIds).toHaveLength(16);
    expect(defaultColumnIds).toEqual(['documentNumber', 'customerNumber', 'customerName', 'invoiceDate', 'dueDate', 'total', 'balance', 'currency', 'ocr', 'status']);
  });

  it('sort on the server only where the service can: six columns, one each', () => {
    const sortable = allColumnIds.filter((id) => columnSpecs[id].sortField !== undefined);
    expect(sortable).toEqual(['documentNumber', 'customerNumber', 'customerName', 'invoiceDate', 'total', 'ocr']);
    for (const field of sortFields) expect(columnSpecs[columnOfSortField(field)].sortField).toBe(field);
  });

  it('have a label in both languages', () => {
    for (const id of allColumnIds) {
      expect(dictionaries.sv[`grid.col.${id}`]).toBeTruthy();
      expect(dictionaries.en[`grid.col.${id}`]).toBeTruthy();
    }
  });
});

describe('messages', () => {
  it('define every Swedish key in English too, with the same placeholders', () => {
    for (const key of Object.keys(sv) as Array<keyof typeof sv>) {
      expect(dictionaries.en[key], key).toBeTypeOf('string');
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(dictionaries.en[key]), key).toEqual(names(sv[key]));
    }
  });
});

describe('view state', () => {
  it('starts from defaults when nothing is stored', () => {
    const view = normaliseView(null);
    expect(view).toEqual({ limit: 50, columns: [...defaultColumnIds], search: { field: 'customername', value: '' } });
    expect(toGridQuery(view, 1)).toEqual({ page: 1, limit: 50 });
  });

  it('keeps a stored view and drops what this version does not know', () => {
    const stored = {
      sortby: 'total',
      sortorder: 'descending',
      filter: 'unpaidoverdue',
      search: { field: 'ocr', value: '123' },
      limit: 250,
      columns: ['total', 'gone', 'customerName', 'total'],
    } as unknown as ViewState;
    expect(normaliseView(stored)).toEqual({
      sortby: 'total',
      sortorder: 'descending',
      filter: 'unpaidoverdue',
      search: { field: 'ocr', value: '123' },
      limit: 250,
      columns: ['total', 'customerName'],
    });
    const odd = normaliseView({ limit: 33, columns: [], sortby: 'balance' } as unknown as ViewState);
    expect(odd.limit).toBe(50);
    expect(odd.columns).toEqual([...defaultColumnIds]);
    expect(odd.sortby).toBeUndefined();
  });

  it('round-trips through what view.save stores', () => {
    const view = normaliseView({ sortby: 'customername', sortorder: 'ascending', limit: 100, columns: ['ocr', 'status'], search: { field: 'documentnumber', value: '' } });
    expect(toViewState(view)).toEqual({ sortby: 'customername', sortorder: 'ascending', limit: 100, columns: ['ocr', 'status'], search: { field: 'documentnumber', value: '' } });
    expect(normaliseView(toViewState(view))).toEqual(view);
  });

  it('sends one search parameter at most, trimmed, and none for an empty box', () => {
    const view = normaliseView({ limit: 25, columns: ['ocr'], filter: 'unpaid', search: { field: 'customername', value: '  Berg ' } });
    expect(toGridQuery(view, 3)).toEqual({ page: 3, limit: 25, filter: 'unpaid', search: { field: 'customername', value: 'Berg' } });
    expect(toGridQuery({ ...view, search: { field: 'ocr', value: '   ' } }, 1)).toEqual({ page: 1, limit: 25, filter: 'unpaid' });
    expect(toExportQuery(view)).toEqual({ limit: 25, filter: 'unpaid', search: { field: 'customername', value: 'Berg' } });
  });

  it('knows when a change asks for other rows (columns do not)', () => {
    const view = normaliseView(null);
    expect(sameRows(view, { ...view, columns: ['ocr'] })).toBe(true);
    expect(sameRows(view, { ...view, limit: 100 })).toBe(false);
    expect(sameRows(view, { ...view, filter: 'cancelled' })).toBe(false);
    expect(sameRows(view, { ...view, search: { field: 'ocr', value: '' } })).toBe(true);
  });

  it('maps the table\'s sorting state to the server\'s sort field and back', () => {
    const view = normaliseView(null);
    const sorted = withSorting(view, [{ id: 'total', desc: true }], (id) => columnSpecs[id].sortField);
    expect(toGridQuery(sorted, 1)).toMatchObject({ sortby: 'total', sortorder: 'descending' });
    expect(sortingOf(sorted)).toEqual([{ id: 'total', desc: true }]);
    const cleared = withSorting(sorted, [], (id) => columnSpecs[id].sortField);
    expect(cleared.sortby).toBeUndefined();
    expect(cleared.sortorder).toBeUndefined();
    // A column the server cannot sort by never reaches the query.
    expect(withSorting(view, [{ id: 'balance', desc: false }], (id) => columnSpecs[id].sortField).sortby).toBeUndefined();
  });
});

describe('pager', () => {
  it('says which rows a page holds', () => {
    expect(rowRange(1, 50, 50, 300)).toEqual({ from: 1, to: 50, total: 300 });
    expect(rowRange(6, 50, 50, 300)).toEqual({ from: 251, to: 300, total: 300 });
    expect(rowRange(3, 25, 7, 57)).toEqual({ from: 51, to: 57, total: 57 });
    expect(rowRange(1, 50, 0, 0)).toBeNull();
  });

  it('keeps pages within 1..totalPages, and 1 when there are none (@TotalPages 0)', () => {
    expect(clampPage(7, 6)).toBe(6);
    expect(clampPage(0, 6)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(Number.NaN, 6)).toBe(1);
    expect(clampPage(2.7, 6)).toBe(2);
  });

  it('reads page ranges as people type them', () => {
    expect(parsePageRange('2–7', 10)).toEqual({ from: 2, to: 7 });
    expect(parsePageRange(' 2 - 7 ', 10)).toEqual({ from: 2, to: 7 });
    expect(parsePageRange('4', 10)).toEqual({ from: 4, to: 4 });
    expect(parsePageRange('7-2', 10)).toEqual({ error: 'order' });
    expect(parsePageRange('2-11', 10)).toEqual({ error: 'bounds' });
    expect(parsePageRange('0-3', 10)).toEqual({ error: 'bounds' });
    expect(parsePageRange('two', 10)).toEqual({ error: 'format' });
    expect(parsePageRange('', 10)).toEqual({ error: 'format' });
  });
});

describe('column menu', () => {
  it('hides and shows columns, never the last one', () => {
    expect(toggleColumn(['ocr', 'total'], 'ocr')).toEqual(['total']);
    expect(toggleColumn(['total'], 'total')).toEqual(['total']);
    expect(toggleColumn(['total'], 'project')).toEqual(['total', 'project']);
  });

  it('moves visible columns one step, ignoring moves off the ends', () => {
    expect(moveColumn(['a', 'b', 'c'] as never, 'b' as never, -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['documentNumber', 'total'], 'total', 1)).toEqual(['documentNumber', 'total']);
    expect(moveColumn(['documentNumber', 'total'], 'documentNumber', -1)).toEqual(['documentNumber', 'total']);
  });

  it('lists the visible columns in order, then the hidden ones', () => {
    expect(columnMenuOrder(['total', 'ocr'], allColumnIds).slice(0, 4)).toEqual(['total', 'ocr', 'documentNumber', 'customerNumber']);
    expect(columnMenuOrder(['total', 'ocr'], allColumnIds)).toHaveLength(16);
  });
});

describe('export selection', () => {
  const base = { selectedPages: new Set([5, 2, 99]), rangeText: '2–7', totalPages: 10, page: 3, selectedRows: ['17', '19'] };

  it('builds each kind of selection of the current view', () => {
    expect(buildSelection({ ...base, choice: 'all' })).toEqual({ selection: { kind: 'all' } });
    expect(buildSelection({ ...base, choice: 'pages' })).toEqual({ selection: { kind: 'pages', pages: [2, 5] } });
    expect(buildSelection({ ...base, choice: 'range' })).toEqual({ selection: { kind: 'range', from: 2, to: 7 } });
    expect(buildSelection({ ...base, choice: 'rows' })).toEqual({ selection: { kind: 'rows', page: 3, documentNumbers: ['17', '19'] } });
  });

  it('explains what is missing instead of sending an empty selection', () => {
    expect(buildSelection({ ...base, choice: 'pages', selectedPages: new Set() })).toEqual({ problem: 'no-pages' });
    expect(buildSelection({ ...base, choice: 'rows', selectedRows: [] })).toEqual({ problem: 'no-rows' });
    expect(buildSelection({ ...base, choice: 'range', rangeText: '8-12' })).toEqual({ problem: 'range-bounds' });
    expect(buildSelection({ ...base, choice: 'range', rangeText: 'x' })).toEqual({ problem: 'range-format' });
    expect(buildSelection({ ...base, choice: 'all', totalPages: 0 })).toEqual({ problem: 'empty' });
  });

  it('toggles marked pages and computes the progress share', () => {
    const pages = togglePage(new Set([1]), 3);
    expect([...pages]).toEqual([1, 3]);
    expect([...togglePage(pages, 1)]).toEqual([3]);
    expect(progressShare(5, 20)).toBe(0.25);
    expect(progressShare(5, null)).toBeNull();
    expect(progressShare(0, 0)).toBe(1);
  });

  it('keeps one entry per job, in the order jobs appeared', () => {
    const job = (jobId: string, pagesDone: number) => ({ jobId, companyId: 'c', state: 'running' as const, pagesDone, pagesTotal: 10, rows: 0, secondsLeft: null, waitingForRateLimit: false, fileName: 'x.csv' });
    const jobs = upsertJob(upsertJob(upsertJob([], job('a', 1)), job('b', 1)), job('a', 2));
    expect(jobs.map((j) => [j.jobId, j.pagesDone])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
});

describe('error actions', () => {
  const error = (kind: ConstructorParameters<typeof DeskError>[0]['kind']) => new DeskError({ kind, message: 'x' });
  it('offers Reconnect for a lost connection or a missing scope', () => {
    expect(actionFor(error('needs-reconnect'))).toBe('reconnect');
    expect(actionFor(error('scope-missing'))).toBe('reconnect');
  });
  it('offers no Reconnect for a missing licence (OAuth cannot fix it), only Retry once it is activated', () => {
    expect(actionFor(error('licence-missing'))).toBe('retry');
  });
  it('offers Retry for what may pass, and a view reset for a refused query', () => {
    expect(actionFor(error('unavailable'))).toBe('retry');
    expect(actionFor(error('rate-limited'))).toBe('retry');
    expect(actionFor(error('busy'))).toBe('retry');
    expect(actionFor(new Error('plain'))).toBe('retry');
    expect(actionFor(error('bad-request'))).toBe('reset-view');
  });
});
