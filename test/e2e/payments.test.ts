/**
 * Payments through the harness against a sandbox the test owns: the payments of
 * both sides are read into the local copy with the invoices, and an invoice's details panel shows
 * exactly its payments (date, amount, currency, manual or direct, booked), as sandbox.control's own
 * payments say, on the customer and on the supplier side. A company connected without the payment
 * scope keeps everything else and says so in the panel.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { waitForCopySynced } from '../harness/copy-synced';
import { launchApp, projectRoot, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import { companyIdByName, normaliseSpaces, settled } from './helpers/grid';

const shotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(projectRoot, 'docs') : mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-shots-'));
let sandbox: Sandbox;
let app: LaunchedApp;
let largeId: string;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;
const small = () => sandbox.companies.find((c) => c.key === 'small')!;
const tab = (name: RegExp) => app.page.getByRole('tablist').getByRole('tab', { name });

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 3000 });
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 } });
  await connectCompany(app, { company: large().name });
  largeId = await companyIdByName(app.page, large().name);
  await waitForCopySynced(app.page, largeId);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

/** The payments panel's rows: [date, amount] as shown. */
async function shownPayments(): Promise<string[][]> {
  const panel = app.page.getByTestId('invoice-payments');
  await expect.poll(() => panel.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
  return panel.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '))));
}

async function openRow(number: string): Promise<void> {
  const search = app.page.getByTestId('text-search');
  await search.fill(number);
  await app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${number}"]`).waitFor({ timeout: 15_000 });
  await app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${number}"]`).dblclick();
}

const kr = (n: number, currency: string) => `${n.toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\s/g, ' ').replace('−', '-')} ${currency === 'SEK' ? 'kr' : currency}`;

describe("an invoice's payments", () => {
  it('a customer invoice paid in two parts shows both, in date order, as the service has them', async () => {
    const payments = sandbox.control.paymentsOf(large().tenantId);
    const byInvoice = new Map<string, typeof payments>();
    for (const p of payments) byInvoice.set(String(p['InvoiceNumber']), [...(byInvoice.get(String(p['InvoiceNumber'])) ?? []), p]);
    // Of an invoice the company has (a few payments name none, on purpose).
    const known = new Set(sandbox.control.invoicesOf(large().tenantId).map((i) => i.DocumentNumber));
    // The newest such invoice (its number, searched, is not the prefix of many others).
    const [invoice, theirs] = [...byInvoice].filter(([n, list]) => list.length === 2 && known.has(n)).sort((a, b) => Number(b[0]) - Number(a[0]))[0]!;
    await tab(/^Kundfakturor$/).click();
    await settled(app.page, { company: largeId });
    await openRow(invoice);
    const shown = await shownPayments();
    const expected = [...theirs].sort((a, b) => String(a['PaymentDate']).localeCompare(String(b['PaymentDate'])));
    expect(shown.map((r) => r[0])).toEqual(expected.map((p) => String(p['PaymentDate'])));
    expect(shown.map((r) => normaliseSpaces(r[1] ?? ''))).toEqual(expected.map((p) => kr(Number(p['AmountCurrency'] ?? p['Amount']), String(p['Currency']))));
    // The section may render again (its list answered from the copy once that is read): scroll the one on screen.
    await vi.waitFor(() => app.page.getByTestId('invoice-payments').scrollIntoViewIfNeeded({ timeout: 2_000 }), { timeout: 15_000, interval: 200 });
    await app.page.screenshot({ path: path.join(shotsDir, 'invoice-payments-sv.png') });
    await app.page.keyboard.press('Escape');
  });

  it('a supplier invoice shows its payment too', async () => {
    const payments = sandbox.control.supplierPaymentsOf(large().tenantId);
    const known = new Set(sandbox.control.supplierInvoicesOf(large().tenantId).map((i) => i.GivenNumber));
    const one = payments.filter((p) => Number(p['AmountCurrency'] ?? p['Amount']) > 0 && known.has(String(p['InvoiceNumber']))).sort((a, b) => Number(b['InvoiceNumber']) - Number(a['InvoiceNumber']))[0]!;
    await tab(/^Leverantörsfakturor$/).click();
    await settled(app.page, { company: largeId });
    await openRow(String(one['InvoiceNumber']));
    const shown = await shownPayments();
    expect(shown.map((r) => r[0])).toContain(String(one['PaymentDate']));
    await app.page.keyboard.press('Escape');
  });
});

describe('a company connected without the payment scope', () => {
  it('keeps its lists and says in the panel what is missing', async () => {
    const page = app.page;
    await page.getByRole('button', { name: /Lägg till företag/ }).click();
    sandbox.control.withholdScopes(['payment']);
    await connectCompany(app, { company: small().name });
    sandbox.control.withholdScopes([]);
    const smallId = await companyIdByName(page, small().name);
    await waitForCopySynced(page, smallId);
    await page.getByRole('navigation').getByRole('button', { name: new RegExp(small().name) }).click();
    expect(normaliseSpaces((await page.locator(`[data-testid="sync"][data-company="${smallId}"] [data-testid="sync-status"]`).textContent()) ?? '')).toMatch(/Synkad \d\d:\d\d/);
    await tab(/^Kundfakturor$/).click();
    await settled(page, { company: smallId, page: 1 });
    const first = await page.locator('[data-testid="grid-rows"] tr[data-document-number]').first().getAttribute('data-document-number');
    await page.locator(`[data-testid="grid-rows"] tr[data-document-number="${first}"]`).dblclick();
    await page.getByTestId('invoice-payments-error').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('invoice-payments-error').textContent()).toContain('åtkomst till betalningar');
  });
});
