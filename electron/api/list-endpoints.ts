/**
 * Every list resource's endpoint: its path, its query rules and its response parser. A company
 * session reads any of them the same way (pages in order, read-ahead, the service's clock).
 */
import { lists } from '../common/lists/registry';
import type { ResourceId, ResourceItems } from '../common/resources';
import { parseCustomerListResponse } from './customer-list';
import { parseInvoiceListResponse } from './invoice-list';
import { paymentListParser } from './payment-list';
import { serviceQueryOf } from './list-queries';
import { listQueryParams, type ListQuery } from './list-query';
import { listNumbersReader, type ListPage, type PageNumbers, type ParseOptions } from './list-response';
import { parseSupplierInvoiceListResponse } from './supplier-invoice-list';

export interface ListEndpoint<T> {
  path: string;
  /** Throws ApiError('bad-request') naming the field; nothing is sent before this passes. */
  validate(input: unknown): ListQuery;
  params(query: ListQuery): URLSearchParams;
  parse(json: unknown, options?: ParseOptions): ListPage<T>;
  /** The page numbers alone, the shape checked as `parse` checks it. */
  numbers(json: unknown): PageNumbers;
}

export const listEndpoints: { [R in ResourceId]: ListEndpoint<ResourceItems[R]> } = {
  invoices: { path: lists.invoices.api.path, validate: serviceQueryOf('invoices'), params: listQueryParams, parse: parseInvoiceListResponse, numbers: numbersOf('invoices') },
  supplierinvoices: { path: lists.supplierinvoices.api.path, validate: serviceQueryOf('supplierinvoices'), params: listQueryParams, parse: parseSupplierInvoiceListResponse, numbers: numbersOf('supplierinvoices') },
  customers: { path: lists.customers.api.path, validate: serviceQueryOf('customers'), params: listQueryParams, parse: parseCustomerListResponse, numbers: numbersOf('customers') },
  invoicepayments: paymentEndpoint('invoicepayments'),
  supplierinvoicepayments: paymentEndpoint('supplierinvoicepayments'),
};

function numbersOf(id: ResourceId): (json: unknown) => PageNumbers {
  return listNumbersReader(lists[id].noun, lists[id].api.wrapperKey);
}

/** Either side's payment list: the same item, its own path and wrapper. */
function paymentEndpoint(id: 'invoicepayments' | 'supplierinvoicepayments'): ListEndpoint<ResourceItems[typeof id]> {
  const { api, noun } = lists[id];
  return { path: api.path, validate: serviceQueryOf(id), params: listQueryParams, parse: paymentListParser(noun, api.wrapperKey), numbers: numbersOf(id) };
}
