/**
 * The receivables overview's links: every figure and bar sets the grid's view to exactly the
 * invoices it counts, by the rule of electron/common/owed.ts (owed, overdue, drafts) and the
 * definitions of common/receivables.ts (the ageing buckets' due-date bounds, invoiced and paid per
 * month), on the report's own date (`asOf`).
 * Pure: the query each link produces is unit-tested.
 */
import { addDays, bucketDueRange, type AgeingBucket } from '../../../electron/common/receivables';
import { isCurrencyCode, type DateBounds, type GridView } from '../invoices/view';

export type OverviewLink =
  | { kind: 'owed'; currency: string }
  | { kind: 'overdue'; currency: string }
  /** Unbooked invoices ("Utkast"), apart from owed. */
  | { kind: 'drafts'; currency: string }
  | { kind: 'bucket'; bucket: AgeingBucket; currency: string }
  /** A customer's overdue invoices (the top-10 list ranks overdue amounts). */
  | { kind: 'customer'; customer: string; currency: string }
  | { kind: 'invoiced'; month: string; currency: string }
  | { kind: 'paid'; month: string; currency: string };

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

const custom = (bounds: DateBounds) => ({ preset: 'custom' as const, ...bounds });

/**
 * The view a link opens: its sort, page size and columns are kept; everything else that narrows
 * the rows (filter, searches, date ranges, currency, an earlier link) is replaced by the link's.
 */
export function linkView(current: GridView, link: OverviewLink, asOf: string): GridView {
  const {
    filter: _filter,
    text: _text,
    dateRange: _dateRange,
    dueRange: _dueRange,
    currency: _currency,
    scope: _scope,
    customer: _customer,
    finalPayRange: _finalPayRange,
    search,
    ...kept
  } = current;
  const next: GridView = { ...kept, search: { field: search.field, value: '' } };
  if (isCurrencyCode(link.currency)) next.currency = link.currency;
  switch (link.kind) {
    case 'owed':
      return { ...next, scope: 'owed' };
    case 'overdue':
      return { ...next, scope: 'owed', dueRange: custom(overdueDueRange(asOf)) };
    case 'drafts':
      return { ...next, scope: 'drafts' };
    case 'bucket': {
      const { fromduedate, toduedate } = bucketDueRange(link.bucket, asOf);
      return { ...next, scope: 'owed', dueRange: custom({ ...(fromduedate ? { from: fromduedate } : {}), ...(toduedate ? { to: toduedate } : {}) }) };
    }
    case 'customer':
      return { ...next, scope: 'owed', customer: link.customer, dueRange: custom(overdueDueRange(asOf)) };
    case 'invoiced':
      return { ...next, scope: 'notcancelled', dateRange: custom(monthBounds(link.month, asOf)) };
    case 'paid':
      return { ...next, scope: 'paid', finalPayRange: monthBounds(link.month, asOf) };
  }
}

/** Whether the view was narrowed by a link of the overview (what the grid's chip shows). */
export function hasOverviewLink(view: GridView): boolean {
  return view.scope !== undefined || view.customer !== undefined || view.finalPayRange !== undefined;
}

/**
 * The view without what a link set (the chip's ×): the scope, the customer, the FinalPayDate and
 * due-date bounds, the currency, and with the scope "not cancelled" (an invoiced month's link) the
 * invoice-date range. Everything the chip names, and nothing else.
 */
export function withoutOverviewLink(view: GridView): GridView {
  const { scope, customer: _customer, finalPayRange: _finalPayRange, dueRange: _dueRange, currency: _currency, dateRange, ...rest } = view;
  return dateRange && scope !== 'notcancelled' ? { ...rest, dateRange } : rest;
}

/** The month (YYYY-MM) that bounds are exactly: its 1st to its last day, or to `today` within it. */
export function monthOfBounds(bounds: DateBounds | undefined, today: string): string | null {
  if (!bounds?.from || !bounds.to) return null;
  const month = bounds.from.slice(0, 7);
  if (bounds.from !== `${month}-01`) return null;
  return bounds.to === monthEnd(month) || (bounds.to === today && today.slice(0, 7) === month) ? month : null;
}

/** Today's calendar date in Sweden (the service's calendar; what the report's `asOf` is). */
export function swedishToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
