/**
 * The local copy as the rest of the main process uses it: asynchronous, so the same code runs
 * against the copy in its worker thread (the app: the database never stalls the window's IPC)
 * or in this thread (the CLI and tests: nothing else to keep responsive).
 */
import { rmSync } from 'node:fs';
import type { GridQuery, Invoice, InvoicePageView, InvoiceRow } from '../common/invoices';
import { queryPage, queryRows, receivablesReport } from './mirror-query';
import type { ReceivablesReport } from '../common/receivables';
import { MirrorStore, type MirrorSummary, type SyncInterval } from './mirror-store';

export interface MirrorApi {
  summary(): Promise<MirrorSummary>;
  beginInterval(interval: Omit<SyncInterval, 'nextPage' | 'run' | 'firstTotal' | 'totalChanged'>): Promise<SyncInterval>;
  savePage(invoices: readonly Invoice[], page: number, totalResources: number): Promise<void>;
  finishInterval(localNowMs: number): Promise<{ removed: number; reconciled: boolean }>;
  queryPage(query: GridQuery, today: string): Promise<InvoicePageView>;
  queryRows(query: Omit<GridQuery, 'page'>, today: string, offset: number, limit: number): Promise<InvoiceRow[]>;
  receivables(today: string): Promise<ReceivablesReport>;
  close(): Promise<void>;
}

/** The methods a worker may be asked to run (mirror-worker.ts). */
export const MIRROR_METHODS = ['summary', 'beginInterval', 'savePage', 'finishInterval', 'queryPage', 'queryRows', 'receivables'] as const;
export type MirrorMethod = (typeof MIRROR_METHODS)[number];

/** Runs a method on a store: shared by the inline copy and the worker. */
export function callStore(store: MirrorStore, method: MirrorMethod, args: unknown[]): unknown {
  switch (method) {
    case 'summary':
      return store.summary();
    case 'beginInterval':
      return store.beginInterval(args[0] as Parameters<MirrorStore['beginInterval']>[0]);
    case 'savePage':
      return store.savePage(args[0] as Invoice[], args[1] as number, args[2] as number);
    case 'finishInterval':
      return store.finishInterval(args[0] as number);
    case 'queryPage':
      return queryPage(store, args[0] as GridQuery, args[1] as string);
    case 'queryRows':
      return queryRows(store, args[0] as Omit<GridQuery, 'page'>, args[1] as string, args[2] as number, args[3] as number);
    case 'receivables':
      return receivablesReport(store, args[0] as string);
  }
}

/** A MirrorApi whose every method is one `call` (this thread's store, or the worker's messages). */
export function mirrorApiOver(call: <T>(method: MirrorMethod, ...args: unknown[]) => Promise<T>, close: () => Promise<void>): MirrorApi {
  return {
    summary: () => call('summary'),
    beginInterval: (interval) => call('beginInterval', interval),
    savePage: (invoices, page, total) => call('savePage', invoices, page, total),
    finishInterval: (now) => call('finishInterval', now),
    queryPage: (query, today) => call('queryPage', query, today),
    queryRows: (query, today, offset, limit) => call('queryRows', query, today, offset, limit),
    receivables: (today) => call('receivables', today),
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
