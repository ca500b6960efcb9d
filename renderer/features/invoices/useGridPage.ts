/** The page of invoices the grid's view and page number ask for (of the service or the local copy), with the next page prefetched. */
import { useEffect, useMemo } from 'react';
import type { InvoiceRow } from '../../../electron/ipc/contract';
import { useInvoicePage, usePrefetchNextPage, useRateLimitWaiting } from './queries';
import { toGridQuery, type GridMode, type GridView } from './view';

const EMPTY_ROWS: InvoiceRow[] = [];

export function useGridPage(companyId: string, view: GridView, page: number, setPage: (page: number) => void, mode: GridMode) {
  const query = useMemo(() => toGridQuery(view, page, new Date(), mode), [view, page, mode]);
  const result = useInvoicePage(companyId, query, mode);
  const data = result.data;
  // Placeholder data is the previous page, still shown while this one loads.
  const settled = data !== undefined && !result.isPlaceholderData;
  const totalPages = data?.totalPages ?? 0;
  const rows = data?.rows ?? EMPTY_ROWS;
  const waiting = useRateLimitWaiting(companyId);

  usePrefetchNextPage(companyId, settled && page < totalPages ? toGridQuery(view, page + 1, new Date(), mode) : null, mode);

  // A remembered page past the end (the view now has fewer pages): go to the last page.
  useEffect(() => {
    if (settled && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [settled, totalPages, page, setPage]);

  return { query, result, data, settled, totalPages, rows, waiting };
}
