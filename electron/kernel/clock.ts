/**
 * Time as a port. Everything in the API layer that waits (rate-limit slots, retry backoff,
 * circuit-breaker cool-down, request timeouts, token expiry) asks a Clock, never Date.now() or
 * setTimeout directly, so tests can run hours of backoff in milliseconds with a fake clock, and
 * several companies can share or not share a clock as a test chooses.
 */
export interface Clock {
  /** Milliseconds since the epoch (the fake clock may start anywhere). */
  now(): number;
  /**
   * Resolves after `ms` milliseconds. Rejects with the signal's reason (or an AbortError) when
   * `signal` aborts first; the timer is released either way.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** The real clock: Date.now() and setTimeout. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal as AbortSignal));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};

/** A clock that only moves when a test tells it to. */
export interface FakeClock extends Clock {
  /** Moves time forward by `ms`, firing every sleeper that falls due, in order, and letting the
   * promise chains they start settle (so a retry loop can schedule its next sleep before the
   * clock moves past it). */
  advance(ms: number): Promise<void>;
  /** Advances to the next pending timer (if any) and fires it. Returns false when none is pending. */
  next(): Promise<boolean>;
  /** Keeps firing timers until none is pending or `maxMs` of fake time has passed. */
  runAll(maxMs?: number): Promise<void>;
  /** Number of sleepers waiting. */
  pending(): number;
  /** Sets the time without firing sleepers (for tests that start "later"). */
  set(now: number): void;
}

interface Sleeper {
  at: number;
  seq: number;
  resolve: () => void;
}

/** Lets promise continuations (several hops deep) run before time moves on. */
async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let current = start;
  let seq = 0;
  const sleepers: Sleeper[] = [];

  const remove = (sleeper: Sleeper): void => {
    const index = sleepers.indexOf(sleeper);
    if (index >= 0) sleepers.splice(index, 1);
  };

  const earliest = (): Sleeper | undefined => {
    let best: Sleeper | undefined;
    for (const s of sleepers) {
      if (!best || s.at < best.at || (s.at === best.at && s.seq < best.seq)) best = s;
    }
    return best;
  };

  const clock: FakeClock = {
    now: () => current,
    sleep(ms: number, signal?: AbortSignal): Promise<void> {
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise<void>((resolve, reject) => {
        const sleeper: Sleeper = {
          at: current + Math.max(0, ms),
          seq: (seq += 1),
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = (): void => {
          remove(sleeper);
          reject(abortReason(signal as AbortSignal));
        };
        sleepers.push(sleeper);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    async advance(ms: number): Promise<void> {
      const target = current + ms;
      await flushMicrotasks();
      for (;;) {
        const next = earliest();
        if (!next || next.at > target) break;
        remove(next);
        current = Math.max(current, next.at);
        next.resolve();
        await flushMicrotasks();
      }
      current = target;
      await flushMicrotasks();
    },
    async next(): Promise<boolean> {
      await flushMicrotasks();
      const next = earliest();
      if (!next) return false;
      remove(next);
      current = Math.max(current, next.at);
      next.resolve();
      await flushMicrotasks();
      return true;
    },
    async runAll(maxMs = 24 * 3600_000): Promise<void> {
      const limit = current + maxMs;
      for (;;) {
        await flushMicrotasks();
        const next = earliest();
        if (!next || next.at > limit) return;
        await clock.next();
      }
    },
    pending: () => sleepers.length,
    set(now: number): void {
      current = now;
    },
  };
  return clock;
}
