// The supplier invoice records of the sandbox's public API (control.supplierInvoicesOf and its
// patches), apart from types.ts to keep that module small. Re-exported by types.ts and index.ts.

/** A voucher of a supplier invoice: series D books the invoice, series E a payment of it. */
export interface SupplierVoucher {
  Number: number;
  Year: number;
  Series: string;
  /** 'SUPPLIERINVOICE' (the invoice's voucher) or 'SUPPLIERPAYMENT'. */
  ReferenceType: string;
}

/** The scan of the supplier's invoice in the archive, connected to the supplier invoice. */
export interface SupplierScan {
  FileId: string;
  Name: string;
  ContentType: 'application/pdf' | 'image/png' | 'image/jpeg';
}

/**
 * One supplier invoice as the sandbox stores it. Amounts are NUMBERS here; the API sends Total and
 * Balance as strings (api-facts). `AuthorizePending` is not an API field (the list answers it only
 * through filter=authorizepending); `PaymentPending` is one of the single invoice's fields.
 */
export interface SandboxSupplierInvoice {
  GivenNumber: string;
  SupplierNumber: string;
  SupplierName: string;
  /** The supplier's own number of the invoice. */
  InvoiceNumber: string;
  InvoiceDate: string;
  DueDate: string;
  /** '' until fully paid (api-facts: "may be empty"). */
  FinalPayDate: string;
  Total: number;
  Balance: number;
  Currency: string;
  CurrencyRate: string;
  CurrencyUnit: number;
  Booked: boolean;
  /** The list calls it `Cancel`, the single invoice `Cancelled`. */
  Cancelled: boolean;
  /** '' when the supplier's invoice carries none. */
  OCR: string;
  CostCenter: string;
  Project: string;
  ExternalInvoiceNumber: string;
  ExternalInvoiceSeries: string;
  /** Who approved it ('' while awaiting approval, and on cancelled ones). */
  AuthorizerName: string;
  /** Awaiting approval (attest): filter=authorizepending. */
  AuthorizePending: boolean;
  /** A payment is under way (sent to the bank, not yet settled): filter=pendingpayment. */
  PaymentPending: boolean;
  Vouchers: SupplierVoucher[];
  /** Its scan (file connection and archive file), or null: many invoices have none. */
  Scan: SupplierScan | null;
  /** ISO 8601 UTC with milliseconds. Not an API field. */
  LastModified: string;
}

export type SupplierInvoicePatch = Partial<Omit<SandboxSupplierInvoice, 'GivenNumber' | 'LastModified' | 'Scan'>>;
