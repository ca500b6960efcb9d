/**
 * How the overview writes months and the charts' compact amounts for the UI language: "november
 * 2026" / "November 2026", the axis's "nov." / "Nov", and "12,3 tkr" / "SEK 12.3k". Pure.
 */
import type { Language } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';
import { formatAmount, formatCount, localeOf } from '../grid/format';

export type T = (key: MessageKey, params?: Record<string, string | number>) => string;

const longMonths = new Map<Language, Intl.DateTimeFormat>();
const shortMonths = new Map<Language, Intl.DateTimeFormat>();
const compacts = new Map<Language, Intl.NumberFormat>();
const oneDecimal = new Map<Language, Intl.NumberFormat>();
const inUnit = new Map<Language, Intl.NumberFormat>();
const CURRENCY_CODE = /^[A-Z]{3}$/;

function cached<V>(map: Map<Language, V>, language: Language, make: () => V): V {
  let value = map.get(language);
  if (value === undefined) {
    value = make();
    map.set(language, value);
  }
  return value;
}

const firstOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));

/** "november 2026" (sv), "November 2026" (en) for YYYY-MM. */
export function monthName(month: string, language: Language): string {
  return cached(longMonths, language, () => new Intl.DateTimeFormat(localeOf[language], { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(firstOf(month));
}

/** The axis's month: "nov." (sv), "Nov" (en). */
export function monthShort(month: string, language: Language): string {
  return cached(shortMonths, language, () => new Intl.DateTimeFormat(localeOf[language], { month: 'short', timeZone: 'UTC' })).format(firstOf(month));
}

/**
 * An axis tick or a bar's short value, with its currency (docs/decisions/0012-compact-chart-amounts.md):
 * Swedish "1,5 mkr", "250 tkr", "850 kr" for SEK and "1,5 MEUR", "250 TEUR", "850 EUR" for other
 * currencies, as Swedish reports write them; English "SEK 1.5M", "EUR 250k", "SEK 850", the grid's
 * "SEK 1,234.50" in short. Thousands from 999.95 up, millions from 999,950 up (what would round to
 * "1 000" of the smaller unit); at most one decimal; zero is "0" in any currency. A missing or
 * malformed currency: the browser's own compact form.
 */
export function formatCompact(value: number, currency: string, language: Language): string {
  if (value === 0) return '0';
  const code = currency.trim().toUpperCase();
  if (!CURRENCY_CODE.test(code)) return cached(compacts, language, () => new Intl.NumberFormat(localeOf[language], { notation: 'compact', maximumFractionDigits: 1 })).format(value);
  const step = magnitudeOf(value);
  const number = cached(oneDecimal, language, () => new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: 1 })).format(value / 1000 ** step);
  if (language === 'sv') {
    const unit = code === 'SEK' ? (['kr', 'tkr', 'mkr'] as const)[step] : `${['', 'T', 'M'][step]}${code}`;
    return `${number}\u00a0${unit}`;
  }
  // The sign before the code, as en-GB writes "-SEK 1,234.50".
  const unsigned = number.replace(/^[-\u2212]/, '');
  return `${unsigned === number ? '' : '-'}${code}\u00a0${unsigned}${['', 'k', 'M'][step]}`;
}

/** 0: units, 1: thousands, 2: millions, the unit `formatCompact` writes `value` in. */
export type Magnitude = 0 | 1 | 2;
export function magnitudeOf(value: number): Magnitude {
  const size = Math.abs(value);
  return size >= 999_950 ? 2 : size >= 999.95 ? 1 : 0;
}

/**
 * A bar's value over it, in the unit of the axis beside it and without the unit, as report charts
 * write "Belopp i mkr": "64,6", "3,7" where the axis says "60 mkr" / "SEK 60M". With the currency
 * in each of five labels they would run together at 1280 px. One decimal, or one significant
 * figure for what is smaller ("0,004", not "0"). `unit`: `magnitudeOf` the axis's largest tick.
 */
export function formatInUnit(value: number, unit: Magnitude, language: Language): string {
  return cached(inUnit, language, () => new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: 1, maximumSignificantDigits: 1, roundingPriority: 'morePrecision' })).format(value / 1000 ** unit);
}

/** "12 fakturor", "1 faktura" / "12 invoices", "1 invoice". */
export function invoiceCount(count: number, language: Language, t: T): string {
  return count === 1 ? t('overview.invoicesOne') : t('overview.invoices', { count: formatCount(count, language) });
}

/** "1 234,50 kr, 12 fakturor": what a bar or a figure stands for, in words (its accessible name). */
export function amountAndCount(amount: number, currency: string, count: number, language: Language, t: T): string {
  return `${formatAmount(amount, currency, language)}, ${invoiceCount(count, language, t)}`;
}

/** The ISO 8601 week number of a date (YYYY-MM-DD): the week with the year's first Thursday is week 1, as Swedish calendars number them. */
export function isoWeek(date: string): number {
  const day = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(day.getTime() + (3 - weekday) * 86_400_000);
  const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  return 1 + Math.round((thursday.getTime() - (firstThursday.getTime() + (3 - firstWeekday) * 86_400_000)) / (7 * 86_400_000));
}

/** A week's label on the axis: "v. 48" (sv), "wk 48" (en). */
export function weekLabel(monday: string, t: T): string {
  return t('outlook.weekShort', { week: isoWeek(monday) });
}

/** How late a customer usually pays, in words: "12 dagar sent", "1 dag sent", "i tid" (0: on time or early, or no history). */
export function usualLateness(days: number, t: T): string {
  return days <= 0 ? t('overview.top.onTime') : days === 1 ? t('overview.top.lateOne') : t('overview.top.late', { days });
}
