/** invoices:* and view:* — the grid's pages through the company's session, and its saved view. */
import type { Clock } from '../kernel/clock';
import type { CompanyRegistry } from '../companies/company-registry';
import type { HandlersOf } from '../ipc/contract';
import type { Language } from '../common/settings';
import { localOnlyQueryKeys, sortFields, type GridQuery, type InvoicePageView } from '../common/invoices';
import { ApiError } from '../kernel/errors';
import { pdfName, type PdfFiles } from './invoice-pdf';
import { toPageView } from './invoice-rows';
import { deriveStatus, serviceDate } from './invoice-status';
import type { ViewStore } from './view-store';

/** What the grid needs of the local copies: a page, when the company's copy can answer. */
export interface LocalPages {
  query(companyId: string, resource: 'invoices', query: GridQuery, today: string): Promise<InvoicePageView | undefined>;
}

export function invoiceHandlers(deps: { registry: CompanyRegistry; views: ViewStore; clock: Clock; pdf: PdfFiles; mirrors: LocalPages; language(): Language }): HandlersOf<'invoices' | 'view'> {
  const { registry, views, clock } = deps;
  /** The PDF from `/preview`, at interactive priority on the company's own limiter. */
  const readPdf = (companyId: string, documentNumber: string) =>
    registry.withSession(companyId, (session) => session.invoicePdf(documentNumber, { priority: 'interactive' }));
  /** Page requests the window may still cancel, by its request id. */
  const pageRequests = new Map<string, AbortController>();
  return {
    'invoices:list': async (companyId, query, priority, requestId) => {
      registry.record(companyId); // a company that is not connected has no pages, local or not
      const today = serviceDate(clock.now());
      // Once its first sync is complete, a company's grid answers from its local copy: at once,
      // any column, offline too. Before that (or with local copies off) the service answers.
      const local = await deps.mirrors.query(companyId, 'invoices', query, today);
      if (local) return local;
      const localOnly = localOnlyQueryKeys.filter((key) => query[key] !== undefined);
      if (localOnly.length > 0 || (query.sortby !== undefined && !(sortFields as readonly string[]).includes(query.sortby))) {
        throw new ApiError('bad-request', {
          message: `This view needs the local copy (${[...localOnly, ...(query.sortby && !(sortFields as readonly string[]).includes(query.sortby) ? [`sort by ${query.sortby}`] : [])].join(', ')}), which is not ready.`,
          remedy: 'Wait for the first sync to finish, or turn the local copy on in Settings.',
        });
      }
      const controller = new AbortController();
      if (requestId) pageRequests.set(requestId, controller);
      try {
        const page = await registry.withSession(companyId, (session) => session.listPage('invoices', query, { priority, signal: controller.signal }));
        return toPageView(page, today);
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
    'invoices:openPdf': async (companyId, documentNumber) => deps.pdf.open({ companyId, resource: 'invoices', documentNumber }, await readPdf(companyId, documentNumber), pdfName(documentNumber, deps.language())),
    'invoices:savePdf': async (companyId, documentNumber) => deps.pdf.save(await readPdf(companyId, documentNumber), pdfName(documentNumber, deps.language())),
    'view:get': async (companyId) => views.get(companyId),
    'view:save': async (companyId, view) => {
      registry.record(companyId); // only a connected company has a view
      views.set(companyId, view);
    },
  };
}
