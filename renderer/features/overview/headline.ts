/**
 * The headline strip's figures (HeadlineStrip.tsx): of a report's main currency (SEK first, else
 * the one with the most owed: reportCurrencies), what is owed, overdue and to pay, and the week of
 * the cash outlook with the lowest net (in − out), each with the link that opens exactly its
 * invoices, as the overview's own figures do. Pure: unit-tested.
 */
import { ofCurrency } from '../../../electron/common/currency-table';
import type { ReceivablesReport } from '../../../electron/common/receivables';
import type { OverviewLink } from './links';
import { outlookGroups } from './outlook-view';
import { reportCurrencies } from './report-view';

export interface HeadlineFigure {
  amount: number;
  count: number;
  link: OverviewLink;
}

export interface LowestWeek extends HeadlineFigure {
  /** Its Monday (YYYY-MM-DD). */
  week: string;
  /** `link` opens the week's supplier invoices ('out'), or its customer invoices when nothing goes out that week ('in'). */
  side: 'in' | 'out';
}

export interface Headline {
  currency: string;
  owed: HeadlineFigure | null;
  overdue: HeadlineFigure | null;
  /** Null while the payables are not known (the supplier copy not ready, or no access). */
  toPay: HeadlineFigure | null;
  lowestWeek: LowestWeek | null;
}

/** The strip's figures, or null when the report has no currency at all (a company without invoices). */
export function headlineOf(report: ReceivablesReport): Headline | null {
  const currency = reportCurrencies(report)[0];
  if (currency === undefined) return null;
  // The main currency may be one of drafts, the outlook or the payables only: never a figure the table inherits.
  const owed = ofCurrency(report.currencies, currency);
  const toPay = report.payables ? ofCurrency(report.payables.currencies, currency) : undefined;
  return {
    currency,
    owed: owed ? { amount: owed.owed, count: owed.counts.owed, link: { kind: 'owed', currency } } : null,
    overdue: owed ? { amount: owed.overdue, count: owed.counts.overdue, link: { kind: 'overdue', currency } } : null,
    toPay: report.payables === null ? null : { amount: toPay?.owed ?? 0, count: toPay?.counts.owed ?? 0, link: { kind: 'toPay', currency } },
    lowestWeek: lowestWeek(report, currency),
  };
}

/**
 * The week of the 12 with the lowest net; the earliest of equals. Only where money out is known (a
 * net of money in alone would call the quietest week the lowest). Its link opens what pulls it
 * down, the week's supplier invoices, or its customer invoices when none is due that week.
 */
export function lowestWeek(report: ReceivablesReport, currency: string): LowestWeek | null {
  if (!report.cashOutlook.payablesKnown) return null;
  let lowest: LowestWeek | null = null;
  for (const group of outlookGroups(report.cashOutlook, currency)) {
    if (group.key === 'overdue' || group.net === null) continue;
    if (lowest !== null && group.net >= lowest.amount) continue;
    const out = group.bars.out;
    const side = out && out.count > 0 ? 'out' : 'in';
    lowest = {
      week: group.key,
      amount: group.net,
      side,
      count: side === 'out' ? (out?.count ?? 0) : (group.bars.in?.count ?? 0),
      link: side === 'out' ? { kind: 'outWeek', week: group.key, currency } : { kind: 'inWeek', week: group.key, currency },
    };
  }
  return lowest;
}
