// A customer's statement as at a date: rebuilt from dates, not today's balance.
import { describe, expect, it } from 'vitest';
import { buildStatement, limitNotPlaced, NOT_PLACED_LIMIT, type StatementInvoice, type StatementPayment } from '../../../electron/common/statement';

const invoice = (n: string, date: string, total: number, over: Partial<StatementInvoice> = {}): StatementInvoice => ({ documentNumber: n, invoiceDate: date, dueDate: date.replace(/-\d\d$/, '-28'), total, currency: 'SEK', booked: true, cancelled: false, ...over });
const payment = (n: string, invoiceNumber: string, date: string, amount: number): StatementPayment => ({ number: n, invoiceNumber, paymentDate: date, amount, currency: 'SEK' });

describe('a statement as at a date', () => {
  const invoices = [invoice('1', '2026-01-05', 1000), invoice('2', '2026-02-10', 500), invoice('3', '2026-03-01', -200), invoice('4', '2026-03-01', 300, { booked: false }), invoice('5', '2026-03-02', 50, { cancelled: true })];
  const payments = [payment('10', '1', '2026-02-10', 400), payment('11', '1', '2026-03-15', 600), payment('12', '2', '2026-02-10', 500), payment('13', '4', '2026-03-05', 300), payment('14', '99', '2026-03-06', 10), payment('15', '2', '', 1)];

  it('counts what was owed on that day: an invoice paid later is still owed then', () => {
    const feb = buildStatement(invoices, payments, '2026-02-28')['SEK']!;
    expect(feb.balance).toBe(1000 - 400 + 500 - 500);
    expect(feb.rows.map((r) => [r.date, r.kind, r.documentNumber, r.amount, r.balance])).toEqual([
      ['2026-01-05', 'invoice', '1', 1000, 1000],
      ['2026-02-10', 'invoice', '2', 500, 1500],
      ['2026-02-10', 'payment', '1', -400, 1100],
      ['2026-02-10', 'payment', '2', -500, 600],
    ]);
    const mar = buildStatement(invoices, payments, '2026-03-31')['SEK']!;
    expect(mar.balance).toBe(-200);
    expect(mar.rows.at(-1)).toMatchObject({ kind: 'payment', documentNumber: '1', balance: -200 });
    expect(mar.rows.find((r) => r.documentNumber === '3')?.kind).toBe('credit');
  });

  it('lists apart what it cannot place: a draft\'s or unknown invoice\'s payment, one without a date', () => {
    const mar = buildStatement(invoices, payments, '2026-03-31')['SEK']!;
    expect(mar.notPlaced.map((p) => [p.number, p.reason])).toEqual([
      ['15', 'no-date'],
      ['13', 'draft'],
      ['14', 'invoice-unknown'],
    ]);
    // As at a day before they were made, those payments had not happened: only the undated one is listed.
    expect(buildStatement(invoices, payments, '2026-02-28')['SEK']!.notPlaced.map((p) => p.number)).toEqual(['15']);
    // Nothing placed is lost: the balance plus what could not be placed is every payment's account.
    expect(mar.rows.filter((r) => r.kind === 'payment')).toHaveLength(3);
  });

  it('leaves a later payment for later, and says so of a payment before its invoice\'s day', () => {
    const early = [invoice('7', '2026-04-10', 800)];
    const paid = [payment('20', '7', '2026-04-01', 100), payment('21', '7', '2026-05-01', 700)];
    const apr5 = buildStatement(early, paid, '2026-04-05');
    expect(apr5['SEK']).toMatchObject({ balance: 0, rows: [], notPlaced: [{ number: '20', reason: 'invoice-later' }] });
    const apr30 = buildStatement(early, paid, '2026-04-30')['SEK']!;
    expect(apr30.rows.map((r) => [r.date, r.kind, r.balance])).toEqual([
      ['2026-04-01', 'payment', -100],
      ['2026-04-10', 'invoice', 700],
    ]);
    expect(apr30.notPlaced).toEqual([]);
    expect(buildStatement(early, paid, '2026-05-01')['SEK']!.balance).toBe(0);
  });

  it('says of a payment whose invoice has no date that it cannot place it, and why', () => {
    const undated = [invoice('8', 'soon', 100)];
    expect(buildStatement(undated, [payment('30', '8', '2026-04-01', 100)], '2026-04-30')['SEK']).toMatchObject({ balance: 0, rows: [], notPlaced: [{ number: '30', reason: 'invoice-no-date' }] });
  });

  it('keeps each currency apart, its amounts in the invoice\'s currency, a cancelled invoice\'s payment not placed', () => {
    const mixed = [invoice('1', '2026-01-05', 100.1, { currency: 'EUR' }), invoice('2', '2026-01-06', 0.2), invoice('3', '2026-01-07', 99, { cancelled: true, currency: 'USD' })];
    const paid = [payment('1', '1', '2026-01-10', 0.1), { ...payment('2', '2', '2026-01-10', 0.1), currency: 'EUR' }, payment('3', '3', '2026-01-10', 99)];
    const out = buildStatement(mixed, paid, '2026-01-31');
    expect(Object.keys(out)).toEqual(['EUR', 'SEK', 'USD']);
    expect(out['EUR']!.balance).toBe(100);
    // A payment in another currency than its invoice is applied in the invoice's (common/payments.ts) and shown.
    expect(out['SEK']!.balance).toBe(0.1);
    expect(out['USD']).toMatchObject({ balance: 0, rows: [], notPlaced: [{ number: '3', reason: 'cancelled' }] });
  });

  it('ages the balance as at the date, days past due counted to it', () => {
    const feb = buildStatement(invoices, payments, '2026-02-28')['SEK']!;
    // Invoice 1 (due 2026-01-28) has 600 left on 2026-02-28: 31 days past due.
    expect(feb.ageing).toEqual({ notDue: 0, d1_30: 0, d31_60: 600, d61_90: 0, d90plus: 0 });
  });
});

