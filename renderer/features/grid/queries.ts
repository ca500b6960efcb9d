/**
 * react-query over window.invoiceDesk for the grids (any resource, through its description's
 * channels): one cache entry per resource, company and query,
 * the next page prefetched at low priority, the persisted per-company view, the rate-limit signal,
 * and the purge of a disconnected company's entries.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { resourceIds, type ResourceId } from '../../../electron/common/resources';
import type { CompanyList, InvoiceDocument, RequestPriority } from '../../../electron/ipc/contract';
import { desk, queryKeys, unwrap, type DeskError } from '../../api';
import type { AnyGridResource, AnyGridView, GridPage, GridRow } from './grid-resource';
import type { GridMode } from './grid-mode';
import type { StoredView, ViewQuery, ViewTypes } from './view-spec';

/** A page seen in the last five minutes is shown from the cache without asking the service again. */
export const INVOICE_STALE_MS = 5 * 60_000;
/** Unused pages stay in memory this long (a company switched away from and back within it is instant). */
export const INVOICE_GC_MS = 15 * 60_000;

/** Every key names its list: no list is the default (the company's id second, so a company's entries purge together). */
export const gridKeys = {
  /** The mode is part of the key: a page of the local copy and the service's same page are two entries. */
  page: (companyId: string, query: object, mode: GridMode, resource: ResourceId) => [resource, companyId, query, mode] as const,
  view: (companyId: string, resource: ResourceId) => ['view', companyId, resource] as const,
  session: (companyId: string, resource: ResourceId) => ['gridSession', companyId, resource] as const,
};

/** A page of a resource's grid (of the service or the local copy), cached per company, query and source. */
export function gridPageQuery(resource: AnyGridResource, companyId: string, query: ViewQuery<ViewTypes>, priority: RequestPriority, mode: GridMode = 'service') {
  return queryOptions<GridPage<GridRow>, DeskError, GridPage<GridRow>, readonly unknown[]>({
    queryKey: gridKeys.page(companyId, query, mode, resource.id),
    // The priority is not part of the key: a prefetched page and the same page asked for
    // interactively are one entry, and a click on "next" joins a prefetch already in flight.
    // react-query aborts the signal when nobody needs the page any more (paged past it): the
    // main process then drops the request from the company's queue before it uses any quota.
    queryFn: ({ signal }) => {
      const requestId = crypto.randomUUID();
      signal.addEventListener('abort', () => void resource.api.cancel(requestId), { once: true });
      return unwrap(resource.api.list(companyId, query, priority, requestId));
    },
    staleTime: INVOICE_STALE_MS,
    gcTime: INVOICE_GC_MS,
  });
}

/** The current page; the previous page of the same company stays visible while the next loads. */
export function useGridPageQuery(resource: AnyGridResource, companyId: string, query: ViewQuery<ViewTypes>, mode: GridMode = 'service') {
  return useQuery({
    ...gridPageQuery(resource, companyId, query, 'interactive', mode),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === companyId ? keepPreviousData(previous) : undefined),
  });
}

/** Prefetches the next page at 'prefetch' priority once the current one has arrived. */
export function usePrefetchNextPage(resource: AnyGridResource, companyId: string, next: ViewQuery<ViewTypes> | null, mode: GridMode = 'service') {
  const client = useQueryClient();
  const key = next ? JSON.stringify(next) : null;
  useEffect(() => {
    if (!next) return;
    // prefetchQuery does nothing while the entry is fresh, so paging back and forth costs nothing.
    void client.prefetchQuery(gridPageQuery(resource, companyId, next, 'prefetch', mode));
    // `key` stands for `next` (a new object each render with the same content).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, resource, companyId, key, mode]);
}

/** The persisted view of a company, normalised (unknown columns or sizes fall back to defaults). */
export function useGridView(resource: AnyGridResource, companyId: string) {
  useEveryCompanysView(resource);
  return useQuery<StoredView | null, DeskError, AnyGridView>({ ...gridViewQuery(resource, companyId), select: resource.view.normaliseView });
}

/** A company's stored view of a list, as stored (the grid normalises it). */
export const gridViewQuery = (resource: AnyGridResource, companyId: string) =>
  queryOptions<StoredView | null, DeskError>({
    queryKey: gridKeys.view(companyId, resource.id),
    queryFn: () => unwrap(resource.api.getView(companyId)),
    // The grid writes its changes into this entry itself (setQueryData): it never goes stale.
    staleTime: Infinity,
  });

const viewsAsked = new WeakMap<QueryClient, Set<ResourceId>>();

/**
 * The list's stored views of every connected company, asked once when its first grid mounts: a
 * switch of company then finds its view here and asks for its page at once (a firm switching among
 * 300 companies waited for a view, then for the page). Views are small and kept for the session
 * (no gcTime); an entry already here is newer (the grid writes its own) and is left as it is. A
 * company connected later asks for its own view (useGridView's query).
 */
function useEveryCompanysView(resource: AnyGridResource): void {
  const client = useQueryClient();
  useEffect(() => {
    const asked = viewsAsked.get(client) ?? new Set<ResourceId>();
    viewsAsked.set(client, asked);
    if (asked.has(resource.id)) return;
    asked.add(resource.id);
    client.setQueryDefaults(['view'], { gcTime: Infinity });
    void resource.api.views().then((result) => {
      // Without them each company asks for its own, as before.
      if (!result.ok) return;
      const companies = client.getQueryData<CompanyList>(queryKeys.companies)?.companies ?? [];
      for (const company of companies) {
        const key = gridKeys.view(company.id, resource.id);
        if (client.getQueryData(key) === undefined) client.setQueryData<StoredView | null>(key, result.value[company.id] ?? null);
      }
    });
  }, [client, resource]);
}

/** Page of each company in this session (not persisted: a restart opens page 1). */
export function rememberedPage(client: QueryClient, companyId: string, resource: ResourceId): number {
  return client.getQueryData<{ page: number }>(gridKeys.session(companyId, resource))?.page ?? 1;
}
export function rememberPage(client: QueryClient, companyId: string, page: number, resource: ResourceId): void {
  client.setQueryData(gridKeys.session(companyId, resource), { page });
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
  for (const root of [...resourceIds, 'view', 'gridSession']) {
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
