import { z } from 'zod';
import { ApiError } from './errors';

/**
 * The invoice list endpoint: the query (validated before anything is sent) and the response
 * (parsed leniently where the real service is quirky, strictly where a wrong value would be
 * silently wrong data).
 *
 * Model naming: the app works with camelCase `Invoice` objects, mapped here from the service's
 * PascalCase wire names in one place. The grid, export and IPC contract then depend on one stable
 * app-level shape (numbers as numbers, dates as `YYYY-MM-DD` strings), not on wire quirks such as
 * `CurrencyRate: "1"`. `DocumentNumber` stays a string: it is the invoice's identity, not a quantity.
 */

export const INVOICE_SORT_FIELDS = ['documentnumber', 'customername', 'customernumber', 'invoicedate', 'ocr', 'total'] as const;
export const SORT_ORDERS = ['ascending', 'descending'] as const;
export const INVOICE_FILTERS = ['unpaid', 'cancelled', 'fullypaid', 'unpaidoverdue', 'unbooked'] as const;
export const INVOICE_SEARCH_FIELDS = ['customername', 'customernumber', 'documentnumber', 'ocr', 'fromdate', 'todate'] as const;

export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];
export type InvoiceSearchField = (typeof INVOICE_SEARCH_FIELDS)[number];

export interface InvoiceQuery {
  page?: number;
  /** 1..500 (service default 100). */
  limit?: number;
  sortby?: InvoiceSortField;
  sortorder?: SortOrder;
  filter?: InvoiceFilter;
  /** Local wall-clock time; normalised to and sent as `YYYY-MM-DD HH:mm:ss`. */
  lastmodified?: string;
  /** At most one resource-specific search parameter (the service's rule). */
  search?: { field: InvoiceSearchField; value: string };
}

export const MAX_LIMIT = 500;
const MAX_SEARCH_LENGTH = 200;

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const LASTMODIFIED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** `YYYY-MM-DD`, `YYYY-MM-DD HH:mm`, `YYYY-MM-DD HH:mm:ss` (or with `T`) -> `YYYY-MM-DD HH:mm:ss`.
 * A zone suffix is refused: the service's timestamps are local wall-clock time and a silent
 * conversion would shift an incremental checkpoint. */
export function normaliseLastModified(value: string): string | undefined {
  const match = LASTMODIFIED.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  if (!isRealDate(Number(y), Number(mo), Number(d))) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const enumMessage = (field: string, values: readonly string[]): string => `"${field}" must be one of: ${values.join(', ')}.`;

const querySchema = z
  .object({
    page: z.number({ error: '"page" must be a whole number of at least 1.' }).int('"page" must be a whole number of at least 1.').min(1, '"page" must be a whole number of at least 1.').optional(),
    limit: z
      .number({ error: `"limit" must be a whole number from 1 to ${MAX_LIMIT}.` })
      .int(`"limit" must be a whole number from 1 to ${MAX_LIMIT}.`)
      .min(1, `"limit" must be a whole number from 1 to ${MAX_LIMIT}.`)
      .max(MAX_LIMIT, `"limit" must be a whole number from 1 to ${MAX_LIMIT}.`)
      .optional(),
    sortby: z.enum(INVOICE_SORT_FIELDS, { error: enumMessage('sortby', INVOICE_SORT_FIELDS) }).optional(),
    sortorder: z.enum(SORT_ORDERS, { error: enumMessage('sortorder', SORT_ORDERS) }).optional(),
    filter: z.enum(INVOICE_FILTERS, { error: enumMessage('filter', INVOICE_FILTERS) }).optional(),
    lastmodified: z
      .string({ error: '"lastmodified" must be a date-time text like 2024-05-01 13:45:00.' })
      .transform((value, ctx) => {
        const normalised = normaliseLastModified(value);
        if (normalised === undefined) {
          ctx.addIssue({ code: 'custom', message: '"lastmodified" must be a local date-time like 2024-05-01 13:45:00 (or 2024-05-01), without a time zone.' });
          return z.NEVER;
        }
        return normalised;
      })
      .optional(),
    search: z
      .object(
        {
          field: z.enum(INVOICE_SEARCH_FIELDS, { error: enumMessage('search.field', INVOICE_SEARCH_FIELDS) }),
          value: z
            .string({ error: '"search.value" must be text.' })
            .transform((v) => v.trim())
            .pipe(z.string().min(1, '"search.value" must not be empty.').max(MAX_SEARCH_LENGTH, `"search.value" must be at most ${MAX_SEARCH_LENGTH} characters.`)),
        },
        { error: '"search" must be an object { field, value }.' },
      )
      .strict()
      .superRefine((search, ctx) => {
        if (search.field === 'fromdate' || search.field === 'todate') {
          const m = DATE_ONLY.exec(search.value);
          if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
            ctx.addIssue({ code: 'custom', path: ['value'], message: `"search.value" must be a date like 2024-05-01 for ${search.field}.` });
          }
        }
      })
      .optional(),
  })
  .strict();

function fieldOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
    return `${prefix}${issue.keys[0] ?? ''}`;
  }
  return issue.path.map(String).join('.') || 'query';
}

/**
 * Validates an invoice query from an untrusted caller (IPC, CLI). Throws ApiError('bad-request')
 * whose `field` and message name the first offending field. Nothing is sent before this passes.
 */
export function validateInvoiceQuery(input: unknown): InvoiceQuery {
  if (input === undefined || input === null) return {};
  const result = querySchema.safeParse(input);
  if (result.success) {
    const out: InvoiceQuery = {};
    const d = result.data;
    if (d.page !== undefined) out.page = d.page;
    if (d.limit !== undefined) out.limit = d.limit;
    if (d.sortby !== undefined) out.sortby = d.sortby;
    if (d.sortorder !== undefined) out.sortorder = d.sortorder;
    if (d.filter !== undefined) out.filter = d.filter;
    if (d.lastmodified !== undefined) out.lastmodified = d.lastmodified;
    if (d.search !== undefined) out.search = { field: d.search.field, value: d.search.value };
    return out;
  }
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  const field = fieldOf(issue);
  let message: string;
  if (issue.code === 'unrecognized_keys') {
    message = INVOICE_SEARCH_FIELDS.includes(field as InvoiceSearchField)
      ? `"${field}" is not a query field: use search: { field: "${field}", value }.`
      : `"${field}" is not a known invoice query field.`;
  } else if (field === 'query') {
    message = 'The invoice query must be an object.';
  } else {
    message = issue.message.includes(`"${field}"`) ? issue.message : `"${field}": ${issue.message}`;
  }
  throw new ApiError('bad-request', {
    field,
    message: `Invalid invoice query: ${message}`,
    remedy: `Correct the ${field} value and try again.`,
  });
}

/** Query-string parameters in a fixed order (after validation). */
export function invoiceQueryParams(query: InvoiceQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.sortby !== undefined) params.set('sortby', query.sortby);
  if (query.sortorder !== undefined) params.set('sortorder', query.sortorder);
  if (query.filter !== undefined) params.set('filter', query.filter);
  if (query.lastmodified !== undefined) params.set('lastmodified', query.lastmodified);
  if (query.search !== undefined) params.set(query.search.field, query.search.value);
  return params;
}

// ---------------------------------------------------------------------------------------------
// Response

export type InvoiceType = 'INVOICE' | 'AGREEMENTINVOICE' | 'INTRESTINVOICE' | 'SUMMARYINVOICE' | 'CASHINVOICE' | (string & {});

/** One item of the invoice list. */
export interface Invoice {
  /** The invoice's identity (digits, kept as text). */
  documentNumber: string;
  customerNumber: string;
  customerName: string;
  /** YYYY-MM-DD */
  invoiceDate: string;
  /** YYYY-MM-DD */
  dueDate: string;
  total: number;
  /** Left to pay; 0 when fully paid. */
  balance: number;
  currency: string;
  currencyRate: number;
  currencyUnit: number;
  booked: boolean;
  cancelled: boolean;
  sent: boolean;
  ocr: string;
  invoiceType: InvoiceType;
  /** YYYY-MM-DD, null until fully paid. */
  finalPayDate: string | null;
  costCenter: string;
  project: string;
  termsOfPayment: string;
  wayOfDelivery: string;
  externalInvoiceReference1: string;
  externalInvoiceReference2: string;
  voucherNumber: number | null;
  voucherSeries: string | null;
  voucherYear: number | null;
  noxFinans: boolean;
  /** The service's URL of the single invoice, when sent. */
  url?: string;
}

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
