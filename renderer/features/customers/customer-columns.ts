/**
 * The customer grid's columns and view rules, from the registry (common/lists/customers.ts). The
 * service lists the register by number or name and searches it by name or number; the copy sorts
 * by every column (the figures from the invoices too), has one search box and "with overdue".
 */
import type { CustomerRow } from '../../../electron/common/customers';
import type { ColumnOf, SortFieldOf } from '../../../electron/common/lists/registry';
import { pageSizes } from '../../../electron/common/list-primitives';
import { listColumns, type ListColumn } from '../grid/list-columns';
import { registryViewExtras } from '../grid/list-view-extras';
import { registryViewSpec, type ListViewTypes } from '../grid/list-view-spec';
import { createViewLogic } from '../grid/view-logic';

export type CustomerRegisterViewTypes = ListViewTypes<'customers'>;
type SortField = SortFieldOf<'customers'>;

export const customerColumnSpecs: Record<ColumnOf<'customers'>, ListColumn<CustomerRow, SortField, SortField>> = listColumns<'customers', CustomerRow, SortField, SortField>('customers');

export const customerRegisterView = createViewLogic<CustomerRegisterViewTypes>({
  ...registryViewSpec<CustomerRegisterViewTypes>('customers'),
  defaultSearchField: 'name',
  // Who owes the most first, on the copy; the service is asked for its own sort by name instead.
  defaultSort: { sortby: 'owed', sortorder: 'descending' },
  serviceSort: { sortby: 'name', sortorder: 'ascending' },
  pageSizes,
  defaultPageSize: 50,
  extras: registryViewExtras<CustomerRegisterViewTypes>('customers'),
});
