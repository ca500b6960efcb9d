/**
 * Each figure of the firm's overview opens its company with a grid narrowed to exactly the invoices
 * it counts, in every currency (the figures are in SEK at each invoice's own rate), on the date the
 * figures are for (`summary.asOf`): the overview's own links (overview/links.ts,
 * supplier-links.ts). Pure: unit-tested.
 */
import { addDays } from '../../../electron/common/calendar';
import type { CompanySummary } from '../../../electron/common/firm';
import type { OverviewLink } from '../overview/links';

export const firmFigures = ['owed', 'overdue', 'overdue60', 'youOwe', 'overdueBills', 'lowestWeek', 'daysSinceLastInvoice'] as const;
export type FirmFigure = (typeof firmFigures)[number];

/** Every currency: the firm's figures add them up in SEK. */
const ALL = '';

/**
 * The link of a figure, or null when it has none (no supplier side, no invoice yet). The lowest
 * week opens what pulls it down: its supplier invoices when its net is below zero, else its
 * customer invoices due that week.
 */
export function figureLink(figure: FirmFigure, summary: CompanySummary): OverviewLink | null {
  switch (figure) {
    case 'owed':
      return { kind: 'owed', currency: ALL };
    case 'overdue':
      return { kind: 'overdue', currency: ALL };
    case 'overdue60':
      return { kind: 'overdue60', currency: ALL };
    case 'youOwe':
      return summary.youOweSek === null ? null : { kind: 'toPay', currency: ALL };
    case 'overdueBills':
      return summary.overdueBillsSek === null ? null : { kind: 'payOverdue', currency: ALL };
    case 'lowestWeek': {
      const week = summary.lowestWeek;
      if (week === null) return null;
      return week.netSek < 0 ? { kind: 'outWeek', week: week.week, currency: ALL } : { kind: 'inWeek', week: week.week, currency: ALL };
    }
    case 'daysSinceLastInvoice':
      return summary.daysSinceLastInvoice === null ? null : { kind: 'invoicedOn', day: addDays(summary.asOf, -summary.daysSinceLastInvoice), currency: ALL };
  }
}

/** What a figure is, as a number to sort and show (null: unknown). */
export function figureValue(figure: FirmFigure, summary: CompanySummary | undefined): number | null {
  if (!summary) return null;
  switch (figure) {
    case 'owed':
      return summary.owedSek;
    case 'overdue':
      return summary.overdueSek;
    case 'overdue60':
      return summary.overdue60Sek;
    case 'youOwe':
      return summary.youOweSek;
    case 'overdueBills':
      return summary.overdueBillsSek;
    case 'lowestWeek':
      return summary.lowestWeek?.netSek ?? null;
    case 'daysSinceLastInvoice':
      return summary.daysSinceLastInvoice;
  }
}
