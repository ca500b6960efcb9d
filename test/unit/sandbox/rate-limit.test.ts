// The sliding-window limiter on explicit times (no clock, no HTTP).

import { describe, expect, it } from 'vitest';
import { RateLimiter, SlidingWindowLog } from '../../../electron/sandbox/rate-limit';

describe('SlidingWindowLog', () => {
  it('counts entries younger than the window', () => {
    const log = new SlidingWindowLog();
    for (const t of [0, 1000, 4999]) log.add(t);
    expect(log.count(4999, 5000)).toBe(3);
    expect(log.count(5000, 5000)).toBe(2); // t=0 is exactly 5 s old: out
    expect(log.count(9999, 5000)).toBe(0);
    expect(log.empty).toBe(true);
  });

  it('stays correct over many entries (compaction)', () => {
    const log = new SlidingWindowLog();
    for (let t = 0; t < 10_000; t += 1) log.add(t);
    expect(log.count(9_999, 100)).toBe(100);
  });
});

describe('RateLimiter', () => {
  it('admits 25 per token in 5 s and 300 per tenant in 60 s; refusals are not recorded', () => {
    const limiter = new RateLimiter(undefined);
    for (let i = 0; i < 25; i += 1) expect(limiter.admit('a', 'c:t', 0).accepted).toBe(true);
    expect(limiter.admit('a', 'c:t', 100)).toEqual({ accepted: false, tokenPer5s: 0 });
    for (let i = 0; i < 100; i += 1) expect(limiter.admit('a', 'c:t', 4999).accepted).toBe(false);
    // At 5000 the first 25 left; the refusals never counted.
    expect(limiter.admit('a', 'c:t', 5000)).toEqual({ accepted: true, tokenPer5s: 1 });
  });

  it('limits the tenant across tokens', () => {
    const limiter = new RateLimiter({ perTenantMax: 30 });
    let accepted = 0;
    for (let token = 0; token < 3; token += 1) {
      for (let i = 0; i < 20; i += 1) if (limiter.admit(`t${token}`, 'c:t', 10).accepted) accepted += 1;
    }
    expect(accepted).toBe(30);
    expect(limiter.admit('x', 'c:other', 10).accepted).toBe(true);
  });

  it('can be lifted and still reports the 5 s peak per token', () => {
    const limiter = new RateLimiter(false);
    let peak = 0;
    for (let i = 0; i < 40; i += 1) peak = Math.max(peak, limiter.admit('a', 'c:t', i).tokenPer5s);
    expect(peak).toBe(40);
    expect(limiter.admit('a', 'c:t', 10_000).tokenPer5s).toBe(1);
  });

  it('refuses nonsense limits', () => {
    expect(() => new RateLimiter({ perTokenMax: -1 })).toThrow(RangeError);
    expect(() => new RateLimiter({ perTenantWindowMs: Number.NaN })).toThrow(RangeError);
  });
});
