/**
 * The supplier tab without a local copy (INVOICE_DESK_LOCAL_COPY=off), against a sandbox the test
 * owns: the grid pages in the service's order (GivenNumber ascending) with no sortable header, the
 * filters as chips and the search by supplier number only, and a note says why the rest waits for
 * the copy. Rows and counts are computed here from sandbox.control.supplierInvoicesOf.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxSupplierInvoice } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { serviceOnlyEnv } from './helpers/connect';
import { allRows, companyIdByName, pagerRange, settled } from './helpers/grid';

let sandbox: Sandbox;
let app: LaunchedApp;
let largeId: string;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;
const suppliers = (): SandboxSupplierInvoice[] => sandbox.control.supplierInvoicesOf(large().tenantId);
const grouped = (n: number) => n.toLocaleString('sv-SE').replace(/\s/g, ' ');
const byGivenNumber = (a: SandboxSupplierInvoice, b: SandboxSupplierInvoice) => Number(a.GivenNumber) - Number(b.GivenNumber);

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 200, largeSupplierInvoiceCount: 600 });
  app = await launchApp({ env: serviceOnlyEnv(sandbox), viewport: { width: 1280, height: 800 } });
  // A service account: the sandbox pre-approves its activation with the supplier scopes.
  await app.page.getByText('Anslut ett tjänstekonto (TenantId)').click();
  await app.page.getByTestId('tenant-id').fill(large().tenantId);
  await app.page.getByRole('button', { name: 'Anslut tjänstekonto' }).click();
  await app.page.getByRole('navigation').getByRole('button', { name: new RegExp(large().name) }).waitFor({ timeout: 30_000 });
  largeId = await companyIdByName(app.page, large().name);
  await app.page.getByRole('tablist').getByRole('tab', { name: 'Leverantörsfakturor' }).click();
  await app.page.locator('[data-testid="invoice-grid"][data-resource="supplierinvoices"]').waitFor();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('the supplier tab without a local copy', () => {
  it("pages in the service's order, sorts by nothing, and says why the rest waits for the copy", async () => {
    const page = app.page;
    await settled(page, { company: largeId, page: 1 });
    expect(await page.getByTestId('grid-service-note').textContent()).toMatch(/Lokal kopia är avstängd i Inställningar.*egen ordning.*lev\.nr/);
    // No header is a button; each says why.
    expect(await page.locator('thead .sort-button').count()).toBe(0);
    expect(await page.getByRole('grid').getByRole('columnheader', { name: /Saldo/ }).getAttribute('title')).toMatch(/lokala kopian/);
    // The copy's parts are not offered: one search box by supplier number, no due dates, no currency, no sums.
    expect(await page.getByTestId('text-search').count()).toBe(0);
    expect(await page.getByTestId('currency-select').count()).toBe(0);
    expect(await page.getByTestId('grid-sums').count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Sök på Lev.nr' }).count()).toBe(1);
    const all = [...suppliers()].sort(byGivenNumber);
    expect(await pagerRange(page)).toBe(`Rader 1–50 av ${grouped(all.length)}`);
    expect((await allRows(page)).map((r) => r.documentNumber)).toEqual(all.slice(0, 50).map((s) => s.GivenNumber));
  });

  it('filters with the chips ("Betalning pågår") and searches by supplier number, as the service does', async () => {
    const page = app.page;
    await page.getByRole('group', { name: 'Filter' }).getByRole('button', { name: 'Betalning pågår', exact: true }).click();
    const pending = suppliers().filter((s) => !s.Cancelled && s.PaymentPending).sort(byGivenNumber);
    expect(pending.length).toBeGreaterThan(0);
    await expect.poll(() => pagerRange(page), { timeout: 15_000 }).toBe(`Rader 1–${Math.min(50, pending.length)} av ${grouped(pending.length)}`);
    expect((await allRows(page)).map((r) => r.documentNumber)).toEqual(pending.slice(0, 50).map((s) => s.GivenNumber));

    await page.getByRole('group', { name: 'Filter' }).getByRole('button', { name: 'Alla', exact: true }).click();
    const number = suppliers()[0]!.SupplierNumber;
    // The service's search is a substring match.
    const matching = suppliers().filter((s) => s.SupplierNumber.includes(number)).sort(byGivenNumber);
    await page.getByRole('searchbox', { name: 'Sök på Lev.nr' }).fill(number);
    await expect.poll(() => pagerRange(page), { timeout: 15_000 }).toBe(`Rader 1–${Math.min(50, matching.length)} av ${grouped(matching.length)}`);
    await settled(page, { company: largeId, page: 1 });
    const rows = await allRows(page);
    expect(rows.map((r) => r.documentNumber)).toEqual(matching.slice(0, 50).map((s) => s.GivenNumber));
    for (const row of rows) expect(row.cells['supplierNumber']).toContain(number);
  });
});
