/** Invoices, the grid's query and its view state. Pure data and types. */

/** One status per invoice, derived by common/invoice-status.ts for grid and CSV alike. */
export const invoiceStatuses = ['paid', 'partly-paid', 'unpaid', 'overdue', 'cancelled', 'unbooked'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

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

/**
 * An amount in SEK at its invoice's own rate: `CurrencyRate` SEK per `CurrencyUnit` units of the
 * currency (1 and 1 for SEK). A rate or unit that is not a positive number counts as 1. The local
 * copy stores Total and Balance this way (mirror-schema.ts step 2, in SQL, the same arithmetic in
 * the same order) and sorts by them; the overview ranks customers by it.
 */
export function valueInSek(amount: number, currencyRate: number, currencyUnit: number): number {
  return (amount * (currencyRate > 0 ? currencyRate : 1)) / (currencyUnit > 0 ? currencyUnit : 1);
}

/** One invoice as the grid shows it: the list fields plus the status derived in the main process. */
export type InvoiceRow = Omit<Invoice, 'url'> & { status: InvoiceStatus };

export interface InvoicePageView {
  rows: InvoiceRow[];
  currentPage: number;
  /** 0 when there are no invoices (the service's own convention). */
  totalPages: number;
  totalResources: number;
  /** Where the page came from: the company's local copy or the service itself. */
  source: 'local' | 'service';
  /** The local copy only: count, Total and Balance of the whole filtered view, per currency. */
  sums?: CurrencySum[];
}

/** The sums of a view in one currency (amounts in that currency, never converted). */
export interface CurrencySum {
  currency: string;
  count: number;
  total: number;
  balance: number;
}

/** The customer grid's columns (and the CSV's, in the same ids), in their default order. */
export const exportColumnIds = [
  'documentNumber',
  'customerNumber',
  'customerName',
  'invoiceDate',
  'dueDate',
  'total',
  'balance',
  'currency',
  'ocr',
  'status',
  'booked',
  'sent',
  'invoiceType',
  'project',
  'costCenter',
  'finalPayDate',
] as const;
export type ExportColumnId = (typeof exportColumnIds)[number];

/** The service's sort fields for invoices (docs/service.md, Invoice list: `sortby`). */
export const sortFields = ['documentnumber', 'customername', 'customernumber', 'invoicedate', 'ocr', 'total'] as const;
export type SortField = (typeof sortFields)[number];
/** Every column sorts on the local copy: the six above and these. */
export const localSortFields = [...sortFields, 'duedate', 'balance', 'currency', 'status', 'booked', 'sent', 'invoicetype', 'project', 'costcenter', 'finalpaydate'] as const;
export type LocalSortField = (typeof localSortFields)[number];
/** The service's invoice filters (docs/service.md, Invoice list: `filter`), in the order the grid shows them. */
export const filters = ['unpaid', 'unpaidoverdue', 'fullypaid', 'unbooked', 'cancelled'] as const;
export type InvoiceFilter = (typeof filters)[number];
/** The search fields the grid offers (one at a time, as the service allows). */
export const searchFields = ['customername', 'documentnumber', 'ocr', 'customernumber'] as const;
export type SearchField = (typeof searchFields)[number];
export const sortOrders = ['ascending', 'descending'] as const;
export type SortOrder = (typeof sortOrders)[number];
export const pageSizes = [25, 50, 100, 250, 500] as const;
/** The service's largest page (docs/service.md, Invoice list: `limit` max 500). */
export const maxPageSize = 500;

/** The grid's invoice-date ranges: months and years of the user's local calendar, or custom bounds. */
export const dateRangePresets = ['thismonth', 'lastmonth', 'thisyear', 'custom'] as const;
export type DateRangePreset = (typeof dateRangePresets)[number];
/** A saved date range: a preset is resolved to dates when the query is made (so "this month"
 * follows the calendar); `from`/`to` (YYYY-MM-DD, inclusive) belong to 'custom'. */
export interface DateRange {
  preset: DateRangePreset;
  from?: string;
  to?: string;
}

/** The grid's query. The main process validates it again with the API core's rules. */
export interface GridQuery {
  page: number;
  limit: number;
  /** The service sorts by the six SortFields; the local copy by any column. */
  sortby?: LocalSortField;
  sortorder?: SortOrder;
  filter?: InvoiceFilter;
  /** Inclusive InvoiceDate bounds, YYYY-MM-DD: the service's global fromdate/todate. */
  fromdate?: string;
  todate?: string;
  search?: { field: SearchField; value: string };
  /** The local copy only: one search over customer name and number, document number, OCR and
   * references (every word must match; diacritics ignored: "orebro" finds "Örebro"). */
  text?: string;
  /** The local copy only: inclusive DueDate bounds, YYYY-MM-DD. */
  fromduedate?: string;
  toduedate?: string;
  /** The local copy only: invoices in this currency. */
  currency?: string;
  /** The local copy only, for the receivables overview's links (common/owed.ts):
   *  'owed' booked, not cancelled, with a balance; 'drafts' not booked, not cancelled;
   *  'notcancelled' every invoice but the cancelled; 'paid' not cancelled, balance 0, with a FinalPayDate. */
  scope?: InvoiceScope;
  /** The local copy only: one customer, by its exact CustomerNumber. */
  customer?: string;
  /** The local copy only, DSO's month: what made up the receivables at that day, YYYY-MM-DD. */
  openat?: string;
  /** The local copy only: inclusive FinalPayDate bounds, YYYY-MM-DD. */
  fromfinalpaydate?: string;
  tofinalpaydate?: string;
  /** The local copy only, for the cash outlook's links: inclusive bounds of the expected date (the
   * due date plus the customer's payment habit, common/cash-outlook.ts). */
  fromexpecteddate?: string;
  toexpecteddate?: string;
}

export const invoiceScopes = ['owed', 'drafts', 'notcancelled', 'paid'] as const;
export type InvoiceScope = (typeof invoiceScopes)[number];


export const requestPriorities = ['interactive', 'prefetch'] as const;
export type RequestPriority = (typeof requestPriorities)[number];

/** Inclusive YYYY-MM-DD bounds; either may be absent. */
export interface DateBounds {
  from?: string;
  to?: string;
}

/** The grid's per-company view state, kept across restarts. */
export interface ViewState {
  sortby?: GridQuery['sortby'];
  sortorder?: GridQuery['sortorder'];
  filter?: GridQuery['filter'];
  search?: GridQuery['search'];
  dateRange?: DateRange;
  /** The local copy's search box, due-date range and currency (kept while the copy is off). */
  text?: string;
  dueRange?: DateRange;
  currency?: string;
  /** Set by a link of the receivables overview (cleared with the grid's "show all"). */
  scope?: InvoiceScope;
  customer?: string;
  /** Set by a month of DSO: what was owed at that day. */
  openat?: string;
  finalPayRange?: DateBounds;
  /** Set by a link of the cash outlook's expected-in bars. */
  expectedRange?: DateBounds;
  limit: number;
  /** Visible columns in their order (ids of exportColumnIds). */
  columns: string[];
}

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
