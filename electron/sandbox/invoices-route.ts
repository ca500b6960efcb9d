// GET /3/invoices (docs/service.md, Invoice list), and one invoice: GET /3/invoices/{DocumentNumber}
// (the full invoice with its rows), its /preview (a PDF) and its /print (the PDF, marking it sent).

import type { StoredInvoice } from './data';
import { formatDay } from './dates';
import { ERROR_CODES, errorReply } from './errors';
import { jsonReply, pdfReply, type Reply } from './http';
import type { InvoiceBook } from './invoice-book';
import { describeInvoice, detailFields, type InvoiceDocument } from './invoice-details';
import { invoicePdf } from './invoice-pdf';
import { parseInvoiceQuery, type InvoiceQuery, type Search } from './invoice-query';
import { invoiceDateTest, filterWithSearchRefused } from './list-params';
import { guardResource } from './resource-guard';
import type { CompanyState, ServiceState } from './state';

/** One list item: the fields, their order and JSON types exactly as the real service sends them. */
export function invoiceItem(invoice: StoredInvoice, apiUrl: string): Record<string, unknown> {
  return {
    '@url': `${apiUrl}/3/invoices/${invoice.DocumentNumber}`,
    Balance: invoice.Balance,
    Booked: invoice.Booked,
    Cancelled: invoice.Cancelled,
    CostCenter: invoice.CostCenter,
    Currency: invoice.Currency,
    CurrencyRate: invoice.CurrencyRate,
    CurrencyUnit: invoice.CurrencyUnit,
    CustomerName: invoice.CustomerName,
    CustomerNumber: invoice.CustomerNumber,
    DocumentNumber: invoice.DocumentNumber,
    DueDate: invoice.DueDate,
    ExternalInvoiceReference1: invoice.ExternalInvoiceReference1,
    ExternalInvoiceReference2: invoice.ExternalInvoiceReference2,
    InvoiceDate: invoice.InvoiceDate,
    InvoiceType: invoice.InvoiceType,
    NoxFinans: invoice.NoxFinans,
    OCR: invoice.OCR,
    VoucherNumber: invoice.VoucherNumber,
    VoucherSeries: invoice.VoucherSeries,
    VoucherYear: invoice.VoucherYear,
    WayOfDelivery: invoice.WayOfDelivery,
    TermsOfPayment: invoice.TermsOfPayment,
    Project: invoice.Project,
    Sent: invoice.Sent,
    Total: invoice.Total,
    FinalPayDate: invoice.FinalPayDate,
  };
}

/** The filter semantics are documented on FILTERS in invoice-query.ts and in the README. */
function matchesFilter(invoice: StoredInvoice, filter: NonNullable<InvoiceQuery['filter']>, today: string): boolean {
  const unpaid = !invoice.Cancelled && invoice.Booked && invoice.Balance > 0;
  switch (filter) {
    case 'cancelled':
      return invoice.Cancelled;
    case 'unbooked':
      return !invoice.Cancelled && !invoice.Booked;
    case 'unpaid':
      return unpaid;
    case 'unpaidoverdue':
      return unpaid && invoice.DueDate < today;
    case 'fullypaid':
      return !invoice.Cancelled && invoice.Booked && invoice.Balance === 0;
  }
}

function searchTest(search: Search): (invoice: StoredInvoice) => boolean {
  switch (search.kind) {
    // Substring matches, case-insensitive (docs/service.md, Query parameters: a search matches a substring).
    case 'customername':
      return (invoice) => invoice.nameLower.includes(search.text);
    case 'customernumber':
      return (invoice) => invoice.CustomerNumber.toLowerCase().includes(search.text);
    case 'documentnumber':
      return (invoice) => invoice.DocumentNumber.toLowerCase().includes(search.text);
    case 'ocr':
      return (invoice) => invoice.OCR.toLowerCase().includes(search.text);
  }
}

/** One test for the whole query, or null when every record matches (the fast path). */
function predicate(query: InvoiceQuery, today: string): ((invoice: StoredInvoice) => boolean) | null {
  const { filter, lastModifiedMs: since } = query;
  const search = query.search ? searchTest(query.search) : null;
  const dates = invoiceDateTest<StoredInvoice>(query);
  if (filter === null && since === null && search === null && dates === null) return null;
  return (invoice) =>
    (filter === null || matchesFilter(invoice, filter, today)) &&
    (since === null || invoice.lastModifiedMs >= since) &&
    (dates === null || dates(invoice)) &&
    (search === null || search(invoice));
}

/**
 * Runs a query: walks the precomputed ordering, keeps the matches, cuts the page.
 * `offset` skips that many matching records before paging starts; @TotalResources counts every
 * match, @TotalPages the pages after the offset (0 when there are none, with @CurrentPage still
 * the requested page, as the real service's empty answer has @CurrentPage 1).
 */
export function runInvoiceQuery(book: InvoiceBook, query: InvoiceQuery, today: string): { total: number; totalPages: number; page: StoredInvoice[] } {
  const order = book.ordering(query.sortby);
  const n = order.length;
  const indexAt = query.descending ? (i: number) => order[n - 1 - i] as number : (i: number) => order[i] as number;
  const test = predicate(query, today);
  const start = query.offset + (query.page - 1) * query.limit;
  const page: StoredInvoice[] = [];
  let total: number;
  if (!test) {
    total = n;
    for (let i = start; i < Math.min(n, start + query.limit); i += 1) page.push(book.at(indexAt(i)));
  } else {
    total = 0;
    for (let i = 0; i < n; i += 1) {
      const invoice = book.at(indexAt(i));
      if (!test(invoice)) continue;
      if (total >= start && page.length < query.limit) page.push(invoice);
      total += 1;
    }
  }
  const totalPages = Math.ceil(Math.max(0, total - query.offset) / query.limit);
  return { total, totalPages, page };
}

