/**
 * The invoice list's query: the list rules of list-query.ts with the invoices' sort fields,
 * filters and search fields (common's: the grid offers the same ones).
 */
import { filters, searchFields, sortFields, type InvoiceFilter, type SortField, type SortOrder } from '../common/invoices';
import { listQueryParams, listQueryValidator, type ListQuery } from './list-query';

export { MAX_LIMIT, SORT_ORDERS, isIsoDate, normaliseLastModified } from './list-query';

export const INVOICE_SORT_FIELDS = sortFields;
export const INVOICE_FILTERS = filters;
/** The resource-specific search fields: at most one per request (the service's rule). */
export const INVOICE_SEARCH_FIELDS = searchFields;
/** Global parameters of their own (api-facts "More facts"): sent together, with a filter and a search. */
export const INVOICE_DATE_FIELDS = ['fromdate', 'todate'] as const;

export type InvoiceSortField = SortField;
export type { InvoiceFilter, SortOrder };
export type InvoiceSearchField = (typeof INVOICE_SEARCH_FIELDS)[number];
export type InvoiceQuery = ListQuery<InvoiceSortField, InvoiceFilter, InvoiceSearchField>;

/** Validates an invoice query from an untrusted caller (IPC, CLI); see listQueryValidator. */
export const validateInvoiceQuery: (input: unknown) => InvoiceQuery = listQueryValidator({ noun: 'invoice', sortFields, filters, searchFields });

/** Query-string parameters in a fixed order (after validation). */
export const invoiceQueryParams: (query: InvoiceQuery) => URLSearchParams = listQueryParams;
