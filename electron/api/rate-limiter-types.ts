/** The rate limiter's public shapes (rate-limiter.ts): its priorities, windows, options and stats. */
import type { Clock } from '../kernel/clock';

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

export const DEFAULT_WINDOWS: readonly RateWindow[] = [
  { ms: 5000, max: 25 },
  { ms: 60_000, max: 300 },
];

