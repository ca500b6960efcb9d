/**
 * What the cash-outlook chart and its table show of a report's CashOutlook for one currency: the
 * overdue group before the first week, then the 12 weeks with zeros where nothing falls due, each
 * week's net (in − out, null while money out is unknown), and each bar's link. Pure: unit-tested.
 */
import type { CashOutlook } from '../../../electron/common/cash-outlook';
import type { OverviewLink } from './links';
import { ofCurrency } from '../../../electron/common/currency-table';

/** A bar of the chart: money in (due), expected in, money out. */
export const outlookSeries = ['in', 'expected', 'out'] as const;
export type OutlookSeries = (typeof outlookSeries)[number];

/** One bar group: the overdue ('overdue') or a week (its Monday). `amount` is null where it is not shown (out unknown, expected of overdue). */
export interface OutlookGroup {
  /** 'overdue', or the week's Monday (YYYY-MM-DD). */
  key: string;
  bars: Record<OutlookSeries, { amount: number; count: number } | null>;
  /** in − out; null for the overdue group and while money out is unknown. */
  net: number | null;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The overdue group and the 12 weeks of one currency, oldest first. */
export function outlookGroups(outlook: CashOutlook, currency: string): OutlookGroup[] {
  const known = outlook.payablesKnown;
  const overdue = ofCurrency(outlook.overdue, currency);
  const byWeek = new Map(outlook.entries.filter((e) => e.currency === currency).map((e) => [e.week, e]));
  const groups: OutlookGroup[] = [
    {
      key: 'overdue',
      bars: {
        in: { amount: overdue?.in ?? 0, count: overdue?.inCount ?? 0 },
        // Overdue invoices are expected in the first week (their expected date is before today): no bar of their own here.
        expected: null,
        out: known ? { amount: overdue?.out ?? 0, count: overdue?.outCount ?? 0 } : null,
      },
      net: null,
    },
  ];
  for (const week of outlook.weeks) {
    const e = byWeek.get(week);
    const inAmount = e?.in ?? 0;
    const out = known ? (e?.out ?? 0) : null;
    groups.push({
      key: week,
      bars: {
        in: { amount: inAmount, count: e?.inCount ?? 0 },
        expected: { amount: e?.inExpected ?? 0, count: e?.inExpectedCount ?? 0 },
        out: out === null ? null : { amount: out, count: e?.outCount ?? 0 },
      },
      net: out === null ? null : round2(inAmount - out),
    });
  }
  return groups;
}

/** Whether a currency has anything at all in the outlook (else the chart says so instead of 13 empty groups). */
export function outlookHasAny(groups: readonly OutlookGroup[]): boolean {
  return groups.some((g) => outlookSeries.some((s) => (g.bars[s]?.count ?? 0) > 0));
}

/**
 * The link of a bar: the overdue group's in and out are the overview's overdue links (customer
 * owed, supplier to pay, due before asOf); a week's in, expected and out are the week's.
 */
export function outlookLink(group: string, series: OutlookSeries, currency: string): OverviewLink {
  if (group === 'overdue') return series === 'out' ? { kind: 'payOverdue', currency } : { kind: 'overdue', currency };
  switch (series) {
    case 'in':
      return { kind: 'inWeek', week: group, currency };
    case 'expected':
      return { kind: 'expectedWeek', week: group, currency };
    case 'out':
      return { kind: 'outWeek', week: group, currency };
  }
}
