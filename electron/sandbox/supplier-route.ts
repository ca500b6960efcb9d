// GET /3/supplierinvoices and GET /3/supplierinvoices/{GivenNumber} (docs/service.md,
// Supplier invoices): scope `supplierinvoice`, the shared rate limit of the token (guardResource), numbers
// as the real service sends them: GivenNumber, Total, Balance and CurrencyRate are STRINGS. The list
// calls the cancel flag `Cancel` and carries AuthorizerName; the single invoice says `Cancelled` and
// adds VAT, OCR, PaymentPending, references, voucher fields and the rows.

import { filterWithSearchRefused } from './list-params';
import { formatDay } from './dates';
import { ERROR_CODES, errorReply } from './errors';
import { jsonReply, type Reply } from './http';
import { guardResource } from './resource-guard';
import type { ServiceState } from './state';
import { approvers, type StoredSupplierInvoice } from './supplier-data';
import { describeSupplierInvoice } from './supplier-details';
import { parseSupplierQuery, runSupplierQuery } from './supplier-query';

export const SUPPLIER_INVOICE_SCOPE = 'supplierinvoice';

/** Amounts as the service sends them in this resource: a decimal string ("1250.5", "-300", "0"). */
function amount(value: number): string {
  return String(value);
}

/** One list item: the fields of docs/service.md (Supplier invoices), in code-unit order ('@url' first), with their JSON types. */
export function supplierInvoiceItem(record: StoredSupplierInvoice, apiUrl: string): Record<string, unknown> {
  return {
    '@url': `${apiUrl}/3/supplierinvoices/${record.GivenNumber}`,
    AuthorizerName: record.AuthorizerName,
    Balance: amount(record.Balance),
    Booked: record.Booked,
    Cancel: record.Cancelled,
    CostCenter: record.CostCenter,
    Credit: record.Total < 0,
    Currency: record.Currency,
    CurrencyRate: record.CurrencyRate,
    CurrencyUnit: record.CurrencyUnit,
    DueDate: record.DueDate,
    ExternalInvoiceNumber: record.ExternalInvoiceNumber,
    ExternalInvoiceSeries: record.ExternalInvoiceSeries,
    FinalPayDate: record.FinalPayDate,
    GivenNumber: record.GivenNumber,
    InvoiceDate: record.InvoiceDate,
    InvoiceNumber: record.InvoiceNumber,
    Project: record.Project,
    SupplierName: record.SupplierName,
    SupplierNumber: record.SupplierNumber,
    Total: amount(record.Total),
    Vouchers: record.Vouchers.map((voucher) => ({ Number: voucher.Number, ReferenceType: voucher.ReferenceType, Series: voucher.Series, Year: voucher.Year })),
  };
}

export function handleSupplierInvoiceList(state: ServiceState, authorization: string | undefined, params: URLSearchParams): Reply {
  const guarded = guardResource(state, authorization, SUPPLIER_INVOICE_SCOPE);
  if ('reply' in guarded) return guarded.reply;
  const parsed = parseSupplierQuery(params);
  if ('error' in parsed) return parsed.error;
  const { query } = parsed;
  const refused = filterWithSearchRefused(state.quirks.oneResourceParameter, query);
  if (refused) return refused;
  const { company } = guarded.caller;
  const result = runSupplierQuery(company.suppliers.records, query, formatDay(state.clock.today()));
  const body = {
    MetaInformation: { '@TotalResources': result.total, '@TotalPages': result.totalPages, '@CurrentPage': query.page },
    SupplierInvoices: result.page.map((record) => supplierInvoiceItem(record, state.urls.apiUrl)),
  };
  // A test's change "while a sync is reading": made after this page was cut, before the next request.
  state.onSupplierListServed?.(company.profile.tenantId, query.page, query.filter);
  return jsonReply(200, body);
}

/** GET /3/supplierinvoices/{GivenNumber}: `{"SupplierInvoice":{...}}`; unknown → 404 code 2000434. */
export function handleSupplierInvoiceGet(state: ServiceState, authorization: string | undefined, givenNumber: string): Reply {
  const guarded = guardResource(state, authorization, SUPPLIER_INVOICE_SCOPE);
  if ('reply' in guarded) return guarded.reply;
  const { company } = guarded.caller;
  const record = company.suppliers.get(givenNumber);
  if (!record) return errorReply(404, ERROR_CODES.invoiceNotFound, 'Kan inte hitta leverantörsfakturan.');
  const tenantId = company.profile.tenantId;
  const details = describeSupplierInvoice(record, state.seed, tenantId, approvers(state.seed, tenantId));
  const { AuthorizerName: _list, Cancel: _listName, ...listFields } = supplierInvoiceItem(record, state.urls.apiUrl);
  const invoiceVoucher = record.Vouchers.find((voucher) => voucher.ReferenceType === 'SUPPLIERINVOICE');
  const merged: Record<string, unknown> = {
    ...listFields,
    AdministrationFee: 0,
    Cancelled: record.Cancelled,
    Comments: details.Comments,
    Freight: 0,
    OCR: record.OCR,
    OurReference: details.OurReference,
    PaymentPending: record.PaymentPending,
    RoundOffValue: details.RoundOffValue,
    SupplierInvoiceRows: details.rows,
    VAT: details.VAT,
    VATType: details.VATType,
    VoucherNumber: invoiceVoucher?.Number ?? null,
    VoucherSeries: invoiceVoucher?.Series ?? null,
    VoucherYear: invoiceVoucher?.Year ?? null,
    YourReference: details.YourReference,
  };
  const ordered = Object.fromEntries(Object.keys(merged).sort().map((key) => [key, merged[key]]));
  return jsonReply(200, { SupplierInvoice: ordered });
}
