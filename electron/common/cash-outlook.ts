/**
 * The 12-week cash outlook and customers' payment habits, from the open invoices themselves (not
 * from the books or a budget). Pure: the main process computes it on the local copy
 * (mirror/queries/mirror-query.ts), the renderer and the tests import the same definitions.
 *
 *  - Weeks start on Monday (the Swedish calendar, on the service's calendar date): the current week
 *    and the 11 after it.
 *  - Money in: the balance of owed customer invoices (common/owed.ts) by due date; money out: the
 *    balance of supplier invoices to pay by due date. Never converted between currencies.
 *  - Overdue on either side is its own figure before the first week, never spread into it.
 *  - A customer's habit: the median of (FinalPayDate − DueDate) in whole days over their invoices
 *    (not credit notes) paid in the last 365 days (by FinalPayDate), the two middle values averaged
 *    and rounded for an even count, then clamped at 0 (early payers, and customers without history: 0).
 *  - An owed invoice's expected date: its due date plus its customer's habit. One before today counts
 *    in the current week (overdue ones too: that is when they may come in), one after the 12 weeks
 *    in none. The habit SQL (mirror/queries/queryable-resources.ts HABITS_SQL) and paymentHabits below
 *    agree (a test checks it).
 */
import { addDays, daysBetween } from './calendar';
import { currencyTable } from './currency-table';

export const OUTLOOK_WEEKS = 12;
/** How far back a paid invoice counts for a customer's habit. */
export const HABIT_DAYS = 365;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The Monday of `date`'s week (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const day = new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10))).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

/** The Mondays of the current week and the 11 after it. */
export function outlookWeeks(today: string): string[] {
  const first = mondayOf(today);
  return Array.from({ length: OUTLOOK_WEEKS }, (_, i) => addDays(first, i * 7));
}

/** The first FinalPayDate that counts for the habits on `today`. */
export const habitFrom = (today: string): string => addDays(today, -(HABIT_DAYS - 1));

/** The input of the habits: a customer invoice of the list, or a local-copy row. */
export interface HabitInput {
  customerNumber: string;
  dueDate: string;
  finalPayDate: string | null;
  total: number;
  balance: number;
  booked: boolean;
  cancelled: boolean;
}

/** Whether a paid invoice counts for its customer's habit on `today`. */
export function countsForHabit(invoice: HabitInput, today: string): boolean {
  const paid = invoice.finalPayDate;
  return invoice.booked && !invoice.cancelled && invoice.balance === 0 && invoice.total > 0 && paid !== null && ISO_DATE.test(paid) && ISO_DATE.test(invoice.dueDate) && paid >= habitFrom(today) && paid <= today;
}

/** The median of whole days, the two middle values averaged and rounded (half up) for an even count, clamped at 0. */
export function medianDaysLate(days: readonly number[]): number {
  if (days.length === 0) return 0;
  const sorted = [...days].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? (sorted[mid] as number) : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
  return Math.max(0, median);
}

export interface PaymentHabit {
  /** Days after the due date the customer usually pays (0: on time or early, or no history). */
  days: number;
  /** The paid invoices it was computed from. */
  paid: number;
}

/** Each customer's habit from their invoices (the ones that do not count are skipped). */
export function paymentHabits(invoices: Iterable<HabitInput>, today: string): Map<string, PaymentHabit> {
  const late = new Map<string, number[]>();
  for (const invoice of invoices) {
    if (!countsForHabit(invoice, today)) continue;
    const list = late.get(invoice.customerNumber) ?? [];
    list.push(daysBetween(invoice.dueDate, invoice.finalPayDate as string));
    late.set(invoice.customerNumber, list);
  }
  return new Map([...late].map(([customer, days]) => [customer, { days: medianDaysLate(days), paid: days.length }]));
}

/** The expected date of an owed invoice: its due date plus its customer's habit (no due date: none). */
export function expectedDate(dueDate: string, habitDays: number): string | null {
  return ISO_DATE.test(dueDate) ? addDays(dueDate, habitDays) : null;
}

/**
 * The outlook's week index (0..11; outside: none) of an invoice due on `dueDate` from a customer
 * with a habit of `days`: its expected date's week, the first for a date before today.
 */
export function expectedWeekIndex(today: string): (dueDate: string, days: number) => number {
  const first = mondayOf(today);
  return (dueDate, days) => {
    const expected = addDays(dueDate, days);
    return expected < today ? 0 : Math.floor(daysBetween(first, expected) / 7);
  };
}

/** The week (its Monday) a date counts in, or null outside the 12 weeks; before the first week counts as `beforeFirst`. */
export function weekOf(date: string, weeks: readonly string[]): string | 'before' | null {
  const first = weeks[0] as string;
  if (date < first) return 'before';
  const index = Math.floor(daysBetween(first, date) / 7);
  return index < weeks.length ? (weeks[index] as string) : null;
}

/** One week and currency of the outlook. `out` is null where the payables are not known (no supplier copy). */
export interface OutlookWeek {
  /** The Monday, YYYY-MM-DD. */
  week: string;
  currency: string;
  /** Owed customer invoices due this week (balance), and how many. */
  in: number;
  inCount: number;
  /** Supplier invoices to pay due this week (balance), and how many. */
  out: number | null;
  outCount: number;
  /** Owed customer invoices expected this week (the first week also takes every expected date before today). */
  inExpected: number;
  inExpectedCount: number;
}

