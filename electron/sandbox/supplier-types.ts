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
  /** The generated data holds PDFs, PNGs and JPEGs; a test may connect a TIFF (control.setSupplierScan). */
  ContentType: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/tiff';
  /** When set (control.setSupplierScan), the file is padded with trailing spaces to this many bytes. */
  Size?: number;
}

/**
 * A scan a test connects to a supplier invoice (control.setSupplierScan): any type the archive may
 * hold, of any size, under any FileId (default a new UUID; it must not be another scan's), so a
 * client meets a file it must refuse: a TIFF, a file over its size cap, a FileId that is no plain id.
 */
export interface SupplierScanSpec {
  ContentType: SupplierScan['ContentType'];
  FileId?: string;
  /** Default by type: `scan.pdf`, `scan.png`, `scan.jpg`, `scan.tif`. */
  Name?: string;
  /** Bytes of the file: the document padded with trailing spaces up to this size (at most 64 MB). */
  Size?: number;
}

/**
 * One supplier invoice as the sandbox stores it. Amounts are NUMBERS here; the API sends Total and
 * Balance as strings (docs/service.md, Supplier invoices). `AuthorizePending` is not an API field (the list answers it only
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
  /** '' until fully paid (the sources say "may be empty"). */
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
