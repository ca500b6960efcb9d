/**
 * What every overview link shares, into either grid: the date ranges of a month, of overdue and of
 * an outlook week on the report's date, and a view cleared of everything that narrows its rows.
 * Pure: unit-tested through the links (links.ts, supplier-links.ts).
 */
import { addDays } from '../../../electron/common/calendar';
import { longOverdueBefore } from '../../../electron/common/firm';
import type { GridViewOf, ViewTypes } from '../grid/view-spec';
import { isCurrencyCode, type DateBounds } from '../invoices/view';

const MONTH = /^\d{4}-\d{2}$/;

/** The last day of a month (YYYY-MM -> YYYY-MM-DD). */
export function monthEnd(month: string): string {
  return addDays(`${nextMonth(month)}-01`, -1);
}

function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** A month's days as the report counts them: from the 1st to its last day, but never after `asOf`. */
export function monthBounds(month: string, asOf: string): { from: string; to: string } {
  if (!MONTH.test(month)) throw new Error(`not a month: ${month}`);
  const end = monthEnd(month);
  return { from: `${month}-01`, to: end < asOf ? end : asOf };
}

/** The due-date bounds of "overdue" on `asOf`: due before that day. */
export function overdueDueRange(asOf: string): DateBounds {
  return { to: addDays(asOf, -1) };
}

/** The due-date bounds of the firm's "over 60 days" on `asOf` (common/firm.ts): due before asOf − 60. */
export function overdue60DueRange(asOf: string): DateBounds {
  return { to: addDays(longOverdueBefore(asOf), -1) };
}

/** The last day (Sunday) of the week of this Monday. */
export const weekEnd = (monday: string): string => addDays(monday, 6);

/**
 * The due-date bounds of a cash-outlook week on `asOf`: Monday to Sunday, but from `asOf` in the
 * current week (what was due earlier is overdue, its own bar before the first week).
 */
export function weekDueRange(monday: string, asOf: string): { from: string; to: string } {
  return { from: monday > asOf ? monday : asOf, to: weekEnd(monday) };
}

/**
 * The expected-date bounds of a cash-outlook week on `asOf`: Monday to Sunday, and no lower bound
 * for the current week (an expected date before today counts there: that is when it may come in).
 */
export function weekExpectedRange(monday: string, asOf: string): DateBounds {
  return monday > asOf ? { from: monday, to: weekEnd(monday) } : { to: weekEnd(monday) };
}

export const custom = (bounds: DateBounds) => ({ preset: 'custom' as const, ...bounds });

/**
 * Any resource's view ready for a link: its sort, page size and columns kept, everything else that
 * narrows the rows (filter, searches, date ranges, currency, an earlier link) gone, then the link's
 * currency (the caller adds the rest).
 */
export function clearedForLink<V extends ViewTypes>(current: GridViewOf<V>, currency: string): GridViewOf<V> {
  const {
    filter: _filter,
    text: _text,
    dateRange: _dateRange,
    dueRange: _dueRange,
    currency: _currency,
    scope: _scope,
    customer: _customer,
    finalPayRange: _finalPayRange,
    expectedRange: _expectedRange,
    supplier: _supplier,
    openat: _openat,
    search,
    ...kept
  } = current;
  const next = { ...kept, search: { field: search.field, value: '' } } as GridViewOf<V>;
  if (isCurrencyCode(currency)) next.currency = currency;
  return next;
}

/** The month (YYYY-MM) that bounds are exactly: its 1st to its last day, or to `today` within it. */
export function monthOfBounds(bounds: DateBounds | undefined, today: string): string | null {
  if (!bounds?.from || !bounds.to) return null;
  const month = bounds.from.slice(0, 7);
  if (bounds.from !== `${month}-01`) return null;
  return bounds.to === monthEnd(month) || (bounds.to === today && today.slice(0, 7) === month) ? month : null;
}

// Built once: a formatter with a time zone takes a millisecond or more to build, and a chip asks at each render.
const swedishDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's calendar date in Sweden (the service's calendar; what the report's `asOf` is), YYYY-MM-DD. */
export function swedishToday(now: Date = new Date()): string {
  return swedishDay.format(now);
}
