/** The grid's rows: the API core's invoices plus the status the export derives the same way. */
import type { InvoicePage } from '../api/invoices';
import { deriveStatus } from '../export/invoice-status';
import type { InvoicePageView, InvoiceRow } from '../ipc/contract';

/** The user's local calendar date, YYYY-MM-DD (what "overdue" means to them). */
export function localToday(now: number): string {
  const date = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function toPageView(page: InvoicePage, today: string): InvoicePageView {
  return {
    currentPage: page.currentPage,
    totalPages: page.totalPages,
    totalResources: page.totalResources,
    rows: page.invoices.map(
      (invoice): InvoiceRow => ({
        documentNumber: invoice.documentNumber,
        customerNumber: invoice.customerNumber,
        customerName: invoice.customerName,
        invoiceDate: invoice.invoiceDate,
        dueDate: invoice.dueDate,
        total: invoice.total,
        balance: invoice.balance,
        currency: invoice.currency,
        currencyRate: invoice.currencyRate,
        currencyUnit: invoice.currencyUnit,
        booked: invoice.booked,
        cancelled: invoice.cancelled,
        sent: invoice.sent,
        ocr: invoice.ocr,
        invoiceType: invoice.invoiceType,
        finalPayDate: invoice.finalPayDate,
        costCenter: invoice.costCenter,
        project: invoice.project,
        termsOfPayment: invoice.termsOfPayment,
        wayOfDelivery: invoice.wayOfDelivery,
        externalInvoiceReference1: invoice.externalInvoiceReference1,
        externalInvoiceReference2: invoice.externalInvoiceReference2,
        voucherNumber: invoice.voucherNumber,
        voucherSeries: invoice.voucherSeries,
        voucherYear: invoice.voucherYear,
        status: deriveStatus(invoice, today),
      }),
    ),
  };
}
