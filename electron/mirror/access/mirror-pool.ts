/**
 * The app's local copies in a small pool of worker threads: at most one thread per core
 * serves every company's copy, so a firm's 300 companies cost 300 open databases at most, not 300
 * threads with their own heaps. A copy lives in one worker while it is open (its SQLite connection
 * is that thread's); a new copy goes to the worker holding the fewest. When a worker dies its
 * copies open again in a live one at their next call (the database is crash-safe: a write in
 * flight is rolled back, and the sync that made it fails and runs again).
 *
 * Each thread is given one call at a time, the rest wait here: the calls of the company on screen
 * (`urgent`) go before the queue of the background syncs' writes, so a click on another company
 * waits for at most one call in progress, not for the queue of 300 companies' syncs. Among those,
 * a page of a list goes first (`placeOfPage`): it is what the window waits for to show anything.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ApiError, type ApiErrorKind } from '../../kernel/errors';
import { mirrorApiOver, type MirrorApi, type MirrorMethod } from './mirror-api';

interface Reply {
  id: number;
  result?: unknown;
  /** `kind`: an ApiError's (a list page its parser refused), rebuilt as one. */
  error?: { name: string; message: string; kind?: ApiErrorKind; retryable?: boolean };
}

/** The worker's error as the main thread's: an ApiError again when it was one. */
function replyError(error: NonNullable<Reply['error']>): Error {
  if (error.kind !== undefined) return new ApiError(error.kind, { message: error.message, retryable: error.retryable ?? false });
  return Object.assign(new Error(error.message), { name: error.name });
}

/** What the worker is asked: a copy's method, or to open or close that copy. */
export type PoolOp = MirrorMethod | 'open' | 'close';

interface PoolWorker {
  worker: Worker;
  /** Copies open in it. */
  copies: number;
  /** Set when the thread failed or exited: its copies move at their next call. */
  failed: Error | undefined;
  send(copy: number, op: PoolOp, args: unknown[], urgent?: boolean): Promise<unknown>;
}

interface Call {
  id: number;
  copy: number;
  op: PoolOp;
  args: unknown[];
}

export interface MirrorPool {
  /** The copy in `file`, opened in the least loaded worker (its first call waits for the open). `urgent`, asked at each call: its calls go first. */
  open(file: string, urgent?: () => boolean): MirrorApi;
  /** Threads running and copies open, for the bench and the tests. */
  stats(): { workers: number; copies: number };
  /** Ends every thread (their copies closed first). */
  close(): Promise<void>;
}

/**
 * A thread's young generation, small: what a worker allocates is a page's parse, garbage once the
 * page is stored, and V8 otherwise grows each thread's nursery to tens of MB that stay in RSS. A
 * firm's first sync (bench firm-first-sync, 300 companies) peaked at 834 MB of RSS with the
 * default, 616 MB with 8 MB and 597 MB with 4 MB, in the same time
 * (docs/decisions/0016-firm-pool-and-scheduler.md).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/**
 * Calls a list's page may pass in the queue when its copy's are: they only read (or keep figures
 * derived from what is stored, kept-figures.ts), so the page reads the same rows before them.
 * A write (open, a sync's steps, a digest's marks) or another page keeps its place ahead of it.
 */
const PAGE_MAY_PASS: ReadonlySet<PoolOp> = new Set<PoolOp>(['summary', 'knownFlags', 'listRows', 'receivables', 'companySummary', 'customerStatement', 'daysOutstanding', 'eventsToPrint', 'digestView', 'unseenCount', 'lastEventSeq', 'eventsAfter']);

/**
 * Where an urgent page of `copy` goes in the urgent queue: behind the last call it may not pass of
 * its own copy, before the rest. A switch of company asks for the headline's figures (two calls of
 * up to a hundred ms under a firm's syncs) a moment before the grid's page, and a company shown
 * before may have calls left; without this place the grid's rows would wait for all of
 * them.
 */
export function placeOfPage(queue: readonly { copy: number; op: PoolOp }[], copy: number): number {
  let at = queue.length;
  while (at > 0 && (queue[at - 1]!.copy !== copy || PAGE_MAY_PASS.has(queue[at - 1]!.op))) at -= 1;
  return at;
}

/** One thread per core, never more than four: SQLite's work is short, and each thread costs its heap. */
export const defaultPoolSize = (): number => Math.max(1, Math.min(4, availableParallelism()));

