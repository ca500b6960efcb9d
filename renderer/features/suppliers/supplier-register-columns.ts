/**
 * The supplier register's grid columns and view rules, from the registry (common/lists/suppliers.ts).
 * The service lists the register by number or name and searches it by name or number; the copy
 * sorts by every column (the figures from the bills too), has one search box and "with overdue".
 */
import { pageSizes } from '../../../electron/common/invoices';
import { lists } from '../../../electron/common/lists/registry';
import type { SupplierRegisterColumnId, SupplierRegisterFilter, SupplierRegisterSearchField, SupplierRegisterSortField } from '../../../electron/common/supplier-grid';
import type { SupplierRow } from '../../../electron/common/suppliers';
import { listColumns, type ListColumn } from '../grid/list-columns';
import { registryViewExtras } from '../grid/list-view-extras';
import { registryViewSpec } from '../grid/list-view-spec';
import { createViewLogic } from '../grid/view-logic';

export interface SupplierRegisterViewTypes {
  column: SupplierRegisterColumnId;
  filter: SupplierRegisterFilter;
  sort: SupplierRegisterSortField;
  search: SupplierRegisterSearchField;
  scope: never;
}

export const supplierRegisterColumns: Record<SupplierRegisterColumnId, ListColumn<SupplierRow, SupplierRegisterSortField, SupplierRegisterSortField>> = listColumns<
  'suppliers',
  SupplierRow,
  SupplierRegisterSortField,
  SupplierRegisterSortField
>('suppliers');

/** The service's search fields, in the description's order (the first is the default). */
const searchFields = Object.keys(lists.suppliers.searchFields) as SupplierRegisterSearchField[];

export const supplierRegisterView = createViewLogic<SupplierRegisterViewTypes>({
  ...registryViewSpec<SupplierRegisterViewTypes>('suppliers'),
  searchFields,
  defaultSearchField: searchFields[0] as SupplierRegisterSearchField,
  // Whom the company owes the most first, on the copy; the service is asked for its own sort by name instead.
  defaultSort: { sortby: 'owed', sortorder: 'descending' },
  serviceSort: { sortby: 'name', sortorder: 'ascending' },
  pageSizes,
  defaultPageSize: 50,
  extras: registryViewExtras<SupplierRegisterViewTypes>('suppliers'),
});
