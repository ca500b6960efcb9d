/**
 * The overview's links into the supplier grid: every payables figure and every money-out bar of the
 * cash outlook sets the supplier grid's view to exactly the invoices it counts, by the rule of
 * electron/common/owed.ts (to pay, overdue) and the definitions of common/payables.ts (awaiting
 * approval, payment under way, the ten to pay soonest: overdue or due by asOf + 30) and
 * common/cash-outlook.ts (a week's money out), on the report's own date (`asOf`). The main process
 * answers them on the copy (its grid query's `scope`, `supplier`, due dates and currency).
 * Pure: the query each link produces is unit-tested.
 */
import { dueSoonEnd } from '../../../electron/common/payables';
import { bucketDueRange, type AgeingBucket } from '../../../electron/common/receivables';
import type { SupplierGridView } from '../supplierinvoices/supplier-columns';
import { clearedForLink, custom, overdueDueRange, weekDueRange } from './link-ranges';

export type SupplierLink =
  /** Everything to pay in the currency (booked or not, payment under way or not). */
  | { kind: 'toPay'; currency: string }
  /** To pay, due before `asOf`. */
  | { kind: 'payOverdue'; currency: string }
  | { kind: 'payBucket'; bucket: AgeingBucket; currency: string }
  /** One supplier of the ten to pay soonest: what is overdue and what falls due within 30 days. */
  | { kind: 'supplier'; supplier: string; currency: string }
  /** To pay and awaiting approval ("Att attestera"). */
  | { kind: 'approval'; currency: string }
  /** To pay with a payment under way ("Betalning pågår"). */
  | { kind: 'paying'; currency: string }
  /** The cash outlook: to pay, due in the week of this Monday (its first week from `asOf` on). */
  | { kind: 'outWeek'; week: string; currency: string }
  /** DPO's month end: what made up the payables at that day, every currency (`currency` ''). */
  | { kind: 'toPayAt'; day: string; currency: string };

/** The view a link opens in the supplier grid: its sort, page size and columns kept, the rest the link's. */
export function supplierLinkView(current: SupplierGridView, link: SupplierLink, asOf: string): SupplierGridView {
  const next = clearedForLink(current, link.currency);
  switch (link.kind) {
    case 'toPay':
      return { ...next, scope: 'topay' };
    case 'payOverdue':
      return { ...next, scope: 'topay', dueRange: custom(overdueDueRange(asOf)) };
    case 'payBucket': {
      const { fromduedate, toduedate } = bucketDueRange(link.bucket, asOf);
      return { ...next, scope: 'topay', dueRange: custom({ ...(fromduedate ? { from: fromduedate } : {}), ...(toduedate ? { to: toduedate } : {}) }) };
    }
    case 'supplier':
      return { ...next, scope: 'topay', supplier: link.supplier, dueRange: custom({ to: dueSoonEnd(asOf) }) };
    case 'approval':
      return { ...next, scope: 'approval' };
    case 'paying':
      return { ...next, scope: 'paying' };
    case 'outWeek':
      return { ...next, scope: 'topay', dueRange: custom(weekDueRange(link.week, asOf)) };
    case 'toPayAt':
      return { ...next, openat: link.day };
  }
}

/** Whether the supplier view was narrowed by a link of the overview (what its chip shows). */
export function hasSupplierLink(view: SupplierGridView): boolean {
  return view.scope !== undefined || view.supplier !== undefined || view.openat !== undefined;
}

/** The supplier view without what a link set (the chip's ×): its scope, supplier, due-date bounds and currency; nothing else. */
export function withoutSupplierLink(view: SupplierGridView): SupplierGridView {
  const { scope: _scope, supplier: _supplier, dueRange: _dueRange, currency: _currency, openat: _openat, ...rest } = view;
  return rest;
}
