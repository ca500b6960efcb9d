import { ApiError } from '../kernel/errors';
import type { ResourceId } from '../common/resources';
import type { CsvFormat } from './columns';
import { runExport, toExportErrorInfo, type ExportErrorInfo, type ExportOptions, type ExportProgress, type ExportResult } from './export-job';

/**
 * Export jobs, one at a time: a job added while another runs waits behind it (first in, first out).
 * Several exports at once would only share the same company's rate limit (or compete for the disk)
 * and finish no sooner in total, while each would look slower.
 *
 * Every change of a job (queued, started, progress, done, failed, cancelled) is one event carrying
 * the job's plain-data snapshot, which the IPC layer forwards to the renderer as it is.
 */

export type ExportJobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** A job as the UI sees it: plain data, no session, no signal. */
export interface ExportJob {
  id: string;
  state: ExportJobState;
  /** Shown in the UI, e.g. the company's name and the file name. */
  label: string;
  /** The app's company id, when the caller gave one (the IPC events carry it). */
  companyId?: string;
  /** What is exported. */
  resource: ResourceId;
  /** The id of the job this one retries. */
  retryOf?: string;
  target: string;
  format: CsvFormat;
  /** Last progress (null until the job starts). */
  progress: ExportProgress | null;
  result?: ExportResult;
  error?: ExportErrorInfo;
  /** Epoch ms of the queue's clock. */
  queuedAt: number;
  startedAt?: number;
  endedAt?: number;
}

export type ExportJobRequest = Omit<ExportOptions, 'signal' | 'onProgress'> & { label?: string; companyId?: string };

export type RunExport = (options: ExportOptions) => Promise<ExportResult>;

export interface ExportQueueOptions {
  /** The job runner; default runExport (tests pass a fake). */
  run?: RunExport;
  /** Prefix of job ids (default 'export'): ids are `<prefix>-1`, `<prefix>-2`, ... */
  idPrefix?: string;
  /** Finished jobs kept for list() (oldest dropped first); default 20. */
  keepFinished?: number;
  /** A failed job's error as thrown (full paths, causes): the job itself keeps only the window's words. */
  log?: (message: string, error: unknown) => void;
}

export interface ExportQueue {
  /** Adds a job; it starts at once when no job is running. Returns the job's snapshot. */
  enqueue(request: ExportJobRequest): ExportJob;
  /** Cancels a queued or running job. False when there is no such job or it already ended. */
  cancel(id: string): boolean;
  /** Queues a failed or cancelled job again (same query, pages, columns, file; `changes` may give
   * e.g. the company's current session) as a new job; undefined when there is no such job or it
   * did not fail or get cancelled. */
  retry(id: string, changes?: Partial<ExportJobRequest>): ExportJob | undefined;
  get(id: string): ExportJob | undefined;
  /** Running and queued jobs in order, then the finished ones kept, newest first. */
  list(): ExportJob[];
  /** One call per change of any job, with its new snapshot. Returns the unsubscribe function. */
  onChange(listener: (job: ExportJob) => void): () => void;
  /** Resolves with the job's final snapshot once it is done, failed or cancelled. */
  settled(id: string): Promise<ExportJob>;
  /** Cancels every queued and running job (app quit, company removed). */
  cancelAll(): void;
}

interface Entry {
  job: ExportJob;
  request: ExportJobRequest;
  controller: AbortController;
  waiters: Array<(job: ExportJob) => void>;
}

const FINAL: ReadonlySet<ExportJobState> = new Set(['done', 'failed', 'cancelled']);

