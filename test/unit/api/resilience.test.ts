import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../electron/kernel/clock';
import { backoffDelay, createCircuitBreaker } from '../../../electron/api/resilience';

describe('backoffDelay', () => {
  it('is exponential with full jitter between 1 s and 30 s', () => {
    expect(backoffDelay(1, () => 0)).toBe(1000);
    expect(backoffDelay(1, () => 1)).toBe(2000);
    expect(backoffDelay(2, () => 1)).toBe(4000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    for (let retry = 1; retry <= 8; retry += 1) {
      for (let i = 0; i < 50; i += 1) {
        const d = backoffDelay(retry, Math.random);
        expect(d).toBeGreaterThanOrEqual(1000);
        expect(d).toBeLessThanOrEqual(30_000);
      }
    }
  });

  it('spreads concurrent retries (jitter)', () => {
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(3, Math.random)));
    expect(delays.size).toBeGreaterThan(10);
  });
});

describe('circuit breaker', () => {
  it('opens after 5 consecutive failures, probes once half-open, closes on success', () => {
    const clock = createFakeClock(0);
    const breaker = createCircuitBreaker({ clock });
    for (let i = 0; i < 4; i += 1) {
      expect(breaker.tryAcquire().ok).toBe(true);
      breaker.onFailure();
    }
    expect(breaker.state()).toBe('closed');
    breaker.onFailure();
    expect(breaker.state()).toBe('open');
    const denied = breaker.tryAcquire();
    expect(denied).toEqual({ ok: false, retryInMs: 5000, probing: false });
    clock.set(5000);
    const probe = breaker.tryAcquire();
    expect(probe).toEqual({ ok: true, probe: true });
    expect(breaker.state()).toBe('half-open');
    expect(breaker.tryAcquire()).toEqual({ ok: false, retryInMs: 0, probing: true });
    breaker.onSuccess();
    expect(breaker.state()).toBe('closed');
    expect(breaker.tryAcquire().ok).toBe(true);
  });

  it('a success resets the consecutive count; a failed probe reopens', () => {
    const clock = createFakeClock(0);
    const states: string[] = [];
    const breaker = createCircuitBreaker({ clock, failureThreshold: 5, openMs: 1000 });
    breaker.onStateChange((s) => states.push(s));
    for (let i = 0; i < 4; i += 1) breaker.onFailure();
    breaker.onSuccess();
    for (let i = 0; i < 4; i += 1) breaker.onFailure();
    expect(breaker.state()).toBe('closed');
    breaker.onFailure();
    clock.set(1000);
    expect(breaker.tryAcquire().ok).toBe(true);
    breaker.onFailure();
    expect(breaker.state()).toBe('open');
    expect(states).toEqual(['open', 'half-open', 'open']);
  });

  it('callers can wait for the probe outcome', async () => {
    const clock = createFakeClock(0);
    const breaker = createCircuitBreaker({ clock, failureThreshold: 1, openMs: 10 });
    breaker.onFailure();
    clock.set(10);
    expect(breaker.tryAcquire()).toEqual({ ok: true, probe: true });
    let woke = false;
    const waiting = breaker.probeSettled().then(() => {
      woke = true;
    });
    await Promise.resolve();
    expect(woke).toBe(false);
    breaker.onSuccess();
    await waiting;
    expect(woke).toBe(true);
    await breaker.probeSettled(); // nothing in flight: resolves at once
  });

  it('an abandoned probe frees the half-open slot', () => {
    const clock = createFakeClock(0);
    const breaker = createCircuitBreaker({ clock, failureThreshold: 1, openMs: 10 });
    breaker.onFailure();
    clock.set(10);
    expect(breaker.tryAcquire().ok).toBe(true);
    breaker.onAbandon();
    expect(breaker.tryAcquire().ok).toBe(true);
  });
});
