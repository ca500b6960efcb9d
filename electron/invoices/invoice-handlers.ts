/** invoices:* and view:* — the grid's pages through the company's session, and its saved view. */
import type { Clock } from '../kernel/clock';
import type { CompanyRegistry } from '../companies/company-registry';
import type { HandlersOf } from '../ipc/contract';
import type { Language } from '../common/settings';
import { pdfName, type PdfFiles } from './invoice-pdf';
import { toPageView } from './invoice-rows';
import { deriveStatus, serviceDate } from './invoice-status';
import type { ViewStore } from './view-store';

export function invoiceHandlers(deps: { registry: CompanyRegistry; views: ViewStore; clock: Clock; pdf: PdfFiles; language(): Language }): HandlersOf<'invoices' | 'view'> {
  const { registry, views, clock } = deps;
  /** The PDF from `/preview`, at interactive priority on the company's own limiter. */
  const readPdf = (companyId: string, documentNumber: string) =>
    registry.withSession(companyId, (session) => session.invoicePdf(documentNumber, { priority: 'interactive' }));
  /** Page requests the window may still cancel, by its request id. */
  const pageRequests = new Map<string, AbortController>();
  return {
    'invoices:list': async (companyId, query, priority, requestId) => {
      const controller = new AbortController();
      if (requestId) pageRequests.set(requestId, controller);
      try {
        const page = await registry.withSession(companyId, (session) => session.listInvoices(query, { priority, signal: controller.signal }));
        return toPageView(page, serviceDate(clock.now()));
      } finally {
        if (requestId) pageRequests.delete(requestId);
      }
    },
    // A page the user paged past: it leaves the company's queue before it uses any quota.
    'invoices:cancel': async (requestId) => pageRequests.get(requestId)?.abort(),
    'invoices:get': async (companyId, documentNumber) => {
      const document = await registry.withSession(companyId, (session) => session.invoiceDocument(documentNumber, { priority: 'interactive' }));
      return { ...document, status: deriveStatus(document, serviceDate(clock.now())) };
    },
    'invoices:openPdf': async (companyId, documentNumber) => deps.pdf.open(await readPdf(companyId, documentNumber), pdfName(documentNumber, deps.language())),
    'invoices:savePdf': async (companyId, documentNumber) => deps.pdf.save(await readPdf(companyId, documentNumber), pdfName(documentNumber, deps.language())),
    'view:get': async (companyId) => views.get(companyId),
    'view:save': async (companyId, view) => {
      registry.record(companyId); // only a connected company has a view
      views.set(companyId, view);
    },
  };
}
