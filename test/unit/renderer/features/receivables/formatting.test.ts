/** The overview's words and numbers: months, compact axis amounts, counts, currencies and months of a report. */
import { describe, expect, it } from 'vitest';
import type { ReceivablesReport } from '../../../../../electron/common/receivables';
import { amountAndCount, formatCompact, invoiceCount, monthName, monthShort } from '../../../../../renderer/features/receivables/chart-format';
import { monthsOf, reportCurrencies } from '../../../../../renderer/features/receivables/report-view';
import { tOf } from './helpers';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace('−', '-');

describe('chart formatting', () => {
  it('writes months for each language', () => {
    expect(monthName('2026-11', 'sv')).toBe('november 2026');
    expect(monthName('2026-11', 'en')).toBe('November 2026');
    expect(monthShort('2026-03', 'sv')).toBe('mars');
    expect(monthShort('2026-03', 'en')).toBe('Mar');
  });

  it('writes compact axis amounts and counts', () => {
    expect(plain(formatCompact(1_234_567, 'sv'))).toBe('1,2 mn');
    expect(formatCompact(12_300, 'en')).toBe('12.3k');
    expect(plain(formatCompact(-3_400, 'sv'))).toBe('-3,4 tn');
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
