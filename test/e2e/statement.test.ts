/**
 * The statement and DSO/DPO through the harness against a sandbox the test owns: a
 * customer's statement opened from the customer register's details, its balance per currency today
 * and as at a past day equal to a recount from sandbox.control's own invoices and payments
 * (test/support/money-recount.ts, not the app's code); its CSV saved where the save dialog says,
 * the payments of invoices the copy does not know shown to the owner only (not printed, not saved); the
 * overview's DSO and DPO, today's figure and 12 points, equal to the recount; All companies has a
 * column each. UPDATE_SCREENSHOTS=1 writes docs/statement-sv.png and docs/days-outstanding-sv.png.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, projectRoot, type LaunchedApp } from '../harness/launch-app';
import { waitForCopySynced } from '../harness/copy-synced';
import { connectCompany, serviceEnv } from './helpers/connect';
import { countedBills, countedInvoices, openAt, ore, recountDays, recountStatement } from '../support/money-recount';
import { companyIdByName, normaliseSpaces, selectCompany, serviceToday, settled } from './helpers/grid';

const shotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(projectRoot, 'docs') : mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-shots-'));
let sandbox: Sandbox;
let app: LaunchedApp;
let folder: string;
let largeId: string;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;
const tab = (name: RegExp) => app.page.getByRole('tablist').getByRole('tab', { name });

/** Payments added to invoices the service does not list (a mistyped OCR, say): more than a statement lists. */
const ANYONES_ADDED = 120;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 3000 });
  const today = Date.parse(`${serviceToday()}T12:00:00Z`);
  for (let i = 0; i < ANYONES_ADDED; i += 1) sandbox.control.addPayment(large().tenantId, { InvoiceNumber: 7_000_000 + i, PaymentDate: new Date(today - i * 86_400_000).toISOString().slice(0, 10) });
  folder = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-statement-'));
  const saveAs = (name: string) => ({ canceled: false, filePath: path.join(folder, name) });
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 }, dialogAnswers: [saveAs('kontoutdrag.csv'), saveAs('kontoutdrag-idag.csv')] });
  await connectCompany(app, { company: large().name });
  largeId = await companyIdByName(app.page, large().name);
  await waitForCopySynced(app.page, largeId);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The customer with the most invoices in more than one currency, else the most invoices. */
function busiestCustomer(): string {
  const invoices = sandbox.control.invoicesOf(large().tenantId);
  const byCustomer = new Map<string, { n: number; currencies: Set<string> }>();
  for (const i of invoices) {
    const entry = byCustomer.get(i.CustomerNumber) ?? { n: 0, currencies: new Set<string>() };
    entry.n += 1;
    entry.currencies.add(i.Currency);
    byCustomer.set(i.CustomerNumber, entry);
  }
  return [...byCustomer.entries()].sort((a, b) => Number(b[1].currencies.size > 1) - Number(a[1].currencies.size > 1) || b[1].n - a[1].n)[0]![0];
}

