// The supplier register in the local copy against the sandbox over real HTTP: a company's supplier
// invoices and then its register read by the sync, every supplier of the register once, and its
// page from the copy with each supplier's figures equal to a recount from the sandbox's own
// supplier invoices (test/support/supplier-recount.ts); sorted by what the company owes, and
// narrowed to those with something overdue.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceDate } from '../../../electron/common/invoice-status';
import type { SupplierRow } from '../../../electron/common/suppliers';
import type { CompanySession } from '../../../electron/companies/company-session';
import { systemClock } from '../../../electron/kernel/clock';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources } from '../../../electron/mirror/sync/sync-engine';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { recountSupplier } from '../../support/supplier-recount';
import { company, FAST_LIMITER, serviceSession, tempDir } from '../export/helpers';

let sandbox: Sandbox;
let dir: string;
const sessions: CompanySession[] = [];
let mirror: MirrorApi | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 300, largeSupplierInvoiceCount: 900 });
  sandbox.control.setRateLimits(false);
});
afterAll(async () => {
  for (const s of sessions) s.close();
  await sandbox.close();
});
beforeEach(async () => {
  dir = await tempDir('supplier-register-it-');
});
afterEach(async () => {
  await mirror?.close();
  mirror = undefined;
  await fs.rm(dir, { recursive: true, force: true });
});

const tenant = () => company(sandbox, 'large').tenantId;
const today = () => serviceDate(Date.now() + sandbox.control.clockOffsetMs);
const figuresOf = (row: SupplierRow) => ({ owed: row.owed, overdue: row.overdue, openBills: row.openBills, paysDaysLate: row.paysDaysLate, lastBill: row.lastBill });

/** The sandbox's supplier invoices as the recount reads them. */
const sandboxBills = () =>
  sandbox.control.supplierInvoicesOf(tenant()).map((bill) => ({
    supplierNumber: bill.SupplierNumber,
    invoiceDate: bill.InvoiceDate,
    dueDate: bill.DueDate,
    finalPayDate: bill.FinalPayDate === '' ? null : bill.FinalPayDate,
    total: bill.Total,
    balance: bill.Balance,
    currencyRate: bill.CurrencyRate,
    currencyUnit: bill.CurrencyUnit,
    booked: bill.Booked,
    cancelled: bill.Cancelled,
  }));

describe('the supplier register, synced from the sandbox', () => {
  it('reads every supplier once, and its figures from the copy equal a recount from the sandbox\'s supplier invoices', async () => {
    mirror = openInlineMirror(path.join(dir, 'large.sqlite'));
    const session = serviceSession(sandbox, 'large', FAST_LIMITER);
    sessions.push(session);
    // The register's figures come from the supplier invoices' copy: those first, as the sync orders them.
    for (const resource of ['supplierinvoices', 'suppliers'] as const) {
      const result = await syncCompany({ resource: syncResources[resource], mirror, source: session, clock: systemClock, mode: 'auto', priority: 'sync' });
      expect(result.kind).toBe('full');
    }
    const register = sandbox.control.suppliersOf(tenant());
    const page = await mirror.listPage('suppliers', { page: 1, limit: 500, sortby: 'suppliernumber' }, today());
    expect(page.source).toBe('local');
    expect(page.rows.map((row) => row.supplierNumber)).toEqual(register.map((s) => String(s['SupplierNumber'])));
    expect(page.rows.map((row) => [row.name, row.organisationNumber, row.bg, row.pg, row.iban])).toEqual(
      register.map((s) => [s['Name'], s['OrganisationNumber'], s['BG'], s['PG'], s['IBAN']].map((value) => String(value ?? ''))),
    );
    const bills = sandboxBills();
    for (const row of page.rows) expect(figuresOf(row), `supplier ${row.supplierNumber}`).toEqual(recountSupplier(bills, row.supplierNumber, today()));
    // Not an empty recount: the company owes a number of its suppliers, some of it overdue, and pays them with a habit.
    expect(page.rows.filter((row) => (row.owed ?? 0) > 0).length).toBeGreaterThan(10);
    expect(page.rows.some((row) => (row.overdue ?? 0) > 0)).toBe(true);
    expect(page.rows.some((row) => row.paysDaysLate !== null)).toBe(true);
    // The view's sums: what the company owes them all, and what of it is overdue.
    const owed = page.rows.reduce((sum, row) => sum + (row.owed ?? 0), 0);
    expect(page.sums?.[0]).toMatchObject({ currency: 'SEK', count: register.length });
    expect(page.sums?.[0]?.total).toBeCloseTo(owed, 2);

    // Sorted by what is owed, the largest first; with overdue bills only.
    const sorted = await mirror.listPage('suppliers', { page: 1, limit: 500, sortby: 'owed', sortorder: 'descending', filter: 'withoverdue' }, today());
    const amounts = sorted.rows.map((row) => row.owed as number);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(sorted.rows.map((row) => row.supplierNumber).sort()).toEqual(page.rows.filter((row) => bills.some((b) => b.supplierNumber === row.supplierNumber && !b.cancelled && b.balance !== 0 && /^\d{4}-\d{2}-\d{2}$/.test(b.dueDate) && b.dueDate < today())).map((row) => row.supplierNumber).sort());
  });
});
