// Supplier invoices in the local copy, against the sandbox over real HTTP: the first read in the
// service's own order, an unchanged company's sync in 3 requests (the list with lastmodified, and
// the two filtered lists read whole), changes and approvals applied at the next sync, and the
// supplier grid's filters, sorts, search and sums equal to the sandbox's own data.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import type { CompanySession } from '../../../electron/companies/company-session';
import type { GridQueryOf } from '../../../electron/common/lists/grid-types';
import { filterIdsOf } from '../../../electron/common/lists/registry';
import { serviceDate } from '../../../electron/common/invoice-status';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources } from '../../../electron/mirror/sync/sync-engine';
import { startSandbox, type Sandbox, type SandboxSupplierInvoice } from '../../../electron/sandbox/index';
import { company, FAST_LIMITER, serviceSession, tempDir } from '../export/helpers';

let sandbox: Sandbox;
let dir: string;
const sessions: CompanySession[] = [];
const mirrors: MirrorApi[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 600, largeSupplierInvoiceCount: 1_240 });
  sandbox.control.setRateLimits(false);
});
afterAll(async () => {
  for (const s of sessions) s.close();
  await sandbox.close();
});
beforeEach(async () => {
  dir = await tempDir('supplier-it-');
  sandbox.control.resetCounters();
});
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const tenant = () => company(sandbox, 'large').tenantId;
function setup(): { mirror: MirrorApi; session: CompanySession } {
  const mirror = openInlineMirror(path.join(dir, 'large.sqlite'));
  mirrors.push(mirror);
  const session = serviceSession(sandbox, 'large', FAST_LIMITER);
  sessions.push(session);
  return { mirror, session };
}
const sync = (mirror: MirrorApi, session: CompanySession, mode: 'auto' | 'full' = 'auto') =>
  syncCompany({ resource: syncResources.supplierinvoices, mirror, source: session, clock: systemClock, mode, priority: 'sync' });
const supplierRequests = () => sandbox.control.counters().byRoute.supplierinvoices ?? 0;
const today = () => serviceDate(Date.now() + sandbox.control.clockOffsetMs);

/** Every supplier invoice of the copy, in GivenNumber order, as the fields a user sees. */
async function copyContents(mirror: MirrorApi): Promise<string[]> {
  const rows = await mirror.listRows('supplierinvoices', { limit: 500, sortby: 'givennumber' }, today(), 0, 1_000_000);
  return rows.map((r) => `${r.givenNumber}|${r.supplierName}|${r.total}|${r.balance}|${r.cancelled}|${r.authorizePending}|${r.paymentPending}`);
}
function serviceContents(): string[] {
  return sandbox.control
    .supplierInvoicesOf(tenant())
    .map((i: SandboxSupplierInvoice) => `${i.GivenNumber}|${i.SupplierName}|${i.Total}|${i.Balance}|${i.Cancelled}|${!i.Cancelled && i.AuthorizePending}|${!i.Cancelled && i.PaymentPending}`);
}

