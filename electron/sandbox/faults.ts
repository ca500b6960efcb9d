// Fault injection per route, so tests can see how a client copes with what a real network and a
// real service do now and then: slow answers, 5xx, dropped connections, a truncated body, a burst
// of 429s. Faults act like a misbehaving proxy in front of the service: a 5xx, a reset or a burst
// 429 never reaches the service's own logic (no rate-limit quota, no token consumed); a malformed
// body is the service's real answer cut short.

import type { Rng } from './prng';
import { SANDBOX_ROUTES, type Fault, type SandboxRoute } from './types';

export interface FaultDecision {
  reset: boolean;
  /** 429 from a burst429 fault. */
  burst429: boolean;
  /** A 5xx (or the configured status) instead of the service's answer; null when none. */
  errorStatus: number | null;
  /** What the errorStatus answer carries: an ErrorInformation code, nothing, or an HTML page. */
  errorBody: { code?: number; message?: string; body: 'json' | 'empty' | 'html' };
  malformedJson: boolean;
  extraLatency: readonly [number, number] | undefined;
}

const JSON_BODY = Object.freeze({ body: 'json' as const });
const NO_FAULT: FaultDecision = Object.freeze({ reset: false, burst429: false, errorStatus: null, errorBody: JSON_BODY, malformedJson: false, extraLatency: undefined });

interface ActiveFault {
  fault: Fault;
  /** Requests left for the rate-based parts; Infinity without `count`. */
  remaining: number;
  burstLeft: number;
}

function checkRate(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1)) throw new RangeError(`fault ${name} must be between 0 and 1, got ${value}`);
}

function checkCount(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) throw new RangeError(`fault ${name} must be a non-negative integer, got ${value}`);
}

export class FaultBook {
  private readonly active = new Map<SandboxRoute, ActiveFault>();

  constructor(private readonly rng: Rng) {}

  /** Replaces whatever fault the route had. */
  set(route: SandboxRoute, fault: Fault): void {
    if (!SANDBOX_ROUTES.includes(route)) throw new RangeError(`unknown route for a fault: ${String(route)}`);
    checkRate('errorRate', fault.errorRate);
    checkRate('resetRate', fault.resetRate);
    checkRate('malformedJsonRate', fault.malformedJsonRate);
    checkCount('burst429', fault.burst429);
    checkCount('count', fault.count);
    if (fault.status !== undefined && !(Number.isInteger(fault.status) && fault.status >= 400 && fault.status <= 599)) {
      throw new RangeError(`fault status must be an HTTP error status (400..599), got ${fault.status}`);
    }
    if (fault.code !== undefined && !(Number.isInteger(fault.code) && fault.code > 0)) throw new RangeError(`fault code must be a positive integer, got ${fault.code}`);
    if (fault.body !== undefined && !['json', 'empty', 'html'].includes(fault.body)) throw new RangeError(`fault body must be json, empty or html`);
    if (fault.latencyMs !== undefined) {
      const [min, max] = fault.latencyMs;
      if (!(min >= 0 && max >= min)) throw new RangeError(`fault latencyMs must be [min, max] with 0 <= min <= max`);
    }
    this.active.set(route, { fault: { ...fault }, remaining: fault.count ?? Infinity, burstLeft: fault.burst429 ?? 0 });
  }

  clear(): void {
    this.active.clear();
  }

  /**
   * Decides what happens to one request of the route. `burst429` is its own count (the next N
   * requests); `count` limits the other parts (latency, error, reset, malformed) to the next N
   * requests. A fault with nothing left is removed.
   */
  decide(route: string): FaultDecision {
    const entry = this.active.get(route as SandboxRoute);
    if (!entry) return NO_FAULT;
    if (entry.burstLeft > 0) {
      entry.burstLeft -= 1;
      this.dropIfSpent(route as SandboxRoute, entry);
      return { ...NO_FAULT, burst429: true };
    }
    if (entry.remaining <= 0) {
      this.dropIfSpent(route as SandboxRoute, entry);
      return NO_FAULT;
    }
    entry.remaining -= 1;
    const { fault } = entry;
    const decision: FaultDecision = {
      reset: fault.resetRate !== undefined && this.rng.chance(fault.resetRate),
      burst429: false,
      errorStatus: null,
      errorBody: { body: fault.body ?? 'json', ...(fault.code !== undefined ? { code: fault.code } : {}), ...(fault.message !== undefined ? { message: fault.message } : {}) },
      malformedJson: false,
      extraLatency: fault.latencyMs,
    };
    // A `status` without an `errorRate` means "answer every request with that status".
    const errorRate = fault.errorRate ?? (fault.status !== undefined || fault.code !== undefined ? 1 : undefined);
    if (!decision.reset && errorRate !== undefined && this.rng.chance(errorRate)) decision.errorStatus = fault.status ?? (fault.code !== undefined ? 400 : 503);
    if (!decision.reset && decision.errorStatus === null && fault.malformedJsonRate !== undefined) {
      decision.malformedJson = this.rng.chance(fault.malformedJsonRate);
    }
    this.dropIfSpent(route as SandboxRoute, entry);
    return decision;
  }

  private dropIfSpent(route: SandboxRoute, entry: ActiveFault): void {
    if (entry.burstLeft <= 0 && entry.remaining <= 0) this.active.delete(route);
  }
}
