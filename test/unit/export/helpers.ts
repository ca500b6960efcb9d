import type { Invoice } from '../../../electron/common/invoices';
import type { ListPage } from '../../../electron/api/list-response';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { ExportSession } from '../../../electron/export/export-job';

type InvoicePage = ListPage<Invoice>;

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    documentNumber: '1',
    customerNumber: '10',
    customerName: 'Acme AB',
    invoiceDate: '2026-01-10',
    dueDate: '2026-02-09',
    total: 1250,
    balance: 1250,
    currency: 'SEK',
    currencyRate: 1,
    currencyUnit: 1,
    booked: true,
    cancelled: false,
    sent: true,
    ocr: '133',
    invoiceType: 'INVOICE',
    finalPayDate: null,
    costCenter: '',
    project: '',
    termsOfPayment: '30',
    wayOfDelivery: 'EMAIL',
    externalInvoiceReference1: '',
    externalInvoiceReference2: '',
    voucherNumber: 1,
    voucherSeries: 'B',
    voucherYear: 1,
    noxFinans: false,
    ...overrides,
  };
}

/** `count` invoices numbered 1..count split in pages of `limit`. */
export function pagesOf(count: number, limit: number): InvoicePage[] {
  const totalPages = Math.ceil(count / limit);
  return Array.from({ length: totalPages }, (_, p) => ({
    currentPage: p + 1,
    totalPages,
    totalResources: count,
    items: Array.from({ length: Math.min(limit, count - p * limit) }, (_, i) => invoice({ documentNumber: String(p * limit + i + 1) })),
  }));
}

export interface FakeSession extends ExportSession {
  /** Page numbers requested, in order. */
  requested: number[];
  setWaiting(value: boolean): void;
}

/**
 * A session whose listPages('invoices', ...) yields the given pages (all of them, or the explicit list), with an
 * optional hook before each page (to fail, wait or cancel halfway).
 */
export function fakeSession(pages: InvoicePage[], hook?: (pageNumber: number, signal?: AbortSignal) => Promise<void> | void, options: { honourLimit?: boolean } = {}): FakeSession {
  const honourLimit = options.honourLimit === true;
  const listeners = new Set<(waiting: boolean) => void>();
  let waiting = false;
  const requested: number[] = [];
  return {
    requested,
    setWaiting(value) {
      waiting = value;
      for (const l of listeners) l(value);
    },
    limiter: {
      onWaitingChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      stats: () => ({
        queued: { interactive: 0, prefetch: 0, export: 0, sync: 0, background: 0 },
        started: 0,
        rejectedBusy: 0,
        pausedUntil: 0,
        waiting,
        maxWaitMs: { interactive: 0, prefetch: 0, export: 0, sync: 0, background: 0 },
        recentStarts: [],
        marginMs: 150,
        rateLimited: 0,
      }),
    },
    listPages<R extends ResourceId>(resource: R, query: unknown, options: { pages?: number[]; signal?: AbortSignal }): AsyncIterable<ListPage<ResourceItems[R]>> {
      if (resource !== 'invoices') throw new Error(`this fake session lists customer invoices only, not ${resource}`);
      // With honourLimit: pages of the size the query asks for (the export reads 500 at a time), cut
      // from the same rows; otherwise the given pages whatever the query says.
      const size = (query as { limit?: number }).limit ?? pages[0]?.items.length ?? 1;
      const total = pages[0]?.totalResources ?? 0;
      const all = pages.flatMap((page) => page.items);
      const paged = !honourLimit || size === pages[0]?.items.length || all.length === 0 ? pages : Array.from({ length: Math.ceil(all.length / size) }, (_, i) => ({ currentPage: i + 1, totalPages: Math.ceil(total / size), totalResources: total, items: all.slice(i * size, (i + 1) * size) }));
      return {
        async *[Symbol.asyncIterator](): AsyncGenerator<ListPage<ResourceItems[R]>> {
          const totalPages = paged[0]?.totalPages ?? 0;
          const numbers = options.pages ?? Array.from({ length: Math.max(1, totalPages) }, (_, i) => i + 1);
          for (const n of numbers) {
            if (options.signal?.aborted) throw options.signal.reason;
            requested.push(n);
            await hook?.(n, options.signal);
            if (options.signal?.aborted) throw options.signal.reason;
            yield (paged[n - 1] ?? { currentPage: n, totalPages, totalResources: total, items: [] }) as ListPage<ResourceItems[R]>;
          }
        },
      };
    },
  };
}