export function createExportQueue(options: ExportQueueOptions = {}): ExportQueue {
  const run = options.run ?? runExport;
  const prefix = options.idPrefix ?? 'export';
  const keepFinished = options.keepFinished ?? 20;
  const pending: Entry[] = [];
  const finished: Entry[] = [];
  const listeners = new Set<(job: ExportJob) => void>();
  let running: Entry | undefined;
  let counter = 0;

  const snapshot = (entry: Entry): ExportJob => structuredClone(entry.job);

  const emit = (entry: Entry): void => {
    const job = snapshot(entry);
    for (const listener of [...listeners]) {
      try {
        listener(job);
      } catch {
        // A listener's failure must not stop the queue.
      }
    }
  };

  const find = (id: string): Entry | undefined =>
    (running?.job.id === id ? running : undefined) ?? pending.find((e) => e.job.id === id) ?? finished.find((e) => e.job.id === id);

  const finish = (entry: Entry, state: 'done' | 'failed' | 'cancelled', now: number, outcome: { result?: ExportResult; error?: ExportErrorInfo }): void => {
    if (running === entry) running = undefined;
    entry.job.state = state;
    entry.job.endedAt = now;
    if (outcome.result) entry.job.result = outcome.result;
    if (outcome.error) entry.job.error = outcome.error;
    finished.unshift(entry);
    finished.splice(keepFinished);
    emit(entry);
    const final = snapshot(entry);
    for (const waiter of entry.waiters.splice(0)) waiter(final);
  };

  const startNext = (): void => {
    if (running) return;
    const entry = pending.shift();
    if (!entry) return;
    running = entry;
    const { request, controller } = entry;
    entry.job.state = 'running';
    entry.job.startedAt = request.clock.now();
    emit(entry);
    const { label: _label, companyId: _companyId, ...exportOptions } = request;
    void run({
      ...exportOptions,
      signal: controller.signal,
      onProgress: (progress) => {
        if (entry.job.state !== 'running') return;
        entry.job.progress = { ...progress };
        emit(entry);
      },
    }).then(
      (result) => finish(entry, 'done', request.clock.now(), { result }),
      (error: unknown) => {
        const cancelled = controller.signal.aborted || (error instanceof ApiError && error.kind === 'cancelled');
        if (cancelled) finish(entry, 'cancelled', request.clock.now(), {});
        else {
          options.log?.(`Export ${entry.job.id} to ${request.target} failed`, error);
          finish(entry, 'failed', request.clock.now(), { error: toExportErrorInfo(error) });
        }
      },
    ).finally(startNext);
  };

  function enqueue(request: ExportJobRequest, retryOf?: string): ExportJob {
    counter += 1;
    const job: ExportJob = {
      id: `${prefix}-${counter}`,
      state: 'queued',
      label: request.label ?? request.target,
      target: request.target,
      resource: request.resource.id,
      format: request.format,
      progress: null,
      queuedAt: request.clock.now(),
    };
    if (request.companyId !== undefined) job.companyId = request.companyId;
    if (retryOf !== undefined) job.retryOf = retryOf;
    const entry: Entry = { job, request, controller: new AbortController(), waiters: [] };
    pending.push(entry);
    emit(entry);
    startNext();
    return snapshot(entry);
  }

  function cancel(id: string): boolean {
    const entry = find(id);
    if (!entry || FINAL.has(entry.job.state)) return false;
    entry.controller.abort(new ApiError('cancelled', { message: 'The export was cancelled.' }));
    if (entry.job.state === 'queued') {
      pending.splice(pending.indexOf(entry), 1);
      finish(entry, 'cancelled', entry.request.clock.now(), {});
    }
    // A running job removes its temporary file and then settles as cancelled.
    return true;
  }

  return {
    enqueue: (request) => enqueue(request),

    retry(id, changes) {
      const entry = find(id);
      if (!entry || (entry.job.state !== 'failed' && entry.job.state !== 'cancelled')) return undefined;
      return enqueue({ ...entry.request, ...changes }, id);
    },

    cancel,

    get(id) {
      const entry = find(id);
      return entry ? snapshot(entry) : undefined;
    },

    list() {
      return [...(running ? [running] : []), ...pending, ...finished].map(snapshot);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    settled(id) {
      const entry = find(id);
      if (!entry) return Promise.reject(new RangeError(`No export job ${id}.`));
      if (FINAL.has(entry.job.state)) return Promise.resolve(snapshot(entry));
      return new Promise((resolve) => entry.waiters.push(resolve));
    },

    cancelAll() {
      for (const entry of [...pending]) cancel(entry.job.id);
      if (running) cancel(running.job.id);
    },
  };
}
