// The service's clock. Codes, tokens, rate-limit windows, "overdue" and last-modified times all
// read it, so a test can expire a code or a token by advancing it instead of waiting ten minutes.

import { DAY_MS, swedishDayOf } from './dates';

export class ServiceClock {
  /** Whole days between the real date and the configured `today` (0 when `today` is not set). */
  private readonly baseShiftMs: number;
  private offset = 0;

  constructor(todayDay: number | null, private readonly realNow: () => number = Date.now) {
    // With a configured `today` the service lives on that date (at the real time of day), so the
    // generated data, "overdue" and last-modified times stay consistent with each other.
    this.baseShiftMs = todayDay === null ? 0 : todayDay * DAY_MS - swedishDayOf(realNow()) * DAY_MS;
  }

  now(): number {
    return this.realNow() + this.baseShiftMs + this.offset;
  }

  /** The service's current day number: the Swedish calendar date (the service is Swedish). */
  today(): number {
    return swedishDayOf(this.now());
  }

  /** Only what tests advanced (the `today` shift is not included). */
  get offsetMs(): number {
    return this.offset;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advanceClock: expected a non-negative number of ms, got ${ms}`);
    this.offset += ms;
  }
}
