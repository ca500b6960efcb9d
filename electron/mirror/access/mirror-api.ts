/**
 * The local copy as the rest of the main process uses it: asynchronous, so the same code runs
 * against the copy in its worker thread (the app: the database never stalls the window's IPC)
 * or in this thread (the CLI and tests: nothing else to keep responsive).
 *
 * THE method table (`mirrorMethods`), the way common/channels.ts is for IPC: each method is one
 * line naming the store function it runs, and everything else is derived from it: `MirrorApi`
 * (its type), the worker's dispatch (`runMirrorMethod`) and the client (`mirrorApiOver`).
 */
import { rmSync } from 'node:fs';
import type { ResourceId, ResourceItems, ResourceViews } from '../../common/resources';
import { listPage, listRows, receivablesReport } from '../queries/mirror-query';
import { companySummaryOf } from '../queries/company-summary';
import { knownFlags, noteOcr, setPendingFlag } from '../storage/known-extras';
import { MirrorStore, type SyncInterval } from '../storage/mirror-store';
import { savePageText } from '../storage/page-text';
import { customerKnown, customerStatement, daysOutstandingOf } from '../queries/money-history';
import type { StatementAudience } from '../../common/statement';
import { digestView, eventsAfter, eventsToPrint, lastEventSeq, markDigest, markPrinted, takeNews, noteDateEvents, unseenCount } from '../queries/digest';

/** A method: given the store it runs on, the method as the client calls it (asynchronous, so its type is the client's). */
type StoreMethod = (store: MirrorStore) => (...args: never[]) => Promise<unknown>;

/**
 * A store function `(store, ...args)` as a method `(...args)`. Its arguments and answer are the
 * function's own; a generic function's type parameters would be lost here, so those (a list's id
 * deciding its rows' type) are written out in the table.
 */
const over =
  <A extends unknown[], T>(run: (store: MirrorStore, ...args: A) => T) =>
  (store: MirrorStore) =>
  async (...args: A): Promise<T> =>
    run(store, ...args);

export const mirrorMethods = {
  /** The sync state and size of one list's copy. */
  summary: (store) => async (resource: ResourceId) => store.summary(resource),
  beginInterval: (store) => async (resource: ResourceId, interval: Omit<SyncInterval, 'nextPage' | 'run' | 'firstTotal' | 'totalChanged'>) => store.beginInterval(resource, interval),
  savePage: (store) => async <R extends ResourceId>(resource: R, items: readonly ResourceItems[R][], page: number, totalResources: number) => store.savePage(resource, items, page, totalResources),
  /** A page as the service's text, parsed where the copy is and stored as savePage; `numbers`: what the caller pages by, a page whose parse says otherwise is refused (page-text.ts). */
  savePageText: over(savePageText),
  finishInterval: (store) => async (resource: ResourceId, localNowMs: number) => store.finishInterval(resource, localNowMs),
  setPendingFlag: over(setPendingFlag),
  noteOcr: over(noteOcr),
  knownFlags: over(knownFlags),
  /** One page of a list's view, with its totals and the sums of the whole view per currency. */
  listPage: (store) => async <R extends ResourceId>(resource: R, query: ResourceViews[R]['query'], today: string) => listPage(store, resource, query, today),
  /** Rows of a list's view in its order from `offset`. */
  listRows: (store) => async <R extends ResourceId>(resource: R, query: Omit<ResourceViews[R]['query'], 'page'>, today: string, offset: number, limit: number) => listRows(store, resource, query, today, offset, limit),
  /** The overview on `today`; with `withPayables` (the supplier invoices' first read is complete) their payables and money out too. */
  receivables: (store) => async (today: string, withPayables?: boolean) => receivablesReport(store, today, withPayables === true),
  /** The firm's row of this company on `today` (common/firm.ts); with `withPayables` its supplier side too. */
  companySummary: over(companySummaryOf),
  /** A customer's statement as at a date (common/statement.ts), the owner's unless said; null when the copy knows no such customer. */
  customerStatement: (store) => async (customerNumber: string, asOf: string, audience: StatementAudience = 'owner') => (customerKnown(store, customerNumber) ? customerStatement(store, customerNumber, asOf, audience) : null),
  /** DSO and DPO at the last 12 month ends, each only when `known` says its payments are read. */
  daysOutstanding: over(daysOutstandingOf),
  /** The date-driven events of `today` (digest.ts): recorded once; the first time, a baseline. How many were recorded. */
  noteDateEvents: over(noteDateEvents),
  /** The digest command's events (not yet printed, or since a day). */
  eventsToPrint: over(eventsToPrint),
  /** The digest command wrote the events up to this seq. */
  markPrinted: over(markPrinted),
  /** The window's digest on `today`: by kind, each kind's newest `limit` (after a cursor: digest.ts). */
  digestView: over(digestView),
  unseenCount: over(unseenCount),
  markDigest: over(markDigest),
  lastEventSeq: over(lastEventSeq),
  eventsAfter: over(eventsAfter),
  /** What the syncs recorded since the last notification (digest.ts takeNews); `tell` false: only moves the mark. */
  takeNews: over(takeNews),
  // `open` and `close` are the pool's own messages (mirror-worker.ts) and `close` the client's own method.
} satisfies Record<string, StoreMethod> & { open?: never; close?: never };

