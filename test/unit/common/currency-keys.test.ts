// A hostile service's currency strings ("__proto__", "toString", "constructor") are ordinary
// currencies: kept, summed, shown and written to JSON under their own names; none of them reaches
// Object.prototype or finds a prototype's function where a figure is expected (security round three).
import { afterEach, describe, expect, it } from 'vitest';
import { computeReceivables, type ReceivableInput } from '../../../electron/common/receivables';
import { buildStatement } from '../../../electron/common/statement';
import type { PayableInput } from '../../../electron/common/payables';
import { overviewHandlers } from '../../../electron/overview/overview-handlers';
import type { MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { reportJson, reportText } from '../../../electron/cli/run-report';
import { invoice } from '../export/helpers';
import { formatAmount } from '../../../renderer/features/grid/format';
import { reportCurrencies } from '../../../renderer/features/overview/report-view';
import { outlookGroups } from '../../../renderer/features/overview/outlook-view';
import { headlineOf } from '../../../renderer/features/overview/headline';

const TODAY = '2026-11-23';
const HOSTILE = ['__proto__', 'toString', 'constructor', 'hasOwnProperty'];
// The export tests' invoice, owed and overdue on TODAY (due a month before it).
const owedInvoice = (currency: string, documentNumber: string): ReceivableInput => invoice({ currency, documentNumber, invoiceDate: '2026-10-01', dueDate: '2026-10-31', total: 1000, balance: 1000 });
const bill = (currency: string, authorizePending = false): PayableInput => ({ supplierNumber: '1', supplierName: 'Lev AB', dueDate: '2026-11-01', balance: 100, currency, currencyRate: 1, currencyUnit: 1, cancelled: false, authorizePending, paymentPending: !authorizePending });

const customers = [...HOSTILE, 'SEK'].map((currency, i) => owedInvoice(currency, String(i + 1)));
const drafts = HOSTILE.map((currency, i) => ({ ...owedInvoice(currency, String(100 + i)), booked: false }));
const suppliers = [...HOSTILE, 'SEK'].flatMap((currency) => [bill(currency), bill(currency, true)]);
const report = () => computeReceivables([...customers, ...drafts], TODAY, suppliers);

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const before = prototypeKeys();
afterEach(() => {
  expect(prototypeKeys()).toEqual(before);
  expect(({} as Record<string, unknown>).owed).toBeUndefined();
  expect(({} as Record<string, unknown>).amount).toBeUndefined();
  expect(({} as Record<string, unknown>).balance).toBeUndefined();
  expect(({} as Record<string, unknown>).notPlaced).toBeUndefined();
});

describe('currency strings as keys', () => {
  it('every currency is a figure of its own in receivables, drafts, payables and the outlook', () => {
    const r = report();
    for (const currency of [...HOSTILE, 'SEK']) {
      expect(Object.hasOwn(r.currencies, currency), currency).toBe(true);
      expect(r.currencies[currency]).toMatchObject({ owed: 1000, overdue: 1000 });
      expect(Object.hasOwn(r.payables!.currencies, currency), currency).toBe(true);
      expect(r.payables!.currencies[currency]).toMatchObject({ owed: 200 });
      expect(r.payables!.awaitingApproval[currency]).toEqual({ amount: 100, count: 1 });
      expect(r.payables!.paymentPending[currency]).toEqual({ amount: 100, count: 1 });
      expect(Object.hasOwn(r.cashOutlook.overdue, currency), currency).toBe(true);
    }
    for (const currency of HOSTILE) expect(r.drafts[currency]).toEqual({ amount: 1000, count: 1 });
    // JSON names each currency, "__proto__" included, and reads back the same.
    const json = JSON.parse(JSON.stringify(r)) as typeof r;
    expect(Object.keys(json.currencies).sort()).toEqual([...HOSTILE, 'SEK'].sort());
    expect(Object.hasOwn(json.currencies, '__proto__')).toBe(true);
  });

  it('All companies sums them per currency, from reports that crossed a thread (plain objects again)', async () => {
    const mirror = { receivables: async () => structuredClone(report()), daysOutstanding: async () => ({ dso: null, dpo: null }) } as unknown as MirrorApi;
    const handlers = overviewHandlers({
      chooseFile: async () => null,
      language: () => 'en' as const,
      clock: { now: () => Date.parse(`${TODAY}T10:00:00Z`), sleep: async () => undefined },
      companies: () => [{ id: 'a', name: 'A AB' }, { id: 'b', name: 'B AB' }] as never,
      record: () => undefined,
      mirrors: { ready: async () => mirror, statusOf: () => undefined },
    });
    const all = await handlers['receivables:all']();
    for (const currency of [...HOSTILE, 'SEK']) {
      expect(Object.hasOwn(all.totals, currency), currency).toBe(true);
      expect(all.totals[currency]).toEqual({ owed: 2000, overdue: 2000, countOverdue: 2, toPay: 400, net: 1600 });
      expect(all.companies[0]!.currencies[currency]).toEqual({ owed: 1000, overdue: 1000, countOverdue: 1, toPay: 200, net: 800 });
    }
    expect(JSON.stringify(all)).toContain('"__proto__":{"owed":2000');
  });

  it('a customer\'s statement has a section of its own for each, a payment of an unknown invoice under its own currency', () => {
    const invoices = HOSTILE.map((currency, i) => ({ documentNumber: String(i + 1), invoiceDate: '2026-10-01', dueDate: '2026-10-31', total: 1000, currency, booked: true, cancelled: false }));
    const payments = [
      { number: '50', invoiceNumber: '1', paymentDate: '2026-10-15', amount: 400, currency: '__proto__' },
      { number: '51', invoiceNumber: '999', paymentDate: '2026-10-16', amount: 5, currency: 'valueOf' },
    ];
    const statement = buildStatement(invoices, payments, TODAY);
    expect(Object.keys(statement)).toEqual([...HOSTILE, 'valueOf'].sort());
    expect(statement['__proto__']).toMatchObject({ balance: 600, ageing: { d1_30: 600 } });
    for (const currency of HOSTILE.slice(1)) expect(statement[currency]).toMatchObject({ balance: 1000, notPlaced: [] });
    expect(statement['valueOf']).toMatchObject({ balance: 0, rows: [], notPlaced: [{ number: '51', reason: 'invoice-unknown' }] });
    expect(JSON.stringify(structuredClone(statement))).toContain('"__proto__":{"balance":600');
  });

  it('the report CLI prints and writes them', () => {
    const r = structuredClone(report());
    const text = reportText(r, '1234567');
    for (const currency of HOSTILE) expect(text).toContain(currency);
    const json = JSON.parse(JSON.stringify(reportJson(r))) as Record<string, unknown>;
    expect(JSON.stringify(json)).toContain('"__proto__"');
  });

  it('the window lists them and formats only a three-letter code as a currency', () => {
    const r = structuredClone(report());
    expect(reportCurrencies(r).sort()).toEqual([...HOSTILE, 'SEK'].sort());
    for (const currency of HOSTILE) expect(outlookGroups(r.cashOutlook, currency)[0]!.bars.in).toEqual({ amount: 1000, count: 1 });
    // A company whose only currency is a draft's or a bill's: the headline has nothing owed, not a prototype's function.
    for (const currency of HOSTILE) {
      const drafted = structuredClone(computeReceivables([{ ...owedInvoice(currency, '1'), booked: false }], TODAY, [bill(currency)]));
      expect(headlineOf(drafted), currency).toMatchObject({ currency, owed: null, overdue: null, toPay: { amount: 100, count: 1 } });
      const nothingToPay = structuredClone(computeReceivables([{ ...owedInvoice(currency, '1'), booked: false }], TODAY, []));
      expect(headlineOf(nothingToPay), currency).toMatchObject({ currency, owed: null, toPay: { amount: 0, count: 0 } });
    }
    expect(formatAmount(10, 'toString', 'en')).toBe('10.00 toString');
    expect(formatAmount(10, '__proto__', 'sv').replace(/\s/g, ' ')).toBe('10,00 __proto__');
    expect(formatAmount(10, 'EUR', 'en').replace(/\s/g, ' ')).toBe('EUR 10.00');
  });
});
