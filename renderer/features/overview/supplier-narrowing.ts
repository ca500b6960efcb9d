/**
 * The words of the supplier grid's chip "Från översikten: att betala, förfallet, SEK": what a link
 * of the overview (supplier-links.ts) narrowed the supplier view to, read back from the view itself
 * (so a view saved yesterday says what its dates are rather than what they meant yesterday). Pure,
 * with the language's `t`; the customer grid's chip is narrowing.ts.
 */
import { dueSoonEnd } from '../../../electron/common/payables';
import type { Language } from '../../../electron/ipc/contract';
import { resolveDateRange } from '../grid/date-range';
import { formatDate } from '../grid/format';
import type { SupplierGridView } from '../supplierinvoices/supplier-columns';
import { isoWeek, type T } from './chart-format';
import { overdueDueRange } from './links';
import { bucketOfBounds, rangeText, same, weekOfDueBounds } from './narrowing';
import { hasSupplierLink } from './supplier-links';

/**
 * The chip's text, or null when no link narrowed the view. `supplierName` gives a supplier's name
 * when the overview knows it (its ten to pay soonest); the number otherwise.
 */
export function supplierNarrowingText(view: SupplierGridView, today: string, language: Language, t: T, supplierName: (number: string) => string | undefined = () => undefined): string | null {
  if (!hasSupplierLink(view)) return null;
  const parts: string[] = [];
  const due = view.dueRange ? resolveDateRange(view.dueRange, new Date(`${today}T12:00:00`)) : undefined;
  const dueBounds = due && (due.from || due.to) ? due : undefined;
  const supplier = view.supplier === undefined ? undefined : supplierName(view.supplier) ?? view.supplier;
  let dueSaid = false;
  if (view.scope === 'topay') {
    if (supplier !== undefined) {
      parts.push(t('payables.chip.toSupplier', { supplier }));
      // The top ten's link: overdue, or due by today + 30.
      if (dueBounds && !dueBounds.from && dueBounds.to === dueSoonEnd(today)) {
        parts.push(t('payables.chip.dueSoon'));
        dueSaid = true;
      }
    } else {
      parts.push(t('payables.chip.toPay'));
      if (dueBounds && same(dueBounds, overdueDueRange(today))) {
        parts.push(t('overview.chip.overdue'));
        dueSaid = true;
      } else if (dueBounds) {
        const bucket = bucketOfBounds(dueBounds, today);
        const week = bucket === null ? weekOfDueBounds(dueBounds, today) : null;
        if (bucket) parts.push(t(`overview.bucketLong.${bucket}`));
        if (week) parts.push(t('overview.chip.dueWeek', { week: isoWeek(week) }));
        dueSaid = bucket !== null || week !== null;
      }
    }
  } else {
    if (view.scope === 'approval') parts.push(t('payables.chip.approval'));
    if (view.scope === 'paying') parts.push(t('payables.chip.paying'));
    if (supplier !== undefined) parts.push(t('payables.chip.supplier', { supplier }));
  }
  if (view.openat) parts.push(t('days.chip.dpo', { date: formatDate(view.openat, language) }));
  if (dueBounds && !dueSaid) parts.push(t('overview.chip.due', { range: rangeText(dueBounds, language) }));
  if (view.currency) parts.push(view.currency);
  return t('overview.chip', { what: parts.join(', ') });
}
