/**
 * The supplier invoice list's response (list-response.ts, with the supplier invoices' item
 * description). Its quirks (docs/service.md, Supplier invoices): GivenNumber, Total, Balance and
 * CurrencyRate arrive as strings; the cancel flag is `Cancel` in the list (the single invoice says
 * `Cancelled`: both are read); no OCR, approval or payment state in the item (the sync reads those
 * from the filtered lists and the details).
 */
import { lists } from '../common/lists/registry';
import { z } from 'zod';
import type { SupplierInvoice } from '../common/supplier-invoices';
import { booleanLike, listResponseParser, nullableDate, numeric, text, type ListPage, type ParseOptions } from './list-response';

const supplierInvoiceFields = {
  '@url': z.string().optional(),
  GivenNumber: z.union([z.string().regex(/^\s*\S+\s*$/).transform((s) => s.trim()), z.number().int().transform(String)]),
  SupplierNumber: text.optional(),
  SupplierName: text.optional(),
  InvoiceNumber: text.optional(),
  InvoiceDate: text.optional(),
  DueDate: text.optional(),
  FinalPayDate: nullableDate.optional(),
  Total: numeric.optional(),
  Balance: numeric.optional(),
  Currency: text.optional(),
  CurrencyRate: numeric.optional(),
  CurrencyUnit: numeric.optional(),
  Booked: booleanLike.optional(),
  Credit: booleanLike.optional(),
  Cancel: booleanLike.optional(),
  Cancelled: booleanLike.optional(),
  AuthorizerName: text.optional(),
  CostCenter: text.optional(),
  Project: text.optional(),
  ExternalInvoiceNumber: text.optional(),
  ExternalInvoiceSeries: text.optional(),
  OCR: text.optional(),
  PaymentPending: booleanLike.optional(),
};

type RawSupplierInvoice = z.infer<z.ZodObject<typeof supplierInvoiceFields>>;

function toSupplierInvoice(raw: RawSupplierInvoice): SupplierInvoice {
  const invoice: SupplierInvoice = {
    givenNumber: raw.GivenNumber,
    supplierNumber: raw.SupplierNumber ?? '',
    supplierName: raw.SupplierName ?? '',
    invoiceNumber: raw.InvoiceNumber ?? '',
    invoiceDate: raw.InvoiceDate ?? '',
    dueDate: raw.DueDate ?? '',
    total: raw.Total ?? 0,
    balance: raw.Balance ?? 0,
    currency: raw.Currency ?? '',
    currencyRate: raw.CurrencyRate ?? 1,
    currencyUnit: raw.CurrencyUnit ?? 1,
    booked: raw.Booked ?? false,
    cancelled: raw.Cancel ?? raw.Cancelled ?? false,
    credit: raw.Credit ?? false,
    finalPayDate: raw.FinalPayDate ?? null,
    authorizerName: raw.AuthorizerName ?? '',
    costCenter: raw.CostCenter ?? '',
    project: raw.Project ?? '',
    externalInvoiceNumber: raw.ExternalInvoiceNumber ?? '',
    externalInvoiceSeries: raw.ExternalInvoiceSeries ?? '',
    ocr: raw.OCR ?? '',
    authorizePending: false,
    paymentPending: raw.PaymentPending ?? false,
  };
  if (raw['@url'] !== undefined) invoice.url = raw['@url'];
  return invoice;
}

/** FinalPayDate is null or empty until paid; the rest should not be null (counted when it is). */
const NULL_IS_NORMAL = new Set(['FinalPayDate', '@url']);

const parse = listResponseParser({
  noun: lists.supplierinvoices.noun,
  wrapper: lists.supplierinvoices.api.wrapperKey,
  identity: 'GivenNumber',
  fields: supplierInvoiceFields,
  nullIsNormal: NULL_IS_NORMAL,
  toItem: toSupplierInvoice,
});

export type SupplierInvoicePage = ListPage<SupplierInvoice>;

/** Parses the body of GET /3/supplierinvoices (see listResponseParser). */
export function parseSupplierInvoiceListResponse(json: unknown, options: ParseOptions = {}): SupplierInvoicePage {
  return parse(json, options);
}
