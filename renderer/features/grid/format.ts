/**
 * How the grid shows money, dates and flags for the UI language. Swedish first: `1 234,50 kr`
 * for SEK, other currencies with their ISO code (`1 234,50 EUR`); dates as the service sends them
 * (`2026-03-15`), which is also how Swedes write them. English uses en-GB: `SEK 1,234.50`,
 * `15 Mar 2026`.
 */
import type { Language } from '../../../electron/ipc/contract';

export const localeOf: Record<Language, string> = { sv: 'sv-SE', en: 'en-GB' };

// Intl formatters are expensive to build and a 500-row page formats thousands of cells: one per
// (language, currency), built on first use.
/** Each with whether it shows the currency itself (a code Intl does not know gets a plain number and the code after it). */
const amountFormatters = new Map<string, { format: Intl.NumberFormat; withCurrency: boolean }>();
const numberFormatters = new Map<string, Intl.NumberFormat>();
const dateFormatters = new Map<Language, Intl.DateTimeFormat>();

function amountFormatter(language: Language, currency: string): { format: Intl.NumberFormat; withCurrency: boolean } {
  const key = `${language}:${currency}`;
  let formatter = amountFormatters.get(key);
  if (!formatter) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(localeOf[language], {
        style: 'currency',
        currency,
        // 'kr' for SEK in Swedish (what the user reads every day); the ISO code otherwise, so an
        // EUR or USD amount is never mistaken for kronor.
        currencyDisplay: language === 'sv' && currency === 'SEK' ? 'symbol' : 'code',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      // A currency code Intl does not know: a plain number; the caller appends the code.
      format = plainNumberFormatter(language);
    }
    formatter = { format, withCurrency: format.resolvedOptions().style === 'currency' };
    amountFormatters.set(key, formatter);
  }
  return formatter;
}

function plainNumberFormatter(language: Language): Intl.NumberFormat {
  let formatter = numberFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    numberFormatters.set(language, formatter);
  }
  return formatter;
}

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** An amount without its currency, with the grid's grouping and two decimals: `1 234,50`, `1,234.50`. */
export function formatPlainAmount(value: number, language: Language): string {
  return Number.isFinite(value) ? plainNumberFormatter(language).format(value) : '';
}

/** `1 234,50 kr`, `1 234,50 EUR`, `SEK 1,234.50`. An unknown or malformed currency keeps its text. */
export function formatAmount(value: number, currency: string, language: Language): string {
  if (!Number.isFinite(value)) return '';
  const code = currency.trim().toUpperCase();
  if (!CURRENCY_CODE.test(code)) {
    const plain = plainNumberFormatter(language).format(value);
    return code ? `${plain} ${currency.trim()}` : plain;
  }
  const formatter = amountFormatter(language, code);
  const text = formatter.format.format(value);
  return formatter.withCurrency ? text : `${text} ${code}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` calendar date for the UI language; '' for null/empty; anything else as sent. */
export function formatDate(value: string | null | undefined, language: Language): string {
  if (!value) return '';
  const match = ISO_DAY.exec(value);
  if (!match) return value;
  if (language === 'sv') return value; // sv-SE's own short date is exactly YYYY-MM-DD
  let formatter = dateFormatters.get(language);
  if (!formatter) {
    // UTC on both sides: a calendar date has no time zone, and a local zone west of UTC would
    // otherwise show the day before.
    formatter = new Intl.DateTimeFormat(localeOf[language], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    dateFormatters.set(language, formatter);
  }
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1) return value; // 2026-02-31 and the like: show as sent
  return formatter.format(date);
}

/** Whole numbers (row counts, page numbers) with the language's grouping: `12 345`, `12,345`. */
export function formatCount(value: number, language: Language): string {
  let formatter = numberFormatters.get(`${language}:int`);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: 0 });
    numberFormatters.set(`${language}:int`, formatter);
  }
  return formatter.format(value);
}

/** Seconds left as `1 min 05 s` / `42 s`: compact enough for a progress bar. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (minutes < 60) return `${minutes} min ${String(rest).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
