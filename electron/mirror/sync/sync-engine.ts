/**
 * Incremental reading (docs/service.md, Incremental reading) of one company's list resources (customer invoices, supplier
 * invoices) into its local copy, a checkpoint per resource. Plain Node (no electron import): the
 * app and the CLI both use it. One engine; each resource is a description (syncResources).
 *
 *  - One fixed order (the identity ascending, 500 a page) for every read.
 *  - Each page is upserted by its identity, together with the read's progress, in one
 *    transaction before the next page is used; a killed read resumes one page early (rows that
 *    moved up a place are read again, harmlessly).
 *  - The checkpoint is the service's clock (Date header) when the read's first page came, and moves
 *    only when the last page is stored. The next read asks for `lastmodified` = checkpoint - overlap,
 *    formatted in the service's (Swedish) local time.
 *  - A change made while a read runs is either in a page not yet read or after the checkpoint, so
 *    the next read has it. A draft deleted mid-read shifts later pages; a full read notices (the
 *    total changed) and removes nothing that time.
 *  - Deletions are invisible to `lastmodified`: a full read (first sync, "Full refresh", at most
 *    daily) removes what the service no longer lists.
 */
import { ApiError } from '../../kernel/errors';
import type { Clock } from '../../kernel/clock';
import type { ListPage, ListPageText } from '../../api/list-response';
import type { Priority } from '../../api/rate-limiter';
import type { AnyListDescription } from '../../common/lists/list-description';
import { lists } from '../../common/lists/registry';
import { resourceIds, type ResourceId, type ResourceItems } from '../../common/resources';
import { RECONCILE_INTERVAL_MS, type SyncKind } from '../../common/sync';
import type { MirrorApi } from '../access/mirror-api';
import type { PendingFlag } from '../storage/known-extras';
import type { SyncInterval } from '../storage/mirror-store';
import { storedResources, type StoredResource } from '../storage/stored-resources';

/** What the engine needs of a company's session (CompanySession.listPages, and listPageTexts where it has them). */
export interface PageSource {
  listPages<R extends ResourceId>(resource: R, query: Record<string, unknown>, options: { priority: Priority; signal?: AbortSignal }): AsyncIterable<ListPage<ResourceItems[R]>>;
  /** The list's pages as text: the copy's thread reads the items (page-text.ts), not the caller's. */
  listPageTexts?(resource: ResourceId, query: Record<string, unknown>, options: { priority: Priority; signal?: AbortSignal }): AsyncIterable<ListPageText>;
}

/** A page the read stores: its numbers, and how it is stored (its text or its items). */
interface StorablePage {
  currentPage: number;
  totalResources: number;
  serviceTime?: number;
  /** Stores the page; resolves to the items stored. */
  store(): Promise<number>;
}

/** The list's pages in order, as text where the source gives them (a session), else as items (the tests' sources). */
async function* storablePages(options: SyncOptions, resource: ResourceId, query: Record<string, unknown>): AsyncGenerator<StorablePage, void, undefined> {
  const { source, mirror } = options;
  const read = { priority: options.priority, ...(options.signal ? { signal: options.signal } : {}) };
  if (source.listPageTexts) {
    for await (const page of source.listPageTexts(resource, query, read)) {
      const { text, onOddity, currentPage, totalPages, totalResources } = page;
      yield {
        ...numbersOf(page),
        async store() {
          const saved = await mirror.savePageText(resource, text, { currentPage, totalPages, totalResources });
          if (saved.oddity) onOddity?.(saved.oddity);
          return saved.items;
        },
      };
    }
    return;
  }
  for await (const page of source.listPages(resource, query, read)) {
    yield {
      ...numbersOf(page),
      async store() {
        await mirror.savePage(resource, page.items, page.currentPage, page.totalResources);
        return page.items.length;
      },
    };
  }
}

const numbersOf = (page: { currentPage: number; totalResources: number; serviceTime?: number }): Omit<StorablePage, 'store'> => ({
  currentPage: page.currentPage,
  totalResources: page.totalResources,
  ...(page.serviceTime === undefined ? {} : { serviceTime: page.serviceTime }),
});

