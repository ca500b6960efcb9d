// What building a register (customers from the invoices, suppliers beside the supplier invoices)
// shares: the company's context, the parties its documents name with the days of their first and
// last document, an exact number of records drawn (the inactive ones), and the stamps of changes
// made on a past day. One pass over the documents (a Map per number, date strings compared as
// strings, no Date objects), so the 500,000-invoice company builds its register once, in tens of
// milliseconds.

import { DAY_MS, parseDay } from './dates';
import { compareRegisterNumbers } from './register-book';
import type { Rng } from './prng';

export interface RegisterContext {
  seed: string;
  tenantId: string;
  /** The data's reference day (UTC day number): nothing generated lies after it. */
  todayDay: number;
}

/** A party the documents name, as they name it. */
export interface DocumentParty {
  number: string;
  /** As its newest document (the last in the records' order) names it. */
  name: string;
  /** The days (UTC day numbers, never after today) of its first and last document. */
  firstDay: number;
  lastDay: number;
}

/** How to read a document's party and date. */
export interface PartyFields<T> {
  number(record: T): string;
  name(record: T): string;
  /** 'YYYY-MM-DD'. */
  date(record: T): string;
}

/** Each party of the documents once, in number order. */
export function documentParties<T>(records: readonly T[], fields: PartyFields<T>, todayDay: number): DocumentParty[] {
  const seen = new Map<string, { name: string; first: string; last: string }>();
  for (const record of records) {
    const date = fields.date(record);
    const number = fields.number(record);
    const entry = seen.get(number);
    if (!entry) {
      seen.set(number, { name: fields.name(record), first: date, last: date });
      continue;
    }
    // Records are in number order of the documents, so the last one seen is the newest: its name wins.
    entry.name = fields.name(record);
    if (date < entry.first) entry.first = date;
    if (date > entry.last) entry.last = date;
  }
  const day = (text: string): number => Math.min(todayDay, parseDay(text) ?? todayDay);
  return [...seen.keys()].sort(compareRegisterNumbers).map((number) => {
    const entry = seen.get(number) as { name: string; first: string; last: string };
    return { number, name: entry.name, firstDay: day(entry.first), lastDay: day(entry.last) };
  });
}

/** Changes on an earlier day happened some time that day; "today" is stamped at midnight UTC, never in the service's future (as data.ts does). */
export function stampOn(rng: Rng, day: number, todayDay: number): number {
  return day >= todayDay ? todayDay * DAY_MS : day * DAY_MS + Math.floor(rng.next() * DAY_MS);
}

/** Exactly `count` distinct indices below n (all of them when count >= n), drawn by a partial Fisher-Yates shuffle. */
export function drawIndices(rng: Rng, n: number, count: number): Set<number> {
  const indices = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < Math.min(count, n); i += 1) {
    const j = rng.int(i, n - 1);
    [indices[i], indices[j]] = [indices[j] as number, indices[i] as number];
  }
  return new Set(indices.slice(0, count));
}
