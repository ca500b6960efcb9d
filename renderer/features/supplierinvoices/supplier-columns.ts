/**
 * The supplier grid's columns and view rules. Column ids (the CSV's too), filters, sort and search
 * fields are the registry's (the main process validates against the same description). The service lists supplier invoices in its own order only and, without a local
 * copy, searches them by supplier number alone: every sort, the one search box, due dates,
 * currency and sums need the copy.
 */
import { pageSizes } from '../../../electron/common/list-primitives';
import type { SupplierInvoiceRow } from '../../../electron/common/supplier-invoices';
import { lists, type ColumnOf, type SortFieldOf } from '../../../electron/common/lists/registry';
import { listColumns, type ListColumn } from '../grid/list-columns';
import { registryViewExtras } from '../grid/list-view-extras';
import { registryViewSpec, type ListViewTypes } from '../grid/list-view-spec';
import { createViewLogic } from '../grid/view-logic';
import type { GridViewOf } from '../grid/view-spec';

export type SupplierViewTypes = ListViewTypes<'supplierinvoices'>;
type SupplierColumnId = ColumnOf<'supplierinvoices'>;
type SupplierSortField = SortFieldOf<'supplierinvoices'>;

export type SupplierGridView = GridViewOf<SupplierViewTypes>;

/** A supplier invoice column: every one but the approver sorts on the copy; none at the service. */
export type SupplierColumnSpec = ListColumn<SupplierInvoiceRow, SupplierSortField, never>;

/** The supplier invoices' columns, from the registry (common/lists/supplierinvoices.ts). */
export const supplierColumnSpecs: Record<SupplierColumnId, SupplierColumnSpec> = listColumns<'supplierinvoices', SupplierInvoiceRow, SupplierSortField, never>('supplierinvoices');

/** Shown by default, in this order: they fit the default window (1280 × 800) without sideways scrolling; the rest are in the column menu. */
export const supplierDefaultColumns: readonly SupplierColumnId[] = lists.supplierinvoices.defaultColumns;

export const supplierView = createViewLogic<SupplierViewTypes>({
  // Columns, filters and sort fields: the registry's (the service sorts this list by nothing).
  ...registryViewSpec<SupplierViewTypes>('supplierinvoices'),
  // Without a copy the list channel searches by supplier number only (the service cannot search by name).
  searchFields: ['suppliernumber'],
  defaultSearchField: 'suppliernumber',
  // The newest bills first on the copy; the service's own order without it.
  defaultSort: { sortby: 'invoicedate', sortorder: 'descending' },
  pageSizes,
  defaultPageSize: 50,
  // The overview's scope and one supplier: the registry's own keys.
  extras: registryViewExtras<SupplierViewTypes>('supplierinvoices'),
});
