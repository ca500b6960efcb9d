/**
 * An accounting firm's row per client company: a few figures that say which clients
 * need attention, all in SEK at each invoice's own rate. The definitions, written once as pure
 * functions; the copy computes the same with SQL (mirror/queries/company-summary.ts, held to these by a
 * test), the CLI prints them (`report --tenants`) and the firm's overview shows them.
 *
 *  - owedSek, overdueSek: the receivables' rule (common/owed.ts): booked, not cancelled, a balance;
 *    overdue when due before today.
 *  - overdue60Sek: owed and more than 60 days past its due date (due before today − 60).
 *  - youOweSek, overdueBillsSek: supplier invoices to pay (not cancelled, a balance, booked or not),
 *    and those due before today; null without the supplier invoices.
 *  - lowestWeek: of the 12-week outlook's weeks (Mondays, the current week first), the one whose net
 *    (money in: owed invoices by due date; money out: bills to pay by due date; overdue on either
 *    side left out) is lowest, the earliest on ties; null without the supplier invoices.
 *  - daysSinceLastInvoice: days from the latest InvoiceDate on or before today of an invoice that is
 *    not cancelled (drafts and credit notes count) to today; null when there is none.
 */
import { addDays, daysBetween } from './calendar';
import { outlookWeeks } from './cash-outlook';
import { valueInSek } from './value-in-sek';
import { dueBefore, isOwed, isToPay } from './owed';

/** More than this many days past due: the firm's "over 60 days". */
export const LONG_OVERDUE_DAYS = 60;

export interface LowestWeek {
  /** The week's Monday (YYYY-MM-DD). */
  week: string;
  netSek: number;
}

export interface CompanySummary {
  /** The service's calendar date the figures are for. */
  asOf: string;
  owedSek: number;
  overdueSek: number;
  overdue60Sek: number;
  youOweSek: number | null;
  overdueBillsSek: number | null;
  lowestWeek: LowestWeek | null;
  daysSinceLastInvoice: number | null;
}

/** What the customer side reads of an invoice. */
export interface SummaryInvoice {
  invoiceDate: string;
  dueDate: string;
  balance: number;
  currencyRate: number;
  currencyUnit: number;
  booked: boolean;
  cancelled: boolean;
}

/** What the supplier side reads of a supplier invoice. */
export type SummaryBill = Omit<SummaryInvoice, 'invoiceDate' | 'booked'>;

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Money is summed exactly: each invoice's SEK value (two decimals at a rate of four make six) to a
 * millionth of a krona, half away from zero, as an integer; sums of those are exact in a double
 * up to 9 billion kronor, whatever their order (SQL's or a loop's), and each figure is rounded to
 * öre once, half away from zero, on that exact value.
 */
export const microSek = (sek: number): number => Math.sign(sek) * Math.round(Math.abs(sek) * 1_000_000);

/** Millionths of a krona to kronor with öre, half away from zero. */
export const oreOfMicro = (micro: number): number => (Math.sign(micro) * Math.floor((Math.abs(micro) + 5_000) / 10_000)) / 100 || 0;

/** The first day after the 60 days past due: an invoice due before it is over 60 days overdue. */
export const longOverdueBefore = (today: string): string => addDays(today, -LONG_OVERDUE_DAYS);

/** The lowest of the 12 weeks' nets (the earliest on ties), from each week's Monday and its net in millionths of a krona. */
export function lowestOf(weeks: readonly string[], nets: ReadonlyMap<string, number>): LowestWeek | null {
  let lowest: LowestWeek | null = null;
  for (const week of weeks) {
    const netSek = oreOfMicro(nets.get(week) ?? 0);
    if (lowest === null || netSek < lowest.netSek) lowest = { week, netSek };
  }
  return lowest;
}

/** An amount in millionths of a krona due on a day: one invoice's, or the copy's sum of a day's (mirror/queries/company-summary.ts). */
export interface DueMicro {
  dueDate: string;
  micro: number;
}

/** The week (its Monday) an amount due on `dueDate` falls in, when it is in the outlook and not overdue. */
function outlookWeekOf(dueDate: string, today: string, weeks: readonly string[]): string | undefined {
  if (!ISO.test(dueDate) || dueDate < today) return undefined;
  return weeks[Math.floor(daysBetween(weeks[0] as string, dueDate) / 7)];
}

/** The figures from what is owed and what is to pay, by due date, and the latest invoice day (the copy's path and the records' path meet here). */
export function summaryOf(today: string, owed: Iterable<DueMicro>, toPay: Iterable<DueMicro> | null, lastInvoiceDate: string | null): CompanySummary {
  const weeks = outlookWeeks(today);
  const nets = new Map<string, number>();
  const before60 = longOverdueBefore(today);
  const sums = { owed: 0, overdue: 0, overdue60: 0, toPay: 0, overdueBills: 0 };
  for (const { dueDate, micro } of owed) {
    sums.owed += micro;
    if (dueBefore(dueDate, today)) sums.overdue += micro;
    if (dueBefore(dueDate, before60)) sums.overdue60 += micro;
    const week = outlookWeekOf(dueDate, today, weeks);
    if (week !== undefined) nets.set(week, (nets.get(week) ?? 0) + micro);
  }
  for (const { dueDate, micro } of toPay ?? []) {
    sums.toPay += micro;
    if (dueBefore(dueDate, today)) sums.overdueBills += micro;
    const week = outlookWeekOf(dueDate, today, weeks);
    if (week !== undefined) nets.set(week, (nets.get(week) ?? 0) - micro);
  }
  const known = toPay !== null;
  return {
    asOf: today,
    owedSek: oreOfMicro(sums.owed),
    overdueSek: oreOfMicro(sums.overdue),
    overdue60Sek: oreOfMicro(sums.overdue60),
    youOweSek: known ? oreOfMicro(sums.toPay) : null,
    overdueBillsSek: known ? oreOfMicro(sums.overdueBills) : null,
    lowestWeek: known ? lowestOf(weeks, nets) : null,
    daysSinceLastInvoice: lastInvoiceDate === null ? null : daysBetween(lastInvoiceDate, today),
  };
}

/** The definitions above over plain records (the tests' recount; the copy sums by due date in SQL). */
export function summarise(today: string, invoices: Iterable<SummaryInvoice>, bills: Iterable<SummaryBill> | null): CompanySummary {
  const owed: DueMicro[] = [];
  let lastInvoice: string | null = null;
  for (const invoice of invoices) {
    if (!invoice.cancelled && ISO.test(invoice.invoiceDate) && invoice.invoiceDate <= today && (lastInvoice === null || invoice.invoiceDate > lastInvoice)) lastInvoice = invoice.invoiceDate;
    if (isOwed(invoice)) owed.push({ dueDate: invoice.dueDate, micro: microSek(valueInSek(invoice.balance, invoice.currencyRate, invoice.currencyUnit)) });
  }
  const toPay = bills === null ? null : [...bills].filter(isToPay).map((bill) => ({ dueDate: bill.dueDate, micro: microSek(valueInSek(bill.balance, bill.currencyRate, bill.currencyUnit)) }));
  return summaryOf(today, owed, toPay, lastInvoice);
}
