// The firm's row per company (common/firm.ts): each figure by its definition on small
// hand-made cases, the boundaries a user would check (60 days exactly, a tie between weeks, a
// cancelled or future latest invoice), and nothing of the supplier side without it.
import { describe, expect, it } from 'vitest';
import { summarise, type SummaryBill, type SummaryInvoice } from '../../../electron/common/firm';

const TODAY = '2026-11-25'; // a Wednesday: the outlook's first week began on Monday the 23rd

const inv = (over: Partial<SummaryInvoice>): SummaryInvoice => ({ invoiceDate: '2026-11-01', dueDate: '2026-12-01', balance: 100, currencyRate: 1, currencyUnit: 1, booked: true, cancelled: false, ...over });
const bill = (over: Partial<SummaryBill>): SummaryBill => ({ dueDate: '2026-12-01', balance: 100, currencyRate: 1, currencyUnit: 1, cancelled: false, ...over });

describe('summarise', () => {
  it('sums what is owed, overdue and over 60 days overdue in SEK at each invoice\'s own rate', () => {
    const summary = summarise(TODAY, [
      inv({ dueDate: '2026-12-10', balance: 1000 }),
      inv({ dueDate: '2026-11-24', balance: 200, currencyRate: 11.25 }), // EUR, overdue by one day: 2,250 kr
      inv({ dueDate: '2026-09-26', balance: 300 }), // 60 days past due: overdue, not over 60
      inv({ dueDate: '2026-09-25', balance: 400, currencyRate: 9.5, currencyUnit: 1 }), // 61 days: 3,800 kr
      inv({ dueDate: '2026-09-01', balance: -50 }), // a credit note counts negative
      inv({ dueDate: '2026-08-01', balance: 999, booked: false }), // a draft is never owed
      inv({ dueDate: '2026-08-01', balance: 999, cancelled: true }),
      inv({ dueDate: '2026-08-01', balance: 0 }),
    ], null);
    expect(summary).toMatchObject({ asOf: TODAY, owedSek: 1000 + 2250 + 300 + 3800 - 50, overdueSek: 2250 + 300 + 3800 - 50, overdue60Sek: 3800 - 50 });
  });

  it('leaves the supplier side null without the supplier invoices, and counts it with them', () => {
    const invoices = [inv({ dueDate: '2026-12-02', balance: 500 })];
    expect(summarise(TODAY, invoices, null)).toMatchObject({ youOweSek: null, overdueBillsSek: null, lowestWeek: null });
    const withBills = summarise(TODAY, invoices, [
      bill({ dueDate: '2026-11-20', balance: 700 }), // overdue
      bill({ dueDate: '2026-12-03', balance: 800, currencyRate: 11, currencyUnit: 1 }), // 8,800 kr in the week of Nov 30
      bill({ dueDate: '2026-11-01', balance: 100, cancelled: true }),
      bill({ dueDate: '2026-11-01', balance: 0 }),
    ]);
    expect(withBills).toMatchObject({ youOweSek: 700 + 8800, overdueBillsSek: 700, lowestWeek: { week: '2026-11-30', netSek: 500 - 8800 } });
  });

  it('gives the lowest week from today on, overdue left out, the earliest on ties', () => {
    // Nothing in any week: every net is 0, the current week (its Monday) is the earliest.
    expect(summarise(TODAY, [], []).lowestWeek).toEqual({ week: '2026-11-23', netSek: 0 });
    // Due on Monday and Tuesday of this week is overdue on Wednesday: left out of the week.
    expect(summarise(TODAY, [], [bill({ dueDate: '2026-11-23', balance: 900 })]).lowestWeek).toEqual({ week: '2026-11-23', netSek: 0 });
    // Due today counts in the current week; two weeks equally low: the earlier.
    const tie = summarise(TODAY, [], [bill({ dueDate: '2026-12-14', balance: 300 }), bill({ dueDate: '2026-12-08', balance: 300 }), bill({ dueDate: TODAY, balance: 100 })]);
    expect(tie.lowestWeek).toEqual({ week: '2026-12-07', netSek: -300 });
    // Money in the same week lifts it; after the 12 weeks nothing counts.
    const lifted = summarise(TODAY, [inv({ dueDate: '2026-12-09', balance: 250 })], [bill({ dueDate: '2026-12-08', balance: 300 }), bill({ dueDate: '2026-12-15', balance: 290 }), bill({ dueDate: '2027-03-01', balance: 5000 })]);
    expect(lifted.lowestWeek).toEqual({ week: '2026-12-14', netSek: -290 });
  });

  it('counts the days since the latest invoice on or before today that is not cancelled, drafts and credit notes included', () => {
    const days = (invoices: SummaryInvoice[]) => summarise(TODAY, invoices, null).daysSinceLastInvoice;
    expect(days([])).toBeNull();
    expect(days([inv({ invoiceDate: '2026-11-15' }), inv({ invoiceDate: '2026-11-20', cancelled: true }), inv({ invoiceDate: '2026-12-01' })])).toBe(10);
    expect(days([inv({ invoiceDate: '2026-11-15' }), inv({ invoiceDate: '2026-11-22', booked: false })])).toBe(3);
    expect(days([inv({ invoiceDate: '2026-11-25', balance: -40 })])).toBe(0);
    expect(days([inv({ invoiceDate: '' }), inv({ invoiceDate: '2026-12-01' })])).toBeNull();
  });

  it('rounds each sum to öre half away from zero', () => {
    // 0.005 kr three times over: sums of exact halves round away from zero, not to the float below.
    const summary = summarise(TODAY, [inv({ balance: 0.01, currencyRate: 0.5 }), inv({ balance: 0.01, currencyRate: 0.5 }), inv({ balance: 0.01, currencyRate: 0.5 })], null);
    expect(summary.owedSek).toBe(0.02);
    expect(summarise(TODAY, [inv({ balance: -0.01, currencyRate: 0.5 })], null).owedSek).toBe(-0.01);
  });
});
