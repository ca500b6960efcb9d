/**
 * The customer invoice grid's view state and the pure logic around it: what is persisted per
 * company, the query it becomes (for the service, or for the company's local copy once it is
 * ready), the pager's arithmetic and the column menu's moves. The rules are view-logic.ts's, for
 * every resource; this file binds them to the customer invoices' lists under the names the grid
 * always had. No React here, so the rules are unit-tested directly.
 */
import type { DateRange } from '../../../electron/common/list-primitives';
import type { GridQueryOf, ViewStateOf } from '../../../electron/common/lists/grid-types';
import { defaultPageSize, pageSizes, type InvoiceColumnId, type FilterId, type LocalSortField, type SortField } from './columns';
import type { GridMode } from '../grid/grid-mode';
import {
  withCurrency as withCurrencyOf,
  withDateRange as withDateRangeOf,
  withDueRange as withDueRangeOf,
  withFilter as withFilterOf,
  withText as withTextOf,
} from '../grid/view-changes';
import { registryViewExtras } from '../grid/list-view-extras';
import { registryViewSpec, type ListViewTypes } from '../grid/list-view-spec';
import { createViewLogic } from '../grid/view-logic';
import type { ColumnSort } from '../grid/view-sorting';
import type { GridViewOf } from '../grid/view-spec';
import { isCurrencyCode, MAX_SEARCH_LENGTH } from '../grid/view-values';

export * from '../grid/date-range';
export * from '../grid/pager-math';
export * from '../grid/column-order';
export { isCurrencyCode, MAX_SEARCH_LENGTH, type ColumnSort, type GridMode };

/** The customer invoices' id types. */
export type CustomerViewTypes = ListViewTypes<'invoices'>;
type InvoiceGridQuery = GridQueryOf<'invoices'>;
type InvoiceViewState = ViewStateOf<'invoices'>;

/**
 * InvoiceViewState with its loose parts tightened: columns as ids, search always present. The rest is
 * InvoiceViewState's own (the local copy's search box, due dates and currency; the overview's scope,
 * customer, FinalPayDate and expected-date bounds, shown as one chip).
 */
export type InvoiceGridView = GridViewOf<CustomerViewTypes>;

export type { DateBounds } from '../../../electron/common/list-primitives';

/** The customer invoices' view rules. */
export const customerView = createViewLogic<CustomerViewTypes>({
  // Columns, filters and sort fields: the registry's.
  ...registryViewSpec<CustomerViewTypes>('invoices'),
  defaultSearchField: 'customername',
  // A company's first view: the newest invoices first (what came in, what is owed), not document 1 of 2023.
  defaultSort: { sortby: 'invoicedate', sortorder: 'descending' },
  serviceSort: { sortby: 'invoicedate', sortorder: 'descending' },
  pageSizes,
  defaultPageSize,
  // The overview's scope, customer, FinalPayDate and expected-date bounds: the registry's own keys.
  extras: registryViewExtras<CustomerViewTypes>('invoices'),
});

/** A company's first view: the newest invoices first. */
export const defaultView: InvoiceGridView = customerView.defaultView;

/** Whether the service itself can sort by the field (six of the local copy's sixteen). */
export const isServiceSortField = (field: LocalSortField): field is SortField => customerView.isServiceSortField(field);

/** A persisted view as the grid can use it (anything unknown falls back to the default). */
export const normaliseView = (view: InvoiceViewState | null | undefined): InvoiceGridView => customerView.normaliseView(view);
/** What lists:saveView stores: only set fields (the contract's schema is strict). */
export const toViewState = (view: InvoiceGridView): InvoiceViewState => customerView.toViewState(view);
/** The sort a query carries: the view's own; for the service, the default sort instead of one it cannot do. */
export const effectiveSort = (view: InvoiceGridView, mode: GridMode): Pick<InvoiceGridQuery, 'sortby' | 'sortorder'> => customerView.effectiveSort(view, mode);
/** The query of a view, for the service or the local copy (view-query.ts). */
export const toGridQuery = (view: InvoiceGridView, page: number, today: Date = new Date(), mode: GridMode = 'service'): InvoiceGridQuery => customerView.toGridQuery(view, page, today, mode);
/** The query without what only the local copy answers (the service gets none of it). */
export const withoutLocalParts = <Q extends Omit<InvoiceGridQuery, 'page'>>(query: Q): Q => customerView.withoutLocalParts(query);
/** The export's query: the view without the page. */
export const toExportQuery = (view: InvoiceGridView, today: Date = new Date(), mode: GridMode = 'service'): Omit<InvoiceGridQuery, 'page'> => customerView.toExportQuery(view, today, mode);
/** True when two views ask for the same rows, from the service and from the local copy alike. */
export const sameRows = (a: InvoiceGridView, b: InvoiceGridView, today: Date = new Date()): boolean => customerView.sameRows(a, b, today);

export const withFilter = (view: InvoiceGridView, filter: FilterId | undefined): InvoiceGridView => withFilterOf(view, filter);
export const withDateRange = (view: InvoiceGridView, range: DateRange | undefined): InvoiceGridView => withDateRangeOf(view, range);
export const withDueRange = (view: InvoiceGridView, range: DateRange | undefined): InvoiceGridView => withDueRangeOf(view, range);
export const withText = (view: InvoiceGridView, text: string): InvoiceGridView => withTextOf(view, text);
export const withCurrency = (view: InvoiceGridView, currency: string | undefined): InvoiceGridView => withCurrencyOf(view, currency);

// Sorting ---------------------------------------------------------------------------------------

/** The table's sorting state: the sort the query carries in this mode (so the arrow shows what was sent). */
export const sortingOf = (view: InvoiceGridView, mode: GridMode = 'service'): ColumnSort<InvoiceColumnId>[] => customerView.sortingOf(view, mode);

/** The view sorted as the table asks; `fieldOf` says which columns sort in this mode (undefined: none). */
export const withSorting = (view: InvoiceGridView, sorting: readonly { id: string; desc: boolean }[], fieldOf: (id: InvoiceColumnId) => LocalSortField | undefined): InvoiceGridView =>
  customerView.withSorting(view, sorting, fieldOf);
