/**
 * An export's pages from the company's local copy: brought up to date first (one incremental
 * read), then read in the view's full sort, filters and search without a request per page. Rows
 * are read in chunks, so memory stays flat however large the company.
 */
import type { InvoicePage } from '../api/invoice-list';
import type { GridQuery } from '../common/invoices';
import type { ExportSession } from '../export/export-job';
import { ApiError } from '../kernel/errors';
import type { MirrorApi } from './mirror-api';

/** Rows per chunk when the whole view is exported (the page numbers are the chunks'). */
export const EXPORT_CHUNK = 1_000;

export function localExportSession(options: {
  /** The copy after an incremental sync; undefined when it can no longer answer. */
  upToDate(): Promise<MirrorApi | undefined>;
  /** The company's session: its limiter reports the sync's wait for the rate limit. */
  limiter: ExportSession['limiter'];
  today: string;
}): ExportSession {
  return {
    local: true,
    limiter: options.limiter,
    invoicePages(queryInput, { pages, signal }) {
      const query = queryInput as Omit<GridQuery, 'page'>;
      return {
        async *[Symbol.asyncIterator](): AsyncGenerator<InvoicePage> {
          const mirror = await options.upToDate();
          if (!mirror) throw new ApiError('unavailable', { message: 'The local copy is no longer available.', remedy: 'Export again: the service is read instead.' });
          const cancelled = () => signal?.aborted === true;
          if (pages) {
            // Pages of the view, as the user selected them.
            for (const page of pages) {
              if (cancelled()) return;
              const view = await mirror.queryPage({ ...query, page, limit: query.limit }, options.today);
              yield { invoices: view.rows, currentPage: page, totalPages: view.totalPages, totalResources: view.totalResources };
            }
            return;
          }
          const first = await mirror.queryPage({ ...query, page: 1, limit: EXPORT_CHUNK }, options.today);
          const totalPages = Math.max(1, first.totalPages);
          yield { invoices: first.rows, currentPage: 1, totalPages, totalResources: first.totalResources };
          for (let page = 2; page <= totalPages && !cancelled(); page += 1) {
            const rows = await mirror.queryRows(query, options.today, (page - 1) * EXPORT_CHUNK, EXPORT_CHUNK);
            yield { invoices: rows, currentPage: page, totalPages, totalResources: first.totalResources };
          }
        },
      };
    },
  };
}
