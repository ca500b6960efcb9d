import type { Clock } from '../kernel/clock';
import { ApiError, cancelledError } from '../kernel/errors';
import { notifyAll } from '../kernel/listeners';

/**
 * The per-company (= per access token) request-start limiter: rolling windows on starts with a
 * margin for transit jitter, and paced starts, so the service (which counts arrivals) sees no 429
 * (the arithmetic: docs/decisions.md, "Rate limiter"). A quiet company's first few calls start at
 * once (`burst`): a small company's whole sync, or the first pages of its lists, need not wait for
 * the pace a long read needs.
 *
 * Priorities: interactive before prefetch before export before sync (the local copy's reads) before
 * background (the second list of a company's sync, which takes only the slots the first leaves:
 * its first page's round trip, its pages waiting to be stored, its finish); FIFO within a class. At most `maxQueued`
 * calls wait; the next one fails at once with ApiError('busy'). `pauseFor` (after a 429) holds the
 * whole queue. Aborted waits leave the queue.
 *
 * The margin learns the network (`rateLimited`): a 429 despite the margin means two requests'
 * transit delays differed by more than it, so it widens (150, 250, 500, 1000, 2000 ms) and stays
 * wide for `relaxAfterStarts` clean starts before it steps back halfway toward where it began.
 * Public clients that throttled at exactly the ceiling kept receiving 429s on real networks
 * (docs/decisions.md, "Rate limiter", item 4).
 */

export type Priority = 'interactive' | 'prefetch' | 'export' | 'sync' | 'background';

export const PRIORITIES: readonly Priority[] = ['interactive', 'prefetch', 'export', 'sync', 'background'];

export interface RateWindow {
  ms: number;
  max: number;
}

export interface RateLimiterOptions {
  /** Default: 25 per 5000 ms and 300 per 60000 ms. */
  windows?: RateWindow[];
  /** Extra time a slot stays occupied, covering arrival jitter; default 150 ms. It widens after a
   * 429 (`rateLimited`) up to `maxMarginMs` (default 2000 ms). */
  marginMs?: number;
  maxMarginMs?: number;
  /** Starts without a 429 after which a widened margin steps back halfway; default 3000 (ten
   * minutes of a long read at the paced rate: a network that needed the wider margin is probed
   * again at most that often, one 429 each time). */
  relaxAfterStarts?: number;
  clock: Clock;
  /** Waiting calls allowed (not counting started ones); default 100. */
  maxQueued?: number;
  /** Even spacing between starts (default true). With false, only the rolling windows apply. */
  pacing?: boolean;
  /** Starts allowed at once from a quiet company: while the shortest window (plus margin) holds
   * fewer than this many starts, a start does not wait for its paced time (default 5; 1 = none). */
  burst?: number;
  /** The limiter reports "waiting for the rate limit" when the next start is at least this far away
   * (or the queue is paused); default 1000 ms, so normal pacing does not flicker the UI. */
  waitingNoticeMs?: number;
}

export interface RateLimiterStats {
  queued: Record<Priority, number>;
  started: number;
  rejectedBusy: number;
  pausedUntil: number;
  waiting: boolean;
  /** Longest time a call of each class waited between schedule() and its start. */
  maxWaitMs: Record<Priority, number>;
  /** Start times inside the longest window (+ margin), oldest first. */
  recentStarts: number[];
  /** The margin in force now (wider than the configured one after a 429). */
  marginMs: number;
  /** 429s reported through `rateLimited`. */
  rateLimited: number;
}

