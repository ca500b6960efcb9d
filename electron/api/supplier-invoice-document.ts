/**
 * The single supplier invoice (`GET /3/supplierinvoices/{GivenNumber}`): `{"SupplierInvoice": {...}}`
 * with its rows (the booking: account, debit, credit), VAT, freight and fees, parsed as leniently as
 * the list (numbers in strings, nulls, missing fields); an invoice without its number is refused.
 * The single invoice says `Cancelled` where the list says `Cancel` (docs/service.md, Supplier invoices): both are read.
 */
import { z } from 'zod';
import type { SupplierInvoiceDocument, SupplierInvoiceDocumentRow } from '../common/supplier-invoices';
import { ApiError } from '../kernel/errors';
import { booleanLike, nullableDate, numeric, text } from './list-response';

const amount = z.union([numeric, z.literal('').transform(() => 0), z.null().transform(() => 0)]);
const flag = z.union([booleanLike, z.null().transform(() => false)]);

const rowSchema = z.object({
  Account: text.optional(),
  AccountDescription: text.optional(),
  ArticleNumber: text.optional(),
  ItemDescription: text.optional(),
  Quantity: amount.optional(),
  Price: amount.optional(),
  Unit: text.optional(),
  Debit: amount.optional(),
  Credit: amount.optional(),
  Total: amount.optional(),
  Project: text.optional(),
  CostCenter: text.optional(),
});

const invoiceSchema = z.object({
  GivenNumber: z.union([z.string().min(1), z.number().int().transform(String)]),
  SupplierNumber: text.optional(),
  SupplierName: text.optional(),
  InvoiceNumber: text.optional(),
  InvoiceDate: text.optional(),
  DueDate: text.optional(),
  Currency: text.optional(),
  OCR: text.optional(),
  OurReference: text.optional(),
  YourReference: text.optional(),
  Comments: text.optional(),
  SupplierInvoiceRows: z.array(z.unknown()).nullish(),
  VAT: amount.optional(),
  Freight: amount.optional(),
  AdministrationFee: amount.optional(),
  RoundOffValue: amount.optional(),
  Total: amount.optional(),
  Balance: amount.optional(),
  FinalPayDate: nullableDate.optional(),
  Booked: flag.optional(),
  Cancelled: flag.optional(),
  Cancel: flag.optional(),
  Credit: flag.optional(),
  PaymentPending: flag.optional(),
});

function toRow(raw: unknown): SupplierInvoiceDocumentRow | undefined {
  const parsed = rowSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const r = parsed.data;
  return {
    account: r.Account ?? '',
    accountDescription: r.AccountDescription ?? '',
    articleNumber: r.ArticleNumber ?? '',
    description: r.ItemDescription ?? '',
    quantity: r.Quantity ?? 0,
    price: r.Price ?? 0,
    unit: r.Unit ?? '',
    debit: r.Debit ?? 0,
    credit: r.Credit ?? 0,
    total: r.Total ?? 0,
    project: r.Project ?? '',
    costCenter: r.CostCenter ?? '',
  };
}

/** The parsed invoice without what the app adds (status, approval from the copy, the scan). */
export type ParsedSupplierInvoiceDocument = Omit<SupplierInvoiceDocument, 'status' | 'authorizePending' | 'scan'>;

export function parseSupplierInvoiceDocument(json: unknown): ParsedSupplierInvoiceDocument {
  const wrapper = z.object({ SupplierInvoice: z.unknown() }).safeParse(json);
  const parsed = wrapper.success ? invoiceSchema.safeParse(wrapper.data.SupplierInvoice) : undefined;
  if (!parsed?.success) {
    throw new ApiError('unavailable', { message: 'The service sent a supplier invoice the app cannot read.', retryable: false });
  }
  const d = parsed.data;
  return {
    givenNumber: d.GivenNumber,
    supplierNumber: d.SupplierNumber ?? '',
    supplierName: d.SupplierName ?? '',
    invoiceNumber: d.InvoiceNumber ?? '',
    invoiceDate: d.InvoiceDate ?? '',
    dueDate: d.DueDate ?? '',
    currency: d.Currency ?? '',
    ocr: d.OCR ?? '',
    ourReference: d.OurReference ?? '',
    yourReference: d.YourReference ?? '',
    comments: d.Comments ?? '',
    rows: (d.SupplierInvoiceRows ?? []).map(toRow).filter((row): row is SupplierInvoiceDocumentRow => row !== undefined),
    vat: d.VAT ?? 0,
    freight: d.Freight ?? 0,
    administrationFee: d.AdministrationFee ?? 0,
    roundOffValue: d.RoundOffValue ?? 0,
    total: d.Total ?? 0,
    balance: d.Balance ?? 0,
    finalPayDate: d.FinalPayDate ?? null,
    booked: d.Booked ?? false,
    cancelled: d.Cancelled ?? d.Cancel ?? false,
    credit: d.Credit ?? false,
    paymentPending: d.PaymentPending ?? false,
  };
}

const connectionsSchema = z.object({
  SupplierInvoiceFileConnections: z.array(
    z.object({
      FileId: z.union([z.string().min(1), z.number().transform(String)]),
      Name: text.optional(),
      SupplierInvoiceNumber: z.union([z.string(), z.number().transform(String)]).optional(),
    }),
  ),
});

export interface ScanConnection {
  fileId: string;
  name: string;
}

/**
 * How many pages the list of file connections has, read leniently: a list without MetaInformation,
 * or with page numbers the app cannot read, is one page (some of the service's lists send none).
 */
export function scanConnectionPages(json: unknown): number {
  const meta = (json as { MetaInformation?: Record<string, unknown> } | null)?.MetaInformation;
  const pages = Number(meta?.['@TotalPages']);
  return Number.isSafeInteger(pages) && pages >= 1 ? pages : 1;
}

/**
 * The scans connected to one supplier invoice (`GET /3/supplierinvoicefileconnections?supplierinvoicenumber=N`).
 * Only connections that name this invoice count: a service that ignored the search must not hand
 * another invoice's scan to this one.
 */
export function parseScanConnections(json: unknown, givenNumber: string): ScanConnection[] {
  const parsed = connectionsSchema.safeParse(json);
  if (!parsed.success) throw new ApiError('unavailable', { message: 'The service sent a list of file connections the app cannot read.', retryable: false });
  return parsed.data.SupplierInvoiceFileConnections.filter((c) => c.SupplierInvoiceNumber === givenNumber).map((c) => ({ fileId: c.FileId, name: c.Name ?? '' }));
}
