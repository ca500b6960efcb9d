/**
 * Date ranges of the grid (invoice date, and the local copy's due date): presets on the user's
 * local calendar or custom bounds, what a saved one may hold, and the dates it asks for. Pure.
 */
import { dateRangePresets } from '../../../electron/common/list-primitives';
import type { DateRange, DateRangePreset } from '../../../electron/ipc/contract';

const oneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (what `<input type="date">` gives, and the service takes). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A local calendar day as YYYY-MM-DD (not toISOString: that is UTC, the day before east of Greenwich at midnight). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The inclusive dates of a range on the user's local calendar; a custom range keeps the bounds it has. */
export function resolveDateRange(range: DateRange, today: Date): { from?: string; to?: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  switch (range.preset) {
    case 'thismonth':
      return { from: localDay(new Date(y, m, 1)), to: localDay(new Date(y, m + 1, 0)) };
    case 'lastmonth':
      return { from: localDay(new Date(y, m - 1, 1)), to: localDay(new Date(y, m, 0)) };
    case 'thisyear':
      return { from: localDay(new Date(y, 0, 1)), to: localDay(new Date(y, 11, 31)) };
    case 'custom': {
      const out: { from?: string; to?: string } = {};
      if (range.from) out.from = range.from;
      if (range.to) out.to = range.to;
      return out;
    }
  }
}

/** Why a custom range cannot be sent, or null: a bound that is no date, or from after to. */
export function dateRangeProblem(from: string, to: string): 'from' | 'to' | 'order' | null {
  if (from !== '' && !isIsoDate(from)) return 'from';
  if (to !== '' && !isIsoDate(to)) return 'to';
  if (from !== '' && to !== '' && from > to) return 'order';
  return null;
}

/** A saved range the grid can use, or undefined (all dates): an unknown preset, or a custom range
 * with a bound that is no date or whose from is after its to, is dropped rather than sent. A
 * custom range without bounds stays (the inputs stay open) and asks for every date. */
export function normaliseDateRange(range: DateRange | null | undefined): DateRange | undefined {
  if (!range || !oneOf(dateRangePresets, range.preset)) return undefined;
  if (range.preset !== 'custom') return { preset: range.preset };
  const from = range.from ?? '';
  const to = range.to ?? '';
  if (dateRangeProblem(from, to) !== null) return undefined;
  const out: DateRange = { preset: 'custom' };
  if (from) out.from = from;
  if (to) out.to = to;
  return out;
}

export type { DateRangePreset };
