/**
 * The invoice list's response (list-response.ts, with the invoices' item description). The
 * service's PascalCase wire names become common's camelCase `Invoice` here, in one place.
 */
import { z } from 'zod';
import type { Invoice } from '../common/invoices';
import { lists } from '../common/lists/registry';
import { booleanLike, listResponseParser, nullableDate, nullableNumeric, nullableText, numeric, text, type ListPage, type ParseOptions } from './list-response';

export type { Invoice, InvoiceType } from '../common/invoices';
export type { OddityReport, ParseOptions } from './list-response';

/** Unknown fields pass through zod's default object mode and are dropped by the mapping below. */
const invoiceFields = {
  '@url': z.string().optional(),
  DocumentNumber: z.union([z.string().min(1), z.number().int().transform(String)]),
  CustomerNumber: text.optional(),
  CustomerName: text.optional(),
  InvoiceDate: text.optional(),
  DueDate: text.optional(),
  Total: numeric.optional(),
  Balance: numeric.optional(),
  Currency: text.optional(),
  CurrencyRate: numeric.optional(),
  CurrencyUnit: numeric.optional(),
  Booked: booleanLike.optional(),
  Cancelled: booleanLike.optional(),
  Sent: booleanLike.optional(),
  NoxFinans: booleanLike.optional(),
  OCR: text.optional(),
  InvoiceType: text.optional(),
  FinalPayDate: nullableDate.optional(),
  CostCenter: text.optional(),
  Project: text.optional(),
  TermsOfPayment: text.optional(),
  WayOfDelivery: text.optional(),
  ExternalInvoiceReference1: text.optional(),
  ExternalInvoiceReference2: text.optional(),
  VoucherNumber: nullableNumeric.optional(),
  VoucherSeries: nullableText.optional(),
  VoucherYear: nullableNumeric.optional(),
};

type RawInvoice = z.infer<z.ZodObject<typeof invoiceFields>>;

function toInvoice(raw: RawInvoice): Invoice {
  const invoice: Invoice = {
    documentNumber: raw.DocumentNumber,
    customerNumber: raw.CustomerNumber ?? '',
    customerName: raw.CustomerName ?? '',
    invoiceDate: raw.InvoiceDate ?? '',
    dueDate: raw.DueDate ?? '',
    total: raw.Total ?? 0,
    balance: raw.Balance ?? 0,
    currency: raw.Currency ?? '',
    currencyRate: raw.CurrencyRate ?? 1,
    currencyUnit: raw.CurrencyUnit ?? 1,
    booked: raw.Booked ?? false,
    cancelled: raw.Cancelled ?? false,
    sent: raw.Sent ?? false,
    ocr: raw.OCR ?? '',
    invoiceType: raw.InvoiceType ?? 'INVOICE',
    finalPayDate: raw.FinalPayDate ?? null,
    costCenter: raw.CostCenter ?? '',
    project: raw.Project ?? '',
    termsOfPayment: raw.TermsOfPayment ?? '',
    wayOfDelivery: raw.WayOfDelivery ?? '',
    externalInvoiceReference1: raw.ExternalInvoiceReference1 ?? '',
    externalInvoiceReference2: raw.ExternalInvoiceReference2 ?? '',
    voucherNumber: raw.VoucherNumber ?? null,
    voucherSeries: raw.VoucherSeries ?? null,
    voucherYear: raw.VoucherYear ?? null,
    noxFinans: raw.NoxFinans ?? false,
  };
  if (raw['@url'] !== undefined) invoice.url = raw['@url'];
  return invoice;
}

/** Fields whose null is normal (docs/service.md, List responses: voucher fields until booked, FinalPayDate until paid). */
const NULL_IS_NORMAL = new Set(['VoucherNumber', 'VoucherSeries', 'VoucherYear', 'FinalPayDate', '@url']);

const parse = listResponseParser({ noun: lists.invoices.noun, wrapper: lists.invoices.api.wrapperKey, identity: 'DocumentNumber', fields: invoiceFields, nullIsNormal: NULL_IS_NORMAL, toItem: toInvoice });

export type InvoicePage = ListPage<Invoice>;

/** Parses the body of GET /3/invoices (see listResponseParser). */
export function parseInvoiceListResponse(json: unknown, options: ParseOptions = {}): InvoicePage {
  return parse(json, options);
}
