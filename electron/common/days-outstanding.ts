/**
 * Days sales outstanding (DSO) and days payables outstanding (DPO) by the countback method,
 * per company, in SEK at each invoice's own rate, for each of the last 12 month ends.
 *
 * At a month end M (the current month: today), the balance B(M) is the statement's rule summed over
 * everyone: Σ over the counted invoices dated on or before M of (Total − their payments dated on or
 * before M). If B ≤ 0: 0 days. Otherwise take months back from M with that month's invoicing (the
 * counted invoices dated in it, credit notes negative; M's own month only up to M): a month whose
 * invoicing is ≤ 0 adds its days and subtracts nothing; while B ≥ the month's invoicing, subtract it
 * and add the month's days (M's own month: its days up to M); when B is smaller, add
 * B / invoicing × the month's days and stop; at most 365 days. A balance used up exactly by whole
 * months stops there (read literally, months without invoicing before it would add their days to a
 * balance already explained: 1,000 owed of January's 1,000 would be 365 days, not 31).
 *
 * Which invoices count is the caller's: DSO counts booked, not cancelled customer invoices; DPO
 * supplier invoices not cancelled, booked or not. Pure: fed by day (mirror/queries/money-history.ts).
 */
import { addDays } from './calendar';

/** What the copy knows, by day, in SEK. */
export interface DayFigures {
  /** Per invoice date: the Total of the counted invoices dated that day. */
  invoiced: ReadonlyMap<string, number>;
  /**
   * Per day: the payments that lower the balance from that day on, i.e. each payment of a counted
   * invoice under the later of its payment date and its invoice's date (an invoice counts only
   * from its own date, so a payment dated before it lowers nothing until then).
   */
  paid: ReadonlyMap<string, number>;
}

export interface MonthDays {
  /** YYYY-MM. */
  month: string;
  /** The day the figure is as at: the month's last day, or today for the current month. */
  asOf: string;
  /** The balance as at that day, SEK rounded to öre. */
  balance: number;
  /** Countback days, one decimal. */
  days: number;
}

/** DSO and DPO of one company: each null when its payments (or, for DPO, the supplier invoices) are not known. */
export interface DaysOutstanding {
  dso: MonthDays[] | null;
  dpo: MonthDays[] | null;
}

export const MAX_DAYS = 365;

const lastDayOf = (month: string): string => addDays(`${nextMonth(month)}-01`, -1);
function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
function previousMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The 12 month ends, oldest first: the 11 last days of the months before today's, then today. */
export function monthEnds(today: string): Array<{ month: string; asOf: string }> {
  const out: Array<{ month: string; asOf: string }> = [{ month: today.slice(0, 7), asOf: today }];
  while (out.length < 12) {
    const month = previousMonth((out[0] as { month: string }).month);
    out.unshift({ month, asOf: lastDayOf(month) });
  }
  return out;
}

/** The countback days of a balance, from the month of `asOf` back (see the file's comment). */
export function countback(balance: number, asOf: string, invoicingOf: (month: string, upTo: string) => number): number {
  // In öre (integers): a month that explains the balance exactly must compare equal, whatever float
  // sums of rates and amounts would leave in the last digits.
  const ore = (value: number): number => Math.round(value * 100);
  if (ore(balance) <= 0) return 0;
  let left = ore(balance);
  let days = 0;
  let month = asOf.slice(0, 7);
  let upTo = asOf;
  while (days < MAX_DAYS) {
    const monthDays = Number(upTo.slice(8, 10));
    const invoicing = ore(invoicingOf(month, upTo));
    if (invoicing <= 0) days += monthDays;
    else if (left >= invoicing) {
      left -= invoicing;
      days += monthDays;
      // Used up exactly: nothing is left to explain, so the months before (even empty ones) add nothing.
      if (left <= 0) break;
    } else {
      days += (left / invoicing) * monthDays;
      break;
    }
    month = previousMonth(month);
    upTo = lastDayOf(month);
  }
  return Math.min(days, MAX_DAYS);
}

/** The 12 month ends' balance and countback days, oldest first. */
export function daysOutstanding(figures: DayFigures, today: string): MonthDays[] {
  const ends = monthEnds(today);
  // Cumulative sums by sorted day make each balance one pass; invoicing by month from the same days.
  const balanceAt = (day: string): number => {
    let sum = 0;
    for (const [d, v] of figures.invoiced) if (d <= day) sum += v;
    for (const [d, v] of figures.paid) if (d <= day) sum -= v;
    return sum;
  };
  const byMonth = new Map<string, Array<[string, number]>>();
  for (const [day, value] of figures.invoiced) {
    const list = byMonth.get(day.slice(0, 7));
    if (list) list.push([day, value]);
    else byMonth.set(day.slice(0, 7), [[day, value]]);
  }
  const invoicingOf = (month: string, upTo: string): number => (byMonth.get(month) ?? []).reduce((sum, [day, value]) => (day <= upTo ? sum + value : sum), 0);
  return ends.map(({ month, asOf }) => {
    const balance = Math.round(balanceAt(asOf) * 100) / 100 || 0;
    return { month, asOf, balance, days: Math.round(countback(balance, asOf, invoicingOf) * 10) / 10 };
  });
}
