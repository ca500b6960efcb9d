/** What the cash-outlook chart and table show of a report's outlook, each bar's link, and the week labels. */
import { describe, expect, it } from 'vitest';
import { createOutlook, outlookWeeks } from '../../../../../electron/common/cash-outlook';
import { isoWeek, usualLateness, weekLabel } from '../../../../../renderer/features/overview/chart-format';
import { outlookGroups, outlookHasAny, outlookLink } from '../../../../../renderer/features/overview/outlook-view';
import { tOf } from './helpers';

const today = '2026-11-25';

function outlookOf(payablesKnown: boolean) {
  const builder = createOutlook(today, new Map([['slow', { days: 14, paid: 4 }]]), payablesKnown);
  builder.addIn({ currency: 'SEK', dueDate: '2026-11-20', balance: 100, customerNumber: 'prompt' }); // overdue, expected this week
  builder.addIn({ currency: 'SEK', dueDate: '2026-11-26', balance: 50, customerNumber: 'slow' }); // due week 48, expected week 50
  builder.addIn({ currency: 'SEK', dueDate: '2026-12-01', balance: 20, customerNumber: 'prompt' }); // week 49
  if (payablesKnown) {
    builder.addOut({ currency: 'SEK', dueDate: '2026-11-01', balance: 30 }); // overdue
    builder.addOut({ currency: 'SEK', dueDate: '2026-11-29', balance: 80 }); // week 48 (its Sunday)
  }
  return builder.finish();
}

describe('the outlook of one currency', () => {
  it('has the overdue group, then the 12 weeks with in, expected, out and the net', () => {
    const groups = outlookGroups(outlookOf(true), 'SEK');
    expect(groups.map((g) => g.key)).toEqual(['overdue', ...outlookWeeks(today)]);
    expect(groups[0]).toEqual({ key: 'overdue', bars: { in: { amount: 100, count: 1 }, expected: null, out: { amount: 30, count: 1 } }, net: null });
    expect(groups[1]).toEqual({ key: '2026-11-23', bars: { in: { amount: 50, count: 1 }, expected: { amount: 100, count: 1 }, out: { amount: 80, count: 1 } }, net: -30 });
    expect(groups[2]).toEqual({ key: '2026-11-30', bars: { in: { amount: 20, count: 1 }, expected: { amount: 20, count: 1 }, out: { amount: 0, count: 0 } }, net: 20 });
    expect(groups[3]?.bars.expected).toEqual({ amount: 50, count: 1 });
    expect(outlookHasAny(groups)).toBe(true);
  });

  it('without the payables: no out and no net (unknown, never 0)', () => {
    const groups = outlookGroups(outlookOf(false), 'SEK');
    expect(groups.every((g) => g.bars.out === null && g.net === null)).toBe(true);
    expect(groups[1]?.bars.in).toEqual({ amount: 50, count: 1 });
  });

  it('a currency with nothing: zeros, and said to be empty', () => {
    const groups = outlookGroups(outlookOf(true), 'EUR');
    expect(groups).toHaveLength(13);
    expect(outlookHasAny(groups)).toBe(false);
  });

  it('links each bar to its invoices: overdue in and out as the overview\'s overdue, a week\'s bars to the week', () => {
    expect(outlookLink('overdue', 'in', 'SEK')).toEqual({ kind: 'overdue', currency: 'SEK' });
    expect(outlookLink('overdue', 'out', 'SEK')).toEqual({ kind: 'payOverdue', currency: 'SEK' });
    expect(outlookLink('2026-11-30', 'in', 'EUR')).toEqual({ kind: 'inWeek', week: '2026-11-30', currency: 'EUR' });
    expect(outlookLink('2026-11-30', 'expected', 'EUR')).toEqual({ kind: 'expectedWeek', week: '2026-11-30', currency: 'EUR' });
    expect(outlookLink('2026-11-30', 'out', 'EUR')).toEqual({ kind: 'outWeek', week: '2026-11-30', currency: 'EUR' });
  });
});

describe('week numbers and habits in words', () => {
  it('numbers weeks as ISO 8601 (Swedish calendars)', () => {
    expect(isoWeek('2026-11-23')).toBe(48);
    expect(isoWeek('2026-11-29')).toBe(48);
    expect(isoWeek('2026-12-28')).toBe(53);
    expect(isoWeek('2027-01-03')).toBe(53);
    expect(isoWeek('2027-01-04')).toBe(1);
    expect(isoWeek('2025-12-29')).toBe(1);
    expect(isoWeek('2024-12-30')).toBe(1);
    expect(weekLabel('2026-11-23', tOf('sv'))).toBe('v. 48');
    expect(weekLabel('2026-11-23', tOf('en'))).toBe('wk 48');
  });

  it('says how late a customer usually pays', () => {
    expect(usualLateness(12, tOf('sv'))).toBe('12 dagar sent');
    expect(usualLateness(1, tOf('sv'))).toBe('1 dag sent');
    expect(usualLateness(0, tOf('sv'))).toBe('i tid');
    expect(usualLateness(3, tOf('en'))).toBe('3 days late');
  });
});
