/**
 * The primitives every list's grid shares, whatever the list: a page of rows with its sums per
 * currency, the sort orders, the page sizes, the date ranges and bounds, a request's priority.
 * Pure data and types (the renderer, the IPC schemas and the main process import them alike).
 */

/** A page of any list's grid (common/resources.ts ResourceViews: each list's by its row). */
export interface ListPageView<Row> {
  rows: Row[];
  currentPage: number;
  /** 0 when there are no rows (the service's own convention). */
  totalPages: number;
  totalResources: number;
  /** Where the page came from: the company's local copy or the service itself. */
  source: 'local' | 'service';
  /** The local copy only: count, Total and Balance of the whole filtered view, per currency (a list's own sums say what its two are). */
  sums?: CurrencySum[];
}

/** The sums of a view in one currency (amounts in that currency, never converted). */
export interface CurrencySum {
  currency: string;
  count: number;
  total: number;
  balance: number;
}

export const sortOrders = ['ascending', 'descending'] as const;
export type SortOrder = (typeof sortOrders)[number];
export const pageSizes = [25, 50, 100, 250, 500] as const;
/** The service's largest page (docs/service.md, Invoice list: `limit` max 500). */
export const maxPageSize = 500;

/** The grid's date ranges (of the date a list is dated by): months and years of the user's local calendar, or custom bounds. */
export const dateRangePresets = ['thismonth', 'lastmonth', 'thisyear', 'custom'] as const;
export type DateRangePreset = (typeof dateRangePresets)[number];
/** A saved date range: a preset is resolved to dates when the query is made (so "this month"
 * follows the calendar); `from`/`to` (YYYY-MM-DD, inclusive) belong to 'custom'. */
export interface DateRange {
  preset: DateRangePreset;
  from?: string;
  to?: string;
}

export const requestPriorities = ['interactive', 'prefetch'] as const;
export type RequestPriority = (typeof requestPriorities)[number];

/** Inclusive YYYY-MM-DD bounds; either may be absent. */
export interface DateBounds {
  from?: string;
  to?: string;
}
