import { ApiError, cancelledError } from '../kernel/errors';
import { notifyAll } from '../kernel/listeners';
import { createLearningMargin } from './learning-margin';
import { DEFAULT_WINDOWS, PRIORITIES, type Priority, type RateLimiter, type RateLimiterOptions, type RateLimiterStats } from './rate-limiter-types';

/**
 * The per-company (= per access token) request-start limiter: rolling windows on starts with a
 * margin for transit jitter, and paced starts, so the service (which counts arrivals) sees no 429
 * (the arithmetic: docs/decisions/0003-rate-limiter-pacing-margin-burst.md). A quiet company's first few calls start at
 * once (`burst`): a small company's whole sync, or the first pages of its lists, need not wait for
 * the pace a long read needs.
 *
 * Priorities: interactive before prefetch before export before sync (the local copy's reads) before
 * background (the second list of a company's sync, which takes only the slots the first leaves:
 * its first page's round trip, its pages waiting to be stored, its finish); FIFO within a class. At most `maxQueued`
 * calls wait; the next one fails at once with ApiError('busy'). `pauseFor` (after a 429) holds the
 * whole queue. Aborted waits leave the queue. The margin learns the network from the 429s
 * reported to `rateLimited` (learning-margin.ts).
 */

export { DEFAULT_WINDOWS, PRIORITIES, type Priority, type RateLimiter, type RateLimiterOptions, type RateLimiterStats, type RateWindow } from './rate-limiter-types';

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
  const margin = createLearningMargin({ baseMs: options.marginMs ?? 150, maxMs: options.maxMarginMs ?? 2000, relaxAfterStarts: options.relaxAfterStarts ?? 3000 });
  const maxQueued = options.maxQueued ?? 100;
  const waitingNoticeMs = options.waitingNoticeMs ?? 1000;
  // What depends on the margin, computed again whenever it changes.
  let marginMs = 0;
  let spacing = 0;
  let horizon = 0;
  let shortestSpan = 0;
  const followMargin = (): void => {
    marginMs = margin.ms;
    spacing = options.pacing === false ? 0 : Math.max(...windows.map((w) => (w.ms + marginMs) / w.max));
    horizon = Math.max(...windows.map((w) => w.ms + marginMs));
    shortestSpan = Math.min(...windows.map((w) => w.ms)) + marginMs;
  };
  followMargin();
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
    if (margin.started()) followMargin();
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
      if (!margin.refused(clock.now())) return;
      followMargin();
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
        rateLimited: margin.rateLimited,
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
