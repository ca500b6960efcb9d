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
  /** The service's clock when it answered (its `Date` header, ms), when it sent one. */
  serviceTime?: number;
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

/** What one page held that the app did not expect (for the log: counts and field names, never values). */
export interface OddityReport {
  /** Items on the page. */
  items: number;
  /** Items dropped: no usable DocumentNumber (an invoice without its identity cannot be shown). */
  dropped: number;
  /** Fields read as their neutral default: a null where the service sends none, or an unreadable value. */
  fields: number;
  /** How many times each field name was odd. */
  byField: Record<string, number>;
}

export interface ParseOptions {
  /** Called once per page that held anything odd. */
  onOddity?: (report: OddityReport) => void;
}

/** Fields whose null is normal (api-facts: voucher fields until booked, FinalPayDate until paid). */
const NULL_IS_NORMAL = new Set(['VoucherNumber', 'VoucherSeries', 'VoucherYear', 'FinalPayDate', '@url']);
const FIELDS = invoiceItemSchema.shape;
type FieldName = keyof typeof FIELDS;

/**
 * One item, tolerantly: each field is read on its own; a null or unreadable value becomes the
 * field's neutral default (an empty cell) and is counted. Only an item without a usable
 * DocumentNumber is dropped. Unknown fields are ignored.
 */
function readItem(item: unknown, oddity: (field: string) => void): Invoice | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  const clean: Record<string, unknown> = {};
  for (const name of Object.keys(FIELDS) as FieldName[]) {
    const value = record[name];
    if (value === undefined) continue;
    if (value === null && !NULL_IS_NORMAL.has(name)) {
      if (name !== 'DocumentNumber') oddity(name);
      continue;
    }
    const parsed = FIELDS[name].safeParse(value);
    if (parsed.success) clean[name] = parsed.data;
    else if (name !== 'DocumentNumber') oddity(name);
  }
  const parsed = invoiceItemSchema.safeParse(clean);
  return parsed.success ? toInvoice(parsed.data) : undefined;
}

/**
 * Parses the body of GET /3/invoices. A missing MetaInformation means one page holding everything;
 * @TotalPages 0 (an empty result) is kept as 0 with currentPage 1. An item the app does not expect
 * never costs the page (readItem); what was odd is reported once per page to `onOddity`.
 */
export function parseInvoiceListResponse(json: unknown, options: ParseOptions = {}): InvoicePage {
  const list = listSchema.safeParse(json);
  if (!list.success) {
    throw unreadable(typeof json === 'object' && json !== null ? 'no Invoices array' : 'not a JSON object');
  }
  const invoices: Invoice[] = [];
  const report: OddityReport = { items: list.data.Invoices.length, dropped: 0, fields: 0, byField: {} };
  const oddity = (field: string): void => {
    report.fields += 1;
    report.byField[field] = (report.byField[field] ?? 0) + 1;
  };
  for (const item of list.data.Invoices) {
    const invoice = readItem(item, oddity);
    if (invoice) invoices.push(invoice);
    else report.dropped += 1;
  }
  if (report.dropped > 0 || report.fields > 0) options.onOddity?.(report);
  const meta = list.data.MetaInformation;
  if (!meta) return { invoices, currentPage: 1, totalPages: 1, totalResources: invoices.length };
  const currentPage = Math.max(1, meta['@CurrentPage'] ?? 1);
  const totalResources = meta['@TotalResources'] ?? invoices.length;
  const totalPages = meta['@TotalPages'] ?? (invoices.length > 0 ? currentPage : 0);
  return { invoices, currentPage, totalPages, totalResources };
}
