/**
 * The rate limiter's margin for the network's jitter, learnt from the service's 429s: a 429 despite
 * the margin proves two requests' transit delays differed by more than it, so it widens (150, 250,
 * 500, 1000, up to 2000 ms) and stays wide for `relaxAfterStarts` clean starts before it steps back
 * halfway toward where it began. Public clients that throttled at exactly the ceiling kept
 * receiving 429s on real networks (docs/decisions/0020-rate-limit-margin-learns.md).
 */

/** 429s reported within this long of a widening are taken as the same event's. */
const WIDEN_ONCE_WITHIN_MS = 2000;

export interface LearningMarginOptions {
  baseMs: number;
  maxMs: number;
  relaxAfterStarts: number;
}

export interface LearningMargin {
  readonly ms: number;
  /** 429s reported. */
  readonly rateLimited: number;
  /** A start was made; returns true when the margin stepped back. */
  started(): boolean;
  /** The service answered 429 at `now`; returns true when the margin widened. */
  refused(now: number): boolean;
}

export function createLearningMargin(options: LearningMarginOptions): LearningMargin {
  const base = options.baseMs;
  const max = Math.max(base, options.maxMs);
  const relaxAfter = Math.max(1, options.relaxAfterStarts);
  let ms = base;
  let cleanStarts = 0;
  let rateLimited = 0;
  let widenedAt = Number.NEGATIVE_INFINITY;
  return {
    get ms() {
      return ms;
    },
    get rateLimited() {
      return rateLimited;
    },
    started() {
      cleanStarts += 1;
      if (ms <= base || cleanStarts < relaxAfter) return false;
      cleanStarts = 0;
      const halfway = Math.round(base + (ms - base) / 2);
      ms = halfway - base < 25 ? base : halfway;
      return true;
    },
    refused(now) {
      rateLimited += 1;
      cleanStarts = 0;
      // Calls that were in flight together are refused together: one widening for them all.
      if (now - widenedAt < WIDEN_ONCE_WITHIN_MS) return false;
      widenedAt = now;
      // A first 429 may be one stall of the service's (its answers bunched, not the network's
      // jitter): a small step first, costing 2 % of a long read's pace; then doubling.
      const next = Math.min(max, ms <= base ? base + 100 : ms * 2);
      if (next === ms) return false;
      ms = next;
      return true;
    },
  };
}