describe('supplier invoices in the local copy, against the sandbox', () => {
  it('reads every supplier invoice once, keeps approval and payment state, and then an unchanged company costs 3 requests', async () => {
    const { mirror, session } = setup();
    const first = await sync(mirror, session);
    expect(first.kind).toBe('full');
    // 1 240 invoices: three pages of 500, then one page of each filtered list.
    expect(supplierRequests()).toBe(5);
    expect(await copyContents(mirror)).toEqual(serviceContents());

    sandbox.control.resetCounters();
    const second = await sync(mirror, session);
    expect(second.kind).toBe('incremental');
    expect(supplierRequests()).toBe(3);
    expect(sandbox.control.counters().byRoute.invoices ?? 0).toBe(0);
  });

  it('applies an approval, a payment under way, a payment and a new bill at the next sync', async () => {
    const { mirror, session } = setup();
    await sync(mirror, session);
    const all = sandbox.control.supplierInvoicesOf(tenant());
    const awaiting = all.find((i) => i.AuthorizePending && !i.Cancelled) as SandboxSupplierInvoice;
    const open = all.find((i) => !i.Cancelled && i.Balance !== 0 && !i.AuthorizePending && !i.PaymentPending) as SandboxSupplierInvoice;
    expect(awaiting && open).toBeTruthy();
    sandbox.control.updateSupplierInvoice(tenant(), awaiting.GivenNumber, { AuthorizePending: false, AuthorizerName: 'Anna Berg' });
    sandbox.control.updateSupplierInvoice(tenant(), open.GivenNumber, { PaymentPending: true });
    const added = sandbox.control.addSupplierInvoice(tenant(), { SupplierName: 'Nya Leverantören AB' });
    await sync(mirror, session);
    expect(await copyContents(mirror)).toEqual(serviceContents());
    const row = async (givenNumber: string) => (await mirror.listPage('supplierinvoices', { page: 1, limit: 50, text: givenNumber }, today())).rows.find((r) => r.givenNumber === givenNumber);
    expect((await row(awaiting.GivenNumber))?.status).not.toBe('awaiting-approval');
    expect((await row(open.GivenNumber))?.status).toBe('payment-pending');
    expect((await row(added))?.supplierName).toBe('Nya Leverantören AB');
  });

  it('answers every filter, the supplier-number search and the sums exactly as the sandbox', async () => {
    const { mirror, session } = setup();
    await sync(mirror, session);
    const day = today();
    for (const filter of filterIdsOf('supplierinvoices')) {
      const served: string[] = [];
      for await (const page of session.listPages('supplierinvoices', { limit: 500, filter }, { priority: 'interactive' })) served.push(...page.items.map((i) => i.givenNumber));
      const local = await mirror.listRows('supplierinvoices', { limit: 500, filter }, day, 0, 100_000);
      expect(local.map((r) => r.givenNumber), filter).toEqual(served);
    }
    const someNumber = sandbox.control.supplierInvoicesOf(tenant())[3]?.SupplierNumber as string;
    const served = (await session.listPage('supplierinvoices', { limit: 500, search: { field: 'suppliernumber', value: someNumber } }, { priority: 'interactive' })).items.map((i) => i.givenNumber);
    const query: GridQueryOf<'supplierinvoices'> = { page: 1, limit: 500, search: { field: 'suppliernumber', value: someNumber } };
    expect((await mirror.listPage('supplierinvoices', query, day)).rows.map((r) => r.givenNumber)).toEqual(served);

    // The footer's sums per currency equal the sandbox's, to the öre, never converted.
    const sums = (await mirror.listPage('supplierinvoices', { page: 1, limit: 25, filter: 'unpaid' }, day)).sums ?? [];
    const expected = new Map<string, { count: number; balance: number }>();
    for (const i of sandbox.control.supplierInvoicesOf(tenant()).filter((x) => !x.Cancelled && x.Balance !== 0)) {
      const sum = expected.get(i.Currency) ?? { count: 0, balance: 0 };
      expected.set(i.Currency, { count: sum.count + 1, balance: sum.balance + i.Balance });
    }
    expect(Object.fromEntries(sums.map((s) => [s.currency, { count: s.count, balance: s.balance }]))).toEqual(
      Object.fromEntries([...expected].map(([currency, s]) => [currency, { count: s.count, balance: Math.round(s.balance * 100) / 100 }])),
    );

    // Sorted by due date descending, ties by GivenNumber descending, as an independent sort of the sandbox's data.
    const byDue = [...sandbox.control.supplierInvoicesOf(tenant())].sort((a, b) => (a.DueDate === b.DueDate ? Number(b.GivenNumber) - Number(a.GivenNumber) : a.DueDate < b.DueDate ? 1 : -1));
    const local = await mirror.listRows('supplierinvoices', { limit: 500, sortby: 'duedate', sortorder: 'descending' }, day, 0, 100_000);
    expect(local.map((r) => r.givenNumber)).toEqual(byDue.map((i) => i.GivenNumber));
  });

  it('a supplier invoice deleted at the service goes at the next full read', async () => {
    const { mirror, session } = setup();
    const added = sandbox.control.addSupplierInvoice(tenant(), {});
    await sync(mirror, session);
    sandbox.control.deleteSupplierInvoice(tenant(), added);
    await sync(mirror, session);
    // Deletions are invisible to lastmodified: still in the copy after an incremental read.
    expect((await copyContents(mirror)).some((line) => line.startsWith(`${added}|`))).toBe(true);
    await sync(mirror, session, 'full');
    expect(await copyContents(mirror)).toEqual(serviceContents());
  });
});
