// The firm's row on the copy: the SQL of mirror/queries/company-summary.ts gives exactly what
// the definitions (common/firm.ts summarise) give over the same invoices, on a varied random set
// (currencies, credit notes, drafts, cancelled, missing due dates, future invoice dates), and
// again after a sync changed some of them.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../electron/common/calendar';
import { summarise } from '../../../electron/common/firm';
import type { Invoice } from '../../../electron/common/invoices';
import type { SupplierInvoice } from '../../../electron/common/supplier-invoices';
import type { MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { createRng } from '../../../electron/sandbox/prng';
import { invoice } from '../export/helpers';
import { copyOf } from './copy-views';

const TODAY = '2026-11-25';
const rng = createRng('company-summary');
const pick = <T>(items: readonly T[]): T => items[Math.floor(rng.next() * items.length)] as T;
const rate = (currency: string): number => (currency === 'EUR' ? 11.2345 : currency === 'USD' ? 9.87 : 1);

const customerInvoices: Invoice[] = Array.from({ length: 2000 }, (_, i) => {
  const due = addDays(TODAY, Math.floor(rng.next() * 400) - 300);
  const state = pick(['paid', 'open', 'open', 'part', 'draft', 'cancelled', 'credit'] as const);
  const currency = pick(['SEK', 'SEK', 'SEK', 'EUR', 'USD']);
  const total = state === 'credit' ? -Math.round(rng.next() * 50000) / 100 : Math.round(rng.next() * 1_000_000) / 100;
  const balance = state === 'paid' ? 0 : state === 'part' ? Math.round(total * 37) / 100 : total;
  return invoice({
    documentNumber: String(i + 1),
    invoiceDate: i % 211 === 0 ? '' : addDays(due, -30 + Math.floor(rng.next() * 10)),
    dueDate: i % 97 === 0 ? '' : due,
    total,
    balance,
    booked: state !== 'draft',
    cancelled: state === 'cancelled',
    currency,
    currencyRate: rate(currency),
  });
});

const supplierInvoices: SupplierInvoice[] = Array.from({ length: 600 }, (_, i) => {
  const due = addDays(TODAY, Math.floor(rng.next() * 140) - 40);
  const currency = pick(['SEK', 'SEK', 'EUR']);
  const total = i % 17 === 0 ? -300.5 : Math.round(rng.next() * 500_000) / 100;
  const open = rng.next() < 0.6;
  return {
    givenNumber: String(i + 1), supplierNumber: String(1 + (i % 15)), supplierName: `Leverantör ${1 + (i % 15)}`, invoiceNumber: `F-${i}`,
    invoiceDate: addDays(due, -30), dueDate: due, total, balance: open ? total : 0, currency, currencyRate: rate(currency), currencyUnit: 1,
    booked: i % 9 !== 0, cancelled: i % 23 === 0, credit: total < 0, finalPayDate: open ? null : due, authorizerName: '', costCenter: '', project: '',
    externalInvoiceNumber: '', externalInvoiceSeries: '', ocr: '', authorizePending: false, paymentPending: false,
  };
});

let dir: string;
let mirror: MirrorApi;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'company-summary-'));
  mirror = await copyOf(path.join(dir, 'c.sqlite'), customerInvoices, supplierInvoices, Date.parse(`${TODAY}T12:00:00Z`));
});
afterAll(async () => {
  await mirror?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('companySummary on the copy', () => {
  it('is a varied set: every figure has something in it', () => {
    const summary = summarise(TODAY, customerInvoices, supplierInvoices);
    expect(summary.overdue60Sek).not.toBe(0);
    expect(summary.overdueBillsSek).not.toBe(0);
    expect(summary.lowestWeek?.netSek).toBeLessThan(0);
    expect(summary.daysSinceLastInvoice).toBeGreaterThanOrEqual(0);
  });

  it('equals the definitions, with and without the supplier side, on several days', async () => {
    for (const today of [TODAY, addDays(TODAY, 1), addDays(TODAY, 45), addDays(TODAY, -200)]) {
      expect(await mirror.companySummary(today, true)).toEqual(summarise(today, customerInvoices, supplierInvoices));
      expect(await mirror.companySummary(today, false)).toEqual(summarise(today, customerInvoices, null));
    }
  });

  it('follows a sync that paid, cancelled and added invoices', async () => {
    const changed = customerInvoices.slice(0, 300).map((item, i) => ({ ...item, balance: i % 3 === 0 ? 0 : item.balance, cancelled: i % 3 === 1 ? true : item.cancelled }));
    const added = invoice({ documentNumber: '99999', invoiceDate: TODAY, dueDate: addDays(TODAY, 10), total: 1234.5, balance: 1234.5, booked: true, cancelled: false });
    await mirror.beginInterval('invoices', { kind: 'incremental', startMs: 0, lastmodified: '2026-11-25 00:00' });
    await mirror.savePage('invoices', [...changed, added], 1, changed.length + 1);
    await mirror.finishInterval('invoices', Date.parse(`${TODAY}T13:00:00Z`));
    const now = [...changed, ...customerInvoices.slice(300), added];
    expect(await mirror.companySummary(TODAY, true)).toEqual(summarise(TODAY, now, supplierInvoices));
    expect((await mirror.companySummary(TODAY, true)).daysSinceLastInvoice).toBe(0);
  });
});
