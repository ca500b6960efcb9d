// The kept figures (tallies.ts: tally_due, tally_day, customer_habits) equal a full recount
// from the copy's rows after random syncs: invoices paid, part-paid, credited, cancelled, booked,
// re-dated, moved between currencies, added and deleted (both resources), approval and payment flags
// set and cleared, across a change of day. And the overview built from them equals the overview
// computed invoice by invoice (computeReceivables) from the same rows.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../electron/common/calendar';
import { paymentHabits } from '../../../electron/common/cash-outlook';
import { computeReceivables } from '../../../electron/common/receivables';
import { systemClock } from '../../../electron/kernel/clock';
import { serviceDate } from '../../../electron/common/invoice-status';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { customerHabits } from '../../../electron/mirror/queries/mirror-query';
import { MirrorStore } from '../../../electron/mirror/storage/mirror-store';
import { keptHabits } from '../../../electron/mirror/storage/kept-habits';
import { syncCompany, syncResources } from '../../../electron/mirror/sync/sync-engine';
import { createRng } from '../../../electron/sandbox/prng';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { company, FAST_LIMITER, serviceSession, tempDir } from '../export/helpers';

let sandbox: Sandbox;
let dir: string;
let file: string;
let mirror: MirrorApi;
const tenant = () => company(sandbox, 'large').tenantId;
const DAY = 86_400_000;
let clockMs = Date.parse('2026-11-23T09:00:00Z');

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 2_500, largeSupplierInvoiceCount: 1_000, now: () => clockMs });
  sandbox.control.setRateLimits(false);
  dir = await tempDir('tallies-it-');
  file = path.join(dir, 'large.sqlite');
  mirror = openInlineMirror(file);
  await syncBoth();
}, 60_000);
afterAll(async () => {
  await mirror?.close();
  await sandbox?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function syncBoth(): Promise<void> {
  const session = serviceSession(sandbox, 'large', FAST_LIMITER);
  const clock = { now: () => clockMs, sleep: systemClock.sleep };
  await syncCompany({ resource: syncResources.invoices, mirror, source: session, clock, mode: 'auto', priority: 'sync' });
  await syncCompany({ resource: syncResources.supplierinvoices, mirror, source: session, clock, mode: 'auto', priority: 'sync' });
  session.close();
}

const today = () => serviceDate(clockMs + sandbox.control.clockOffsetMs);

/** The tallies recounted from the rows, as the triggers must keep them. */
function recount(store: MirrorStore) {
  const due = (table: string, resource: string, flags: string) =>
    store
      .statement(
        `SELECT '${resource}' AS resource, currency, cancelled | (booked << 1) | ((balance = 0) << 2) | ((final_pay_date IS NOT NULL) << 3)${flags} AS state, due_date,
         count(*) AS n, sum(CAST(round(total * 100) AS INTEGER)) AS total_c, sum(CAST(round(balance * 100) AS INTEGER)) AS balance_c FROM ${table} GROUP BY 2, 3, 4`,
      )
      .all();
  const day = (table: string, resource: string) =>
    store
      .statement(
        `SELECT '${resource}' AS resource, currency, 'i' AS kind, invoice_date AS day, count(*) AS n, sum(CAST(round(total * 100) AS INTEGER)) AS total_c FROM ${table} WHERE cancelled = 0 GROUP BY 2, 4
         UNION ALL SELECT '${resource}', currency, 'p', final_pay_date, count(*), sum(CAST(round(total * 100) AS INTEGER)) FROM ${table} WHERE cancelled = 0 AND balance = 0 AND final_pay_date IS NOT NULL GROUP BY 2, 4`,
      )
      .all();
  const key = (row: Record<string, unknown>) => JSON.stringify(row);
  return {
    due: [...due('invoices', 'invoices', ''), ...due('supplier_invoices', 'supplierinvoices', ' | (authorize_pending << 4) | (payment_pending << 5)')].map(key).sort(),
    day: [...day('invoices', 'invoices'), ...day('supplier_invoices', 'supplierinvoices')].map(key).sort(),
  };
}

function kept(store: MirrorStore) {
  const key = (row: Record<string, unknown>) => JSON.stringify(row);
  return {
    due: store.statement('SELECT resource, currency, state, due_date, n, total_c, balance_c FROM tally_due WHERE n != 0').all().map(key).sort(),
    day: store.statement('SELECT resource, currency, kind, day, n, total_c FROM tally_day WHERE n != 0').all().map(key).sort(),
  };
}

/** Random changes at the service, as days of business would make them. */
function businessDay(seed: string): void {
  const rng = createRng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng.next() * items.length)] as T;
  const invoices = sandbox.control.invoicesOf(tenant());
  const payDay = today();
  for (let i = 0; i < 60; i += 1) {
    const invoice = pick(invoices);
    const kind = rng.int(0, 6);
    if (kind === 0 && invoice.Balance !== 0) sandbox.control.updateInvoice(tenant(), invoice.DocumentNumber, { Balance: 0, FinalPayDate: payDay });
    else if (kind === 1) sandbox.control.updateInvoice(tenant(), invoice.DocumentNumber, { Balance: Math.round(invoice.Total * rng.next() * 100) / 100 });
    else if (kind === 2) sandbox.control.updateInvoice(tenant(), invoice.DocumentNumber, { DueDate: addDays(payDay, rng.int(-90, 60)) });
    else if (kind === 3 && !invoice.Booked) sandbox.control.updateInvoice(tenant(), invoice.DocumentNumber, { Booked: true });
    else if (kind === 4) sandbox.control.updateInvoice(tenant(), invoice.DocumentNumber, { Currency: pick(['SEK', 'EUR', 'USD']) });
    else if (kind === 5 && !invoice.Booked) sandbox.control.updateInvoice(tenant(), invoice.DocumentNumber, { Cancelled: true });
    else sandbox.control.addInvoice(tenant(), { Total: rng.int(-500, 9000), Balance: rng.int(-500, 9000), Booked: rng.next() < 0.8, DueDate: addDays(payDay, rng.int(-40, 40)), InvoiceDate: addDays(payDay, -rng.int(0, 30)) });
  }
  const drafts = sandbox.control.invoicesOf(tenant()).filter((i) => !i.Booked && !i.Cancelled);
  for (const draft of drafts.slice(0, 3)) sandbox.control.deleteInvoice(tenant(), draft.DocumentNumber);
  const bills = sandbox.control.supplierInvoicesOf(tenant());
  for (let i = 0; i < 40; i += 1) {
    const bill = pick(bills);
    const kind = rng.int(0, 4);
    if (kind === 0 && bill.Balance !== 0) sandbox.control.updateSupplierInvoice(tenant(), bill.GivenNumber, { Balance: 0, FinalPayDate: payDay, PaymentPending: false });
    else if (kind === 1 && bill.Balance !== 0) sandbox.control.updateSupplierInvoice(tenant(), bill.GivenNumber, { AuthorizePending: !bill.AuthorizePending });
    else if (kind === 2 && bill.Balance > 0) sandbox.control.updateSupplierInvoice(tenant(), bill.GivenNumber, { PaymentPending: !bill.PaymentPending });
    else if (kind === 3) sandbox.control.updateSupplierInvoice(tenant(), bill.GivenNumber, { DueDate: addDays(payDay, rng.int(-30, 60)) });
    else sandbox.control.addSupplierInvoice(tenant(), { Total: rng.int(100, 20000), Balance: rng.int(100, 20000), DueDate: addDays(payDay, rng.int(-10, 50)) });
  }
}