export interface RateLimiter {
  schedule<T>(priority: Priority, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Holds every start until `now + ms` (extends, never shortens, a running pause). */
  pauseFor(ms: number): void;
  /** The service answered 429 although the limiter let the call start: widen the margin. */
  rateLimited(): void;
  onWaitingChange(listener: (waiting: boolean) => void): () => void;
  stats(): RateLimiterStats;
  /** Rejects every waiting call with ApiError('cancelled') and refuses new ones. */
  close(): void;
}

/** 429s reported within this long of a widening are taken as the same event's. */
const WIDEN_ONCE_WITHIN_MS = 2000;

export const DEFAULT_WINDOWS: readonly RateWindow[] = [
  { ms: 5000, max: 25 },
  { ms: 60_000, max: 300 },
];

interface Entry {
  priority: Priority;
  enqueuedAt: number;
  start: () => void;
  fail: (error: unknown) => void;
  detach: () => void;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const clock = options.clock;
  const windows = (options.windows ?? DEFAULT_WINDOWS).map((w) => ({ ...w }));
  if (windows.length === 0 || windows.some((w) => !(w.ms > 0) || !(w.max >= 1))) {
    throw new Error('Rate windows need ms > 0 and max >= 1.');
  }
  const baseMarginMs = options.marginMs ?? 150;
  const maxMarginMs = Math.max(baseMarginMs, options.maxMarginMs ?? 2000);
  const relaxAfterStarts = Math.max(1, options.relaxAfterStarts ?? 3000);
  const maxQueued = options.maxQueued ?? 100;
  const waitingNoticeMs = options.waitingNoticeMs ?? 1000;
  // What depends on the margin, computed again whenever it changes.
  let marginMs = baseMarginMs;
  let spacing = 0;
  let horizon = 0;
  let shortestSpan = 0;
  const setMargin = (ms: number): void => {
    marginMs = ms;
    spacing = options.pacing === false ? 0 : Math.max(...windows.map((w) => (w.ms + marginMs) / w.max));
    horizon = Math.max(...windows.map((w) => w.ms + marginMs));
    shortestSpan = Math.min(...windows.map((w) => w.ms)) + marginMs;
  };
  setMargin(baseMarginMs);
  let cleanStarts = 0;
  let rateLimitedCount = 0;
  let widenedAt = Number.NEGATIVE_INFINITY;
  const burst = Math.max(1, Math.min(options.burst ?? 5, ...windows.map((w) => w.max)));

  const queues: Record<Priority, Entry[]> = { interactive: [], prefetch: [], export: [], sync: [], background: [] };
  const maxWaitMs: Record<Priority, number> = { interactive: 0, prefetch: 0, export: 0, sync: 0, background: 0 };
  const starts: number[] = [];
  const listeners = new Set<(waiting: boolean) => void>();
  let nextPacedAt = Number.NEGATIVE_INFINITY;
  let pausedUntil = Number.NEGATIVE_INFINITY;
  let started = 0;
  let rejectedBusy = 0;
  let waiting = false;
  let closed = false;
  let timer: { at: number; controller: AbortController } | undefined;

  const queuedCount = (): number => queues.interactive.length + queues.prefetch.length + queues.export.length;

  const setWaiting = (value: boolean): void => {
    if (value === waiting) return;
    waiting = value;
    notifyAll(listeners, value);
  };

  const prune = (now: number): void => {
    while (starts.length > 0 && (starts[0] as number) <= now - horizon) starts.shift();
  };

  /** Earliest time a start is allowed, given the recorded starts, pacing and pause. */
  const earliestStart = (now: number): number => {
    prune(now);
    let at = Math.max(now, pausedUntil, quiet(now) ? now : nextPacedAt);
    for (const w of windows) {
      const span = w.ms + marginMs;
      let inWindow = 0;
      for (let i = starts.length - 1; i >= 0 && (starts[i] as number) > at - span; i -= 1) inWindow += 1;
      if (inWindow >= w.max) {
        // The slot frees when the (inWindow - max + 1)-th newest start in the span leaves it.
        const firstInSpan = starts.length - inWindow;
        const freeing = starts[firstInSpan + (inWindow - w.max)] as number;
        at = Math.max(at, freeing + span);
      }
    }
    return at;
  };

  /** Few starts in the shortest window: the next one may go before its paced time (a burst from quiet). */
  const quiet = (now: number): boolean => {
    if (burst <= 1) return false;
    let inSpan = 0;
    for (let i = starts.length - 1; i >= 0 && (starts[i] as number) > now - shortestSpan && inSpan < burst; i -= 1) inSpan += 1;
    return inSpan < burst;
  };

  const record = (now: number): void => {
    starts.push(now);
    started += 1;
    cleanStarts += 1;
    if (marginMs > baseMarginMs && cleanStarts >= relaxAfterStarts) {
      cleanStarts = 0;
      const halfway = Math.round(baseMarginMs + (marginMs - baseMarginMs) / 2);
      setMargin(halfway - baseMarginMs < 25 ? baseMarginMs : halfway);
    }
    // A start of a burst keeps the paced schedule where it is: the burst's starts leave the window
    // together 5.15 s later, and from there a long read goes at exactly the paced times.
    if (spacing > 0 && now >= nextPacedAt) {
      // Keep to the schedule when a timer fired a little late (so lateness does not accumulate);
      // restart the schedule after an idle gap. The rolling windows still hold either way.
      const base = now - nextPacedAt <= spacing ? nextPacedAt : now;
      nextPacedAt = base + spacing;
    }
  };

