/**
 * The toolbar's changes to a view (filter chip, invoice-date and due-date ranges, the local copy's
 * search box and currency): the same for every resource, so they take any view with the field and
 * need no resource's spec.
 */
import type { DateRange } from '../../../electron/common/list-primitives';
import { normaliseDateRange } from './date-range';
import { isCurrencyCode, MAX_SEARCH_LENGTH } from './view-values';

export function withFilter<View extends { filter?: string }>(view: View, filter: View['filter'] | undefined): View {
  const { filter: _old, ...rest } = view;
  return (filter ? { ...rest, filter } : rest) as View;
}

export function withDateRange<View extends { dateRange?: DateRange }>(view: View, range: DateRange | undefined): View {
  const { dateRange: _old, ...rest } = view;
  const next = normaliseDateRange(range);
  return (next ? { ...rest, dateRange: next } : rest) as View;
}

export function withDueRange<View extends { dueRange?: DateRange }>(view: View, range: DateRange | undefined): View {
  const { dueRange: _old, ...rest } = view;
  const next = normaliseDateRange(range);
  return (next ? { ...rest, dueRange: next } : rest) as View;
}

export function withText<View extends { text?: string }>(view: View, text: string): View {
  const { text: _old, ...rest } = view;
  return (text === '' ? rest : { ...rest, text: text.slice(0, MAX_SEARCH_LENGTH) }) as View;
}

export function withCurrency<View extends { currency?: string }>(view: View, currency: string | undefined): View {
  const { currency: _old, ...rest } = view;
  return (isCurrencyCode(currency) ? { ...rest, currency } : rest) as View;
}
