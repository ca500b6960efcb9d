/**
 * The overview's links into the customer grid: every figure and bar sets the grid's view to exactly
 * the invoices it counts, by the rule of electron/common/owed.ts (owed, overdue, drafts) and the
 * definitions of common/receivables.ts (the ageing buckets' due-date bounds, invoiced and paid per
 * month) and common/cash-outlook.ts (a week's money in, due or expected), on the report's own date
 * (`asOf`). The links into the supplier grid are supplier-links.ts's.
 * Pure: the query each link produces is unit-tested.
 */
import { bucketDueRange, type AgeingBucket } from '../../../electron/common/receivables';
import type { InvoiceGridView } from '../invoices/view';
import { clearedForLink, custom, monthBounds, overdue60DueRange, overdueDueRange, weekDueRange, weekExpectedRange } from './link-ranges';
import type { SupplierLink } from './supplier-links';

/** A link of the overview: into the customer grid, or into the supplier grid (supplier-links.ts). */
export type OverviewLink = CustomerLink | SupplierLink;

// The date ranges and the cleared view every link starts from (link-ranges.ts; re-exported for their users).
export { clearedForLink, custom, monthBounds, monthEnd, monthOfBounds, overdue60DueRange, overdueDueRange, swedishToday, weekDueRange, weekEnd, weekExpectedRange } from './link-ranges';

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
  | { kind: 'expectedWeek'; week: string; currency: string }
  /** DSO's month end: what made up the receivables at that day, every currency (`currency` ''). */
  | { kind: 'openAt'; day: string; currency: string }
  /** The firm's "over 60 days": owed, due more than 60 days before `asOf`. */
  | { kind: 'overdue60'; currency: string }
  /** The firm's "days since the last invoice": the invoices of that day that are not cancelled (drafts and credit notes too). */
  | { kind: 'invoicedOn'; day: string; currency: string };

const customerKinds: ReadonlySet<string> = new Set<CustomerLink['kind']>(['owed', 'overdue', 'drafts', 'bucket', 'customer', 'invoiced', 'paid', 'inWeek', 'expectedWeek', 'openAt', 'overdue60', 'invoicedOn']);

/** Whether a link opens the customer grid (else the supplier grid). */
export const isCustomerLink = (link: OverviewLink): link is CustomerLink => customerKinds.has(link.kind);

/** The view a link opens in the customer grid (clearedForLink, then the link's narrowing). */
export function linkView(current: InvoiceGridView, link: CustomerLink, asOf: string): InvoiceGridView {
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
    case 'openAt':
      return { ...next, openat: link.day };
    case 'overdue60':
      return { ...next, scope: 'owed', dueRange: custom(overdue60DueRange(asOf)) };
    case 'invoicedOn':
      return { ...next, scope: 'notcancelled', dateRange: custom({ from: link.day, to: link.day }) };
  }
}

/** Whether the view was narrowed by a link of the overview (what the grid's chip shows). */
export function hasOverviewLink(view: InvoiceGridView): boolean {
  return view.scope !== undefined || view.customer !== undefined || view.finalPayRange !== undefined || view.expectedRange !== undefined || view.openat !== undefined;
}

/**
 * The view without what a link set (the chip's ×): the scope, the customer, the FinalPayDate,
 * expected-date and due-date bounds, the currency, and with the scope "not cancelled" (an invoiced
 * month's link) the invoice-date range. Everything the chip names, and nothing else.
 */
export function withoutOverviewLink(view: InvoiceGridView): InvoiceGridView {
  const { scope, customer: _customer, finalPayRange: _finalPayRange, expectedRange: _expectedRange, dueRange: _dueRange, currency: _currency, openat: _openat, dateRange, ...rest } = view;
  return dateRange && scope !== 'notcancelled' ? { ...rest, dateRange } : rest;
}
