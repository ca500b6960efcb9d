// GET /3/invoicepayments and /3/supplierinvoicepayments, and one payment of each by its Number
// (docs/service.md, Payments): scope `payment`, the token's shared rate limit, licence and scope checks
// (guardResource), as every /3/ resource. The list item carries the payment's own fields; the
// customer or supplier number, the mode of payment and WriteOffExist come only with the single
// payment. Values are sent as stored, each side in its own encoding (payment-fields.ts), so a
// test's odd record (control.addPayment) reaches the client exactly as a real odd answer would.
// setResponseQuirks does not touch payments.

import { ERROR_CODES, errorReply } from './errors';
import { jsonReply, type Reply } from './http';
import type { PaymentBook } from './payment-book';
import type { PaymentSide, StoredPayment } from './payment-fields';
import { parsePaymentQuery, runPaymentQuery } from './payment-query';
import { guardResource } from './resource-guard';
import type { CompanyState, ServiceState } from './state';

export const PAYMENT_SCOPE = 'payment';

interface SideShape {
  path: string;
  list: string;
  one: string;
  /** Assumed (no source shows it): the "not found" code the sandbox uses for documents, in Swedish words. */
  notFound: string;
  book: (company: CompanyState) => PaymentBook;
}

const SIDES: Record<PaymentSide, SideShape> = {
  customer: { path: 'invoicepayments', list: 'InvoicePayments', one: 'InvoicePayment', notFound: 'Kan inte hitta inbetalningen.', book: (company) => company.payments },
  supplier: { path: 'supplierinvoicepayments', list: 'SupplierInvoicePayments', one: 'SupplierInvoicePayment', notFound: 'Kan inte hitta leverantörsbetalningen.', book: (company) => company.supplierPayments },
};

/** Fields only the single payment carries; every other stored field (an unknown one a test added too) is in the list item. */
const SINGLE_ONLY = new Set(['CustomerNumber', 'SupplierNumber', 'ModeOfPayment', 'WriteOffExist']);

/** Keys in code-unit order, as the service sends them ('@url' sorts first). */
function withUrl(record: StoredPayment, url: string, fields: Record<string, unknown>): Record<string, unknown> {
  const all: Record<string, unknown> = { ...fields, '@url': `${url}/${record.number}` };
  return Object.fromEntries(Object.keys(all).sort().map((key) => [key, all[key]]));
}

export function paymentItem(record: StoredPayment, url: string): Record<string, unknown> {
  return withUrl(record, url, Object.fromEntries(Object.entries(record.fields).filter(([key]) => !SINGLE_ONLY.has(key))));
}

export function handlePaymentList(side: PaymentSide, state: ServiceState, authorization: string | undefined, params: URLSearchParams): Reply {
  const guarded = guardResource(state, authorization, PAYMENT_SCOPE);
  if ('reply' in guarded) return guarded.reply;
  const parsed = parsePaymentQuery(params);
  if ('error' in parsed) return parsed.error;
  const { query } = parsed;
  const shape = SIDES[side];
  const result = runPaymentQuery(shape.book(guarded.caller.company), query);
  const url = `${state.urls.apiUrl}/3/${shape.path}`;
  return jsonReply(200, {
    MetaInformation: { '@TotalResources': result.total, '@TotalPages': result.totalPages, '@CurrentPage': query.page },
    [shape.list]: result.page.map((record) => paymentItem(record, url)),
  });
}

/** One payment by its Number: `{"InvoicePayment":{...}}` or `{"SupplierInvoicePayment":{...}}`; unknown → 404. */
export function handlePaymentGet(side: PaymentSide, state: ServiceState, authorization: string | undefined, number: string): Reply {
  const guarded = guardResource(state, authorization, PAYMENT_SCOPE);
  if ('reply' in guarded) return guarded.reply;
  const shape = SIDES[side];
  const record = shape.book(guarded.caller.company).get(number);
  if (!record) return errorReply(404, ERROR_CODES.invoiceNotFound, shape.notFound);
  return jsonReply(200, { [shape.one]: withUrl(record, `${state.urls.apiUrl}/3/${shape.path}`, record.fields) });
}
