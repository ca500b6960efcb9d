/**
 * What each list does when the company's local copy cannot answer yet: which queries only the copy
 * can answer, and how a page of the service becomes the grid's page. The one part of lists:page
 * written per list (list-handlers.ts runs the rest the same for all).
 */
import type { CompanySession } from '../companies/company-session';
import { customerStatusOf, type CustomerRow } from '../common/customers';
import { paymentStatusOf, type Payment, type PaymentRow } from '../common/payments';
import { localOnlyKeysOf, serviceFiltersOf, serviceSortFieldsOf } from '../common/lists/list-description';
import { lists } from '../common/lists/registry';
import type { RequestPriority } from '../common/invoices';
import type { ResourceId, ResourceViews } from '../common/resources';
import { supplierStatusOf, type SupplierInvoiceRow } from '../common/supplier-invoices';
import { toPageView } from '../invoices/invoice-rows';

/** Either side's payments from the service: its own order, its one search (by invoice number). */
function servicePayments<R extends 'invoicepayments' | 'supplierinvoicepayments'>(id: R): ServiceList<R> {
  return {
    needsCopy(query) {
      const localOnly = localOnlyKeysOf(lists[id]).filter((key) => (query as unknown as Record<string, unknown>)[key] !== undefined);
      if (localOnly.length === 0) return undefined;
      return `The service cannot answer this view of the payments (${localOnly.join(', ')}): that needs the local copy, which is not ready.`;
    },
    async page(session, query, options) {
      const { page, limit, search } = query;
      const served = await session.listPage(id, { page, limit, ...(search ? { search } : {}) }, options);
      const rows = (served.items as Payment[]).map(({ url: _url, ...payment }): PaymentRow => ({ ...payment, status: paymentStatusOf(payment) }));
      return { rows, currentPage: served.currentPage, totalPages: served.totalPages, totalResources: served.totalResources, source: 'service' } as ResourceViews[R]['page'];
    },
  };
}

export interface ServiceList<R extends ResourceId> {
  /** Why the service cannot answer this query (the message of the refusal), or undefined when it can. */
  needsCopy(query: ResourceViews[R]['query']): string | undefined;
  /** A page from the service, as the grid shows it. */
  page(session: CompanySession, query: ResourceViews[R]['query'], options: { priority: RequestPriority; signal: AbortSignal }, today: string): Promise<ResourceViews[R]['page']>;
}

const isServiceSort = (sortby: string | undefined) => sortby === undefined || serviceSortFieldsOf(lists.invoices).includes(sortby);

export const serviceLists: { [R in ResourceId]: ServiceList<R> } = {
  invoices: {
    needsCopy(query) {
      const localOnly = localOnlyKeysOf(lists.invoices).filter((key) => (query as unknown as Record<string, unknown>)[key] !== undefined);
      if (localOnly.length === 0 && isServiceSort(query.sortby)) return undefined;
      return `This view needs the local copy (${[...localOnly, ...(isServiceSort(query.sortby) ? [] : [`sort by ${query.sortby}`])].join(', ')}), which is not ready.`;
    },
    page: async (session, query, options, today) => toPageView(await session.listPage('invoices', query, options), today),
  },
  // The service can neither sort supplier invoices nor search them but by supplier number.
  supplierinvoices: {
    needsCopy(query) {
      const localOnly = localOnlyKeysOf(lists.supplierinvoices).filter((key) => (query as unknown as Record<string, unknown>)[key] !== undefined);
      if (localOnly.length === 0 && (!query.search || query.search.field === 'suppliernumber')) return undefined;
      return `The service cannot sort or search supplier invoices this way (${localOnly.join(', ') || `search by ${query.search?.field}`}): that needs the local copy, which is not ready.`;
    },
    async page(session, query, options, today) {
      const { page, limit, filter, fromdate, todate, search } = query;
      const served = await session.listPage('supplierinvoices', { page, limit, ...(filter ? { filter } : {}), ...(fromdate ? { fromdate } : {}), ...(todate ? { todate } : {}), ...(search ? { search } : {}) }, options);
      // A page of the service's own filtered list says what the list item cannot: every invoice on it has that state.
      const rows = served.items.map(({ url: _url, ...invoice }): SupplierInvoiceRow => {
        const known = { ...invoice, authorizePending: filter === 'authorizepending', paymentPending: invoice.paymentPending || filter === 'pendingpayment' };
        return { ...known, status: supplierStatusOf(known, today) };
      });
      return { rows, currentPage: served.currentPage, totalPages: served.totalPages, totalResources: served.totalResources, source: 'service' };
    },
  },
  invoicepayments: servicePayments('invoicepayments'),
  supplierinvoicepayments: servicePayments('supplierinvoicepayments'),
  // The service has the register but no balances: the figures, their sorts and "with overdue" need the copy.
  customers: {
    needsCopy(query) {
      const localOnly = localOnlyKeysOf(lists.customers).filter((key) => (query as unknown as Record<string, unknown>)[key] !== undefined);
      const sortable = query.sortby === undefined || serviceSortFieldsOf(lists.customers).includes(query.sortby);
      const filterable = query.filter === undefined || serviceFiltersOf(lists.customers).includes(query.filter);
      if (localOnly.length === 0 && sortable && filterable) return undefined;
      const parts = [...localOnly, ...(sortable ? [] : [`sort by ${query.sortby}`]), ...(filterable ? [] : [`filter ${query.filter}`])];
      return `The service cannot answer this view of the customers (${parts.join(', ')}): that needs the local copy, which is not ready.`;
    },
    async page(session, query, options) {
      const served = await session.listPage('customers', query, options);
      const none = { owed: null, overdue: null, openInvoices: null, usuallyPaysDaysLate: null, lastInvoice: null };
      const rows = served.items.map(({ url: _url, ...customer }): CustomerRow => ({ ...customer, ...none, currency: 'SEK', status: customerStatusOf(customer) }));
      return { rows, currentPage: served.currentPage, totalPages: served.totalPages, totalResources: served.totalResources, source: 'service' };
    },
  },
};
