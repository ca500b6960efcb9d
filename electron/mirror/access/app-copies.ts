/**
 * Where the app keeps its copies and what holds them open: one `<company id>.sqlite` each in a
 * private folder, served by the pool of worker threads (or, without the built worker, in this
 * thread), each opened when used and closed when idle (copy-handles.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../kernel/clock';
import { deleteMirrorFiles, openInlineMirror, type MirrorApi } from './mirror-api';
import { createCopyHandles } from './copy-handles';
import { createMirrorPool } from './mirror-pool';
import { createStatusBook, type StatusBook } from './status-book';

/** How often idle copies are looked for. */
const SWEEP_MS = 30_000;

/** Company ids become file names: anything but letters, digits, '-' and '_' is replaced. */
const fileNameOf = (companyId: string): string => `${companyId.replace(/[^A-Za-z0-9_-]/g, '_')}.sqlite`;

export interface AppCopies {
  /** The company's handle (the folder made first: private, 0700). */
  handle(companyId: string): MirrorApi;
  /** Closes the copy now unless a call is under way. */
  release(companyId: string): Promise<void>;
  /** Closes the copy and deletes its files (disconnected, or copies turned off). */
  remove(companyId: string): Promise<void>;
  /** Keeps the copy open until the returned function is called. */
  hold(companyId: string): () => void;
  /** Each company's last known status, beside the copies (status-book.ts): a firm's start opens no copy. */
  book: StatusBook;
  close(): Promise<void>;
}

export interface AppCopiesOptions {
  dir: string;
  workerScript?: string;
  clock: Clock;
  log(message: string, error?: unknown): void;
  /** The company on screen: its copy's calls go before the background syncs' (mirror-pool.ts). */
  urgent?(companyId: string): boolean;
}

export function createAppCopies(options: AppCopiesOptions): AppCopies {
  const fileOf = (companyId: string) => path.join(options.dir, fileNameOf(companyId));
  const pool = options.workerScript ? createMirrorPool(options.workerScript) : undefined;
  const copies = createCopyHandles({ clock: options.clock, open: (companyId) => (pool ? pool.open(fileOf(companyId), () => options.urgent?.(companyId) ?? false) : openInlineMirror(fileOf(companyId))) });
  const book = createStatusBook({ dir: options.dir, copyExists: (companyId) => existsSync(fileOf(companyId)), log: options.log });
  const sweeper = setInterval(() => void copies.sweep().catch((error: unknown) => options.log('Closing idle local copies failed', error)), SWEEP_MS).unref();
  return {
    handle(companyId) {
      mkdirSync(options.dir, { recursive: true, mode: 0o700 });
      return copies.handle(companyId);
    },
    release: (companyId) => copies.release(companyId),
    // The files go before a reconnect's new copy may open (copy-handles.ts waits for both).
    remove: (companyId) => {
      book.forget(companyId);
      return copies.drop(companyId, () => deleteMirrorFiles(fileOf(companyId)));
    },
    hold: (companyId) => copies.hold(companyId),
    book,
    async close() {
      clearInterval(sweeper);
      await book.flush();
      await copies.closeAll();
      await pool?.close();
    },
  };
}