  const disarm = (): void => {
    if (timer) {
      timer.controller.abort();
      timer = undefined;
    }
  };

  const arm = (at: number): void => {
    if (timer && timer.at === at) return;
    disarm();
    const controller = new AbortController();
    timer = { at, controller };
    clock.sleep(Math.max(0, at - clock.now()), controller.signal).then(
      () => {
        if (timer?.controller === controller) {
          timer = undefined;
          pump();
        }
      },
      () => undefined,
    );
  };

  const head = (): Entry | undefined => {
    for (const p of PRIORITIES) {
      const entry = queues[p][0];
      if (entry) return entry;
    }
    return undefined;
  };

  function pump(): void {
    for (;;) {
      const entry = head();
      if (!entry) {
        disarm();
        setWaiting(false);
        return;
      }
      const now = clock.now();
      const at = earliestStart(now);
      if (at > now) {
        setWaiting(pausedUntil > now || at - now >= waitingNoticeMs);
        arm(at);
        return;
      }
      queues[entry.priority].shift();
      entry.detach();
      maxWaitMs[entry.priority] = Math.max(maxWaitMs[entry.priority], now - entry.enqueuedAt);
      record(now);
      entry.start();
    }
  }

  return {
    schedule<T>(priority: Priority, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (!PRIORITIES.includes(priority)) return Promise.reject(new ApiError('bad-request', { message: `Unknown priority "${String(priority)}".` }));
      if (closed) return Promise.reject(new ApiError('cancelled', { message: 'The company session was closed.' }));
      if (signal?.aborted) return Promise.reject(cancelledError(signal));
      if (queuedCount() >= maxQueued) {
        rejectedBusy += 1;
        return Promise.reject(new ApiError('busy', { message: `More than ${maxQueued} requests are waiting for this company.` }));
      }
      return new Promise<T>((resolve, reject) => {
        const onAbort = (): void => {
          const queue = queues[priority];
          const index = queue.indexOf(entry);
          if (index >= 0) queue.splice(index, 1);
          reject(cancelledError(signal));
          pump();
        };
        const entry: Entry = {
          priority,
          enqueuedAt: clock.now(),
          start: () => {
            let result: Promise<T>;
            try {
              result = Promise.resolve(task());
            } catch (error) {
              reject(error);
              return;
            }
            result.then(resolve, reject);
          },
          fail: reject,
          detach: () => signal?.removeEventListener('abort', onAbort),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queues[priority].push(entry);
        pump();
      });
    },

    pauseFor(ms: number): void {
      if (!(ms > 0)) return;
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
      pump();
      // The paused call itself sleeps outside the queue, so the queue may be empty: the company is
      // still waiting for the rate limit, and the user should see it until the pause ends.
      if (!head()) {
        setWaiting(true);
        arm(pausedUntil);
      }
    },

    rateLimited(): void {
      rateLimitedCount += 1;
      cleanStarts = 0;
      // Calls that were in flight together are refused together: one widening for them all.
      const now = clock.now();
      if (now - widenedAt < WIDEN_ONCE_WITHIN_MS) return;
      widenedAt = now;
      // A first 429 may be one stall of the service's (its answers bunched, not the network's
      // jitter): a small step first, costing 2 % of a long read; then doubling.
      setMargin(Math.min(maxMarginMs, marginMs <= baseMarginMs ? baseMarginMs + 100 : marginMs * 2));
      // The wider slots hold the starts already recorded too: a start waits for them at once.
      pump();
    },

    onWaitingChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    stats(): RateLimiterStats {
      prune(clock.now());
      return {
        queued: { interactive: queues.interactive.length, prefetch: queues.prefetch.length, export: queues.export.length, sync: queues.sync.length, background: queues.background.length },
        started,
        rejectedBusy,
        pausedUntil,
        waiting,
        maxWaitMs: { ...maxWaitMs },
        recentStarts: [...starts],
        marginMs,
        rateLimited: rateLimitedCount,
      };
    },

    close(): void {
      closed = true;
      disarm();
      for (const p of PRIORITIES) {
        const entries = queues[p].splice(0);
        for (const entry of entries) {
          entry.detach();
          entry.fail(new ApiError('cancelled', { message: 'The company session was closed.' }));
        }
      }
      setWaiting(false);
    },
  };
}
