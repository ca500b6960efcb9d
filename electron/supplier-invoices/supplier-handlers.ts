/**
 * supplierInvoices:* and supplierView:* — the supplier grid's pages (from the company's local copy;
 * without one, from the service, which can neither sort this list nor search it by name), an
 * invoice's details and its scan, and the grid's saved view.
 */
import type { CompanyRegistry } from '../companies/company-registry';
import type { CompanySession } from '../companies/company-session';
import type { HandlersOf } from '../ipc/contract';
import type { Clock } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import type { Language } from '../common/settings';
import { supplierLocalOnlyQueryKeys, supplierStatusOf, type SupplierGridQuery, type SupplierInvoiceDocument, type SupplierInvoicePageView, type SupplierInvoiceRow, type SupplierViewState } from '../common/supplier-invoices';
import type { PdfFiles } from '../invoices/invoice-pdf';
import { serviceDate } from '../invoices/invoice-status';
import type { ViewStore } from '../invoices/view-store';
import type { MirrorApi } from '../mirror/mirror-api';

/** What the supplier grid needs of the local copies. */
export interface LocalSupplierPages {
  query(companyId: string, resource: 'supplierinvoices', query: SupplierGridQuery, today: string): Promise<SupplierInvoicePageView | undefined>;
  ready(companyId: string, resource: 'supplierinvoices'): Promise<MirrorApi | undefined>;
}

/** `Leverantörsfaktura 12.pdf` / `Supplier invoice 12.png`: the file names the invoice, its extension its kind. */
export function scanName(givenNumber: string, kind: 'pdf' | 'png' | 'jpeg', language: Language): string {
  return `${language === 'sv' ? 'Leverantörsfaktura' : 'Supplier invoice'} ${givenNumber}.${kind === 'jpeg' ? 'jpg' : kind}`;
}

export function supplierHandlers(deps: {
  registry: CompanyRegistry;
  views: ViewStore<SupplierViewState>;
  clock: Clock;
  files: PdfFiles;
  mirrors: LocalSupplierPages;
  language(): Language;
}): HandlersOf<'supplierInvoices' | 'supplierView'> {
  const { registry, clock } = deps;
  const pageRequests = new Map<string, AbortController>();
  /** A request of the supplier side: its scope or licence errors are its own, not the company's. */
  const on = <T>(companyId: string, work: (session: CompanySession) => Promise<T>): Promise<T> => registry.withSession(companyId, work, 'supplierinvoices');

  async function readScan(companyId: string, givenNumber: string) {
    const scan = await on(companyId, (session) => session.supplierScan(givenNumber, { priority: 'interactive' }));
    if (!scan) throw new ApiError('not-found', { message: `No scan is connected to supplier invoice ${givenNumber}.`, remedy: 'Connect the scan to the invoice in the service, or open it there.' });
    return { bytes: scan.bytes, name: scanName(givenNumber, scan.kind, deps.language()) };
  }

  return {
    'supplierInvoices:list': async (companyId, query, priority, requestId) => {
      registry.record(companyId);
      const today = serviceDate(clock.now());
      const local = await deps.mirrors.query(companyId, 'supplierinvoices', query, today);
      if (local) return local;
      const localOnly = supplierLocalOnlyQueryKeys.filter((key) => query[key] !== undefined);
      if (localOnly.length > 0 || (query.search && query.search.field !== 'suppliernumber')) {
        throw new ApiError('bad-request', {
          message: `The service cannot sort or search supplier invoices this way (${localOnly.join(', ') || `search by ${query.search?.field}`}): that needs the local copy, which is not ready.`,
          remedy: 'Wait for the first sync to finish, or turn the local copy on in Settings.',
        });
      }
      const controller = new AbortController();
      if (requestId) pageRequests.set(requestId, controller);
      try {
        const { page, limit, filter, fromdate, todate, search } = query;
        const served = await on(companyId, (session) =>
          session.listPage('supplierinvoices', { page, limit, ...(filter ? { filter } : {}), ...(fromdate ? { fromdate } : {}), ...(todate ? { todate } : {}), ...(search ? { search } : {}) }, { priority, signal: controller.signal }),
        );
        // A page of the service's own filtered list says what the list item cannot: every invoice on it has that state.
        const rows = served.items.map(({ url: _url, ...invoice }): SupplierInvoiceRow => {
          const known = { ...invoice, authorizePending: filter === 'authorizepending', paymentPending: invoice.paymentPending || filter === 'pendingpayment' };
          return { ...known, status: supplierStatusOf(known, today) };
        });
        return { rows, currentPage: served.currentPage, totalPages: served.totalPages, totalResources: served.totalResources, source: 'service' };
      } finally {
        if (requestId) pageRequests.delete(requestId);
      }
    },
    'supplierInvoices:cancel': async (requestId) => pageRequests.get(requestId)?.abort(),
    'supplierInvoices:get': async (companyId, givenNumber) => {
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
    'supplierInvoices:openScan': async (companyId, givenNumber) => {
      const scan = await readScan(companyId, givenNumber);
      return deps.files.open({ companyId, resource: 'supplierinvoices', documentNumber: givenNumber }, scan.bytes, scan.name);
    },
    'supplierInvoices:saveScan': async (companyId, givenNumber) => {
      const scan = await readScan(companyId, givenNumber);
      return deps.files.save(scan.bytes, scan.name);
    },
    'supplierView:get': async (companyId) => deps.views.get(companyId),
    'supplierView:save': async (companyId, view) => {
      registry.record(companyId);
      deps.views.set(companyId, view);
    },
  };
}
