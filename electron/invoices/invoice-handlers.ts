/** invoices:* — what is a customer invoice's own: the whole document and its PDF (its list is lists:*). */
import type { Clock } from '../kernel/clock';
import type { CompanyRegistry } from '../companies/company-registry';
import type { HandlersOf } from '../ipc/contract';
import type { Language } from '../common/settings';
import { pdfName, type PdfFiles } from './invoice-pdf';
import { deriveStatus, serviceDate } from '../common/invoice-status';

export function invoiceHandlers(deps: { registry: CompanyRegistry; clock: Clock; pdf: PdfFiles; language(): Language }): HandlersOf<'invoices'> {
  const { registry, clock } = deps;
  /** The PDF from `/preview`, at interactive priority on the company's own limiter. */
  const readPdf = (companyId: string, documentNumber: string) =>
    registry.withSession(companyId, (session) => session.invoicePdf(documentNumber, { priority: 'interactive' }), 'invoices');
  return {
    'invoices:get': async (companyId, documentNumber) => {
      const document = await registry.withSession(companyId, (session) => session.invoiceDocument(documentNumber, { priority: 'interactive' }), 'invoices');
      return { ...document, status: deriveStatus(document, serviceDate(clock.now())) };
    },
    'invoices:openPdf': async (companyId, documentNumber) => deps.pdf.open({ companyId, resource: 'invoices', documentNumber }, await readPdf(companyId, documentNumber), pdfName(documentNumber, deps.language())),
    'invoices:savePdf': async (companyId, documentNumber) => deps.pdf.save(await readPdf(companyId, documentNumber), pdfName(documentNumber, deps.language())),
  };
}
