// report --json carries the text report's payables lists too: "Payment under way (still to pay)"
// as paymentPending, "To pay soonest, by supplier" as payFirst, with the same figures.
import { describe, expect, it } from 'vitest';
import { reportJson, reportText } from '../../../electron/cli/run-report';
import type { PayableInput } from '../../../electron/common/payables';
import { computeReceivables } from '../../../electron/common/receivables';

const today = '2026-11-25';
const bill = (supplierNumber: string, supplierName: string, dueDate: string, balance: number, more: Partial<PayableInput> = {}): PayableInput => ({
  supplierNumber,
  supplierName,
  dueDate,
  balance,
  currency: 'SEK',
  currencyRate: 1,
  currencyUnit: 1,
  cancelled: false,
  authorizePending: false,
  paymentPending: false,
  ...more,
});
const bills: PayableInput[] = [
  bill('10', 'Berg Bygg AB', '2026-11-01', 1200, { paymentPending: true }),
  bill('10', 'Berg Bygg AB', '2026-12-10', 800),
  bill('11', 'Dahl El', '2026-12-01', 300.5, { paymentPending: true }),
  bill('12', 'Ek Trä', '2026-10-15', 99, { currency: 'EUR', currencyRate: 11.5 }),
  bill('13', 'Far Away', '2027-06-01', 5000), // due later than 30 days: not in the pay-first list
];
const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('report --json: payment under way and pay first', () => {
  // One customer invoice owed: the text report prints its payables only below receivables.
  const invoice = { documentNumber: '1', customerNumber: '7', customerName: 'Kund AB', invoiceDate: '2026-11-01', dueDate: '2026-12-01', total: 100, balance: 100, currency: 'SEK', booked: true, cancelled: false, finalPayDate: null, currencyRate: 1, currencyUnit: 1 };
  const report = computeReceivables([invoice], today, bills);
  const json = reportJson(report);
  const text = reportText(report, '8000001');

  it('paymentPending: per currency, the figures of the text line "Payment under way (still to pay)"', () => {
    expect(json.paymentPending).toEqual({ SEK: { amount: 1500.5, count: 2 } });
    expect(text).toContain(`Payment under way (still to pay): SEK ${money(1500.5)} (2)`);
  });

  it('payFirst: the suppliers of "To pay soonest", in its order, with its figures', () => {
    expect(json.payFirst).toEqual(report.payables!.soonest);
    expect(json.payFirst!.map((s) => s.supplierName)).toEqual(['Berg Bygg AB', 'Ek Trä', 'Dahl El']);
    const berg = json.payFirst![0]!;
    expect(berg).toMatchObject({ supplierNumber: '10', currency: 'SEK', overdue: 1200, overdueCount: 1, dueSoon: 800, dueSoonCount: 1, firstDueDate: '2026-11-01' });
    const soonest = text.slice(text.indexOf('To pay soonest, by supplier'));
    json.payFirst!.forEach((s, i) => {
      expect(soonest).toMatch(new RegExp(`${i + 1}\\.\\s+${s.supplierName} \\(${s.supplierNumber}\\)\\s+${s.currency}\\s+${money(s.overdue)}\\s+${money(s.dueSoon)}\\s+${s.firstDueDate}`));
    });
  });

  it('both are null when the supplier invoices cannot be read, as payables and awaitingApproval are', () => {
    const unknown = reportJson(computeReceivables([], today, null));
    expect(unknown).toMatchObject({ payables: null, awaitingApproval: null, paymentPending: null, payFirst: null, dso: null, dpo: null });
  });

  it('come after the fields other tools already read, which keep their order', () => {
    expect(Object.keys(json)).toEqual(['asOf', 'currencies', 'topOverdue', 'payables', 'drafts', 'awaitingApproval', 'cashOutlook', 'paymentPending', 'payFirst', 'dso', 'dpo']);
  });
});