describe('what a statement cannot place, at most 100', () => {
  it('keeps the customer\'s own first, then the earliest of invoices the copy does not know, and counts the rest', () => {
    const invoices = [invoice('1', '2026-01-05', 1000), invoice('2', '2026-01-06', 300, { booked: false }), invoice('3', '2026-01-07', 200, { currency: 'EUR', cancelled: true })];
    const own = [payment('1', '2', '2026-03-01', 10), { ...payment('2', '3', '2026-03-02', 20), currency: 'EUR' }];
    // 150 of unknown invoices, the earliest last in the list; the 10 in NOK come after all the SEK ones.
    const others = Array.from({ length: 150 }, (_, i) => payment(String(1000 + i), String(90_000 + i), `2026-02-${String(28 - (i % 28)).padStart(2, '0')}`, 1));
    const nok = Array.from({ length: 10 }, (_, i) => ({ ...payment(String(2000 + i), String(95_000 + i), '2026-03-20', 1), currency: 'NOK' }));
    const statement = buildStatement(invoices, [payment('9', '1', '2026-01-20', 400), ...own, ...others, ...nok], '2026-03-31');
    const more = limitNotPlaced(statement);
    expect(more).toBe(2 + 150 + 10 - NOT_PLACED_LIMIT);
    const listed = Object.values(statement).flatMap((c) => c.notPlaced);
    expect(listed).toHaveLength(NOT_PLACED_LIMIT);
    expect(listed.filter((p) => p.reason !== 'invoice-unknown').map((p) => p.number).sort()).toEqual(['1', '2']);
    const earliest = others.map((p) => p.paymentDate).sort()[NOT_PLACED_LIMIT - 3] as string;
    expect(listed.filter((p) => p.reason === 'invoice-unknown').every((p) => p.paymentDate <= earliest)).toBe(true);
    // The NOK section only those payments brought in goes with them; the rest stand as they were.
    expect(Object.keys(statement)).toEqual(['EUR', 'SEK']);
    expect(statement['SEK']).toMatchObject({ balance: 600 });
    expect(statement['EUR']!.notPlaced.map((p) => p.number)).toEqual(['2']);
  });

  it('takes nothing out of a statement within the limit', () => {
    const statement = buildStatement([invoice('1', '2026-01-05', 1000)], [payment('5', '77', '2026-01-09', 3)], '2026-03-31');
    expect(limitNotPlaced(statement)).toBe(0);
    expect(statement['SEK']!.notPlaced.map((p) => p.number)).toEqual(['5']);
  });
});
