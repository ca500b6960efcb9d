/**
 * The supplier register's grid types, derived from its records' own keys
 * (supplier-fields.ts): its column ids, sort fields, filters and search fields, the
 * query the grid asks and the view it keeps. None of them is written again.
 */
import type { CurrencySum } from './invoices';
import type { supplierFields, supplierFilters, supplierSearchFields } from './supplier-fields';
import type { SupplierRow } from './suppliers';

type Fields = typeof supplierFields;
export type SupplierRegisterColumnId = keyof Fields;
/** Every column sorts on the copy; the service sorts by number and name only. */
export type SupplierRegisterSortField = { [K in keyof Fields]: Fields[K]['sort']['field'] }[keyof Fields];
export type SupplierRegisterFilter = keyof typeof supplierFilters;
export type SupplierRegisterSearchField = keyof typeof supplierSearchFields;

/** The register's query (the service answers page, limit, filter active/inactive, sort by number or name, search). */
export interface SupplierRegisterQuery {
  page: number;
  limit: number;
  sortby?: SupplierRegisterSortField;
  sortorder?: 'ascending' | 'descending';
  filter?: SupplierRegisterFilter;
  search?: { field: SupplierRegisterSearchField; value: string };
  /** The local copy only: every word over name, number, organisation number, e-mail and city. */
  text?: string;
}

export interface SupplierRegisterPageView {
  rows: SupplierRow[];
  currentPage: number;
  totalPages: number;
  totalResources: number;
  source: 'local' | 'service';
  /** The local copy only: the view's count, what is owed (as `total`) and overdue (as `balance`), in SEK. */
  sums?: CurrencySum[];
}

/** The register's per-company view state, kept across restarts. */
export interface SupplierRegisterViewState {
  sortby?: SupplierRegisterSortField;
  sortorder?: 'ascending' | 'descending';
  filter?: SupplierRegisterFilter;
  search?: SupplierRegisterQuery['search'];
  text?: string;
  limit: number;
  columns: string[];
}
