/**
 * The supplier invoice list's query: the list rules of list-query.ts with the supplier invoices'
 * filters and search fields. The service sorts this list by nothing (api-facts: no sort field
 * confirmed; assumed refused), so sortby is refused before a request is spent on it.
 */
import { supplierFilters, supplierSearchFields, type SupplierFilter, type SupplierSearchField } from '../common/supplier-invoices';
import { listQueryValidator, type ListQuery } from './list-query';

export type SupplierInvoiceQuery = ListQuery<never, SupplierFilter, SupplierSearchField>;

export const validateSupplierInvoiceQuery: (input: unknown) => SupplierInvoiceQuery = listQueryValidator<never, SupplierFilter, SupplierSearchField>({
  noun: 'supplier invoice',
  sortFields: [],
  filters: supplierFilters,
  searchFields: supplierSearchFields,
});
