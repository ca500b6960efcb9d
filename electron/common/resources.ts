/**
 * The list resources the app keeps and shows: customer invoices, supplier invoices, the customer
 * and supplier registers, and the payments on both sides. Each has a description in the layer that needs one (the API's
 * endpoints, the local copy's tables, the grid's columns); this is the list they all key on.
 */
import type { ExportColumnId, GridQuery, Invoice, InvoicePageView, InvoiceRow, ViewState } from './invoices';
import type { Customer, CustomerColumnId, CustomerGridQuery, CustomerPageView, CustomerRow, CustomerViewState } from './customers';
import type { Payment, PaymentColumnId, PaymentGridQuery, PaymentPageView, PaymentRow, PaymentViewState } from './payments';
import type { SupplierRegisterColumnId, SupplierRegisterPageView, SupplierRegisterQuery, SupplierRegisterViewState } from './supplier-grid';
import type { Supplier, SupplierRow } from './suppliers';
import type { SupplierExportColumnId, SupplierGridQuery, SupplierInvoice, SupplierInvoicePageView, SupplierInvoiceRow, SupplierViewState } from './supplier-invoices';

/** In sync order: customer invoices first (what the owner is owed is the grid they open on). */
export const resourceIds = ['invoices', 'supplierinvoices', 'customers', 'suppliers', 'invoicepayments', 'supplierinvoicepayments'] as const;
export type ResourceId = (typeof resourceIds)[number];

export interface ResourceItems {
  invoices: Invoice;
  supplierinvoices: SupplierInvoice;
  customers: Customer;
  suppliers: Supplier;
  invoicepayments: Payment;
  supplierinvoicepayments: Payment;
}

/** Each list's grid: the query it is asked, a row it shows, the page it answers, the view it keeps and its column ids. */
export interface ResourceViews {
  invoices: { query: GridQuery; row: InvoiceRow; page: InvoicePageView; view: ViewState; column: ExportColumnId };
  supplierinvoices: { query: SupplierGridQuery; row: SupplierInvoiceRow; page: SupplierInvoicePageView; view: SupplierViewState; column: SupplierExportColumnId };
  customers: { query: CustomerGridQuery; row: CustomerRow; page: CustomerPageView; view: CustomerViewState; column: CustomerColumnId };
  suppliers: { query: SupplierRegisterQuery; row: SupplierRow; page: SupplierRegisterPageView; view: SupplierRegisterViewState; column: SupplierRegisterColumnId };
  invoicepayments: { query: PaymentGridQuery; row: PaymentRow; page: PaymentPageView; view: PaymentViewState; column: PaymentColumnId };
  supplierinvoicepayments: { query: PaymentGridQuery; row: PaymentRow; page: PaymentPageView; view: PaymentViewState; column: PaymentColumnId };
}

export function isResourceId(value: unknown): value is ResourceId {
  return typeof value === 'string' && (resourceIds as readonly string[]).includes(value);
}
