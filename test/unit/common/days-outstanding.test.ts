// DSO and DPO by the countback method: the balance at a month end counted back through
// the months' invoicing, the current month as at today with its days so far.
import { describe, expect, it } from 'vitest';
import { countback, daysOutstanding, monthEnds } from '../../../electron/common/days-outstanding';

const invoicing = (months: Record<string, number>) => (month: string) => months[month] ?? 0;

describe('countback', () => {
  it('uses up whole months, then a share of the month that is larger than what is left', () => {
    // 3,500 owed on 15 March: March so far (1,000 in 15 days) is used up, then 2,500 of February's 3,000.
    expect(countback(3500, '2026-03-15', invoicing({ '2026-03': 1000, '2026-02': 3000, '2026-01': 2000 }))).toBeCloseTo(15 + (2500 / 3000) * 28, 10);
    // Exactly a month's invoicing uses it up, and the next month adds nothing.
    expect(countback(1000, '2026-03-31', invoicing({ '2026-03': 1000, '2026-02': 3000 }))).toBe(31);
  });

  it('adds the days of a month without invoicing (or with more credited than invoiced), subtracting nothing', () => {
    expect(countback(500, '2026-03-31', invoicing({ '2026-03': -200, '2026-02': 0, '2026-01': 1000 }))).toBeCloseTo(31 + 28 + 15.5, 10);
  });

  it('is 0 for nothing owed or a credit balance, and at most 365 days', () => {
    expect(countback(0, '2026-03-31', invoicing({}))).toBe(0);
    expect(countback(-10, '2026-03-31', invoicing({ '2026-03': 5 }))).toBe(0);
    expect(countback(1e9, '2026-03-31', invoicing({ '2026-03': 10 }))).toBe(365);
  });
});

describe('the last 12 month ends', () => {
  it('are the 11 previous months\' last days (leap February too), then today', () => {
    const ends = monthEnds('2028-03-10');
    expect(ends).toHaveLength(12);
    expect(ends[0]).toEqual({ month: '2027-04', asOf: '2027-04-30' });
    expect(ends.find((e) => e.month === '2028-02')?.asOf).toBe('2028-02-29');
    expect(ends.at(-1)).toEqual({ month: '2028-03', asOf: '2028-03-10' });
  });

  it('each balance counts payments from the later of their day and their invoice\'s', () => {
    const days = daysOutstanding(
      {
        invoiced: new Map([
          ['2026-01-20', 1000],
          ['2026-02-10', 2800],
          ['2026-03-05', 600],
        ]),
        paid: new Map([
          ['2026-02-15', 1000],
          ['2026-03-06', 1400],
        ]),
      },
      '2026-03-10',
    );
    const byMonth = Object.fromEntries(days.map((d) => [d.month, d]));
    expect(byMonth['2026-01']).toMatchObject({ asOf: '2026-01-31', balance: 1000, days: 31 }); // January: 1,000 of 1,000
    expect(byMonth['2026-02']).toMatchObject({ balance: 2800, days: 28 });
    // 10 March: 2,000 owed; March so far 600 in 10 days, then 1,400 of February's 2,800 (14 days).
    expect(byMonth['2026-03']).toMatchObject({ asOf: '2026-03-10', balance: 2000, days: 24 });
    expect(byMonth['2025-12']).toMatchObject({ balance: 0, days: 0 });
  });
});

describe('countback in öre', () => {
  it('a month whose invoicing explains the balance exactly stops there, whatever the float sums leave', () => {
    // 0.7 + 0.1 is 0.7999999999999999 in floats; the balance 0.80 is used up by that month exactly.
    const days = daysOutstanding(
      {
        invoiced: new Map([
          ['2026-03-02', 0.7],
          ['2026-03-03', 0.1],
        ]),
        paid: new Map(),
      },
      '2026-03-27',
    );
    expect(days.at(-1)).toMatchObject({ balance: 0.8, days: 27 });
  });
});
