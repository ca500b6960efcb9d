/**
 * Ageing and per-currency sums, shared by receivables (money owed to you) and payables (money you
 * owe): the buckets of days past due, a currency's figures and how a group of invoices adds to them.
 * Pure: the renderer imports it at run time too.
 */
import { addDays, daysBetween } from './calendar';
import { dueBefore } from './owed';

export const ageingBuckets = ['notDue', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];

/** Days past due that open each bucket (inclusive), and close it (inclusive; null: no end). */
export const bucketDays: Record<AgeingBucket, { from: number | null; to: number | null }> = {
  notDue: { from: null, to: 0 },
  d1_30: { from: 1, to: 30 },
  d31_60: { from: 31, to: 60 },
  d61_90: { from: 61, to: 90 },
  d90plus: { from: 91, to: null },
};

export interface CurrencyReceivables {
  owed: number;
  overdue: number;
  buckets: Record<AgeingBucket, number>;
  counts: Record<'owed' | 'overdue' | AgeingBucket, number>;
}

/** Unbooked invoices of one currency: how many, and their Total (a draft has nothing paid yet). */
export interface CurrencyDrafts {
  amount: number;
  count: number;
}

/** The ageing bucket of an owed invoice: 'notDue' exactly when it is not overdue (common/owed.ts). */
export function bucketOf(dueDate: string, today: string): AgeingBucket {
  if (!dueBefore(dueDate, today)) return 'notDue';
  const late = daysBetween(dueDate, today);
  return late <= 30 ? 'd1_30' : late <= 60 ? 'd31_60' : late <= 90 ? 'd61_90' : 'd90plus';
}

/** The due-date bounds (inclusive) of a bucket on `today`: what the grid filters by when the bucket is clicked. */
export function bucketDueRange(bucket: AgeingBucket, today: string): { fromduedate?: string; toduedate?: string } {
  const { from, to } = bucketDays[bucket];
  return {
    ...(to !== null ? { fromduedate: addDays(today, -to) } : {}),
    ...(from !== null ? { toduedate: addDays(today, -from) } : {}),
  };
}

/** Rounded to cents (sums of floats drift in the last digits). */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** A currency's figures before anything is added (receivables and payables share the shape). */
export const emptyCurrency = (): CurrencyReceivables => ({
  owed: 0,
  overdue: 0,
  buckets: { notDue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
  counts: { owed: 0, overdue: 0, notDue: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 },
});

/** Adds a group (its balance and count) to a currency's figures: owed, its bucket, and overdue unless the bucket is notDue. */
export function addToCurrency(figures: CurrencyReceivables, bucket: AgeingBucket, group: { balance: number; count: number }): void {
  figures.owed += group.balance;
  figures.counts.owed += group.count;
  figures.buckets[bucket] += group.balance;
  figures.counts[bucket] += group.count;
  if (bucket === 'notDue') return;
  figures.overdue += group.balance;
  figures.counts.overdue += group.count;
}

/** Rounds every currency's sums to cents, in place (the builders' last step). */
export function roundCurrencies(currencies: Record<string, CurrencyReceivables>): void {
  for (const figures of Object.values(currencies)) {
    figures.owed = round2(figures.owed);
    figures.overdue = round2(figures.overdue);
    for (const bucket of ageingBuckets) figures.buckets[bucket] = round2(figures.buckets[bucket]);
  }
}