describe('kept figures equal a full recount after random syncs', () => {
  it('tallies, habits and the overview, over ten days of random changes and syncs', async () => {
    for (let day = 0; day < 10; day += 1) {
      businessDay(`tallies-${day}`);
      await syncBoth();
      // The overview first (it brings the habits up to date), then the recount on a second connection.
      const report = await mirror.receivables(today(), true);
      const store = new MirrorStore(file);
      try {
        expect(kept(store), `day ${day}: tallies`).toEqual(recount(store));
        const habits = keptHabits(store, today());
        expect(Object.fromEntries([...habits].sort()), `day ${day}: habits`).toEqual(Object.fromEntries([...customerHabits(store, today())].sort()));
        // The overview invoice by invoice, from the copy's own rows (every field the definitions read).
        const rows = store.statement('SELECT customer_number, customer_name, invoice_date, due_date, total, balance, currency, booked, cancelled, final_pay_date, currency_rate, currency_unit FROM invoices').all() as Array<Record<string, string | number | null>>;
        const invoices = rows.map((r) => ({
          documentNumber: '',
          customerNumber: r.customer_number as string,
          customerName: r.customer_name as string,
          invoiceDate: r.invoice_date as string,
          dueDate: r.due_date as string,
          total: r.total as number,
          balance: r.balance as number,
          currency: r.currency as string,
          booked: r.booked === 1,
          cancelled: r.cancelled === 1,
          finalPayDate: r.final_pay_date as string | null,
          currencyRate: r.currency_rate as number,
          currencyUnit: r.currency_unit as number,
        }));
        const bills = (store.statement('SELECT supplier_number, supplier_name, due_date, balance, currency, currency_rate, currency_unit, cancelled, authorize_pending, payment_pending FROM supplier_invoices').all() as Array<Record<string, string | number>>).map((r) => ({
          supplierNumber: r.supplier_number as string,
          supplierName: r.supplier_name as string,
          dueDate: r.due_date as string,
          balance: r.balance as number,
          currency: r.currency as string,
          currencyRate: r.currency_rate as number,
          currencyUnit: r.currency_unit as number,
          cancelled: r.cancelled === 1,
          authorizePending: r.authorize_pending === 1,
          paymentPending: r.payment_pending === 1,
        }));
        const recounted = computeReceivables(invoices, today(), bills, paymentHabits(invoices, today()));
        expect(report, `day ${day}: overview`).toEqual(recounted);
      } finally {
        store.close();
      }
      // The next business day (the habits' 365 days move too).
      clockMs += DAY;
    }
  }, 120_000);
});
