/**
 * The local copy as the rest of the main process uses it: asynchronous, so the same code runs
 * against the copy in its worker thread (the app: the database never stalls the window's IPC)
 * or in this thread (the CLI and tests: nothing else to keep responsive).
 */
import { rmSync } from 'node:fs';
import type { ResourceId, ResourceItems, ResourceViews } from '../common/resources';
import { listPage, listRows, receivablesReport } from './mirror-query';
import { companySummaryOf } from './company-summary';
import type { CompanySummary } from '../common/firm';
import type { ReceivablesReport } from '../common/receivables';
import { knownFlags, noteOcr, setPendingFlag, type PendingFlag } from './known-extras';
import { MirrorStore, type MirrorSummary, type SyncInterval } from './mirror-store';
import { savePageText, type SavedPageText } from './page-text';
import type { PageNumbers } from '../api/list-response';
import { customerKnown, customerStatement, daysOutstandingOf, type DaysOutstanding } from './money-history';
import type { CustomerStatement, StatementAudience } from '../common/statement';
import type { DigestEvent } from '../common/digest';
import { digestView, eventsAfter, eventsToPrint, lastEventSeq, markDigest, markPrinted, takeNews, noteDateEvents, unseenCount, type DigestMark, type DigestView, type DigestViewQuery, type EventTally, type PrintQuery } from './digest';

export interface MirrorApi {
  /** The sync state and size of one list's copy. */
  summary(resource: ResourceId): Promise<MirrorSummary>;
  beginInterval(resource: ResourceId, interval: Omit<SyncInterval, 'nextPage' | 'run' | 'firstTotal' | 'totalChanged'>): Promise<SyncInterval>;
  savePage<R extends ResourceId>(resource: R, items: readonly ResourceItems[R][], page: number, totalResources: number): Promise<void>;
  /** A page as the service's text, parsed where the copy is (page-text.ts) and stored as savePage. */
  /** `numbers`: what the caller pages by; a page whose parse says otherwise is refused (page-text.ts). */
  savePageText(resource: ResourceId, text: string, numbers?: PageNumbers): Promise<SavedPageText>;
  finishInterval(resource: ResourceId, localNowMs: number): Promise<{ removed: number; reconciled: boolean }>;
  setPendingFlag(resource: ResourceId, flag: PendingFlag, identities: readonly string[]): Promise<number>;
  noteOcr(resource: ResourceId, identity: string, ocr: string): Promise<void>;
  knownFlags(resource: ResourceId, identity: string): Promise<Record<string, string | number | null> | null>;
  /** One page of a list's view, with its totals and the sums of the whole view per currency. */
  listPage<R extends ResourceId>(resource: R, query: ResourceViews[R]['query'], today: string): Promise<ResourceViews[R]['page']>;
  /** Rows of a list's view in its order from `offset`. */
  listRows<R extends ResourceId>(resource: R, query: Omit<ResourceViews[R]['query'], 'page'>, today: string, offset: number, limit: number): Promise<Array<ResourceViews[R]['row']>>;
  /** The overview on `today`; with `withPayables` (the supplier invoices' first read is complete) their payables and money out too. */
  receivables(today: string, withPayables?: boolean): Promise<ReceivablesReport>;
  /** The firm's row of this company on `today` (common/firm.ts); with `withPayables` its supplier side too. */
  companySummary(today: string, withPayables: boolean): Promise<CompanySummary>;
  /** A customer's statement as at a date (common/statement.ts), the owner's unless said; null when the copy knows no such customer. */
  customerStatement(customerNumber: string, asOf: string, audience?: StatementAudience): Promise<CustomerStatement | null>;
  /** DSO and DPO at the last 12 month ends, each only when `known` says its payments are read. */
  daysOutstanding(today: string, known: { dso: boolean; dpo: boolean }): Promise<DaysOutstanding>;
  /** The date-driven events of `today` (digest.ts): recorded once; the first time, a baseline. How many were recorded. */
  noteDateEvents(today: string): Promise<number>;
  /** The digest command's events (not yet printed, or since a day). */
  eventsToPrint(query: PrintQuery): Promise<DigestEvent[]>;
  /** The digest command wrote the events up to this seq. */
  markPrinted(upToSeq: number): Promise<number>;
  /** The window's digest on `today`: by kind, each kind's newest `limit` (after a cursor: digest.ts). */
  digestView(today: string, query: DigestViewQuery): Promise<DigestView>;
  unseenCount(today: string): Promise<number>;
  markDigest(today: string, mark: DigestMark): Promise<number>;
  lastEventSeq(): Promise<number>;
  eventsAfter(afterSeq: number): Promise<EventTally[]>;
  /** What the syncs recorded since the last notification (digest.ts takeNews); `tell` false: only moves the mark. */
  takeNews(tell: boolean): Promise<EventTally[]>;
  close(): Promise<void>;
}

/** The methods a worker may be asked to run (mirror-worker.ts). */
export const MIRROR_METHODS = [
  'summary',
  'beginInterval',
  'savePage',
  'savePageText',
  'finishInterval',
  'setPendingFlag',
  'noteOcr',
  'knownFlags',
  'listPage',
  'listRows',
  'receivables',
  'companySummary',
  'customerStatement',
  'daysOutstanding',
  'noteDateEvents',
  'eventsToPrint',
  'markPrinted',
  'digestView',
  'unseenCount',
  'markDigest',
  'lastEventSeq',
  'eventsAfter',
  'takeNews',
] as const;
export type MirrorMethod = (typeof MIRROR_METHODS)[number];

