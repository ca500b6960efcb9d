/**
 * react-query over window.invoiceDesk for the grid: one cache entry per company and server query,
 * the next page prefetched at low priority, the persisted per-company view, the rate-limit signal,
 * and the purge of a disconnected company's entries.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { GridQuery, InvoiceDocument, InvoicePageView, RequestPriority, ViewState } from '../../../electron/ipc/contract';
import { desk, unwrap, type DeskError } from '../../api';
import { normaliseView, type GridMode, type GridView } from './view';

/** A page seen in the last five minutes is shown from the cache without asking the service again. */
export const INVOICE_STALE_MS = 5 * 60_000;
/** Unused pages stay in memory this long (a company switched away from and back within it is instant). */
export const INVOICE_GC_MS = 15 * 60_000;

export const gridKeys = {
  invoices: ['invoices'] as const,
  company: (companyId: string) => ['invoices', companyId] as const,
  /** The mode is part of the key: a page of the local copy and the service's same page are two entries. */
  page: (companyId: string, query: GridQuery, mode: GridMode) => ['invoices', companyId, query, mode] as const,
  view: (companyId: string) => ['view', companyId] as const,
  session: (companyId: string) => ['gridSession', companyId] as const,
};

export function invoicePageQuery(companyId: string, query: GridQuery, priority: RequestPriority, mode: GridMode = 'service') {
  return queryOptions<InvoicePageView, DeskError, InvoicePageView, readonly unknown[]>({
    queryKey: gridKeys.page(companyId, query, mode),
    // The priority is not part of the key: a prefetched page and the same page asked for
    // interactively are one entry, and a click on "next" joins a prefetch already in flight.
    // react-query aborts the signal when nobody needs the page any more (paged past it): the
    // main process then drops the request from the company's queue before it uses any quota.
    queryFn: ({ signal }) => {
      const requestId = crypto.randomUUID();
      signal.addEventListener('abort', () => void desk().invoices.cancel(requestId), { once: true });
      return unwrap(desk().invoices.list(companyId, query, priority, requestId));
    },
    staleTime: INVOICE_STALE_MS,
    gcTime: INVOICE_GC_MS,
  });
}

/** The current page; the previous page of the same company stays visible while the next loads. */
export function useInvoicePage(companyId: string, query: GridQuery, mode: GridMode = 'service') {
  return useQuery({
    ...invoicePageQuery(companyId, query, 'interactive', mode),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === companyId ? keepPreviousData(previous) : undefined),
  });
}

/** Prefetches the next page at 'prefetch' priority once the current one has arrived. */
export function usePrefetchNextPage(companyId: string, next: GridQuery | null, mode: GridMode = 'service') {
  const client = useQueryClient();
  const key = next ? JSON.stringify(next) : null;
  useEffect(() => {
    if (!next) return;
    // prefetchQuery does nothing while the entry is fresh, so paging back and forth costs nothing.
    void client.prefetchQuery(invoicePageQuery(companyId, next, 'prefetch', mode));
    // `key` stands for `next` (a new object each render with the same content).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, companyId, key, mode]);
}

/** The persisted view of a company, normalised (unknown columns or sizes fall back to defaults). */
export function useGridView(companyId: string) {
  return useQuery<ViewState | null, DeskError, GridView>({
    queryKey: gridKeys.view(companyId),
    queryFn: () => unwrap(desk().view.get(companyId)),
    select: normaliseView,
    // The grid writes its changes into this entry itself (setQueryData): it never goes stale.
    staleTime: Infinity,
    gcTime: INVOICE_GC_MS,
  });
}

/** Page of each company in this session (not persisted: a restart opens page 1). */
export function rememberedPage(client: QueryClient, companyId: string): number {
  return client.getQueryData<{ page: number }>(gridKeys.session(companyId))?.page ?? 1;
}
export function rememberPage(client: QueryClient, companyId: string, page: number): void {
  client.setQueryData(gridKeys.session(companyId), { page });
}

/** Whether the company's requests are waiting for the rate limit (from company:rateLimit). */
export function useRateLimitWaiting(companyId: string): boolean {
  const [waiting, setWaiting] = useState<{ companyId: string; waiting: boolean }>({ companyId, waiting: false });
  useEffect(() => desk().events.on('company:rateLimit', (event) => event.companyId === companyId && setWaiting(event)), [companyId]);
  return waiting.companyId === companyId && waiting.waiting;
}

/** Drops every cached page, view and session entry of companies no longer connected. */
export function purgeCompaniesNotIn(client: QueryClient, connectedIds: ReadonlySet<string>): string[] {
  const purged = new Set<string>();
  for (const root of ['invoices', 'view', 'gridSession']) {
    for (const query of client.getQueryCache().findAll({ queryKey: [root] })) {
      const companyId = query.queryKey[1];
      if (typeof companyId === 'string' && !connectedIds.has(companyId)) {
        client.removeQueries({ queryKey: [root, companyId] });
        purged.add(companyId);
      }
    }
  }
  return [...purged];
}

const purgeInstalled = new WeakSet<QueryClient>();

/**
 * Listens to companies:changed for the life of the app (not of one grid: the last grid unmounts
 * when the last company is disconnected, and its cache must go too). Installed once per client.
 */
export function useInvoiceCachePurge(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (purgeInstalled.has(client)) return;
    purgeInstalled.add(client);
    desk().events.on('companies:changed', (list) => {
      purgeCompaniesNotIn(client, new Set(list.companies.map((c) => c.id)));
    });
  }, [client]);
}

/** The whole invoice of the details panel: cached like pages (five minutes), per company and number. */
export function useInvoiceDocument(companyId: string, documentNumber: string, enabled = true) {
  return useQuery<InvoiceDocument, DeskError>({
    enabled,
    queryKey: ['invoiceDocument', companyId, documentNumber],
    queryFn: () => unwrap(desk().invoices.get(companyId, documentNumber)),
    staleTime: INVOICE_STALE_MS,
    gcTime: INVOICE_GC_MS,
    // A missing invoice will not appear on a second try.
    retry: (failures, error) => error.kind !== 'not-found' && failures < 1,
  });
}