/** What is overdue on both sides of one currency: before the first week, never spread into it. */
export interface OutlookOverdue {
  in: number;
  inCount: number;
  out: number | null;
  outCount: number;
}

export interface CashOutlook {
  /** The 12 Mondays. */
  weeks: string[];
  /** Every week of every currency with anything in it on either side (all 12 weeks of such a currency), by currency then week. */
  entries: OutlookWeek[];
  overdue: Record<string, OutlookOverdue>;
  /** Whether money out is known (the supplier invoices' copy is ready). */
  payablesKnown: boolean;
}

/** The inputs of the outlook: owed customer invoices and supplier invoices to pay (the caller filters by the rule). */
export interface OutlookIn {
  currency: string;
  dueDate: string;
  balance: number;
  customerNumber: string;
  /** How many invoices `balance` sums (a group of the same customer, currency and due date); 1 without. */
  count?: number;
}
export interface OutlookOut {
  currency: string;
  dueDate: string;
  balance: number;
  count?: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The outlook builder: feed owed invoices and invoices to pay one by one, then `finish`. */
export function createOutlook(today: string, habits: ReadonlyMap<string, PaymentHabit>, payablesKnown: boolean) {
  const weeks = outlookWeeks(today);
  const firstWeek = weeks[0] as string;
  /** The week a date (today or after) falls in, counted from the first (may be 12 or more). */
  const weekIndex = (date: string): number => Math.floor(daysBetween(firstWeek, date) / 7);
  const byKey = new Map<string, OutlookWeek>();
  const overdue = currencyTable<OutlookOverdue>();
  const currencies = new Set<string>();
  const entry = (week: string, currency: string): OutlookWeek => {
    const key = `${currency} ${week}`;
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = { week, currency, in: 0, inCount: 0, out: payablesKnown ? 0 : null, outCount: 0, inExpected: 0, inExpectedCount: 0 }));
    return found;
  };
  const overdueOf = (currency: string): OutlookOverdue => (overdue[currency] ??= { in: 0, inCount: 0, out: payablesKnown ? 0 : null, outCount: 0 });
  const api = {
    /** An owed invoice (or group): money in by its due date, and expected in by its customer's habit. */
    addIn(invoice: OutlookIn): void {
      api.addDue(invoice);
      api.addExpectedOf(invoice);
    },
    /** Expected in only, by the customer's habit (an owed invoice or a group of one customer and due date). */
    addExpectedOf(invoice: OutlookIn): void {
      if (!ISO_DATE.test(invoice.dueDate)) return;
      const expected = expectedDate(invoice.dueDate, habits.get(invoice.customerNumber)?.days ?? 0) as string;
      api.addExpected(invoice.currency, expected < today ? 0 : weekIndex(expected), invoice.count ?? 1, invoice.balance);
    },
    /** Money in by due date only (owed invoices grouped by currency and due date). */
    addDue(invoice: Omit<OutlookIn, 'customerNumber'>): void {
      if (!ISO_DATE.test(invoice.dueDate)) return;
      if (invoice.dueDate < today) {
        const o = overdueOf(invoice.currency);
        o.in += invoice.balance;
        o.inCount += invoice.count ?? 1;
        currencies.add(invoice.currency);
      } else {
        const week = weekOf(invoice.dueDate, weeks);
        if (week !== null && week !== 'before') {
          const e = entry(week, invoice.currency);
          e.in += invoice.balance;
          e.inCount += invoice.count ?? 1;
          currencies.add(invoice.currency);
        }
      }
    },
    /**
     * Money expected in week `index` (0 the current week, which also takes every expected date
     * before today; outside 0..11 nothing). The copy computes the index in SQL (mirror-query.ts).
     */
    addExpected(currency: string, index: number, count: number, balance: number): void {
      if (!Number.isInteger(index) || index < 0 || index >= weeks.length) return;
      const e = entry(weeks[index] as string, currency);
      e.inExpected += balance;
      e.inExpectedCount += count;
      currencies.add(currency);
    },
    addOut(invoice: OutlookOut): void {
      if (!ISO_DATE.test(invoice.dueDate)) return;
      if (invoice.dueDate < today) {
        const o = overdueOf(invoice.currency);
        o.out = (o.out ?? 0) + invoice.balance;
        o.outCount += invoice.count ?? 1;
        currencies.add(invoice.currency);
        return;
      }
      const week = weekOf(invoice.dueDate, weeks);
      if (week === null || week === 'before') return;
      const e = entry(week, invoice.currency);
      e.out = (e.out ?? 0) + invoice.balance;
      e.outCount += invoice.count ?? 1;
      currencies.add(invoice.currency);
    },
    finish(): CashOutlook {
      const entries: OutlookWeek[] = [];
      for (const currency of [...currencies].sort()) {
        for (const week of weeks) {
          const e = byKey.get(`${currency} ${week}`) ?? entry(week, currency);
          entries.push({ ...e, in: round2(e.in), out: e.out === null ? null : round2(e.out), inExpected: round2(e.inExpected) });
        }
        const o = overdueOf(currency);
        o.in = round2(o.in);
        if (o.out !== null) o.out = round2(o.out);
      }
      return { weeks, entries, overdue, payablesKnown };
    },
  };
  return api;
}
