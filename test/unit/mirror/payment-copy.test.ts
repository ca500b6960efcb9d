// The payments of both sides: parsed whichever fields the service sends as strings or
// numbers (the amount in the invoice's currency is AmountCurrency, else Amount, which is in SEK, at
// the payment's own rate); kept in the copy with a checkpoint of their own (an unchanged company:
// one request a side); an invoice's payments by its exact number; a payment without a date, of
// zero, negative or in another currency, or for an invoice the copy does not know, kept as it is.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listEndpoints } from '../../../electron/api/list-endpoints';
import type { ListPage } from '../../../electron/api/list-response';
import type { Payment } from '../../../electron/common/payments';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { Clock } from '../../../electron/kernel/clock';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';

const dirs: string[] = [];
const mirrors: MirrorApi[] = [];
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const wrap = (key: string, items: unknown[]) => ({ MetaInformation: { '@TotalResources': items.length, '@TotalPages': 1, '@CurrentPage': 1 }, [key]: items });

describe('a payment list', () => {
  it('reads numbers or their text, AmountCurrency before Amount, and keeps the odd ones', () => {
    const { parse } = listEndpoints.supplierinvoicepayments;
    const { items } = parse(
      wrap('SupplierInvoicePayments', [
        { Number: '7', InvoiceNumber: '12', PaymentDate: '2026-05-02', Amount: '11420.00', AmountCurrency: '1000', Currency: 'EUR', CurrencyRate: '11.42', CurrencyUnit: 1, Booked: true, Source: 'direct' },
        { Number: 8, InvoiceNumber: 13, PaymentDate: '2026-05-03', Amount: 250.5, Currency: 'SEK', CurrencyRate: '1', CurrencyUnit: 1, Booked: false, Source: 'manual' },
        { Number: 9, InvoiceNumber: '999', PaymentDate: null, Amount: 0, Currency: 'USD' },
        { Number: 10, InvoiceNumber: '13', PaymentDate: '', Amount: '-50', AmountCurrency: null, Currency: 'SEK' },
      ]),
    );
    expect(items.map((p) => [p.number, p.invoiceNumber, p.paymentDate, p.amount, p.amountSek, p.currency, p.booked, p.source])).toEqual([
      ['7', '12', '2026-05-02', 1000, 11420, 'EUR', true, 'direct'],
      ['8', '13', '2026-05-03', 250.5, null, 'SEK', false, 'manual'],
      ['9', '999', '', 0, 0, 'USD', false, ''],
      ['10', '13', '', -50, null, 'SEK', false, ''],
    ]);
  });

  it('without a readable AmountCurrency, a payment in another currency than SEK is its Amount (SEK) at its own rate, never the SEK figure', () => {
    const { parse } = listEndpoints.invoicepayments;
    const odd: string[] = [];
    const { items } = parse(
      wrap('InvoicePayments', [
        { Number: 1, InvoiceNumber: 5, PaymentDate: '2026-05-02', Amount: 11420, Currency: 'EUR', CurrencyRate: 11.42, CurrencyUnit: 1 },
        { Number: 2, InvoiceNumber: 5, PaymentDate: '2026-05-02', Amount: '11420,00', AmountCurrency: 'elva', Currency: 'EUR', CurrencyRate: '11,42', CurrencyUnit: '1' },
        { Number: 3, InvoiceNumber: 5, PaymentDate: '2026-05-02', Amount: 700, AmountCurrency: null, Currency: 'JPY', CurrencyRate: '6.9', CurrencyUnit: 100 },
        { Number: 4, InvoiceNumber: 5, PaymentDate: '2026-05-02', Amount: 11420, Currency: '', CurrencyRate: 11.42 },
        { Number: 5, InvoiceNumber: 5, PaymentDate: '2026-05-02', Amount: 11420, Currency: 'EUR' },
        { Number: 6, InvoiceNumber: 5, PaymentDate: '2026-05-02', Amount: 11420, Currency: 'EUR', CurrencyRate: 0 },
        { Number: 7, InvoiceNumber: 5, PaymentDate: '2026-05-02', Amount: 300, Currency: 'sek', CurrencyRate: 1 },
        { Number: 8, InvoiceNumber: 5, PaymentDate: '2026-05-02', Amount: 300 },
      ]),
      { onOddity: (report) => odd.push(...Object.keys(report.byField)) },
    );
    expect(items.map((p) => [p.number, p.amount, p.amountSek, p.currency])).toEqual([
      ['1', 1000, 11420, 'EUR'],
      ['2', 1000, 11420, 'EUR'],
      ['3', 10144.93, 700, 'JPY'],
      ['4', 1000, 11420, ''],
      // No rate to convert with: the amount in euros is not known, and 11,420 is not it.
      ['5', 0, 11420, 'EUR'],
      ['6', 0, 11420, 'EUR'],
      ['7', 300, null, 'sek'],
      ['8', 300, null, ''],
    ]);
    expect(odd).toEqual(['AmountCurrency']);
  });
});