/** How a resource is read. */
export interface SyncResource {
  id: ResourceId;
  /** The fixed order of every read, as query parameters. */
  order: Record<string, string>;
  /** Small filtered lists read in full after every read, for states the list item lacks. */
  flagLists: ReadonlyArray<{ filter: string; flag: PendingFlag }>;
}

/** Each list's reading, from its registry description (common/lists). */
export const syncResources = Object.fromEntries(
  resourceIds.map((id): [ResourceId, SyncResource] => {
    const { sync } = lists[id] as AnyListDescription;
    return [id, { id, order: sync.order, flagLists: sync.flagLists.map((list) => ({ filter: list.filter, flag: list.column })) }];
  }),
) as Record<ResourceId, SyncResource>;

export interface SyncOptions {
  /** The list to read. */
  resource: SyncResource;
  mirror: MirrorApi;
  source: PageSource;
  clock: Clock;
  /** 'auto': incremental, or full when there is no copy yet or the last full read is a day old. */
  mode: 'auto' | 'full';
  priority: Priority;
  signal?: AbortSignal;
  onProgress?: (progress: { kind: SyncKind; done: number; total: number | null }) => void;
  /** Re-read this much before the checkpoint (clock differences, the service's minute resolution). */
  overlapMs?: number;
}

export interface SyncResult {
  kind: SyncKind;
  /** Pages requested (= list requests sent, retries aside), the filtered lists' pages included. */
  pages: number;
  /** Items written (including the overlap's re-reads). */
  upserted: number;
  removed: number;
  /** Rows of the list in the copy afterwards. */
  rows: number;
}

export const PAGE_SIZE = 500;
export const DEFAULT_OVERLAP_MS = 5 * 60_000;
/** Full reads in a row while the total keeps changing under them, before giving up for this run. */
const MAX_FULL_ATTEMPTS = 3;