export type MirrorMethod = keyof typeof mirrorMethods;

/** The copy's API: each method of the table as the client calls it, and `close`. */
export type MirrorApi = { [M in MirrorMethod]: ReturnType<(typeof mirrorMethods)[M]> } & { close(): Promise<void> };

/** Whether `name` is one of the table's own methods: never one its prototype answers (`constructor`, `toString`, `__proto__`). */
export function isMirrorMethod(name: string): name is MirrorMethod {
  return Object.hasOwn(mirrorMethods, name);
}

/** The table's method names, in its order. */
export const mirrorMethodNames: readonly MirrorMethod[] = Object.keys(mirrorMethods).filter(isMirrorMethod);

/**
 * Runs the method a message names on a store (the worker's dispatch, and the copy in this thread).
 * A name that is not the table's own is refused. The arguments are the client's, typed where it
 * called (mirrorApiOver): a message carries no types to check them by, so they are passed on as sent.
 */
export async function runMirrorMethod(store: MirrorStore, name: string, args: readonly unknown[]): Promise<unknown> {
  if (!isMirrorMethod(name)) throw new Error(`Unknown method ${name}`);
  return callMethod(mirrorMethods[name](store), undefined, args);
}

/** Calls `method` of a copy's API with arguments typed by its own caller (a handle passing a call on to the copy it opened). */
export function callMirror(api: MirrorApi, method: MirrorMethod, args: readonly unknown[]): Promise<unknown> {
  return callMethod(api[method], api, args);
}

/** The one untyped call: any method of the table, its arguments as they came. */
function callMethod(method: (...args: never[]) => Promise<unknown>, self: unknown, args: readonly unknown[]): Promise<unknown> {
  return Reflect.apply(method, self, args);
}

/** A MirrorApi whose every method is one `call` (this thread's store, or the worker's messages): built from the table's names. */
export function mirrorApiOver(call: (method: MirrorMethod, args: unknown[]) => Promise<unknown>, close: () => Promise<void>): MirrorApi {
  const api: Partial<Record<MirrorMethod, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const method of mirrorMethodNames) api[method] = (...args: unknown[]) => call(method, args);
  // Each entry calls the table's method of its name with that method's arguments: the types line up by construction.
  return { ...(api as unknown as Omit<MirrorApi, 'close'>), close };
}

/** The copy in this thread. */
export function openInlineMirror(file: string): MirrorApi {
  const store = new MirrorStore(file);
  const call = (method: MirrorMethod, args: unknown[]): Promise<unknown> =>
    runMirrorMethod(store, method, args).catch((error: unknown) => {
      throw error instanceof Error ? error : new Error(String(error));
    });
  return mirrorApiOver(call, async () => store.close());
}

/** Removes a copy's files (the database and its WAL and shared-memory files). */
export function deleteMirrorFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}