describe('the payments in the local copy', () => {
  it('keeps each side with its own checkpoint and answers an invoice\'s payments by its exact number', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'payment-copy-'));
    dirs.push(dir);
    const mirror = openInlineMirror(path.join(dir, 'c.sqlite'));
    mirrors.push(mirror);
    let clockMs = Date.parse('2026-06-15T10:00:00Z');
    const clock: Clock = { now: () => clockMs, sleep: () => Promise.resolve() };
    const payment = (n: number, invoice: string, over: Partial<Payment> = {}): Payment => ({ number: String(n), invoiceNumber: invoice, paymentDate: `2026-05-${String(1 + (n % 28)).padStart(2, '0')}`, amount: 100 * n, amountSek: null, currency: 'SEK', currencyRate: 1, currencyUnit: 1, booked: true, source: 'manual', ...over });
    const customerSide = [payment(1, '12'), payment(2, '112'), payment(3, '12', { paymentDate: '' }), payment(4, '404', { amount: -40 })];
    const supplierSide = [payment(1, '12', { currency: 'EUR', amount: 5 })];
    const requests: ResourceId[] = [];
    const source: PageSource = {
      listPages<R extends ResourceId>(resource: R, query: Record<string, unknown>): AsyncIterable<ListPage<ResourceItems[R]>> {
        return {
          async *[Symbol.asyncIterator]() {
            requests.push(resource);
            const all = query.lastmodified !== undefined ? [] : resource === 'invoicepayments' ? customerSide : resource === 'supplierinvoicepayments' ? supplierSide : [];
            yield { items: all as ResourceItems[R][], currentPage: 1, totalPages: all.length ? 1 : 0, totalResources: all.length, serviceTime: clockMs };
          },
        };
      },
    };
    const sync = (resource: ResourceId) => syncCompany({ resource: syncResources[resource], mirror, source, clock, mode: 'auto', priority: 'sync' });
    expect((await sync('invoicepayments')).kind).toBe('full');
    expect((await sync('supplierinvoicepayments')).kind).toBe('full');
    expect(await mirror.summary('invoicepayments')).toMatchObject({ ready: true, rows: 4 });
    expect(await mirror.summary('supplierinvoicepayments')).toMatchObject({ ready: true, rows: 1 });

    // Invoice 12's payments: exactly its own (not 112's), the one without a date kept.
    const of12 = await mirror.listPage('invoicepayments', { page: 1, limit: 100, invoice: '12', sortby: 'paymentdate', sortorder: 'ascending' }, '2026-06-15');
    expect(of12.rows.map((r) => [r.number, r.paymentDate])).toEqual([
      ['3', ''],
      ['1', '2026-05-02'],
    ]);
    expect((await mirror.listPage('supplierinvoicepayments', { page: 1, limit: 100, invoice: '12' }, '2026-06-15')).rows.map((r) => [r.currency, r.amount])).toEqual([['EUR', 5]]);
    // A payment of an invoice nobody knows, negative: kept.
    expect((await mirror.listPage('invoicepayments', { page: 1, limit: 100, invoice: '404' }, '2026-06-15')).rows.map((r) => r.amount)).toEqual([-40]);

    // Unchanged: one request a side.
    requests.length = 0;
    clockMs += 60_000;
    expect((await sync('invoicepayments')).kind).toBe('incremental');
    expect((await sync('supplierinvoicepayments')).kind).toBe('incremental');
    expect(requests).toEqual(['invoicepayments', 'supplierinvoicepayments']);
  });
});
