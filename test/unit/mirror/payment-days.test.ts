// Schema step 8 (payment-days-schema.ts): each payment's day and SEK amount in DSO, kept by triggers,
// always equal to joining the payment to its invoice now: a payment read before its invoice counts
// once the invoice is stored; a cancelled, unbooked or removed invoice takes its payments out; a
// changed rate or day moves them. DSO from the copy then equals the rule over the same records.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { Invoice } from '../../../electron/common/invoices';
import type { Payment } from '../../../electron/common/payments';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import type { Clock } from '../../../electron/kernel/clock';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources, type PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../export/helpers';

const dirs: string[] = [];
const mirrors: MirrorApi[] = [];
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const payment = (n: number, invoiceNumber: string, paymentDate: string, amount: number): Payment => ({ number: String(n), invoiceNumber, paymentDate, amount, amountSek: null, currency: 'SEK', currencyRate: 1, currencyUnit: 1, booked: true, source: 'manual' });

describe('each payment\'s place in DSO', () => {
  it('follows its invoice through every change, as a join would say', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'payment-days-'));
    dirs.push(dir);
    const file = path.join(dir, 'c.sqlite');
    const mirror = openInlineMirror(file);
    mirrors.push(mirror);
    let clockMs = Date.parse('2026-06-15T10:00:00Z');
    const clock: Clock = { now: () => clockMs, sleep: () => Promise.resolve() };
    let invoices: Invoice[] = [];
    const payments = [payment(1, '1', '2026-05-02', 100), payment(2, '1', '2026-04-01', 50), payment(3, '2', '2026-05-03', 10), payment(4, '3', '2026-05-04', 7), payment(5, '4', '2026-05-06', 9), payment(6, '99', '2026-05-05', 1)];
    const source: PageSource = {
      listPages<R extends ResourceId>(resource: R): AsyncIterable<ListPage<ResourceItems[R]>> {
        return {
          async *[Symbol.asyncIterator]() {
            const all = (resource === 'invoices' ? invoices : resource === 'invoicepayments' ? payments : []) as ResourceItems[R][];
            yield { items: all, currentPage: 1, totalPages: all.length ? 1 : 0, totalResources: all.length, serviceTime: clockMs };
          },
        };
      },
    };
    const full = async (resource: ResourceId) => {
      clockMs += 86_400_000 * 2; // past the daily full read: every sync below reads everything and removes what is gone
      await syncCompany({ resource: syncResources[resource], mirror, source, clock, mode: 'full', priority: 'sync' });
    };
    const db = new DatabaseSync(file, { readOnly: true });
    const kept = () => db.prepare('SELECT number, counted_day AS day, round(counted_sek, 6) AS sek FROM invoice_payments ORDER BY CAST(number AS INTEGER)').all().map((r) => ({ ...r }));
    const joined = () =>
      db
        .prepare(
          `SELECT p.number, CASE WHEN i.booked = 1 AND i.cancelled = 0 AND i.invoice_date GLOB '????-??-??' AND p.payment_date GLOB '????-??-??' THEN max(p.payment_date, i.invoice_date) END AS day,
             round(coalesce(p.amount * i.currency_rate / i.currency_unit, 0), 6) AS sek
           FROM invoice_payments p LEFT JOIN invoices i ON i.document_number = p.invoice_number ORDER BY CAST(p.number AS INTEGER)`,
        )
        .all()
        .map((r) => ({ ...r }));

    // The payments first: no invoice is known, none counts.
    await full('invoicepayments');
    expect(kept().every((r) => r.day === null && r.sek === 0)).toBe(true);

    // The invoices arrive: a payment dated before its invoice counts from the invoice's day; EUR at its rate.
    invoices = [
      invoice({ documentNumber: '1', invoiceDate: '2026-04-10', total: 150, balance: 0 }),
      invoice({ documentNumber: '2', invoiceDate: '2026-05-01', total: 100, balance: 90, currency: 'EUR', currencyRate: 11.5, currencyUnit: 1 }),
      invoice({ documentNumber: '3', invoiceDate: '2026-05-01', total: 7, balance: 0, booked: false }),
      invoice({ documentNumber: '4', invoiceDate: '2026-05-01', total: 9, balance: 0 }),
    ];
    await full('invoices');
    expect(kept()).toEqual(joined());
    expect(kept().slice(0, 3)).toEqual([
      { number: '1', day: '2026-05-02', sek: 100 },
      { number: '2', day: '2026-04-10', sek: 50 },
      { number: '3', day: '2026-05-03', sek: 115 },
    ]);
    expect(kept()[4]).toEqual({ number: '5', day: '2026-05-06', sek: 9 });

    // Invoice 1 cancelled, 2's rate and day changed, 3 booked, 4 removed by the service.
    invoices = [
      { ...invoices[0]!, cancelled: true },
      { ...invoices[1]!, currencyRate: 11, invoiceDate: '2026-05-10' },
      { ...invoices[2]!, booked: true },
    ];
    await full('invoices');
    expect(kept()).toEqual(joined());
    expect(kept().map((r) => r.day)).toEqual([null, null, '2026-05-10', '2026-05-04', null, null]);

    // A payment changed at the service (its day and amount) moves with it.
    payments[2] = payment(3, '2', '2026-06-01', 20);
    await full('invoicepayments');
    expect(kept()).toEqual(joined());
    expect(kept()[2]).toEqual({ number: '3', day: '2026-06-01', sek: 220 });

    // DSO from the copy counts exactly these: on 31 May, 2 (EUR 100 at 11) and 3 (7) are owed, 3 is paid.
    const days = await mirror.daysOutstanding('2026-06-15', { dso: true, dpo: false });
    expect(days.dso?.find((m) => m.month === '2026-05')?.balance).toBe(1100);
    db.close();
  });
});
