/**
 * What a resource (customer invoices, supplier invoices, ...) tells the grid about its view, and
 * the shapes that view takes: the state kept per company, as it is stored, and the query it
 * becomes. Types only, apart so that every part of the view's rules (view-state.ts, grid-mode.ts,
 * view-query.ts, view-sorting.ts) can share them with no cycle among the parts; view-logic.ts
 * binds those rules to one resource's ViewSpec.
 */
import type { DateBounds, DateRange, SortOrder } from '../../../electron/common/list-primitives';

/** The id types of one resource's view: its column ids, filters, sort fields, search fields and the overview's scopes. */
export interface ViewTypes {
  column: string;
  filter: string;
  sort: string;
  search: string;
  /** What a link of the overview narrows the rows to (the customer grid's 'owed', the supplier grid's 'topay', ...). */
  scope: string;
}

/**
 * One company's view of one resource's grid. The resource-specific narrowings live beside the
 * common parts (the customer grid's receivables-overview scope, customer and FinalPayDate bounds;
 * the supplier grid's one supplier); a spec's `extras` says which it keeps.
 */
export interface GridViewOf<V extends ViewTypes> {
  sortby?: V['sort'];
  sortorder?: SortOrder;
  filter?: V['filter'];
  /** The service's one search field (without a local copy). */
  search: { field: V['search']; value: string };
  /** Invoice-date range. */
  dateRange?: DateRange;
  /** The local copy's one search box, due-date range and currency (kept while the copy is off). */
  text?: string;
  dueRange?: DateRange;
  currency?: string;
  /** Set by a link of the overview: the resource's own scopes. */
  scope?: V['scope'];
  /** Customer invoices: set by a link of the receivables overview. */
  customer?: string;
  finalPayRange?: DateBounds;
  /** Customer invoices: the expected date's bounds (due date + the customer's habit), set by the cash outlook. */
  expectedRange?: DateBounds;
  /** Supplier invoices: one supplier, by its exact number. */
  supplier?: string;
  /** Either side, a month of DSO or DPO: what was owed (or to pay) at that day. */
  openat?: string;
  limit: number;
  /** Visible columns in their order. */
  columns: V['column'][];
}

/** A view as the grid saves it: only set fields (the contract's schemas are strict). */
export type SavedViewOf<V extends ViewTypes> = Omit<GridViewOf<V>, 'search'> & { search?: GridViewOf<V>['search'] };

/** A view as it is stored (loose: written by an older version, or by anyone). */
export interface StoredView {
  sortby?: string;
  sortorder?: string;
  filter?: string;
  search?: { field: string; value: string };
  dateRange?: DateRange;
  text?: string;
  dueRange?: DateRange;
  currency?: string;
  scope?: string;
  customer?: string;
  finalPayRange?: DateBounds;
  expectedRange?: DateBounds;
  supplier?: string;
  openat?: string;
  limit: number;
  columns: string[];
}

/** The query a view becomes (the resource's list channel's query; the main process validates it again). */
export interface ViewQuery<V extends ViewTypes> {
  page: number;
  limit: number;
  sortby?: V['sort'];
  sortorder?: SortOrder;
  filter?: V['filter'];
  fromdate?: string;
  todate?: string;
  search?: { field: V['search']; value: string };
  text?: string;
  fromduedate?: string;
  toduedate?: string;
  currency?: string;
  scope?: V['scope'];
  customer?: string;
  fromfinalpaydate?: string;
  tofinalpaydate?: string;
  fromexpecteddate?: string;
  toexpecteddate?: string;
  supplier?: string;
  openat?: string;
}

/** The resource-specific narrowings of a view (`GridViewOf`'s extras) and the query keys they become. */
export type ViewExtras<V extends ViewTypes = ViewTypes> = Pick<GridViewOf<V>, 'scope' | 'customer' | 'finalPayRange' | 'expectedRange' | 'supplier' | 'openat'>;
export type ExtraQuery<V extends ViewTypes = ViewTypes> = Pick<ViewQuery<V>, 'scope' | 'customer' | 'fromfinalpaydate' | 'tofinalpaydate' | 'fromexpecteddate' | 'toexpecteddate' | 'supplier' | 'openat'>;

export interface ViewSpec<V extends ViewTypes> {
  /** Its rows are invoices: invoice and due dates, currencies (the registry's `dated`). */
  dated: boolean;
  /** Every column, in the column menu's default order. */
  allColumns: readonly V['column'][];
  /** Shown on a new company. */
  defaultColumns: readonly V['column'][];
  filters: readonly V['filter'][];
  /** The filters only the local copy answers (the customers' "with overdue"): no chip without it. */
  localOnlyFilters: readonly V['filter'][];
  /** The local copy's sort field of a column (every column has one, or nearly: undefined where none). */
  localSortFieldOf: (column: V['column']) => V['sort'] | undefined;
  /** The service's sort field of a column (none for a resource the service cannot sort). */
  serviceSortFieldOf: (column: V['column']) => V['sort'] | undefined;
  localSortFields: readonly V['sort'][];
  /** The sort fields the service accepts (empty: it lists the resource in its own order only). */
  serviceSortFields: readonly V['sort'][];
  /** The service's search fields the grid offers without a local copy (one at a time). */
  searchFields: readonly V['search'][];
  defaultSearchField: V['search'];
  /** A new company's sort. */
  defaultSort?: { sortby: V['sort']; sortorder: SortOrder };
  /** What the service is asked for instead of a sort only the copy can do; undefined: its own order. */
  serviceSort?: { sortby: V['sort']; sortorder: SortOrder };
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** The query's parts only the local copy answers (the service gets none of them). */
  localOnlyQueryKeys: readonly string[];
  /** The valid resource-specific narrowings of a stored view, and their query keys. */
  extras: {
    normalise: (view: StoredView) => ViewExtras<V>;
    toQuery: (extras: ViewExtras<V>) => ExtraQuery<V>;
    /** Whether the view is narrowed by them (the empty grid's hint says so). */
    narrowed: (extras: ViewExtras<V>) => boolean;
  };
}
