/**
 * An export's pages from the company's local copy: brought up to date first (one incremental
 * read), then read in the view's full sort, filters and search without a request per page. Rows
 * are read in chunks, so memory stays flat however large the company. Each resource the copy
 * answers is one entry of `localReaders` (its page query and its row query).
 */
import type { ListPage } from '../api/list-response';
import type { GridQuery } from '../common/invoices';
import type { ResourceId, ResourceItems } from '../common/resources';
import type { SupplierGridQuery } from '../common/supplier-invoices';
import type { ExportSession } from '../export/export-session';
import { ApiError } from '../kernel/errors';
import type { MirrorApi } from './mirror-api';

/** Rows per chunk when the whole view is exported (the page numbers are the chunks'). */
export const EXPORT_CHUNK = 500;

interface LocalReader {
  page(mirror: MirrorApi, query: Record<string, unknown> & { page: number; limit: number }, today: string): Promise<{ rows: unknown[]; totalPages: number; totalResources: number }>;
  rows(mirror: MirrorApi, query: Record<string, unknown>, today: string, offset: number, limit: number): Promise<unknown[]>;
}

/** How the copy answers each resource's view (its rows carry the status the grid shows). */
const localReaders: Record<ResourceId, LocalReader> = {
  invoices: {
    page: (mirror, query, today) => mirror.queryPage(query as unknown as GridQuery, today),
    rows: (mirror, query, today, offset, limit) => mirror.queryRows(query as unknown as Omit<GridQuery, 'page'>, today, offset, limit),
  },
  supplierinvoices: {
    page: (mirror, query, today) => mirror.querySupplierPage(query as unknown as SupplierGridQuery, today),
    rows: (mirror, query, today, offset, limit) => mirror.querySupplierRows(query as unknown as Omit<SupplierGridQuery, 'page'>, today, offset, limit),
  },
};

export function localExportSession(options: {
  /** The copy after an incremental sync; undefined when it can no longer answer. */
  upToDate(): Promise<MirrorApi | undefined>;
  /** The company's session: its limiter reports the sync's wait for the rate limit. */
  limiter: ExportSession['limiter'];
  today: string;
}): ExportSession {
  function listPages<R extends ResourceId>(resource: R, queryInput: unknown, { pages, signal }: { pages?: number[]; signal?: AbortSignal }): AsyncIterable<ListPage<ResourceItems[R]>> {
    const { page: _page, ...query } = queryInput as Record<string, unknown> & { page?: number; limit: number };
    const reader = localReaders[resource];
    // The copy's rows carry the status the grid shows: the export's description reads either kind.
    const items = (rows: unknown[]) => rows as ResourceItems[R][];
    return {
      async *[Symbol.asyncIterator](): AsyncGenerator<ListPage<ResourceItems[R]>> {
        const mirror = await options.upToDate();
        if (!mirror) throw new ApiError('unavailable', { message: 'The local copy is no longer available.', remedy: 'Export again: the service is read instead.' });
        const cancelled = () => signal?.aborted === true;
        if (pages) {
          // Pages of the view, as the user selected them.
          for (const page of pages) {
            if (cancelled()) return;
            const view = await reader.page(mirror, { ...query, page, limit: query.limit }, options.today);
            yield { items: items(view.rows), currentPage: page, totalPages: view.totalPages, totalResources: view.totalResources };
          }
          return;
        }
        const first = await reader.page(mirror, { ...query, page: 1, limit: EXPORT_CHUNK }, options.today);
        const totalPages = Math.max(1, first.totalPages);
        yield { items: items(first.rows), currentPage: 1, totalPages, totalResources: first.totalResources };
        for (let page = 2; page <= totalPages && !cancelled(); page += 1) {
          const rows = await reader.rows(mirror, query, options.today, (page - 1) * EXPORT_CHUNK, EXPORT_CHUNK);
          yield { items: items(rows), currentPage: page, totalPages, totalResources: first.totalResources };
        }
      },
    };
  }

  return { local: true, limiter: options.limiter, listPages };
}
