// The service's rate limits (docs/service.md, Rate limits and Rate limits in practice): a sliding window per
// access token (25 in 5 s) and one per client and tenant (300 in 60 s). Requests are counted when
// they ARRIVE at the service, which is what makes a client that throttles at exactly 25 per 5 s on
// its own clock still receive 429s when latency jitter moves requests across the window edge.
//
// Decision: a request refused with 429 does not consume quota (it is not recorded), so a client
// that backs off recovers as soon as its older requests leave the window. The real service's
// behaviour here is undocumented.

import { DEFAULT_RATE_LIMITS, type RateLimits } from './types';

/** Arrival times of one key, oldest first. */
export class SlidingWindowLog {
  private times: number[] = [];
  private head = 0;

  /** Requests in the window ending at `now`: those with now - t < windowMs. */
  count(now: number, windowMs: number): number {
    this.prune(now - windowMs);
    return this.times.length - this.head;
  }

  add(now: number): void {
    this.times.push(now);
  }

  get empty(): boolean {
    return this.head >= this.times.length;
  }

  private prune(cutoff: number): void {
    while (this.head < this.times.length && (this.times[this.head] as number) <= cutoff) this.head += 1;
    // Compact now and then instead of shifting on every request.
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}

/** A map of logs that forgets keys whose log has emptied (tokens come and go). */
class KeyedLogs {
  private readonly logs = new Map<string, SlidingWindowLog>();

  count(key: string, now: number, windowMs: number): number {
    const log = this.logs.get(key);
    if (!log) return 0;
    const n = log.count(now, windowMs);
    if (log.empty) this.logs.delete(key);
    return n;
  }

  add(key: string, now: number): void {
    let log = this.logs.get(key);
    if (!log) {
      log = new SlidingWindowLog();
      this.logs.set(key, log);
    }
    log.add(now);
  }

  clear(): void {
    this.logs.clear();
  }
}

export function resolveRateLimits(limits: Partial<RateLimits> | false | undefined): RateLimits | false {
  if (limits === false) return false;
  const merged = { ...DEFAULT_RATE_LIMITS, ...limits };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`rate limit ${name} must be a positive number, got ${String(value)}`);
  }
  return merged;
}

export class RateLimiter {
  private limits: RateLimits | false;
  private readonly byToken = new KeyedLogs();
  private readonly byTenant = new KeyedLogs();
  // The 5 s peak per token is measured whatever the configured limits are (even when lifted),
  // because it is what a client's own throttle is judged by.
  private readonly peak = new KeyedLogs();

  constructor(limits: Partial<RateLimits> | false | undefined) {
    this.limits = resolveRateLimits(limits);
  }

  set(limits: Partial<RateLimits> | false): void {
    this.limits = resolveRateLimits(limits);
  }

  get current(): RateLimits | false {
    return this.limits;
  }

  /**
   * Counts an arrival. Returns whether it is accepted and, when it is, how many accepted requests
   * the token now has in the last 5 s (for the peak counter).
   */
  admit(tokenKey: string, tenantKey: string, now: number): { accepted: boolean; tokenPer5s: number } {
    // Count both windows (this also prunes the logs, so they stay small even with limits lifted)
    // before deciding, and record nothing on refusal.
    const windows = this.limits || DEFAULT_RATE_LIMITS;
    const tokenCount = this.byToken.count(tokenKey, now, windows.perTokenWindowMs);
    const tenantCount = this.byTenant.count(tenantKey, now, windows.perTenantWindowMs);
    if (this.limits && (tokenCount >= this.limits.perTokenMax || tenantCount >= this.limits.perTenantMax)) {
      return { accepted: false, tokenPer5s: 0 };
    }
    this.byToken.add(tokenKey, now);
    this.byTenant.add(tenantKey, now);
    this.peak.add(tokenKey, now);
    return { accepted: true, tokenPer5s: this.peak.count(tokenKey, now, 5_000) };
  }
}
