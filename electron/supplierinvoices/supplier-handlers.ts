/** supplierinvoices:* — what is a supplier invoice's own: its details and its scan (its list is lists:*). */
import type { CompanyRegistry } from '../companies/company-registry';
import type { CompanySession } from '../companies/company-session';
import type { HandlersOf } from '../ipc/contract';
import type { Clock } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import type { Language } from '../common/settings';
import { supplierStatusOf, type SupplierInvoiceDocument } from '../common/supplier-invoices';
import type { PdfFiles } from '../invoices/invoice-pdf';
import { serviceDate } from '../common/invoice-status';
import type { MirrorApi } from '../mirror/access/mirror-api';

/** What a supplier invoice's details need of the local copies. */
export interface LocalSupplierCopy {
  ready(companyId: string, resource: 'supplierinvoices'): Promise<MirrorApi | undefined>;
}

/** `Leverantörsfaktura 12.pdf` / `Supplier invoice 12.png`: the file names the invoice, its extension its kind. */
export function scanName(givenNumber: string, kind: 'pdf' | 'png' | 'jpeg', language: Language): string {
  return `${language === 'sv' ? 'Leverantörsfaktura' : 'Supplier invoice'} ${givenNumber}.${kind === 'jpeg' ? 'jpg' : kind}`;
}

export function supplierHandlers(deps: {
  registry: CompanyRegistry;
  clock: Clock;
  files: PdfFiles;
  mirrors: LocalSupplierCopy;
  language(): Language;
}): HandlersOf<'supplierinvoices'> {
  const { registry, clock } = deps;
  /** A request of the supplier side: its scope or licence errors are its own, not the company's. */
  const on = <T>(companyId: string, work: (session: CompanySession) => Promise<T>): Promise<T> => registry.withSession(companyId, work, 'supplierinvoices');

  async function readScan(companyId: string, givenNumber: string) {
    const scan = await on(companyId, (session) => session.supplierScan(givenNumber, { priority: 'interactive' }));
    if (!scan) throw new ApiError('not-found', { message: `No scan is connected to supplier invoice ${givenNumber}.`, remedy: 'Connect the scan to the invoice in the service, or open it there.' });
    return { bytes: scan.bytes, name: scanName(givenNumber, scan.kind, deps.language()) };
  }

  return {
    'supplierinvoices:get': async (companyId, givenNumber) => {
      const document = await on(companyId, (session) => session.supplierInvoiceDocument(givenNumber, { priority: 'interactive' }));
      // Whether a scan is connected (scope connectfile); a company approved without it simply has none to show.
      const connections = await on(companyId, (session) => session.scanConnections(givenNumber, { priority: 'interactive' })).catch((error: unknown) => {
        if (error instanceof ApiError && (error.kind === 'scope-missing' || error.kind === 'not-found')) return [];
        throw error;
      });
      const mirror = await deps.mirrors.ready(companyId, 'supplierinvoices');
      // The details know the OCR the list lacks: the copy keeps it (and its search finds it from now on).
      if (mirror && document.ocr) await mirror.noteOcr('supplierinvoices', givenNumber, document.ocr);
      const flags = mirror ? await mirror.knownFlags('supplierinvoices', givenNumber) : null;
      const authorizePending = flags?.authorize_pending === 1;
      const paymentPending = document.paymentPending || flags?.payment_pending === 1;
      const full: SupplierInvoiceDocument = {
        ...document,
        authorizePending,
        paymentPending,
        status: supplierStatusOf({ ...document, authorizePending, paymentPending }, serviceDate(clock.now())),
        scan: connections[0] ? { name: connections[0].name } : null,
      };
      return full;
    },
    'supplierinvoices:openScan': async (companyId, givenNumber) => {
      const scan = await readScan(companyId, givenNumber);
      return deps.files.open({ companyId, resource: 'supplierinvoices', documentNumber: givenNumber }, scan.bytes, scan.name);
    },
    'supplierinvoices:saveScan': async (companyId, givenNumber) => {
      const scan = await readScan(companyId, givenNumber);
      return deps.files.save(scan.bytes, scan.name);
    },
  };
}