/** Each currency's balance as the statement shows it (its data attribute, the exact number). */
async function shownBalances(): Promise<Map<string, number>> {
  const statement = app.page.getByTestId('statement');
  await expect.poll(() => statement.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
  const entries = await app.page.getByTestId('statement-currency').evaluateAll((sections) => sections.map((s) => [s.getAttribute('data-currency') ?? '', Number(s.getAttribute('data-balance'))] as const));
  return new Map(entries.map(([code, balance]) => [code, ore(balance)]));
}

function expectedBalances(customer: string, asOf: string): Map<string, number> {
  const tenant = large().tenantId;
  const out = recountStatement(countedInvoices(sandbox.control.invoicesOf(tenant), customer), sandbox.control.paymentsOf(tenant), asOf);
  return new Map([...out].filter(([, balance]) => balance !== 0));
}

describe("a customer's statement", () => {
  it('opens from the register, balances today and as at a past day equal a recount, and saves as CSV', async () => {
    const customer = busiestCustomer();
    await tab(/^Kunder$/).click();
    await settled(app.page, { company: largeId, page: 1 });
    await app.page.getByTestId('text-search').fill(customer);
    const row = app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${customer}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.dblclick();
    await app.page.getByTestId('open-statement').click();
    const today = serviceToday();
    expect(await app.page.getByTestId('statement-as-of').inputValue()).toBe(today);
    const nonZero = (m: Map<string, number>) => new Map([...m].filter(([, v]) => v !== 0));
    expect(nonZero(await shownBalances())).toEqual(expectedBalances(customer, today));
    // Rows: dates ascending, the last row's balance the balance; payments shown as negative amounts.
    const firstSection = app.page.getByTestId('statement-currency').first();
    const kinds = await firstSection.locator('[data-testid="statement-rows"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-kind')));
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds[0]).not.toBe('payment');
    await app.page.screenshot({ path: path.join(shotsDir, 'statement-sv.png') });

    // As at a day in the middle of the customer's history: rebuilt from dates, not today's balance.
    const dates = sandbox.control.invoicesOf(large().tenantId).filter((i) => i.CustomerNumber === customer).map((i) => i.InvoiceDate).sort();
    const past = dates[Math.floor(dates.length / 2)] as string;
    await app.page.getByTestId('statement-as-of').fill(past);
    await expect.poll(() => app.page.getByTestId('statement').getAttribute('data-as-of')).toBe(past);
    await expect.poll(async () => [...nonZero(await shownBalances())], { timeout: 15_000 }).toEqual([...expectedBalances(customer, past)]);

    // Saved where the save dialog says: the Swedish format by default (semicolon, BOM), the last balance per currency.
    await app.page.getByTestId('statement-export').click();
    await expect.poll(async () => normaliseSpaces((await app.page.getByTestId('statement-saved').textContent().catch(() => '')) ?? ''), { timeout: 15_000 }).toContain('kontoutdrag.csv');
    const text = readFileSync(path.join(folder, 'kontoutdrag.csv'), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Datum', 'Typ', 'Faktura', 'Belopp', 'Valuta', 'Saldo']);
    const expected = expectedBalances(customer, past);
    for (const [currency, balance] of expected) {
      const last = rows.filter((r) => r[4] === currency && r[5] !== '').at(-1);
      expect(ore(Number(last?.[5]?.replace(',', '.'))), currency).toBe(balance);
    }
    expect(rows.slice(1).every((r) => r[0] === '' || r[0]! <= past)).toBe(true);

    // Today: the payments of invoices the copy does not know (they may be another customer's) are
    // listed, at most 100 with the count of the rest, for the owner only: not printed, not saved.
    await app.page.getByTestId('statement-as-of').fill(today);
    await expect.poll(() => app.page.getByTestId('statement').getAttribute('data-as-of')).toBe(today);
    await expect.poll(() => app.page.getByTestId('statement').getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    const tenant = large().tenantId;
    const known = new Set(sandbox.control.invoicesOf(tenant).map((i) => i.DocumentNumber));
    const anyones = sandbox.control.paymentsOf(tenant).filter((p) => !known.has(String(p['InvoiceNumber'])) && !(typeof p['PaymentDate'] === 'string' && p['PaymentDate'] > today));
    const unknownRows = app.page.locator('[data-testid="statement-not-placed"] tr[data-reason="invoice-unknown"]');
    const more = app.page.getByTestId('statement-not-placed-more');
    await expect.poll(async () => (await unknownRows.count()) + Number((await more.getAttribute('data-count').catch(() => null)) ?? 0), { timeout: 15_000 }).toBe(anyones.length);
    expect(await unknownRows.count()).toBeLessThanOrEqual(100);
    expect(normaliseSpaces((await more.textContent()) ?? '')).toMatch(/^Ytterligare \d+ betalningar som inte kunde placeras visas inte \(högst 100 visas\)\.$/);
    expect(await app.page.getByTestId('statement-owner-only').count()).toBeGreaterThan(0);
    await app.page.emulateMedia({ media: 'print' });
    const hiddenInPrint = (locator: typeof unknownRows) => locator.evaluateAll((elements) => elements.every((element) => getComputedStyle(element).display === 'none'));
    expect(await hiddenInPrint(unknownRows)).toBe(true);
    expect(await hiddenInPrint(app.page.getByTestId('statement-owner-only'))).toBe(true);
    expect(await hiddenInPrint(more)).toBe(true);
    await app.page.emulateMedia({ media: 'screen' });
    await app.page.getByTestId('statement-export').click();
    await expect.poll(async () => normaliseSpaces((await app.page.getByTestId('statement-saved').textContent().catch(() => '')) ?? ''), { timeout: 15_000 }).toContain('kontoutdrag-idag.csv');
    const saved = readFileSync(path.join(folder, 'kontoutdrag-idag.csv'), 'utf8');
    expect(saved).not.toContain('okänd faktura');
    const savedInvoices = new Set(Papa.parse<string[]>(saved.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data.map((r) => r[2]));
    expect(anyones.filter((p) => savedInvoices.has(String(p['InvoiceNumber'])))).toEqual([]);

    // Escape closes the statement only: the customer's details that opened it stay, the focus back on its button.
    await app.page.keyboard.press('Escape');
    await expect.poll(() => app.page.getByTestId('statement').count()).toBe(0);
    expect(await app.page.getByTestId('invoice-details').count()).toBe(1);
    await app.page.getByTestId('open-statement').click();
    await expect.poll(() => app.page.getByTestId('statement').getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    await app.page.getByTestId('statement-as-of').press('Escape');
    await expect.poll(() => app.page.getByTestId('statement').count()).toBe(0);
    expect(await app.page.getByTestId('invoice-details').count()).toBe(1);
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-statement');
  });
});

describe('DSO and DPO', () => {
  it('the overview shows today\'s figure and 12 month ends, each equal to a recount; All companies a column each', async () => {
    await tab(/^Översikt$/).click();
    const tenant = large().tenantId;
    const today = serviceToday();
    const dso = recountDays(countedInvoices(sandbox.control.invoicesOf(tenant)), sandbox.control.paymentsOf(tenant), today);
    const dpo = recountDays(countedBills(sandbox.control.supplierInvoicesOf(tenant)), sandbox.control.supplierPaymentsOf(tenant), today);
    for (const [side, expected] of [['dso', dso], ['dpo', dpo]] as const) {
      const figure = app.page.getByTestId(`days-${side}`);
      await expect.poll(() => figure.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      const points = await figure.locator('circle').evaluateAll((circles) => circles.map((c) => [c.getAttribute('data-month'), Number(c.getAttribute('data-days'))] as const));
      expect(points.map(([month]) => month)).toEqual(expected.map((m) => m.month));
      for (const [i, [month, days]] of points.entries()) expect(Math.abs(days - expected[i]!.days), `${side} ${month}`).toBeLessThanOrEqual(0.1);
      const shown = normaliseSpaces((await app.page.getByTestId(`days-${side}-today`).textContent()) ?? '');
      expect(shown).toBe(`${expected.at(-1)!.days.toLocaleString('sv-SE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} dagar`);
    }
    await app.page.getByTestId('days-dso').scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: path.join(shotsDir, 'days-outstanding-sv.png') });

    // A month's figure opens the customer grid narrowed to exactly what made up the balance that day.
    const month = dso[dso.length - 4]!;
    const day = (await app.page.locator(`[data-testid="days-dso-month"][data-month="${month.month}"]`).getAttribute('data-as-of')) as string;
    const open = openAt(countedInvoices(sandbox.control.invoicesOf(tenant)), sandbox.control.paymentsOf(tenant), day);
    await app.page.getByTestId('days-dso').locator('summary').click();
    await app.page.locator(`[data-testid="days-dso-month"][data-month="${month.month}"]`).click();
    await expect.poll(() => tab(/^Kundfakturor$/).getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => normaliseSpaces((await app.page.getByTestId('overview-chip').textContent()) ?? ''), { timeout: 10_000 }).toContain(`obetalt per ${day} (DSO)`);
    const count = async () => normaliseSpaces((await app.page.getByTestId('grid-sums-count').textContent()) ?? '');
    await expect.poll(count, { timeout: 15_000 }).toBe(open.length === 1 ? '1 faktura' : `${open.length.toLocaleString('sv-SE').replace(/\s/g, ' ')} fakturor`);
    await app.page.getByTestId('overview-chip-clear').click();
    await tab(/^Översikt$/).click();

    await app.page.getByTestId('all-companies-button').click();
    await app.page.getByTestId('firm-per-currency').click();
    const body = app.page.locator(`[data-testid="all-company"][data-company="${largeId}"]`);
    await body.waitFor({ timeout: 15_000 });
    expect(Math.abs(Number(await body.getByTestId('all-dso').getAttribute('data-days')) - dso.at(-1)!.days)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(Number(await body.getByTestId('all-dpo').getAttribute('data-days')) - dpo.at(-1)!.days)).toBeLessThanOrEqual(0.1);
  });
});

describe('in English', () => {
  it('reads in English: the statement\'s title, columns and kinds, the overview\'s DSO', async () => {
    await app.page.getByLabel(/Språk|Language/).selectOption('en');
    // The last test left All companies on screen: back to the company.
    await selectCompany(app.page, large().name);
    await expect.poll(() => tab(/^Customers$/).isVisible(), { timeout: 10_000 }).toBe(true);
    await tab(/^Overview$/).click();
    await expect.poll(async () => normaliseSpaces((await app.page.getByTestId('days-dso-today').textContent()) ?? ''), { timeout: 15_000 }).toMatch(/^\d+\.\d days$/);
    const customer = busiestCustomer();
    await tab(/^Customers$/).click();
    await settled(app.page, { company: largeId, page: 1 });
    await app.page.getByTestId('text-search').fill(customer);
    const row = app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${customer}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.dblclick();
    await app.page.getByTestId('open-statement').click();
    await expect.poll(() => app.page.getByTestId('statement').getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    expect(normaliseSpaces((await app.page.getByRole('dialog', { name: /^Statement: / }).locator('h2').textContent()) ?? '')).toContain(`(${customer})`);
    expect(await app.page.getByTestId('statement-rows').first().locator('thead th').allTextContents()).toEqual(['Date', 'Kind', 'Invoice', 'Amount', 'Balance']);
    const kinds = new Set(await app.page.getByTestId('statement-rows').first().locator('tbody td:nth-child(2)').allTextContents());
    expect([...kinds].every((kind) => ['Invoice', 'Credit', 'Payment'].includes(kind))).toBe(true);
    await app.page.screenshot({ path: path.join(shotsDir, 'statement-en.png') });
    await app.page.keyboard.press('Escape');
  });
});
