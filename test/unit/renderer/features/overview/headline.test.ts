/** The headline line above a company's tabs: the main currency's owed, overdue, to pay and the outlook's lowest week, each with its link. */
import { describe, expect, it } from 'vitest';
import { createOutlook } from '../../../../../electron/common/cash-outlook';
import type { PayablesReport } from '../../../../../electron/common/payables';
import type { ReceivablesReport } from '../../../../../electron/common/receivables';
import { headlineOf, lowestWeek } from '../../../../../renderer/features/overview/headline';

const today = '2026-11-25';
const figures = (owed: number, overdue: number) => ({
  owed,
  overdue,
  buckets: { notDue: owed - overdue, d1_30: overdue, d31_60: 0, d61_90: 0, d90plus: 0 },
  counts: { owed: 3, overdue: 1, notDue: 2, d1_30: 1, d31_60: 0, d61_90: 0, d90plus: 0 },
});
const payables = (sek: number): PayablesReport => ({ currencies: { SEK: figures(sek, 10) }, awaitingApproval: {}, paymentPending: {}, soonest: [] });

function outlook(payablesKnown: boolean) {
  const builder = createOutlook(today, new Map(), payablesKnown);
  builder.addIn({ currency: 'SEK', dueDate: '2026-11-26', balance: 50, customerNumber: 'a' }); // week 48
  builder.addIn({ currency: 'SEK', dueDate: '2026-12-08', balance: 5, customerNumber: 'a' }); // week 50
  if (payablesKnown) {
    builder.addOut({ currency: 'SEK', dueDate: '2026-12-02', balance: 80 }); // week 49: net -80, the lowest
    builder.addOut({ currency: 'SEK', dueDate: '2026-12-09', balance: 40 }); // week 50: net -35
  }
  return builder.finish();
}

function report(overrides: Partial<ReceivablesReport> = {}): ReceivablesReport {
  return {
    asOf: today,
    currencies: { EUR: figures(900, 100), SEK: figures(500, 200) },
    drafts: {},
    topOverdue: [],
    months: [],
    payables: payables(300),
    cashOutlook: outlook(true),
    ...overrides,
  };
}

describe('the headline figures', () => {
  it('are the main currency\'s (SEK first): owed, overdue and to pay, each opening exactly its invoices', () => {
    const headline = headlineOf(report())!;
    expect(headline.currency).toBe('SEK');
    expect(headline.owed).toEqual({ amount: 500, count: 3, link: { kind: 'owed', currency: 'SEK' } });
    expect(headline.overdue).toEqual({ amount: 200, count: 1, link: { kind: 'overdue', currency: 'SEK' } });
    expect(headline.toPay).toEqual({ amount: 300, count: 3, link: { kind: 'toPay', currency: 'SEK' } });
  });

  it('without SEK, the currency with the most owed', () => {
    const headline = headlineOf(report({ currencies: { USD: figures(10, 0), EUR: figures(900, 100) }, payables: null, cashOutlook: { weeks: [], entries: [], overdue: {}, payablesKnown: false } }))!;
    expect(headline.currency).toBe('EUR');
    expect(headline.toPay).toBeNull(); // not known yet: nothing said, never 0
    expect(headline.lowestWeek).toBeNull();
  });

  it('to pay is 0 where the payables are known and nothing is to pay in the currency', () => {
    const headline = headlineOf(report({ payables: { ...payables(0), currencies: {} } }))!;
    expect(headline.toPay).toEqual({ amount: 0, count: 0, link: { kind: 'toPay', currency: 'SEK' } });
  });

  it('nothing at all for a company without invoices', () => {
    expect(headlineOf(report({ currencies: {}, payables: null, cashOutlook: { weeks: [], entries: [], overdue: {}, payablesKnown: false } }))).toBeNull();
  });
});

describe('the outlook\'s lowest week', () => {
  it('is the week with the lowest net; its link opens the week\'s supplier invoices', () => {
    expect(lowestWeek(report(), 'SEK')).toEqual({ week: '2026-11-30', amount: -80, count: 1, side: 'out', link: { kind: 'outWeek', week: '2026-11-30', currency: 'SEK' } });
  });

  it('opens the week\'s customer invoices when nothing goes out that week', () => {
    const builder = createOutlook(today, new Map(), true);
    builder.addIn({ currency: 'SEK', dueDate: '2026-11-26', balance: 50, customerNumber: 'a' });
    builder.addIn({ currency: 'SEK', dueDate: '2026-12-02', balance: 5, customerNumber: 'a' });
    const lowest = lowestWeek(report({ cashOutlook: builder.finish() }), 'SEK');
    // Every other week nets 0: the earliest of them is the lowest, with nothing in or out.
    expect(lowest).toMatchObject({ amount: 0, side: 'in' });
    expect(lowest?.link.kind).toBe('inWeek');
  });

  it('is not said while money out is unknown (in alone would call the quietest week the lowest)', () => {
    expect(lowestWeek(report({ cashOutlook: outlook(false) }), 'SEK')).toBeNull();
  });
});
