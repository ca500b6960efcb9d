/** The customer invoices: the list's item and row, its page, the whole invoice of the details panel. Pure data and types. */
import type { deriveStatus } from './invoice-status';
import type { ListPageView } from './list-primitives';

/** One status per invoice, derived by common/invoice-status.ts for grid and CSV alike: the rule's own answers
 * (their words and order are the registry's, common/lists/invoices.ts). */
export type InvoiceStatus = ReturnType<typeof deriveStatus>;

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

/** One invoice as the grid shows it: the list fields plus the status derived in the main process. */
export type InvoiceRow = Omit<Invoice, 'url'> & { status: InvoiceStatus };

export type InvoicePageView = ListPageView<InvoiceRow>;

/** One row of an invoice (what was sold), as the details panel shows it. */
export interface InvoiceDocumentRow {
  articleNumber: string;
  description: string;
  /** Delivered quantity; negative on a credit note. */
  quantity: number;
  unit: string;
  price: number;
  /** In percent when discountType is 'PERCENT', else an amount. */
  discount: number;
  discountType: string;
  /** VAT rate in percent (25, 12, 6, 0). */
  vat: number;
  /** The row's total, excluding VAT. */
  total: number;
}

/** The whole invoice (`GET /3/invoices/{n}`): what the customer received, and what is still owed. */
export interface InvoiceDocument {
  documentNumber: string;
  customerNumber: string;
  customerName: string;
  address: { address1: string; address2: string; zipCode: string; city: string; country: string };
  yourReference: string;
  ourReference: string;
  yourOrderNumber: string;
  invoiceDate: string;
  dueDate: string;
  termsOfPayment: string;
  wayOfDelivery: string;
  currency: string;
  ocr: string;
  rows: InvoiceDocumentRow[];
  net: number;
  totalVat: number;
  roundOff: number;
  total: number;
  totalToPay: number;
  balance: number;
  finalPayDate: string | null;
  booked: boolean;
  cancelled: boolean;
  sent: boolean;
  status: InvoiceStatus;
  remarks: string;
}
