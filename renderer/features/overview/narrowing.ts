/**
 * The words of the grid's chip "From the overview: 1–30 days overdue, SEK": what a link of the
 * overview narrowed the view to, read back from the view itself (so a view saved yesterday says
 * what its dates are rather than what they meant yesterday). Pure, with the language's `t`.
 */
import { mondayOf } from '../../../electron/common/cash-outlook';
import { addDays, ageingBuckets, bucketDueRange, type AgeingBucket } from '../../../electron/common/receivables';
import type { Language } from '../../../electron/ipc/contract';
import { formatDate } from '../grid/format';
import type { DateBounds, InvoiceGridView } from '../invoices/view';
import { resolveDateRange } from '../invoices/view';
import { hasOverviewLink, monthOfBounds, overdue60DueRange, overdueDueRange } from './links';
import { isoWeek, monthName, type T } from './chart-format';

export const same = (a: DateBounds, b: DateBounds) => (a.from ?? '') === (b.from ?? '') && (a.to ?? '') === (b.to ?? '');

/** The bucket whose due-date bounds on `today` are exactly these, or null. */
export function bucketOfBounds(bounds: DateBounds, today: string): AgeingBucket | null {
  for (const bucket of ageingBuckets) {
    const { fromduedate, toduedate } = bucketDueRange(bucket, today);
    if (same(bounds, { ...(fromduedate ? { from: fromduedate } : {}), ...(toduedate ? { to: toduedate } : {}) })) return bucket;
  }
  return null;
}

export function rangeText(bounds: DateBounds, language: Language): string {
  return `${bounds.from ? formatDate(bounds.from, language) : '…'}–${bounds.to ? formatDate(bounds.to, language) : '…'}`;
}

/** Whether a date is a Sunday (the last day of a week). */
const isSunday = (date: string): boolean => mondayOf(date) === addDays(date, -6);

/**
 * The Monday of the cash-outlook week whose due-date bounds on `today` are exactly these (links.ts
 * weekDueRange: Monday to Sunday, the current week from today), or null.
 */
export function weekOfDueBounds(bounds: DateBounds, today: string): string | null {
  if (!bounds.from || !bounds.to || !isSunday(bounds.to)) return null;
  const monday = addDays(bounds.to, -6);
  return bounds.from === monday || (bounds.from === today && today > monday && today <= bounds.to) ? monday : null;
}

/** The words of expected-date bounds: a week, "that week or earlier" (the current week's), or the dates. */
export function expectedText(bounds: DateBounds, language: Language, t: T): string {
  if (bounds.to && isSunday(bounds.to)) {
    const monday = addDays(bounds.to, -6);
    if (bounds.from === monday) return t('overview.chip.expectedWeek', { week: isoWeek(monday) });
    if (bounds.from === undefined) return t('overview.chip.expectedByWeek', { week: isoWeek(monday) });
  }
  return t('overview.chip.expected', { range: rangeText(bounds, language) });
}

/**
 * The chip's text, or null when no link narrowed the view. `customerName` gives a customer's name
 * when the overview knows it (its top-10 list); the number otherwise.
 */
export function narrowingText(view: InvoiceGridView, today: string, language: Language, t: T, customerName: (number: string) => string | undefined = () => undefined): string | null {
  if (!hasOverviewLink(view)) return null;
  const parts: string[] = [];
  const due = view.dueRange ? resolveDateRange(view.dueRange, new Date(`${today}T12:00:00`)) : undefined;
  const dueBounds = due && (due.from || due.to) ? due : undefined;
  const overdue = dueBounds !== undefined && same(dueBounds, overdueDueRange(today));
  const customer = view.customer === undefined ? undefined : customerName(view.customer) ?? view.customer;
  let dueSaid = false;
  if (view.scope === 'owed') {
    if (customer !== undefined) {
      parts.push(t(overdue ? 'overview.chip.customerOverdue' : 'overview.chip.customerOwed', { customer }));
      dueSaid = overdue;
    } else if (overdue) {
      parts.push(t('overview.chip.overdue'));
      dueSaid = true;
    } else if (dueBounds !== undefined && same(dueBounds, overdue60DueRange(today))) {
      parts.push(t('overview.chip.overdue60'));
      dueSaid = true;
    } else {
      const bucket = dueBounds ? bucketOfBounds(dueBounds, today) : null;
      const week = bucket === null && dueBounds ? weekOfDueBounds(dueBounds, today) : null;
      parts.push(bucket ? t(`overview.bucketLong.${bucket}`) : t('overview.chip.owed'));
      if (week) parts.push(t('overview.chip.dueWeek', { week: isoWeek(week) }));
      dueSaid = bucket !== null || week !== null;
    }
  } else if (view.scope === 'drafts') {
    parts.push(t('overview.chip.drafts'));
  } else if (view.scope === 'notcancelled') {
    const dates = view.dateRange ? resolveDateRange(view.dateRange, new Date(`${today}T12:00:00`)) : {};
    const month = monthOfBounds(dates, today);
    if (month) parts.push(t('overview.chip.invoiced', { month: monthName(month, language) }));
    else {
      parts.push(t('overview.chip.notCancelled'));
      if (dates.from || dates.to) parts.push(t('overview.chip.invoiceDates', { range: rangeText(dates, language) }));
    }
  } else if (view.scope === 'paid') {
    const month = monthOfBounds(view.finalPayRange, today);
    parts.push(t('overview.chip.paid', { when: month ? monthName(month, language) : view.finalPayRange ? rangeText(view.finalPayRange, language) : '' }).trim());
  }
  if (view.openat) parts.push(t('days.chip.dso', { date: formatDate(view.openat, language) }));
  if (view.scope !== 'owed' && customer !== undefined) parts.push(t('overview.chip.customer', { customer }));
  if (view.scope !== 'paid' && view.finalPayRange) parts.push(t('overview.chip.paid', { when: rangeText(view.finalPayRange, language) }));
  if (view.expectedRange) parts.push(expectedText(view.expectedRange, language, t));
  if (dueBounds && !dueSaid) parts.push(t('overview.chip.due', { range: rangeText(dueBounds, language) }));
  if (view.currency) parts.push(view.currency);
  return t('overview.chip', { what: parts.join(', ') });
}
