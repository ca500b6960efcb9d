/**
 * An export's pages from the company's local copy: brought up to date first (one incremental
 * read), then read in the view's full sort, filters and search without a request per page. Rows
 * are read in chunks, so memory stays flat however large the company. Every list is read the
 * same way (MirrorApi.listPage and listRows by the list's id).
 */
import type { ListPage } from '../../api/list-response';
import type { ResourceId, ResourceItems, ResourceViews } from '../../common/resources';
import type { ExportSession } from '../../export/export-session';
import { ApiError } from '../../kernel/errors';
import type { MirrorApi } from './mirror-api';

/** Rows per chunk when the whole view is exported (the page numbers are the chunks'). */
export const EXPORT_CHUNK = 500;

export function localExportSession(options: {
  /** The copy after an incremental sync; undefined when it can no longer answer. */
  upToDate(): Promise<MirrorApi | undefined>;
  /** The company's session: its limiter reports the sync's wait for the rate limit. */
  limiter: ExportSession['limiter'];
  today: string;
}): ExportSession {
  function listPages<R extends ResourceId>(resource: R, queryInput: unknown, { pages, signal }: { pages?: number[]; signal?: AbortSignal }): AsyncIterable<ListPage<ResourceItems[R]>> {
    const { page: _page, ...query } = queryInput as Record<string, unknown> & { page?: number; limit: number };
    // The export's query was validated by the caller for this list; the copy reads it as the grid's.
    type Query = ResourceViews[R]['query'];
    const pageOf = (mirror: MirrorApi, page: number, limit: number) => mirror.listPage(resource, { ...query, page, limit } as unknown as Query, options.today);
    // The copy's rows carry the status the grid shows: the export's description reads either kind.
    const items = (rows: readonly unknown[]) => rows as ResourceItems[R][];
    return {
      async *[Symbol.asyncIterator](): AsyncGenerator<ListPage<ResourceItems[R]>> {
        const mirror = await options.upToDate();
        if (!mirror) throw new ApiError('unavailable', { message: 'The local copy is no longer available.', remedy: 'Export again: the service is read instead.' });
        const cancelled = () => signal?.aborted === true;
        if (pages) {
          // Pages of the view, as the user selected them.
          for (const page of pages) {
            if (cancelled()) return;
            const view = await pageOf(mirror, page, query.limit);
            yield { items: items(view.rows), currentPage: page, totalPages: view.totalPages, totalResources: view.totalResources };
          }
          return;
        }
        const first = await pageOf(mirror, 1, EXPORT_CHUNK);
        const totalPages = Math.max(1, first.totalPages);
        yield { items: items(first.rows), currentPage: 1, totalPages, totalResources: first.totalResources };
        for (let page = 2; page <= totalPages && !cancelled(); page += 1) {
          const rows = await mirror.listRows(resource, query as unknown as Omit<Query, 'page'>, options.today, (page - 1) * EXPORT_CHUNK, EXPORT_CHUNK);
          yield { items: items(rows), currentPage: page, totalPages, totalResources: first.totalResources };
        }
      },
    };
  }

  return { local: true, limiter: options.limiter, listPages };
}
