/**
 * The overview's links into the customer grid: every figure and bar sets the grid's view to exactly
 * the invoices it counts, by the rule of electron/common/owed.ts (owed, overdue, drafts) and the
 * definitions of common/receivables.ts (the ageing buckets' due-date bounds, invoiced and paid per
 * month) and common/cash-outlook.ts (a week's money in, due or expected), on the report's own date
 * (`asOf`). The links into the supplier grid are supplier-links.ts's.
 * Pure: the query each link produces is unit-tested.
 */
import { addDays, bucketDueRange, type AgeingBucket } from '../../../electron/common/receivables';
import type { GridViewOf, ViewTypes } from '../invoices/grid-view';
import { isCurrencyCode, type DateBounds, type GridView } from '../invoices/view';
import type { SupplierLink } from './supplier-links';

/** A link of the overview: into the customer grid, or into the supplier grid (supplier-links.ts). */
export type OverviewLink = CustomerLink | SupplierLink;

export type CustomerLink =
  | { kind: 'owed'; currency: string }
  | { kind: 'overdue'; currency: string }
  /** Unbooked invoices ("Utkast"), apart from owed. */
  | { kind: 'drafts'; currency: string }
  | { kind: 'bucket'; bucket: AgeingBucket; currency: string }
  /** A customer's overdue invoices (the top-10 list ranks overdue amounts). */
  | { kind: 'customer'; customer: string; currency: string }
  | { kind: 'invoiced'; month: string; currency: string }
  | { kind: 'paid'; month: string; currency: string }
  /** The cash outlook: owed invoices due in the week of this Monday (its first week from `asOf` on: earlier days are overdue). */
  | { kind: 'inWeek'; week: string; currency: string }
  /** The cash outlook: owed invoices expected in the week of this Monday (its first week also takes every expected date before it). */
  | { kind: 'expectedWeek'; week: string; currency: string };

const customerKinds: ReadonlySet<string> = new Set<CustomerLink['kind']>(['owed', 'overdue', 'drafts', 'bucket', 'customer', 'invoiced', 'paid', 'inWeek', 'expectedWeek']);

/** Whether a link opens the customer grid (else the supplier grid). */
export const isCustomerLink = (link: OverviewLink): link is CustomerLink => customerKinds.has(link.kind);

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
    search,
    ...kept
  } = current;
  const next = { ...kept, search: { field: search.field, value: '' } } as GridViewOf<V>;
  if (isCurrencyCode(currency)) next.currency = currency;
  return next;
}

/** The view a link opens in the customer grid (clearedForLink, then the link's narrowing). */
export function linkView(current: GridView, link: CustomerLink, asOf: string): GridView {
  const next = clearedForLink(current, link.currency);
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
    case 'inWeek':
      return { ...next, scope: 'owed', dueRange: custom(weekDueRange(link.week, asOf)) };
    case 'expectedWeek':
      return { ...next, scope: 'owed', expectedRange: weekExpectedRange(link.week, asOf) };
  }
}

/** Whether the view was narrowed by a link of the overview (what the grid's chip shows). */
export function hasOverviewLink(view: GridView): boolean {
  return view.scope !== undefined || view.customer !== undefined || view.finalPayRange !== undefined || view.expectedRange !== undefined;
}

/**
 * The view without what a link set (the chip's ×): the scope, the customer, the FinalPayDate,
 * expected-date and due-date bounds, the currency, and with the scope "not cancelled" (an invoiced
 * month's link) the invoice-date range. Everything the chip names, and nothing else.
 */
export function withoutOverviewLink(view: GridView): GridView {
  const { scope, customer: _customer, finalPayRange: _finalPayRange, expectedRange: _expectedRange, dueRange: _dueRange, currency: _currency, dateRange, ...rest } = view;
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
