/** What the overview shows of a report: its currencies in order, one currency's twelve months. Pure. */
import { lastTwelveMonths, type MonthFigures, type ReceivablesReport } from '../../../electron/common/receivables';
import { ofCurrency } from '../../../electron/common/currency-table';

/** Currencies in the overview's lists: SEK first, then by name. */
export const byCurrency = (a: string, b: string) => (a === 'SEK' ? -1 : b === 'SEK' ? 1 : a.localeCompare(b));

/** The currencies of a report (both sides, and the outlook's), SEK first, then by what is owed (largest first), then by name: the charts' currency picker. */
export function reportCurrencies(report: ReceivablesReport): string[] {
  const codes = new Set([
    ...Object.keys(report.currencies),
    ...Object.keys(report.drafts),
    ...report.months.map((m) => m.currency),
    ...Object.keys(report.payables?.currencies ?? {}),
    ...report.cashOutlook.entries.map((e) => e.currency),
  ]);
  const owed = (code: string) => Math.abs(ofCurrency(report.currencies, code)?.owed ?? 0);
  return [...codes].sort((a, b) => (a === 'SEK' ? -1 : b === 'SEK' ? 1 : owed(b) - owed(a) || a.localeCompare(b)));
}

/** The twelve months of one currency, oldest first (zeros where the report has none). */
export function monthsOf(months: readonly MonthFigures[], currency: string, asOf: string): MonthFigures[] {
  const byMonth = new Map(months.filter((m) => m.currency === currency).map((m) => [m.month, m]));
  return lastTwelveMonths(asOf).map((month) => byMonth.get(month) ?? { month, currency, invoiced: 0, invoicedCount: 0, paid: 0, paidCount: 0 });
}
