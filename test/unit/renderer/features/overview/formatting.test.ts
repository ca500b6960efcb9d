/** The overview's words and numbers: months, compact axis amounts, counts, currencies and months of a report. */
import { describe, expect, it } from 'vitest';
import type { ReceivablesReport } from '../../../../../electron/common/receivables';
import { amountAndCount, formatCompact, formatInUnit, invoiceCount, magnitudeOf, monthName, monthShort } from '../../../../../renderer/features/overview/chart-format';
import { monthsOf, reportCurrencies } from '../../../../../renderer/features/overview/report-view';
import { tOf } from './helpers';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace('\u2212', '-');

describe('chart formatting', () => {
  it('writes months for each language', () => {
    expect(monthName('2026-11', 'sv')).toBe('november 2026');
    expect(monthName('2026-11', 'en')).toBe('November 2026');
    expect(monthShort('2026-03', 'sv')).toBe('mars');
    expect(monthShort('2026-03', 'en')).toBe('Mar');
  });

  it('writes compact amounts in Swedish as mkr and tkr for SEK, MEUR and TEUR for other currencies', () => {
    expect(plain(formatCompact(1_500_000, 'SEK', 'sv'))).toBe('1,5 mkr');
    expect(plain(formatCompact(250_000, 'SEK', 'sv'))).toBe('250 tkr');
    expect(plain(formatCompact(850, 'SEK', 'sv'))).toBe('850 kr');
    expect(plain(formatCompact(1_234_567, 'SEK', 'sv'))).toBe('1,2 mkr');
    expect(plain(formatCompact(1_459_487_234, 'SEK', 'sv'))).toBe('1 459,5 mkr');
    expect(plain(formatCompact(1_500_000, 'EUR', 'sv'))).toBe('1,5 MEUR');
    expect(plain(formatCompact(250_000, 'EUR', 'sv'))).toBe('250 TEUR');
    expect(plain(formatCompact(12.5, 'USD', 'sv'))).toBe('12,5 USD');
  });

  it('writes compact amounts in English with the code first, as the grid writes amounts', () => {
    expect(plain(formatCompact(1_500_000, 'SEK', 'en'))).toBe('SEK 1.5M');
    expect(plain(formatCompact(250_000, 'SEK', 'en'))).toBe('SEK 250k');
    expect(plain(formatCompact(12_300, 'EUR', 'en'))).toBe('EUR 12.3k');
    expect(plain(formatCompact(850, 'SEK', 'en'))).toBe('SEK 850');
    expect(plain(formatCompact(1_459_487_234, 'USD', 'en'))).toBe('USD 1,459.5M');
  });

  it('switches unit where the smaller one would say 1 000: thousands from 999.95, millions from 999,950', () => {
    expect(plain(formatCompact(999.94, 'SEK', 'sv'))).toBe('999,9 kr');
    expect(plain(formatCompact(999.95, 'SEK', 'sv'))).toBe('1 tkr');
    expect(plain(formatCompact(1_000, 'SEK', 'sv'))).toBe('1 tkr');
    expect(plain(formatCompact(999_940, 'SEK', 'sv'))).toBe('999,9 tkr');
    expect(plain(formatCompact(999_950, 'SEK', 'sv'))).toBe('1 mkr');
    expect(plain(formatCompact(1_000_000, 'EUR', 'en'))).toBe('EUR 1M');
    expect(plain(formatCompact(999_940, 'EUR', 'en'))).toBe('EUR 999.9k');
  });

  it('writes negative amounts with the language\'s sign, and zero as 0 in any currency', () => {
    expect(plain(formatCompact(-3_400, 'SEK', 'sv'))).toBe('-3,4 tkr');
    expect(plain(formatCompact(-2_500_000, 'EUR', 'sv'))).toBe('-2,5 MEUR');
    expect(plain(formatCompact(-3_400, 'SEK', 'en'))).toBe('-SEK 3.4k');
    expect(plain(formatCompact(-999_950, 'EUR', 'en'))).toBe('-EUR 1M');
    expect(formatCompact(0, 'SEK', 'sv')).toBe('0');
    expect(formatCompact(-0, 'EUR', 'en')).toBe('0');
  });

  it('writes a bar\'s label in the unit of the axis\'s largest tick, without the unit', () => {
    expect(magnitudeOf(60_000_000)).toBe(2);
    expect(magnitudeOf(-500_000)).toBe(1);
    expect(magnitudeOf(999_950)).toBe(2);
    expect(magnitudeOf(800)).toBe(0);
    expect(formatInUnit(64_612_345, 2, 'sv')).toBe('64,6');
    expect(formatInUnit(3_700_000, 2, 'en')).toBe('3.7');
    expect(formatInUnit(250_000, 2, 'sv')).toBe('0,3');
    expect(formatInUnit(4_321, 2, 'sv')).toBe('0,004');
    expect(plain(formatInUnit(-651_700, 1, 'sv'))).toBe('-651,7');
    expect(plain(formatInUnit(1_234_567, 1, 'sv'))).toBe('1 234,6');
    expect(formatInUnit(0, 2, 'en')).toBe('0');
  });

  it('falls back to the browser\'s compact form without a currency code', () => {
    expect(formatCompact(12_300, '', 'en')).toBe('12.3k');
  });

  it('writes counts and what a bar stands for', () => {
    expect(invoiceCount(1, 'sv', tOf('sv'))).toBe('1 faktura');
    expect(plain(invoiceCount(12_345, 'sv', tOf('sv')))).toBe('12 345 fakturor');
    expect(invoiceCount(2, 'en', tOf('en'))).toBe('2 invoices');
    expect(plain(amountAndCount(1234.5, 'SEK', 3, 'sv', tOf('sv')))).toBe('1 234,50 kr, 3 fakturor');
    expect(plain(amountAndCount(1234.5, 'EUR', 1, 'en', tOf('en')))).toBe('EUR 1,234.50, 1 invoice');
  });
});

describe('a report as the overview shows it', () => {
  const figures = (owed: number) => ({ owed, overdue: 0, buckets: { notDue: owed, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 }, counts: { owed: 1, overdue: 0, notDue: 1, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 } });
  const report: ReceivablesReport = {
    asOf: '2026-11-23',
    currencies: { USD: figures(500), EUR: figures(-900), SEK: figures(10) },
    drafts: { DKK: { amount: 75, count: 1 } },
    topOverdue: [],
    months: [{ month: '2026-10', currency: 'NOK', invoiced: 5, invoicedCount: 1, paid: 0, paidCount: 0 }],
    payables: null,
    cashOutlook: { weeks: [], entries: [], overdue: {}, payablesKnown: false },
  };

  it('lists SEK first, then by what is owed, and currencies only invoiced lately or with drafts only too', () => {
    expect(reportCurrencies(report)).toEqual(['SEK', 'EUR', 'USD', 'DKK', 'NOK']);
  });

  it('has twelve months for a currency, oldest first, zeros where nothing happened', () => {
    const months = monthsOf(report.months, 'NOK', report.asOf);
    expect(months.map((m) => m.month)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(months[10]).toMatchObject({ invoiced: 5, invoicedCount: 1 });
    expect(months[11]).toEqual({ month: '2026-11', currency: 'NOK', invoiced: 0, invoicedCount: 0, paid: 0, paidCount: 0 });
    expect(monthsOf(report.months, 'SEK', report.asOf).every((m) => m.invoiced === 0)).toBe(true);
  });
});
