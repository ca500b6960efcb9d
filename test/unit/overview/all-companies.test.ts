// "All companies": per company and currency what is owed to you, what you owe and the net,
// with totals; a company whose supplier copy is not ready has "you owe" unknown (null, never 0), and
// so has any total it is part of.
import { describe, expect, it } from 'vitest';
import { computeReceivables } from '../../../electron/common/receivables';
import type { PayableInput } from '../../../electron/common/payables';
import type { MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { overviewHandlers } from '../../../electron/overview/overview-handlers';
import { invoice } from '../export/helpers';

const TODAY = '2026-11-23';
const NOW = Date.parse(`${TODAY}T10:00:00Z`);
const bill = (over: Partial<PayableInput>): PayableInput => ({ supplierNumber: '1', supplierName: 'Lev AB', dueDate: '2026-12-01', balance: 100, currency: 'SEK', currencyRate: 1, currencyUnit: 1, cancelled: false, authorizePending: false, paymentPending: false, ...over });

const customers = {
  a: [invoice({ documentNumber: '1', balance: 1000, total: 1000, dueDate: '2026-11-01' }), invoice({ documentNumber: '2', balance: 500, total: 500, dueDate: '2026-12-20', currency: 'EUR', currencyRate: 11 })],
  b: [invoice({ documentNumber: '1', balance: 300, total: 300, dueDate: '2026-12-20' })],
};
const suppliers = { a: [bill({ balance: 400 }), bill({ balance: 50, currency: 'USD', dueDate: '2026-11-01' }), bill({ balance: 999, cancelled: true })], b: [bill({ balance: 200 })] };

function handlers(suppliersRead: Record<string, boolean>) {
  const mirrorOf = (id: 'a' | 'b'): MirrorApi => ({ receivables: async (today: string, withPayables?: boolean) => computeReceivables(customers[id], today, withPayables ? suppliers[id] : null), daysOutstanding: async () => ({ dso: null, dpo: null }) }) as unknown as MirrorApi;
  return overviewHandlers({
    chooseFile: async () => null,
    language: () => 'en' as const,
    clock: { now: () => NOW, sleep: async () => undefined },
    companies: () => [
      { id: 'a', name: 'A AB' },
      { id: 'b', name: 'B AB' },
    ] as never,
    record: () => undefined,
    mirrors: { ready: async (id, resource) => (resource === 'invoices' || suppliersRead[id] ? mirrorOf(id as 'a' | 'b') : undefined), statusOf: () => undefined },
  });
}

describe('receivables:all', () => {
  it('owed to you, you owe and the net per company and currency, with totals', async () => {
    const all = await handlers({ a: true, b: true })['receivables:all']();
    const [a, b] = all.companies;
    expect(a).toMatchObject({ companyId: 'a', ready: true, payablesKnown: true });
    expect(a!.currencies.SEK).toEqual({ owed: 1000, overdue: 1000, countOverdue: 1, toPay: 400, net: 600 });
    expect(a!.currencies.EUR).toEqual({ owed: 500, overdue: 0, countOverdue: 0, toPay: 0, net: 500 });
    // A currency you only owe in.
    expect(a!.currencies.USD).toEqual({ owed: 0, overdue: 0, countOverdue: 0, toPay: 50, net: -50 });
    expect(b!.currencies.SEK).toEqual({ owed: 300, overdue: 0, countOverdue: 0, toPay: 200, net: 100 });
    expect(all.totals.SEK).toEqual({ owed: 1300, overdue: 1000, countOverdue: 1, toPay: 600, net: 700 });
  });

  it('a company without its supplier copy: you owe is unknown there and in the totals it is part of', async () => {
    const all = await handlers({ a: true, b: false })['receivables:all']();
    const b = all.companies[1]!;
    expect(b.payablesKnown).toBe(false);
    expect(b.currencies.SEK).toEqual({ owed: 300, overdue: 0, countOverdue: 0, toPay: null, net: null });
    expect(all.companies[0]!.currencies.SEK).toEqual({ owed: 1000, overdue: 1000, countOverdue: 1, toPay: 400, net: 600 });
    expect(all.totals.SEK).toEqual({ owed: 1300, overdue: 1000, countOverdue: 1, toPay: null, net: null });
    // USD is company a's alone, but b may owe in USD too: unknown.
    expect(all.totals.USD!.toPay).toBeNull();
  });
});
