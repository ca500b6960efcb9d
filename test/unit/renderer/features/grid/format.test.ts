/** Formatting for the UI language: amounts, dates, counts and durations. */
import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatDate, formatDuration } from '../../../../../renderer/features/grid/format';

const NBSP = '\u00a0';
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

describe('amounts', () => {
  it('shows SEK the Swedish way: space-grouped, decimal comma, kr', () => {
    expect(formatAmount(1234.5, 'SEK', 'sv')).toBe(`1${NBSP}234,50${NBSP}kr`);
    expect(plain(formatAmount(1234567.891, 'SEK', 'sv'))).toBe('1 234 567,89 kr');
    expect(plain(formatAmount(0, 'SEK', 'sv'))).toBe('0,00 kr');
    expect(plain(formatAmount(-250, 'SEK', 'sv'))).toBe('-250,00 kr');
  });

  it('shows other currencies with their code, never as kronor', () => {
    expect(plain(formatAmount(1234.5, 'EUR', 'sv'))).toBe('1 234,50 EUR');
    expect(plain(formatAmount(99.9, 'usd', 'sv'))).toBe('99,90 USD');
  });

  it('uses English grouping and the ISO code in English', () => {
    expect(plain(formatAmount(1234.5, 'SEK', 'en'))).toBe('SEK 1,234.50');
    expect(plain(formatAmount(1234.5, 'EUR', 'en'))).toBe('EUR 1,234.50');
  });

  it('keeps a malformed currency as text rather than failing', () => {
    expect(plain(formatAmount(10, 'kronor', 'sv'))).toBe('10,00 kronor');
    expect(plain(formatAmount(10, '', 'sv'))).toBe('10,00');
    expect(formatAmount(Number.NaN, 'SEK', 'sv')).toBe('');
  });
});

describe('dates and counts', () => {
  it('shows Swedish dates as YYYY-MM-DD and English ones as "15 Mar 2026", without a time-zone shift', () => {
    expect(formatDate('2026-03-15', 'sv')).toBe('2026-03-15');
    expect(formatDate('2026-03-15', 'en')).toBe('15 Mar 2026');
    expect(formatDate('2026-01-01', 'en')).toBe('1 Jan 2026');
  });

  it('shows empty, null and malformed dates as they are', () => {
    expect(formatDate(null, 'sv')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('2026-02-31', 'en')).toBe('2026-02-31');
    expect(formatDate('soon', 'en')).toBe('soon');
  });

  it('groups counts and words durations compactly', () => {
    expect(plain(formatCount(50000, 'sv'))).toBe('50 000');
    expect(formatCount(50000, 'en')).toBe('50,000');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(65)).toBe('1 min 05 s');
    expect(formatDuration(3725)).toBe('1 h 02 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});
