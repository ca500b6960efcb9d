/**
 * The invoice list's response, parsed leniently where the real service is quirky (numbers in
 * strings, nulls, missing MetaInformation) and strictly where a wrong value would be silently wrong
 * data. The service's PascalCase wire names become common's camelCase `Invoice` here, in one place.
 */
import { z } from 'zod';
import type { Invoice } from '../common/invoices';
import { ApiError } from '../kernel/errors';

export type { Invoice, InvoiceType } from '../common/invoices';

export interface InvoicePage {
  invoices: Invoice[];
  currentPage: number;
  /** 0 for an empty result (the service sends @TotalPages 0 with @CurrentPage 1). */
  totalPages: number;
  totalResources: number;
}

const NUMBER_TEXT = /^[-+]?\d+(?:[.,]\d+)?$/;

/** Numbers arrive as numbers or as text ("1", "1234.50", Swedish "1234,50"). */
const numeric = z.union([
  z.number().refine(Number.isFinite, 'not a finite number'),
  z
    .string()
    .transform((s) => s.trim().replace(/\s/g, ''))
    .refine((s) => NUMBER_TEXT.test(s), 'not a number')
    .transform((s) => Number(s.replace(',', '.'))),
]);

/** Text fields: tolerate numbers (e.g. CustomerNumber 1) and null. */
const text = z.union([z.string(), z.number().transform(String), z.null().transform(() => '')]);

const booleanLike = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'TRUE', 'FALSE', '1', '0']).transform((s) => s === 'true' || s === 'TRUE' || s === '1'),
  z.null().transform(() => false),
]);

const nullableNumeric = z.union([numeric, z.null(), z.literal('').transform(() => null)]);
const nullableText = z.union([z.string(), z.number().transform(String), z.null()]);
const nullableDate = z.union([z.string(), z.null()]).transform((s) => (s === '' ? null : s));

/** Unknown fields pass through zod's default object mode and are dropped by the mapping below. */
const invoiceItemSchema = z.object({
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
});

const metaNumber = z.union([z.number().int(), z.string().regex(/^\s*\d+\s*$/).transform((s) => Number(s))]);

const listSchema = z.object({
  MetaInformation: z
    .object({
      '@TotalResources': metaNumber.optional(),
      '@TotalPages': metaNumber.optional(),
      '@CurrentPage': metaNumber.optional(),
    })
    .nullish(),
  Invoices: z.array(z.unknown()),
});

type RawInvoice = z.infer<typeof invoiceItemSchema>;

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

function unreadable(detail: string): ApiError {
  // Not retryable: the same response would fail the same way.
  return new ApiError('unavailable', { message: `The service sent an invoice list the app cannot read (${detail}).`, retryable: false });
}

/**
 * Parses the body of GET /3/invoices. A missing MetaInformation means one page holding everything;
 * @TotalPages 0 (an empty result) is kept as 0 with currentPage 1.
 */
export function parseInvoiceListResponse(json: unknown): InvoicePage {
  const list = listSchema.safeParse(json);
  if (!list.success) {
    throw unreadable(typeof json === 'object' && json !== null ? 'no Invoices array' : 'not a JSON object');
  }
  const invoices: Invoice[] = [];
  for (const [index, item] of list.data.Invoices.entries()) {
    const parsed = invoiceItemSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? issue.path.map(String).join('.') || 'item' : 'item';
      throw unreadable(`item ${index + 1}, ${where}`);
    }
    invoices.push(toInvoice(parsed.data));
  }
  const meta = list.data.MetaInformation;
  if (!meta) return { invoices, currentPage: 1, totalPages: 1, totalResources: invoices.length };
  const currentPage = Math.max(1, meta['@CurrentPage'] ?? 1);
  const totalResources = meta['@TotalResources'] ?? invoices.length;
  const totalPages = meta['@TotalPages'] ?? (invoices.length > 0 ? currentPage : 0);
  return { invoices, currentPage, totalPages, totalResources };
}