const stockholm = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The `lastmodified` text the app sends (docs/service.md, Query parameters and Time): `YYYY-MM-DD HH:mm:ss`, in the service's local (Swedish) time. */
export function formatLastModified(epochMs: number): string {
  const p = Object.fromEntries(stockholm.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Brings one list's copy up to date. */
export async function syncCompany(options: SyncOptions): Promise<SyncResult> {
  const { resource } = options;
  // The small filtered lists are read alongside the list (their few requests fill the gaps of its
  // paced read instead of adding to its length) and applied after it, when every item is stored.
  const stopFlags = new AbortController();
  const flagSignal = options.signal ? AbortSignal.any([options.signal, stopFlags.signal]) : stopFlags.signal;
  const flags = Promise.all(resource.flagLists.map((list) => readFlagList({ ...options, signal: flagSignal }, resource, list)));
  flags.catch(() => undefined); // awaited below; the list's own failure is the one reported
  let read: SyncResult;
  try {
    read = await readList(options, resource);
  } catch (error) {
    stopFlags.abort();
    throw error;
  }
  for (const [i, list] of (await flags).entries()) {
    read.pages += list.pages;
    await options.mirror.setPendingFlag(resource.id, (resource.flagLists[i] as SyncResource['flagLists'][number]).flag, list.identities);
  }
  return read;
}

/**
 * A company's lists, as the app and the bench read them: `resources` in sync order (resourceIds),
 * the first at `priority` and the rest at the same time at 'background', so they take only the
 * request slots the first read leaves (its first page's round trip, its pages waiting to be
 * stored, its finish). The company is read at the full rate, and its first list is ready as early
 * as if read alone. When the first read fails, the others are stopped. `read` reads one list (the
 * caller's session, progress and errors). The reads, in the order of `resources`.
 */
export function readLists(
  resources: readonly ResourceId[],
  read: (resource: ResourceId, priority: Priority, signal: AbortSignal | undefined) => Promise<SyncResult>,
  priority: Priority,
  signal?: AbortSignal,
): Array<Promise<SyncResult>> {
  const stopOthers = new AbortController();
  const othersSignal = signal ? AbortSignal.any([signal, stopOthers.signal]) : stopOthers.signal;
  return resources.map((resource, i) => {
    if (i === 0) {
      return read(resource, priority, signal).catch((error: unknown) => {
        stopOthers.abort();
        throw error;
      });
    }
    const other = read(resource, 'background', othersSignal);
    other.catch(() => undefined); // the caller awaits it; a rejection before then is not unhandled
    return other;
  });
}

/** The list itself: an unfinished read first, then incremental or full; a full read whose total moved under it goes again. */
async function readList(options: SyncOptions, resource: SyncResource): Promise<SyncResult> {
  const { mirror, clock } = options;
  const totals = { pages: 0, upserted: 0, removed: 0 };
  let summary = await mirror.summary(resource.id);
  let kind: SyncKind;
  for (let attempt = 1; ; attempt += 1) {
    const resume = summary.interval;
    const wantFull =
      options.mode === 'full' || summary.checkpointMs === null || summary.lastFullAt === null || clock.now() - summary.lastFullAt >= RECONCILE_INTERVAL_MS;
    // A read left unfinished is finished first (same kind, same lastmodified), unless a full read
    // is asked for and the unfinished one is incremental: the full read covers it.
    const interval = resume && !(wantFull && resume.kind === 'incremental') ? resume : null;
    kind = interval?.kind ?? (wantFull ? 'full' : 'incremental');
    const result = await readInterval(options, resource, kind, interval, summary.checkpointMs);
    totals.pages += result.pages;
    totals.upserted += result.upserted;
    totals.removed += result.removed;
    summary = await mirror.summary(resource.id);
    // A full read that could not be sure it saw everything (the total moved under it) goes again.
    if (kind !== 'full' || result.reconciled || attempt >= MAX_FULL_ATTEMPTS) break;
  }
  return { kind, ...totals, rows: summary.rows };
}

/** Reads a filtered list whole: the identities of exactly its items (the list is small: usually one request). */
async function readFlagList(options: SyncOptions, resource: SyncResource, list: SyncResource['flagLists'][number]): Promise<{ pages: number; identities: string[] }> {
  const identities: string[] = [];
  let pages = 0;
  const query = { page: 1, limit: PAGE_SIZE, ...resource.order, filter: list.filter };
  for await (const page of options.source.listPages(resource.id, query, { priority: options.priority, ...(options.signal ? { signal: options.signal } : {}) })) {
    pages += 1;
    for (const item of page.items) identities.push((storedResources[resource.id] as StoredResource<unknown>).identityOf(item));
  }
  if (options.signal?.aborted) throw new ApiError('cancelled', { message: 'The sync was stopped.' });
  return { pages, identities };
}


async function readInterval(
  options: SyncOptions,
  resource: SyncResource,
  kind: SyncKind,
  resume: SyncInterval | null,
  checkpointMs: number | null,
): Promise<{ pages: number; upserted: number; removed: number; reconciled: boolean }> {
  const { mirror, clock } = options;
  const lastmodified = resume ? resume.lastmodified : kind === 'incremental' && checkpointMs !== null ? formatLastModified(checkpointMs - (options.overlapMs ?? DEFAULT_OVERLAP_MS)) : null;
  const firstPage = resume ? Math.max(1, resume.nextPage - 1) : 1;
  const query: Record<string, unknown> = { page: firstPage, limit: PAGE_SIZE, ...resource.order, ...(lastmodified ? { lastmodified } : {}) };
  let started = resume !== null;
  let pages = 0;
  let upserted = 0;
  let done = resume ? (firstPage - 1) * PAGE_SIZE : 0;
  for await (const page of storablePages(options, resource.id, query)) {
    pages += 1;
    if (!started) {
      // The interval starts at the service's clock when it answered the first page; without a
      // Date header (never seen at the service) the PC's clock is the fallback.
      await mirror.beginInterval(resource.id, { kind, startMs: page.serviceTime ?? clock.now(), lastmodified });
      started = true;
    }
    const stored = await page.store();
    upserted += stored;
    done = Math.min(done + stored, page.totalResources);
    options.onProgress?.({ kind, done, total: page.totalResources });
  }
  if (options.signal?.aborted) throw new ApiError('cancelled', { message: 'The sync was stopped.' });
  if (!started) throw new ApiError('unavailable', { message: 'The service sent no page of the list.' });
  const { removed, reconciled } = await mirror.finishInterval(resource.id, clock.now());
  return { pages, upserted, removed, reconciled };
}
