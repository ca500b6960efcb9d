/** The grid's rows: the API core's invoices plus the status the export derives the same way. */
import type { InvoicePage } from '../api/invoice-list';
import type { InvoicePageView, InvoiceRow } from '../common/invoices';
import { deriveStatus } from '../common/invoice-status';

export function toPageView(page: InvoicePage, today: string): InvoicePageView {
  return {
    currentPage: page.currentPage,
    totalPages: page.totalPages,
    totalResources: page.totalResources,
    source: 'service',
    // The service's own URL of the invoice stays in the main process: the window has no use for it.
    rows: page.items.map(({ url: _url, ...invoice }): InvoiceRow => ({ ...invoice, status: deriveStatus(invoice, today) })),
  };
}