export function handleInvoiceList(state: ServiceState, authorization: string | undefined, params: URLSearchParams): Reply {
  const guarded = guardResource(state, authorization, 'invoice');
  if ('reply' in guarded) return guarded.reply;
  const parsed = parseInvoiceQuery(params);
  if ('error' in parsed) return parsed.error;
  const { query } = parsed;
  const refused = filterWithSearchRefused(state.quirks.oneResourceParameter, query);
  if (refused) return refused;
  const quirks = state.quirks;
  // Without MetaInformation the real service also ignores limit: the whole result at once.
  const shaped = quirks.omitMetaInformation ? { ...query, page: 1, offset: 0, limit: Number.MAX_SAFE_INTEGER } : query;
  const result = runInvoiceQuery(guarded.caller.company.book, shaped, formatDay(state.clock.today()));
  const items = result.page.map((invoice) => withQuirks(invoiceItem(invoice, state.urls.apiUrl), quirks));
  const body: Record<string, unknown> = quirks.omitMetaInformation
    ? { Invoices: items }
    : { MetaInformation: { '@TotalResources': result.total, '@TotalPages': result.totalPages, '@CurrentPage': query.page }, Invoices: items };
  if (quirks.extraFields) body['@Warnings'] = [];
  // A test's change "while a sync is reading": made after this page was cut, before the next request.
  state.onListServed?.(guarded.caller.company.profile.tenantId, query.page);
  return jsonReply(200, body);
}

function withQuirks(item: Record<string, unknown>, quirks: ServiceState['quirks']): Record<string, unknown> {
  if (quirks.numbersAsStrings) {
    item.Total = String(item.Total);
    item.Balance = String(item.Balance);
    item.CurrencyUnit = String(item.CurrencyUnit);
  }
  if (quirks.currencyRateAsNumber) item.CurrencyRate = Number(item.CurrencyRate);
  if (quirks.nullFields && Number(item.DocumentNumber) % 3 === 0) {
    for (const field of ['CustomerName', 'Total', 'Currency', 'Sent']) item[field] = null;
    for (const field of ['DueDate', 'Booked', 'OCR']) delete item[field];
  }
  if (quirks.extraFields) {
    item.Comments = 'ett fält klienten inte känner till';
    item.EDIInformation = { EDIStatus: 'NONE' };
  }
  return item;
}

/** The caller's invoice, or the reply that refuses: the list's guard, then 404 code 2000434. */
function findInvoice(state: ServiceState, authorization: string | undefined, documentNumber: string): { invoice: StoredInvoice; company: CompanyState } | { reply: Reply } {
  const guarded = guardResource(state, authorization, 'invoice');
  if ('reply' in guarded) return guarded;
  const { company } = guarded.caller;
  const invoice = company.book.get(documentNumber);
  if (!invoice) return { reply: errorReply(404, ERROR_CODES.invoiceNotFound, 'Kan inte hitta fakturan.') };
  return { invoice, company };
}

/** The full invoice: the list item's fields and the details, keys in the service's (code-unit) order. */
export function fullInvoice(doc: InvoiceDocument, apiUrl: string): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...invoiceItem(doc.invoice, apiUrl), ...detailFields(doc) };
  return Object.fromEntries(Object.keys(merged).sort().map((key) => [key, merged[key]]));
}

/** GET /3/invoices/{DocumentNumber}: the target of each item's `@url`, `{"Invoice":{...}}` with the rows. */
export function handleInvoiceGet(state: ServiceState, authorization: string | undefined, documentNumber: string): Reply {
  const found = findInvoice(state, authorization, documentNumber);
  if ('reply' in found) return found.reply;
  const doc = describeInvoice(found.invoice, state.seed, found.company.profile.tenantId);
  return jsonReply(200, { Invoice: withQuirks(fullInvoice(doc, state.urls.apiUrl), state.quirks) });
}

function invoicePdfReply(state: ServiceState, invoice: StoredInvoice, company: CompanyState): Reply {
  const doc = describeInvoice(invoice, state.seed, company.profile.tenantId);
  return pdfReply(invoicePdf(doc, company.profile), `Faktura-${invoice.DocumentNumber}.pdf`);
}

/** GET /3/invoices/{DocumentNumber}/preview: the invoice as a PDF; nothing about the invoice changes. */
export function handleInvoicePreview(state: ServiceState, authorization: string | undefined, documentNumber: string): Reply {
  const found = findInvoice(state, authorization, documentNumber);
  return 'reply' in found ? found.reply : invoicePdfReply(state, found.invoice, found.company);
}

/**
 * GET /3/invoices/{DocumentNumber}/print: the same PDF, but the real service marks the invoice as
 * sent when it prints it (docs/service.md, An invoice and its PDF), so this does too: Sent becomes true and, if it was false, the
 * last-modified time moves to now. A client that only shows invoices must use /preview; the
 * counters' invoiceEndpoints.print lets a test prove it never comes here.
 */
export function handleInvoicePrint(state: ServiceState, authorization: string | undefined, documentNumber: string): Reply {
  const found = findInvoice(state, authorization, documentNumber);
  if ('reply' in found) return found.reply;
  if (!found.invoice.Sent) found.company.book.update(found.invoice.DocumentNumber, { Sent: true }, state.clock.now());
  return invoicePdfReply(state, found.invoice, found.company);
}
