/** The view state and the query it becomes, the pager's arithmetic and the column menu's moves. */
import { describe, expect, it } from 'vitest';
import type { ViewStateOf } from '../../../../../electron/common/lists/grid-types';
import { allColumnIds, columnSpecs, defaultColumnIds } from '../../../../../renderer/features/invoices/columns';
import { invokeSchemas } from '../../../../../electron/ipc/schemas';
import {
  clampPage,
  columnMenuOrder,
  dateRangeProblem,
  localDay,
  moveColumn,
  normaliseView,
  parsePageRange,
  resolveDateRange,
  rowRange,
  sameRows,
  sortingOf,
  toExportQuery,
  toGridQuery,
  toggleColumn,
  toViewState,
  withDateRange,
  withSorting,
} from '../../../../../renderer/features/invoices/view';

type InvoiceViewState = ViewStateOf<'invoices'>;

describe('view state', () => {
  it('starts a new company on the newest invoices first', () => {
    const view = normaliseView(null);
    expect(view).toEqual({ sortby: 'invoicedate', sortorder: 'descending', limit: 50, columns: [...defaultColumnIds], search: { field: 'customername', value: '' } });
    expect(toGridQuery(view, 1)).toEqual({ page: 1, limit: 50, sortby: 'invoicedate', sortorder: 'descending' });
  });

  it("keeps a stored view's choice of the service's own order (no sort field)", () => {
    expect(normaliseView({ limit: 50, columns: ['documentNumber'] }).sortby).toBeUndefined();
  });

  it('keeps a stored view and drops what this version does not know', () => {
    const stored = {
      sortby: 'total',
      sortorder: 'descending',
      filter: 'unpaidoverdue',
      search: { field: 'ocr', value: '123' },
      limit: 250,
      columns: ['total', 'gone', 'customerName', 'total'],
    } as unknown as InvoiceViewState;
    expect(normaliseView(stored)).toEqual({
      sortby: 'total',
      sortorder: 'descending',
      filter: 'unpaidoverdue',
      search: { field: 'ocr', value: '123' },
      limit: 250,
      columns: ['total', 'customerName'],
    });
    const odd = normaliseView({ limit: 33, columns: [], sortby: 'colour' } as unknown as InvoiceViewState);
    expect(odd.limit).toBe(50);
    expect(odd.columns).toEqual([...defaultColumnIds]);
    expect(odd.sortby).toBeUndefined();
    // A sort only the local copy can do is kept (local-view.test.ts: what the service gets instead).
    expect(normaliseView({ limit: 50, columns: [], sortby: 'balance' }).sortby).toBe('balance');
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

describe('invoice-date range', () => {
  const today = new Date(2026, 0, 15, 12); // 15 January 2026, local time

  it('resolves the presets on the local calendar, inclusive', () => {
    expect(resolveDateRange({ preset: 'thismonth' }, today)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(resolveDateRange({ preset: 'lastmonth' }, today)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(resolveDateRange({ preset: 'thisyear' }, today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(resolveDateRange({ preset: 'lastmonth' }, new Date(2024, 2, 31))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(resolveDateRange({ preset: 'custom', from: '2025-05-01' }, today)).toEqual({ from: '2025-05-01' });
  });

  it("uses the user's day, not UTC's: 00:30 on 1 February in Stockholm is February", () => {
    const saved = process.env.TZ;
    process.env.TZ = 'Europe/Stockholm';
    try {
      const instant = new Date('2026-01-31T23:30:00Z');
      expect(localDay(instant)).toBe('2026-02-01');
      expect(resolveDateRange({ preset: 'thismonth' }, instant)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
      expect(resolveDateRange({ preset: 'lastmonth' }, instant)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('goes into the query with the filter and the search (the dates are global parameters)', () => {
    const view = withDateRange({ ...normaliseView(null), filter: 'fullypaid', search: { field: 'customername', value: 'Berg' } }, { preset: 'thisyear' });
    expect(toGridQuery(view, 2, today)).toEqual({
      page: 2, limit: 50, sortby: 'invoicedate', sortorder: 'descending', filter: 'fullypaid', fromdate: '2026-01-01', todate: '2026-12-31', search: { field: 'customername', value: 'Berg' },
    });
    expect(toExportQuery(view, today)).toMatchObject({ filter: 'fullypaid', fromdate: '2026-01-01', todate: '2026-12-31', search: { field: 'customername', value: 'Berg' } });
    const custom = withDateRange(view, { preset: 'custom', to: '2025-06-30' });
    expect(toGridQuery(custom, 1, today)).toMatchObject({ todate: '2025-06-30' });
    expect(toGridQuery(custom, 1, today).fromdate).toBeUndefined();
    expect(sameRows(view, custom)).toBe(false);
    expect(toGridQuery(withDateRange(view, undefined), 1, today).fromdate).toBeUndefined();
  });

  it('is saved with the view: a preset stays a preset, a custom range keeps its dates', () => {
    for (const range of [{ preset: 'lastmonth' as const }, { preset: 'custom' as const, from: '2025-01-01', to: '2025-03-31' }]) {
      const state = toViewState(withDateRange(normaliseView(null), range));
      expect(state.dateRange).toEqual(range);
      expect(invokeSchemas['lists:saveView'].safeParse(['invoices', 'c1', state]).success).toBe(true);
      expect(normaliseView(state).dateRange).toEqual(range);
    }
    expect(toViewState(normaliseView(null)).dateRange).toBeUndefined();
  });

  it('drops a stored range it cannot send rather than asking for nothing', () => {
    const base = { limit: 50, columns: ['documentNumber'] };
    const stored = (dateRange: unknown) => normaliseView({ ...base, dateRange } as unknown as InvoiceViewState).dateRange;
    expect(stored({ preset: 'nextweek' })).toBeUndefined();
    expect(stored({ preset: 'custom' })).toEqual({ preset: 'custom' });
    expect(toGridQuery(normaliseView({ ...base, dateRange: { preset: 'custom' } } as InvoiceViewState), 1).fromdate).toBeUndefined();
    expect(stored({ preset: 'custom', from: '2025-02-30' })).toBeUndefined();
    expect(stored({ preset: 'custom', from: '2025-03-01', to: '2025-02-01' })).toBeUndefined();
    expect(stored({ preset: 'thismonth', from: '2025-01-01' })).toEqual({ preset: 'thismonth' });
    expect(invokeSchemas['lists:saveView'].safeParse(['invoices', 'c1', { ...base, dateRange: { preset: 'custom', from: '1/1/2025' } }]).success).toBe(false);
  });

  it('names what is wrong with a custom range', () => {
    expect(dateRangeProblem('', '')).toBeNull();
    expect(dateRangeProblem('2025-01-01', '2025-01-01')).toBeNull();
    expect(dateRangeProblem('2025-02-30', '')).toBe('from');
    expect(dateRangeProblem('', '2025-13-01')).toBe('to');
    expect(dateRangeProblem('2025-02-01', '2025-01-31')).toBe('order');
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
