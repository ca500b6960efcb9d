import type { Clock } from '../kernel/clock';
import { notifyAll } from '../kernel/listeners';

/**
 * Retry backoff and the circuit breaker, hand-written on the injected clock (why not cockatiel:
 * docs/decisions/0002-retry-breaker-timeout-by-hand.md). The retry loop itself lives in api-client.ts because it has to
 * interleave with the rate limiter (every attempt is a new request start), the 401 refresh and the
 * 429 queue pause.
 */

export interface RetryOptions {
  /** Retries after the first attempt; default 3. */
  maxRetries: number;
  /** Smallest delay; default 1000 ms. */
  minDelayMs: number;
  /** Largest delay; default 30 000 ms. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 3, minDelayMs: 1000, maxDelayMs: 30_000 };

/**
 * Exponential backoff with full jitter, kept between the bounds: retry n (1-based) waits a uniformly
 * random time in [min, min(max, min * 2^n)], i.e. 1-2 s, 1-4 s, 1-8 s, ... capped at 30 s.
 * The jitter spreads the retries of many concurrent requests so they do not return in a burst.
 */
export function backoffDelay(retry: number, random: () => number, options: Pick<RetryOptions, 'minDelayMs' | 'maxDelayMs'> = DEFAULT_RETRY): number {
  const { minDelayMs, maxDelayMs } = options;
  const ceiling = Math.min(maxDelayMs, minDelayMs * 2 ** Math.max(1, retry));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(minDelayMs + r * (ceiling - minDelayMs));
}

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  clock: Clock;
  /** Consecutive failures that open the breaker; default 5. */
  failureThreshold?: number;
  /** How long it stays open before letting one probe through; default 5000 ms. */
  openMs?: number;
}

export type BreakerPermit =
  | { ok: true; probe: boolean }
  /** `probing`: a half-open probe is in flight; wait for it (`probeSettled`) rather than back off. */
  | { ok: false; retryInMs: number; probing: boolean };

export interface CircuitBreaker {
  /** Asks to send a request now. In half-open state exactly one probe is let through. */
  tryAcquire(): BreakerPermit;
  /** Would tryAcquire succeed now? Takes nothing (used before queueing for a rate-limit slot). */
  peek(): BreakerPermit;
  /** How many times the breaker has opened (or reopened after a failed probe) so far. */
  openCount(): number;
  /** The request reached the service and the service answered (any non-5xx status). */
  onSuccess(): void;
  /** 5xx, network error, timeout or unreadable body. */
  onFailure(): void;
  /** The permitted request never produced an outcome (cancelled, 429): frees a half-open probe. */
  onAbandon(): void;
  /** Resolves when the half-open probe in flight (if any) has an outcome, or the signal aborts. */
  probeSettled(signal?: AbortSignal): Promise<void>;
  state(): BreakerState;
  onStateChange(listener: (state: BreakerState) => void): () => void;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const { clock } = options;
  const threshold = options.failureThreshold ?? 5;
  const openMs = options.openMs ?? 5000;
  const listeners = new Set<(state: BreakerState) => void>();
  let state: BreakerState = 'closed';
  let failures = 0;
  let openedAt = 0;
  let probing = false;
  let probeWaiters: (() => void)[] = [];
  let opens = 0;

  const endProbe = (): void => {
    probing = false;
    const waiters = probeWaiters;
    probeWaiters = [];
    for (const wake of waiters) wake();
  };

  const set = (next: BreakerState): void => {
    if (next === state) return;
    state = next;
    notifyAll(listeners, next);
  };

  const open = (): void => {
    openedAt = clock.now();
    opens += 1;
    set('open');
    endProbe();
  };

  return {
    peek(): BreakerPermit {
      if (state === 'closed') return { ok: true, probe: false };
      if (state === 'open') {
        const remaining = openedAt + openMs - clock.now();
        if (remaining > 0) return { ok: false, retryInMs: remaining, probing: false };
      }
      return probing ? { ok: false, retryInMs: 0, probing: true } : { ok: true, probe: true };
    },
    openCount: () => opens,
    tryAcquire(): BreakerPermit {
      if (state === 'closed') return { ok: true, probe: false };
      if (state === 'open') {
        const remaining = openedAt + openMs - clock.now();
        if (remaining > 0) return { ok: false, retryInMs: remaining, probing: false };
        set('half-open');
      }
      // half-open
      if (probing) return { ok: false, retryInMs: 0, probing: true };
      probing = true;
      return { ok: true, probe: true };
    },
    onSuccess(): void {
      failures = 0;
      set('closed');
      endProbe();
    },
    onFailure(): void {
      if (state === 'half-open') {
        open();
        return;
      }
      if (state === 'open') return;
      failures += 1;
      if (failures >= threshold) {
        failures = 0;
        open();
      }
    },
    onAbandon(): void {
      if (state === 'half-open') endProbe();
    },
    probeSettled(signal?: AbortSignal): Promise<void> {
      if (!probing || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = (): void => {
          signal?.removeEventListener('abort', done);
          resolve();
        };
        probeWaiters.push(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
    state: () => state,
    onStateChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
