/**
 * A connected company in the mirror manager: its copy's handle, its status, and the sync it runs.
 * Made when the company is first asked about; its status starts from the snapshot of today
 * (status-book.ts: no copy opened, a firm's start) or, without one, from what its copy says,
 * read a few at a time, the copy closed again unless its company is on screen.
 */
import type { IpcError } from '../../common/errors';
import { unreadResources, type SyncStatus } from '../../common/sync';
import type { AppCopies } from '../access/app-copies';
import { storedStatus } from './copy-status';
import type { MirrorApi } from '../access/mirror-api';

export interface Entry {
  /** Opens the copy when used, closes it when idle (copy-handles.ts). */
  mirror: MirrorApi;
  /** Settles once the copy's stored state (each list's readiness, count, last read) is in `status`. */
  opened: Promise<void>;
  /** Kept current by every sync: each list's `ready` is what its grid, its export and the overview ask. */
  status: SyncStatus;
  /** The service's date when `status.unseen` was taken (a new day may show snoozed and newly due events). */
  unseenDay?: string;
  running: Promise<void> | null;
  /** A full read asked for while another read runs: it follows that one. */
  fullRequested: boolean;
  controller: AbortController;
}

export interface EntryDeps {
  copies: AppCopies;
  /** Lets a few copies be read at once (copy-status.ts createGate). */
  gate: <T>(work: () => Promise<T>) => Promise<T>;
  /** The service's date now: a snapshot of another day is not used (its figures are that day's). */
  today: string;
  update(entry: Entry, change: Partial<SyncStatus>): void;
  onScreen(): string | null;
  log(message: string, error?: unknown): void;
  toUserError(error: unknown): IpcError;
}

export function createEntry(companyId: string, deps: EntryDeps): Entry {
  const mirror = deps.copies.handle(companyId);
  const entry: Entry = { mirror, opened: Promise.resolve(), status: { companyId, phase: 'idle', resources: unreadResources(), progress: null, offline: false }, running: null, fullRequested: false, controller: new AbortController() };
  const saved = deps.copies.book.fresh(companyId, deps.today);
  if (saved) {
    // Asked for by the status list that returns it: no event (300 of them at a firm's start), nothing to save again.
    entry.status = { ...entry.status, ...saved };
    if (saved.unseen !== undefined) entry.unseenDay = deps.today;
    return entry;
  }
  entry.opened = deps
    .gate(async () => {
      deps.update(entry, await storedStatus(mirror, deps.today));
      if (companyId !== deps.onScreen()) await deps.copies.release(companyId);
    })
    .catch((error: unknown) => {
      deps.log(`The local copy of ${companyId} cannot be opened`, error);
      deps.update(entry, { phase: 'error', error: deps.toUserError(error) });
    });
  return entry;
}
