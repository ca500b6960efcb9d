/**
 * The supplier register's grid columns and view rules, from the registry (common/lists/suppliers.ts).
 * The service lists the register by number or name and searches it by name or number; the copy
 * sorts by every column (the figures from the bills too), has one search box and "with overdue".
 */
import { pageSizes } from '../../../electron/common/list-primitives';
import type { ColumnOf, SortFieldOf } from '../../../electron/common/lists/registry';
import type { SupplierRow } from '../../../electron/common/suppliers';
import { listColumns, type ListColumn } from '../grid/list-columns';
import { registryViewExtras } from '../grid/list-view-extras';
import { registryViewSpec, type ListViewTypes } from '../grid/list-view-spec';
import { createViewLogic } from '../grid/view-logic';

export type SupplierRegisterViewTypes = ListViewTypes<'suppliers'>;
type SortField = SortFieldOf<'suppliers'>;

export const supplierRegisterColumns: Record<ColumnOf<'suppliers'>, ListColumn<SupplierRow, SortField, SortField>> = listColumns<'suppliers', SupplierRow, SortField, SortField>('suppliers');

export const supplierRegisterView = createViewLogic<SupplierRegisterViewTypes>({
  ...registryViewSpec<SupplierRegisterViewTypes>('suppliers'),
  defaultSearchField: 'name',
  // Whom the company owes the most first, on the copy; the service is asked for its own sort by name instead.
  defaultSort: { sortby: 'owed', sortorder: 'descending' },
  serviceSort: { sortby: 'name', sortorder: 'ascending' },
  pageSizes,
  defaultPageSize: 50,
  extras: registryViewExtras<SupplierRegisterViewTypes>('suppliers'),
});
