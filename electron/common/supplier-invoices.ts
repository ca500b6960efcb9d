/**
 * Supplier invoices (leverantörsfakturor): what the owner must pay. Pure data and types, shared by
 * the main process, the renderer and the CLI (docs/service.md, Supplier invoices).
 */
import type { ListPageView } from './list-primitives';

/** One status per supplier invoice, derived in the main process (supplierStatusOf) for grid and CSV alike: the rule's own answers
 * (their words and order are the registry's, common/lists/supplierinvoices.ts). */
export type SupplierInvoiceStatus = ReturnType<typeof supplierStatusOf>;

/** One item of the supplier invoice list, with the two states the list item lacks (read from the filtered lists). */
export interface SupplierInvoice {
  /** The invoice's identity at the service (digits, kept as text; the number in its URL). */
  givenNumber: string;
  supplierNumber: string;
  supplierName: string;
  /** The supplier's own invoice number. */
  invoiceNumber: string;
  /** YYYY-MM-DD */
  invoiceDate: string;
  /** YYYY-MM-DD */
  dueDate: string;
  total: number;
  /** Left to pay; 0 when paid; negative on a credit invoice. */
  balance: number;
  currency: string;
  currencyRate: number;
  currencyUnit: number;
  booked: boolean;
  /** The list's `Cancel` (the single invoice says `Cancelled`). */
  cancelled: boolean;
  credit: boolean;
  /** YYYY-MM-DD, null until paid. */
  finalPayDate: string | null;
  /** Who is to approve it (the list only). */
  authorizerName: string;
  costCenter: string;
  project: string;
  externalInvoiceNumber: string;
  externalInvoiceSeries: string;
  /** Not in the list item: known once the invoice's details were read, '' until then. */
  ocr: string;
  /** Awaiting approval ("Att attestera"): the `authorizepending` list, read in full with every sync. */
  authorizePending: boolean;
  /** Payment under way ("Betalning pågår"): the `pendingpayment` list, read in full with every sync. */
  paymentPending: boolean;
  /** The service's URL of the single invoice, when sent. */
  url?: string;
}

export type SupplierInvoiceRow = Omit<SupplierInvoice, 'url'> & { status: SupplierInvoiceStatus };

export type SupplierInvoicePageView = ListPageView<SupplierInvoiceRow>;

/**
 * The status of a supplier invoice, what needs the owner's attention first: cancelled; paid
 * (balance 0); the payment under way; awaiting approval; overdue (due before today, Swedish
 * calendar); partly paid; unpaid.
 */
export function supplierStatusOf(invoice: Pick<SupplierInvoice, 'cancelled' | 'balance' | 'total' | 'dueDate' | 'paymentPending' | 'authorizePending'>, today: string) {
  if (invoice.cancelled) return 'cancelled';
  if (invoice.balance === 0) return 'paid';
  if (invoice.paymentPending) return 'payment-pending';
  if (invoice.authorizePending) return 'awaiting-approval';
  if (/^\d{4}-\d{2}-\d{2}$/.test(invoice.dueDate) && invoice.dueDate < today) return 'overdue';
  if (Math.abs(invoice.balance) < Math.abs(invoice.total)) return 'partly-paid';
  return 'unpaid';
}

/** One row of a supplier invoice: its booking (account, debit and credit), as the details panel shows it. */
export interface SupplierInvoiceDocumentRow {
  account: string;
  accountDescription: string;
  articleNumber: string;
  description: string;
  quantity: number;
  price: number;
  unit: string;
  debit: number;
  credit: number;
  total: number;
  project: string;
  costCenter: string;
}

/** The scanned invoice's kind (checked by its first bytes, never by what the service says it is). */
export const scanKinds = ['pdf', 'png', 'jpeg'] as const;
export type ScanKind = (typeof scanKinds)[number];

/** The whole supplier invoice (`GET /3/supplierinvoices/{n}`): what the supplier billed and what is still to pay. */
export interface SupplierInvoiceDocument {
  givenNumber: string;
  supplierNumber: string;
  supplierName: string;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  currency: string;
  ocr: string;
  ourReference: string;
  yourReference: string;
  comments: string;
  rows: SupplierInvoiceDocumentRow[];
  vat: number;
  freight: number;
  administrationFee: number;
  roundOffValue: number;
  total: number;
  balance: number;
  finalPayDate: string | null;
  booked: boolean;
  cancelled: boolean;
  credit: boolean;
  paymentPending: boolean;
  /** From the copy's authorizepending list (the single invoice does not say); false without a copy. */
  authorizePending: boolean;
  status: SupplierInvoiceStatus;
  /** The scan connected to it, when there is one (its name only: the window never gets a file id). */
  scan: { name: string } | null;
}
