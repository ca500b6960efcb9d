/**
 * The grid's view with the local copy: every column sorts, one search box, due dates and currency
 * go to the local copy, and none of it (nor a sort the service cannot do) to the service.
 */
import { describe, expect, it } from 'vitest';
import { localOnlyKeysOf } from '../../../../../electron/common/lists/list-description';
import type { ViewStateOf } from '../../../../../electron/common/lists/grid-types';
import { lists, sortFieldsOf } from '../../../../../electron/common/lists/registry';

const localOnlyQueryKeys = localOnlyKeysOf(lists.invoices);
import { invokeSchemas } from '../../../../../electron/ipc/schemas';
import { allColumnIds, columnOfSortField, columnSpecs, localSortFieldOf, sortFieldOf } from '../../../../../renderer/features/invoices/columns';
import {
  effectiveSort,
  normaliseView,
  sameRows,
  sortingOf,
  toExportQuery,
  toGridQuery,
  toViewState,
  withCurrency,
  withDueRange,
  withoutLocalParts,
  withSorting,
  withText,
  type InvoiceGridView,
} from '../../../../../renderer/features/invoices/view';

const today = new Date(2026, 0, 15, 12); // 15 January 2026, local time
const listArgs = (query: unknown) => ['invoices', 'c1', query, 'interactive'];

/** A view with every local-only part set, sorted by a column the service cannot sort. */
function localView(): InvoiceGridView {
  let view = normaliseView({ limit: 100, columns: ['documentNumber', 'dueDate'], sortby: 'duedate', sortorder: 'descending', filter: 'unpaid' });
  view = { ...view, search: { field: 'ocr', value: '4711' } };
  view = withText(view, '  örebro  bygg ');
  view = withDueRange(view, { preset: 'thismonth' });
  view = withCurrency(view, 'EUR');
  return view;
}

describe('column sort fields', () => {
  it('map every column to a local sort field, one each, and back', () => {
    const expected = {
      documentNumber: 'documentnumber', customerNumber: 'customernumber', customerName: 'customername', invoiceDate: 'invoicedate', dueDate: 'duedate',
      total: 'total', balance: 'balance', currency: 'currency', ocr: 'ocr', status: 'status', booked: 'booked', sent: 'sent',
      invoiceType: 'invoicetype', project: 'project', costCenter: 'costcenter', finalPayDate: 'finalpaydate',
    };
    expect(Object.fromEntries(allColumnIds.map((id) => [id, localSortFieldOf(id)]))).toEqual(expected);
    for (const field of sortFieldsOf('invoices')) expect(localSortFieldOf(columnOfSortField(field))).toBe(field);
    // The service's six keep their own field under the same name.
    for (const id of allColumnIds) if (columnSpecs[id].sortField) expect(columnSpecs[id].sortField).toBe(localSortFieldOf(id));
  });
});

describe('the query, with and without the local copy', () => {
  it('sends the local copy its search box, due dates, currency and any sort', () => {
    const query = toGridQuery(localView(), 2, today, 'local');
    expect(query).toEqual({
      page: 2, limit: 100, sortby: 'duedate', sortorder: 'descending', filter: 'unpaid',
      text: 'örebro  bygg', fromduedate: '2026-01-01', toduedate: '2026-01-31', currency: 'EUR',
    });
    expect(invokeSchemas['lists:page'].safeParse(listArgs(query)).success).toBe(true);
  });

  it('sends the service none of the local parts, its field search, and the default sort for a local-only one', () => {
    const query = toGridQuery(localView(), 2, today, 'service');
    expect(query).toEqual({ page: 2, limit: 100, sortby: 'invoicedate', sortorder: 'descending', filter: 'unpaid', search: { field: 'ocr', value: '4711' } });
    for (const key of localOnlyQueryKeys) expect(query).not.toHaveProperty(key);
    // The default mode is the service's.
    expect(toGridQuery(localView(), 2, today)).toEqual(query);
    // A sort the service can do is kept.
    expect(toGridQuery({ ...localView(), sortby: 'total', sortorder: 'ascending' }, 1, today)).toMatchObject({ sortby: 'total', sortorder: 'ascending' });
  });

  it('leaves out an empty search box, and an unsortable view stays unsorted', () => {
    const view = withText(normaliseView({ limit: 50, columns: ['ocr'] }), '   ');
    expect(toGridQuery(view, 1, today, 'local')).toEqual({ page: 1, limit: 50 });
    expect(effectiveSort(view, 'service')).toEqual({});
  });

  it('strips the local parts from any query', () => {
    const local = toExportQuery(localView(), today, 'local');
    expect(withoutLocalParts(local)).toEqual({ limit: 100, sortby: 'invoicedate', sortorder: 'descending', filter: 'unpaid' });
    expect(toExportQuery(localView(), today, 'service')).toEqual({ limit: 100, sortby: 'invoicedate', sortorder: 'descending', filter: 'unpaid', search: { field: 'ocr', value: '4711' } });
  });

  it('asks for other rows when a local part changes, in either mode', () => {
    const view = localView();
    expect(sameRows(view, withText(view, 'berg'), today)).toBe(false);
    expect(sameRows(view, withCurrency(view, undefined), today)).toBe(false);
    expect(sameRows(view, withDueRange(view, { preset: 'lastmonth' }), today)).toBe(false);
    expect(sameRows(view, { ...view, columns: ['ocr'] }, today)).toBe(true);
  });
});

describe('the view state with local parts', () => {
  it('keeps the search box, due range and currency across a save, also while the copy is off', () => {
    const state = toViewState(localView());
    expect(state).toMatchObject({ text: '  örebro  bygg ', dueRange: { preset: 'thismonth' }, currency: 'EUR', sortby: 'duedate', sortorder: 'descending' });
    expect(invokeSchemas['lists:saveView'].safeParse(['invoices', 'c1', state]).success).toBe(true);
    expect(normaliseView(state)).toEqual(localView());
  });

  it('drops what it cannot send', () => {
    const stored = { limit: 50, columns: ['ocr'], text: '', currency: 'sek', dueRange: { preset: 'custom', from: '2026-02-30' } } as unknown as ViewStateOf<'invoices'>;
    const view = normaliseView(stored);
    expect(view.text).toBeUndefined();
    expect(view.currency).toBeUndefined();
    expect(view.dueRange).toBeUndefined();
    expect(toViewState(view)).toEqual({ limit: 50, columns: ['ocr'] });
    expect(withCurrency(view, 'sek').currency).toBeUndefined();
    expect(withText(view, 'x'.repeat(300)).text).toHaveLength(200);
  });
});

describe('sorting in each mode', () => {
  it('sorts any column on the local copy and shows the sort that was sent', () => {
    const view = withSorting(normaliseView(null), [{ id: 'balance', desc: true }], localSortFieldOf);
    expect(view).toMatchObject({ sortby: 'balance', sortorder: 'descending' });
    expect(sortingOf(view, 'local')).toEqual([{ id: 'balance', desc: true }]);
    // Without the copy the arrow shows the default sort the service got.
    expect(sortingOf(view, 'service')).toEqual([{ id: 'invoiceDate', desc: true }]);
    // With the service's fields, a column it cannot sort clears the sort (as before).
    expect(withSorting(view, [{ id: 'status', desc: false }], sortFieldOf).sortby).toBeUndefined();
    expect(withSorting(view, [{ id: 'status', desc: false }], localSortFieldOf).sortby).toBe('status');
  });
});
