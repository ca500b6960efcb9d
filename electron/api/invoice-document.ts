/**
 * The single invoice (`GET /3/invoices/{DocumentNumber}`): `{"Invoice": {...}}` with its rows,
 * addresses and totals, parsed as leniently as the list (numbers in strings, nulls, missing
 * fields); an invoice without its number, or with amounts that are not numbers, is refused.
 */
import { z } from 'zod';
import type { InvoiceDocument, InvoiceDocumentRow } from '../common/invoices';
import { ApiError } from '../kernel/errors';
import { booleanLike } from './list-response';

const NUMBER_TEXT = /^[-+]?\d+(?:[.,]\d+)?$/;
const numeric = z.union([
  z.number().refine(Number.isFinite),
  z
    .string()
    .transform((s) => s.trim().replace(/\s/g, ''))
    .refine((s) => NUMBER_TEXT.test(s))
    .transform((s) => Number(s.replace(',', '.'))),
  z.literal('').transform(() => 0),
  z.null().transform(() => 0),
]);
const text = z.union([z.string(), z.number().transform(String), z.null().transform(() => '')]);
// The list's reading of a boolean (true, "true", "TRUE", "1", null as false): one invoice, one answer.
const flag = booleanLike;

const rowSchema = z.object({
  ArticleNumber: text.optional(),
  Description: text.optional(),
  DeliveredQuantity: numeric.optional(),
  Unit: text.optional(),
  Price: numeric.optional(),
  Discount: numeric.optional(),
  DiscountType: text.optional(),
  VAT: numeric.optional(),
  Total: numeric.optional(),
});

const invoiceSchema = z.object({
  DocumentNumber: z.union([z.string().min(1), z.number().int().transform(String)]),
  CustomerNumber: text.optional(),
  CustomerName: text.optional(),
  Address1: text.optional(),
  Address2: text.optional(),
  ZipCode: text.optional(),
  City: text.optional(),
  Country: text.optional(),
  YourReference: text.optional(),
  OurReference: text.optional(),
  YourOrderNumber: text.optional(),
  InvoiceDate: text.optional(),
  DueDate: text.optional(),
  TermsOfPayment: text.optional(),
  WayOfDelivery: text.optional(),
  Currency: text.optional(),
  OCR: text.optional(),
  InvoiceRows: z.array(z.unknown()).nullish(),
  Net: numeric.optional(),
  TotalVAT: numeric.optional(),
  RoundOff: numeric.optional(),
  Total: numeric.optional(),
  /** null (or absent) means the Total. */
  TotalToPay: z.union([z.null().transform(() => undefined), numeric]).optional(),
  Balance: numeric.optional(),
  FinalPayDate: z.union([z.string(), z.null()]).optional(),
  Booked: flag.optional(),
  Cancelled: flag.optional(),
  Sent: flag.optional(),
  Remarks: text.optional(),
});

function unreadable(detail: string): ApiError {
  return new ApiError('unavailable', { message: `The service sent an invoice the app cannot read (${detail}).`, retryable: false });
}

/** The document without its status (derived by the caller with the list's own rule). */
export function parseInvoiceDocument(json: unknown): Omit<InvoiceDocument, 'status'> {
  const wrapper = z.object({ Invoice: z.unknown() }).safeParse(json);
  if (!wrapper.success) throw unreadable('no Invoice object');
  const parsed = invoiceSchema.safeParse(wrapper.data.Invoice);
  if (!parsed.success) throw unreadable(parsed.error.issues[0]?.path.map(String).join('.') || 'invoice');
  const raw = parsed.data;
  const rows: InvoiceDocumentRow[] = [];
  for (const [index, item] of (raw.InvoiceRows ?? []).entries()) {
    const row = rowSchema.safeParse(item);
    if (!row.success) throw unreadable(`row ${index + 1}`);
    const r = row.data;
    rows.push({
      articleNumber: r.ArticleNumber ?? '',
      description: r.Description ?? '',
      quantity: r.DeliveredQuantity ?? 0,
      unit: r.Unit ?? '',
      price: r.Price ?? 0,
      discount: r.Discount ?? 0,
      discountType: r.DiscountType ?? '',
      vat: r.VAT ?? 0,
      total: r.Total ?? 0,
    });
  }
  const total = raw.Total ?? 0;
  return {
    documentNumber: raw.DocumentNumber,
    customerNumber: raw.CustomerNumber ?? '',
    customerName: raw.CustomerName ?? '',
    address: { address1: raw.Address1 ?? '', address2: raw.Address2 ?? '', zipCode: raw.ZipCode ?? '', city: raw.City ?? '', country: raw.Country ?? '' },
    yourReference: raw.YourReference ?? '',
    ourReference: raw.OurReference ?? '',
    yourOrderNumber: raw.YourOrderNumber ?? '',
    invoiceDate: raw.InvoiceDate ?? '',
    dueDate: raw.DueDate ?? '',
    termsOfPayment: raw.TermsOfPayment ?? '',
    wayOfDelivery: raw.WayOfDelivery ?? '',
    currency: raw.Currency ?? '',
    ocr: raw.OCR ?? '',
    rows,
    net: raw.Net ?? 0,
    totalVat: raw.TotalVAT ?? 0,
    roundOff: raw.RoundOff ?? 0,
    total,
    totalToPay: raw.TotalToPay ?? total,
    balance: raw.Balance ?? 0,
    finalPayDate: raw.FinalPayDate === '' ? null : (raw.FinalPayDate ?? null),
    booked: raw.Booked ?? false,
    cancelled: raw.Cancelled ?? false,
    sent: raw.Sent ?? false,
    remarks: raw.Remarks ?? '',
  };
}
