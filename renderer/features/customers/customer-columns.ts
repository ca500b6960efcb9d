/**
 * The customer grid's columns and view rules, from the registry (common/lists/customers.ts). The
 * service lists the register by number or name and searches it by name or number; the copy sorts
 * by every column (the figures from the invoices too), has one search box and "with overdue".
 */
import type { CustomerColumnId, CustomerFilter, CustomerRow, CustomerSearchField, CustomerSortField } from '../../../electron/common/customers';
import { pageSizes } from '../../../electron/common/invoices';
import { listColumns, type ListColumn } from '../grid/list-columns';
import { registryViewExtras } from '../grid/list-view-extras';
import { registryViewSpec } from '../grid/list-view-spec';
import { createViewLogic } from '../grid/view-logic';

export interface CustomerRegisterViewTypes {
  column: CustomerColumnId;
  filter: CustomerFilter;
  sort: CustomerSortField;
  search: CustomerSearchField;
  scope: never;
}

export const customerColumnSpecs: Record<CustomerColumnId, ListColumn<CustomerRow, CustomerSortField, CustomerSortField>> = listColumns<'customers', CustomerRow, CustomerSortField, CustomerSortField>('customers');

export const customerRegisterView = createViewLogic<CustomerRegisterViewTypes>({
  ...registryViewSpec<CustomerRegisterViewTypes>('customers'),
  searchFields: ['name', 'customernumber'],
  defaultSearchField: 'name',
  // Who owes the most first, on the copy; the service is asked for its own sort by name instead.
  defaultSort: { sortby: 'owed', sortorder: 'descending' },
  serviceSort: { sortby: 'name', sortorder: 'ascending' },
  pageSizes,
  defaultPageSize: 50,
  extras: registryViewExtras<CustomerRegisterViewTypes>('customers'),
});