/** Runs a method on a store: shared by the inline copy and the worker. */
export function callStore(store: MirrorStore, method: MirrorMethod, args: unknown[]): unknown {
  switch (method) {
    case 'summary':
      return store.summary(args[0] as ResourceId);
    case 'beginInterval':
      return store.beginInterval(args[0] as ResourceId, args[1] as Parameters<MirrorStore['beginInterval']>[1]);
    case 'savePage':
      return store.savePage(args[0] as ResourceId, args[1] as ResourceItems[ResourceId][], args[2] as number, args[3] as number);
    case 'savePageText':
      return savePageText(store, args[0] as ResourceId, args[1] as string, args[2] as PageNumbers | undefined);
    case 'finishInterval':
      return store.finishInterval(args[0] as ResourceId, args[1] as number);
    case 'setPendingFlag':
      return setPendingFlag(store, args[0] as ResourceId, args[1] as PendingFlag, args[2] as string[]);
    case 'noteOcr':
      return noteOcr(store, args[0] as ResourceId, args[1] as string, args[2] as string);
    case 'knownFlags':
      return knownFlags(store, args[0] as ResourceId, args[1] as string);
    case 'listPage':
      return listPage(store, args[0] as ResourceId, args[1] as ResourceViews[ResourceId]['query'], args[2] as string);
    case 'listRows':
      return listRows(store, args[0] as ResourceId, args[1] as Omit<ResourceViews[ResourceId]['query'], 'page'>, args[2] as string, args[3] as number, args[4] as number);
    case 'receivables':
      return receivablesReport(store, args[0] as string, args[1] === true);
    case 'companySummary':
      return companySummaryOf(store, args[0] as string, args[1] === true);
    case 'customerStatement':
      return customerKnown(store, args[0] as string) ? customerStatement(store, args[0] as string, args[1] as string, (args[2] as StatementAudience | undefined) ?? 'owner') : null;
    case 'daysOutstanding':
      return daysOutstandingOf(store, args[0] as string, args[1] as { dso: boolean; dpo: boolean });
    case 'noteDateEvents':
      return noteDateEvents(store, args[0] as string);
    case 'eventsToPrint':
      return eventsToPrint(store, args[0] as PrintQuery);
    case 'markPrinted':
      return markPrinted(store, args[0] as number);
    case 'digestView':
      return digestView(store, args[0] as string, args[1] as DigestViewQuery);
    case 'unseenCount':
      return unseenCount(store, args[0] as string);
    case 'markDigest':
      return markDigest(store, args[0] as string, args[1] as DigestMark);
    case 'lastEventSeq':
      return lastEventSeq(store);
    case 'eventsAfter':
      return eventsAfter(store, args[0] as number);
    case 'takeNews':
      return takeNews(store, args[0] === true);
  }
}

/** A MirrorApi whose every method is one `call` (this thread's store, or the worker's messages). */
export function mirrorApiOver(call: <T>(method: MirrorMethod, ...args: unknown[]) => Promise<T>, close: () => Promise<void>): MirrorApi {
  return {
    summary: (resource) => call('summary', resource),
    beginInterval: (resource, interval) => call('beginInterval', resource, interval),
    savePage: (resource, items, page, total) => call('savePage', resource, items, page, total),
    savePageText: (resource, text, numbers) => call('savePageText', resource, text, numbers),
    finishInterval: (resource, now) => call('finishInterval', resource, now),
    setPendingFlag: (resource, flag, identities) => call('setPendingFlag', resource, flag, identities),
    noteOcr: (resource, identity, ocr) => call('noteOcr', resource, identity, ocr),
    knownFlags: (resource, identity) => call('knownFlags', resource, identity),
    listPage: (resource, query, today) => call('listPage', resource, query, today),
    listRows: (resource, query, today, offset, limit) => call('listRows', resource, query, today, offset, limit),
    receivables: (today, withPayables) => call('receivables', today, withPayables === true),
    companySummary: (today, withPayables) => call('companySummary', today, withPayables),
    customerStatement: (customerNumber, asOf, audience = 'owner') => call('customerStatement', customerNumber, asOf, audience),
    daysOutstanding: (today, known) => call('daysOutstanding', today, known),
    noteDateEvents: (today) => call('noteDateEvents', today),
    eventsToPrint: (query) => call('eventsToPrint', query),
    markPrinted: (upToSeq) => call('markPrinted', upToSeq),
    digestView: (today, query) => call('digestView', today, query),
    unseenCount: (today) => call('unseenCount', today),
    markDigest: (today, mark) => call('markDigest', today, mark),
    lastEventSeq: () => call('lastEventSeq'),
    eventsAfter: (afterSeq) => call('eventsAfter', afterSeq),
    takeNews: (tell) => call('takeNews', tell),
    close,
  };
}

/** The copy in this thread. */
export function openInlineMirror(file: string): MirrorApi {
  const store = new MirrorStore(file);
  const call = <T>(method: MirrorMethod, ...args: unknown[]): Promise<T> => {
    try {
      return Promise.resolve(callStore(store, method, args) as T);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return mirrorApiOver(call, async () => store.close());
}

/** Removes a copy's files (the database and its WAL and shared-memory files). */
export function deleteMirrorFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}
