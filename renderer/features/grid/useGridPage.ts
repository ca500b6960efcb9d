/** The page of a resource's grid that the view and page number ask for (of the service or the local copy), with the next page prefetched. */
import { useEffect, useMemo } from 'react';
import type { AnyGridResource, AnyGridView, GridRow } from './grid-resource';
import type { GridMode } from './grid-mode';
import { usePrefetchNextPage, useGridPageQuery, useRateLimitWaiting } from './queries';

const EMPTY_ROWS: GridRow[] = [];

export function useGridPage(resource: AnyGridResource, companyId: string, view: AnyGridView, page: number, setPage: (page: number) => void, mode: GridMode) {
  const query = useMemo(() => resource.view.toGridQuery(view, page, new Date(), mode), [resource, view, page, mode]);
  const result = useGridPageQuery(resource, companyId, query, mode);
  const data = result.data;
  // Placeholder data is the previous page, still shown while this one loads.
  const settled = data !== undefined && !result.isPlaceholderData;
  const totalPages = data?.totalPages ?? 0;
  const rows = data?.rows ?? EMPTY_ROWS;
  const waiting = useRateLimitWaiting(companyId);

  usePrefetchNextPage(resource, companyId, settled && page < totalPages ? resource.view.toGridQuery(view, page + 1, new Date(), mode) : null, mode);

  // A remembered page past the end (the view now has fewer pages): go to the last page.
  useEffect(() => {
    if (settled && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [settled, totalPages, page, setPage]);

  return { query, result, data, settled, totalPages, rows, waiting };
}
