import { describe, expect, it } from 'vitest';
import { isToPay, isToPayOverdue } from '../../../electron/common/owed';
import { addDays, bucketDueRange, bucketOf, computeReceivables, daysBetween, isDraft, isOverdue, isOwed, lastTwelveMonths, type ReceivableInput } from '../../../electron/common/receivables';

const invoice = (overrides: Partial<ReceivableInput>): ReceivableInput => ({
  documentNumber: '1',
  customerNumber: '10',
  customerName: 'Åkesson Bygg AB',
  invoiceDate: '2026-10-01',
  dueDate: '2026-10-31',
  total: 1000,
  balance: 1000,
  currency: 'SEK',
  booked: true,
  cancelled: false,
  finalPayDate: null,
  currencyRate: 1,
  currencyUnit: 1,
  ...overrides,
});

describe('the receivables definitions', () => {
  const today = '2026-11-23';

  it('ages by whole days past the due date: the edges of each bucket', () => {
    expect(bucketOf('2026-11-23', today)).toBe('notDue'); // due today is not late
    expect(bucketOf('2026-11-22', today)).toBe('d1_30');
    expect(bucketOf(addDays(today, -30), today)).toBe('d1_30');
    expect(bucketOf(addDays(today, -31), today)).toBe('d31_60');
    expect(bucketOf(addDays(today, -60), today)).toBe('d31_60');
    expect(bucketOf(addDays(today, -61), today)).toBe('d61_90');
    expect(bucketOf(addDays(today, -90), today)).toBe('d61_90');
    expect(bucketOf(addDays(today, -91), today)).toBe('d90plus');
    expect(bucketOf('', today)).toBe('notDue'); // no due date: never overdue
    // Calendar days, not 24-hour spans: the change to winter time (2026-10-25) is one day.
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it("gives each bucket the due-date bounds that hold exactly its invoices", () => {
    expect(bucketDueRange('notDue', today)).toEqual({ fromduedate: today });
    expect(bucketDueRange('d1_30', today)).toEqual({ fromduedate: '2026-10-24', toduedate: '2026-11-22' });
    expect(bucketDueRange('d90plus', today)).toEqual({ toduedate: '2026-08-24' });
    for (const bucket of ['d1_30', 'd31_60', 'd61_90', 'd90plus'] as const) {
      const { fromduedate, toduedate } = bucketDueRange(bucket, today);
      if (fromduedate) expect(bucketOf(fromduedate, today)).toBe(bucket);
      if (toduedate) expect(bucketOf(toduedate, today)).toBe(bucket);
      if (fromduedate) expect(bucketOf(addDays(fromduedate, -1), today)).not.toBe(bucket);
    }
  });

  it('counts drafts apart: an unbooked invoice is never owed, whatever its balance and due date', () => {
    const report = computeReceivables(
      [
        invoice({ documentNumber: '1', balance: 1000 }), // owed, overdue
        invoice({ documentNumber: '2', booked: false, total: 700, balance: 700 }), // a draft, due before today
        invoice({ documentNumber: '3', booked: false, total: 300, balance: 300, dueDate: '2026-12-31' }),
        invoice({ documentNumber: '4', booked: false, cancelled: true, total: 900, balance: 900 }), // cancelled: nothing
        invoice({ documentNumber: '5', booked: false, currency: 'EUR', total: 50, balance: 50 }),
      ],
      today,
    );
    expect(report.currencies.SEK).toMatchObject({ owed: 1000, overdue: 1000, counts: { owed: 1, overdue: 1 } });
    expect(report.currencies.EUR).toBeUndefined();
    expect(report.drafts).toEqual({ SEK: { amount: 1000, count: 2 }, EUR: { amount: 50, count: 1 } });
    expect(isOwed(invoice({ booked: false }))).toBe(false);
    expect(isOverdue(invoice({ booked: false }), today)).toBe(false);
    expect(isDraft(invoice({ booked: false }))).toBe(true);
    expect(isDraft(invoice({ booked: false, cancelled: true }))).toBe(false);
  });

  it('a supplier invoice is to pay when not cancelled with a balance, booked or not; overdue when also due before today', () => {
    const bill = { booked: false, cancelled: false, balance: 500, dueDate: '2026-11-22' };
    expect(isToPay(bill)).toBe(true);
    expect(isToPayOverdue(bill, today)).toBe(true);
    expect(isToPay({ ...bill, balance: -500 })).toBe(true);
    expect(isToPay({ ...bill, balance: 0 })).toBe(false);
    expect(isToPay({ ...bill, cancelled: true })).toBe(false);
    expect(isToPayOverdue({ ...bill, dueDate: today }, today)).toBe(false);
    expect(isToPayOverdue({ ...bill, dueDate: '' }, today)).toBe(false);
  });

  it('counts credit notes negative, leaves cancelled and settled invoices out, ranks customers in SEK', () => {
    const report = computeReceivables(
      [
        invoice({ documentNumber: '1', balance: 1000 }),
        invoice({ documentNumber: '2', balance: -250, total: -250 }), // a credit note, overdue
        invoice({ documentNumber: '3', cancelled: true }),
        invoice({ documentNumber: '4', balance: 0, finalPayDate: '2026-11-02' }),
        invoice({ documentNumber: '5', dueDate: '2026-12-01', balance: 400 }),
        invoice({ documentNumber: '6', customerNumber: '20', currency: 'EUR', balance: 200, total: 200, currencyRate: 11.5, currencyUnit: 1 }),
      ],
      today,
    );
    expect(report.currencies.SEK).toMatchObject({ owed: 1150, overdue: 750, counts: { owed: 3, overdue: 2, notDue: 1, d1_30: 2 } });
    expect(report.currencies.EUR).toMatchObject({ owed: 200, overdue: 200 });
    // 200 EUR is 2 300 SEK: that customer ranks above the one owing 750 SEK.
    expect(report.topOverdue.map((c) => [c.customerNumber, c.currency, c.amount, c.count])).toEqual([
      ['20', 'EUR', 200, 1],
      ['10', 'SEK', 750, 2],
    ]);
    expect(isOverdue(invoice({ balance: -250 }), today)).toBe(true);
    const november = report.months.find((m) => m.currency === 'SEK' && m.month === '2026-11');
    expect(november).toMatchObject({ paid: 1000, paidCount: 1 });
    expect(report.months.filter((m) => m.currency === 'SEK').map((m) => m.month)).toEqual(lastTwelveMonths(today));
  });

  it('twelve months ending with this one, across a new year', () => {
    expect(lastTwelveMonths('2026-02-10')).toEqual(['2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