export function createMirrorPool(workerScript: string, size = defaultPoolSize()): MirrorPool {
  const workers: PoolWorker[] = [];
  let nextCopy = 1;
  let closed = false;

  function spawn(): PoolWorker {
    const worker = new Worker(workerScript, { resourceLimits: WORKER_LIMITS });
    const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    const queues: { urgent: Call[]; rest: Call[] } = { urgent: [], rest: [] }; // each in the order asked
    let inFlight = false;
    let nextId = 1;
    const pump = (): void => {
      if (inFlight || entry.failed) return;
      const call = queues.urgent.shift() ?? queues.rest.shift();
      if (!call) return;
      inFlight = true;
      worker.postMessage({ id: call.id, copy: call.copy, method: call.op, args: call.args });
    };
    const entry: PoolWorker = {
      worker,
      copies: 0,
      failed: undefined,
      send(copy: number, op: PoolOp, args: unknown[], urgent = false): Promise<unknown> {
        if (entry.failed) return Promise.reject(entry.failed);
        const id = nextId++;
        return new Promise<unknown>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          if (urgent) {
            // A copy's calls keep their order (a mark of the digest after the sync's notes, a read
            // after a write): its calls waiting in the other queue go first with it.
            const earlier = queues.rest.filter((call) => call.copy === copy);
            if (earlier.length > 0) {
              queues.rest = queues.rest.filter((call) => call.copy !== copy);
              queues.urgent.push(...earlier);
            }
            const call = { id, copy, op, args };
            if (op === 'listPage') queues.urgent.splice(placeOfPage(queues.urgent, copy), 0, call);
            else queues.urgent.push(call);
          } else queues.rest.push({ id, copy, op, args });
          pump();
        });
      },
    };
    const fail = (error: Error): void => {
      entry.failed ??= error;
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
      queues.urgent.length = 0;
      queues.rest.length = 0;
      const index = workers.indexOf(entry);
      if (index >= 0) workers.splice(index, 1);
    };
    worker.on('message', (reply: Reply) => {
      inFlight = false;
      const waiter = pending.get(reply.id);
      if (waiter) {
        pending.delete(reply.id);
        if (reply.error) waiter.reject(replyError(reply.error));
        else waiter.resolve(reply.result);
      }
      pump();
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`The local copy's worker stopped (exit code ${code}).`)));
    // The threads must not keep a CLI or test process alive on their own.
    worker.unref();
    workers.push(entry);
    return entry;
  }

  /** A new thread until the pool is full, then the one holding the fewest copies. */
  function pick(): PoolWorker {
    if (workers.length < size) return spawn();
    return workers.reduce((least, candidate) => (candidate.copies < least.copies ? candidate : least));
  }

  return {
    open(file, urgent = () => false) {
      if (closed) throw new Error('The local copies are closed.');
      const copy = nextCopy++;
      let home: PoolWorker | undefined;
      let opening: Promise<PoolWorker> | undefined;
      let shut = false;
      // Opened on first use, and again in a live thread after its own died.
      const ready = (): Promise<PoolWorker> => {
        if (home && !home.failed && opening) return opening;
        if (home?.failed) home = undefined;
        const target = pick();
        target.copies += 1;
        home = target;
        opening = target.send(copy, 'open', [file], urgent()).then(
          () => target,
          (error: unknown) => {
            target.copies -= 1;
            if (home === target) {
              home = undefined;
              opening = undefined;
            }
            throw error;
          },
        );
        return opening;
      };
      const call = async (method: MirrorMethod, args: unknown[]): Promise<unknown> => {
        if (shut) throw new Error('This local copy is closed.');
        // Queued right behind the open, not after its answer: the thread would otherwise take a
        // background write in between (a click on a closed copy waited for one). An open that
        // fails is the error the caller gets, not the call's own "not open".
        const opened = ready();
        const answer = home!.send(copy, method, args, urgent());
        answer.catch(() => undefined);
        await opened;
        return answer;
      };
      return mirrorApiOver(call, async () => {
        if (shut) return;
        shut = true;
        // Only a copy whose open succeeded is counted (a failed open took itself off already).
        const target = await opening?.catch(() => undefined);
        if (!target || target.failed) return;
        await target.send(copy, 'close', []).catch(() => undefined);
        target.copies -= 1;
      });
    },

    stats: () => ({ workers: workers.length, copies: workers.reduce((sum, w) => sum + w.copies, 0) }),

    async close() {
      closed = true;
      const all = [...workers];
      workers.length = 0;
      await Promise.all(all.map((w) => w.send(0, 'close', ['*']).catch(() => undefined).then(() => w.worker.terminate())));
    },
  };
}

/** One copy in a thread of its own (the bench's single-company figures; the CLI runs inline). */
export function openWorkerMirror(file: string, workerScript: string): MirrorApi {
  const pool = createMirrorPool(workerScript, 1);
  const mirror = pool.open(file);
  return {
    ...mirror,
    close: async () => {
      await mirror.close();
      await pool.close();
    },
  };
}
