/**
 * The customer register through the harness, against a sandbox the test owns: the large company's
 * customer tab (Kunder) from its local copy. What each customer owes and has overdue, sorted, searched and
 * chipped, is computed here from sandbox.control's own invoices and register (not from the app's
 * code); the footer's count and SEK sums are the view's; a customer's details lead to exactly its
 * invoices with the chip that names and undoes it; the export writes the view; a company connected
 * without the customer scope shows, on that tab only, what is missing and "Godkänn åtkomst".
 * UPDATE_SCREENSHOTS=1 writes docs/customers-sv.png (the README's picture), and the English picture
 * beside it for looking at, not kept in the repository.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, projectRoot, type LaunchedApp } from '../harness/launch-app';
import { waitForCopySynced } from '../harness/copy-synced';
import { connectCompany, serviceEnv } from './helpers/connect';
import { sekOre } from '../support/sek-ore';
import { allRows, companyIdByName, normaliseSpaces, renderedRows, serviceToday, settled, sumsRows } from './helpers/grid';

const shotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(projectRoot, 'docs') : mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-shots-'));
let sandbox: Sandbox;
let app: LaunchedApp;
let folder: string;
let largeId: string;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;
const small = () => sandbox.companies.find((c) => c.key === 'small')!;
const tab = (name: RegExp) => app.page.getByRole('tablist').getByRole('tab', { name });
const count = async () => normaliseSpaces((await app.page.getByTestId('grid-sums-count').textContent()) ?? '');
const grouped = (n: number) => n.toLocaleString('sv-SE').replace(/\s/g, ' ');
const kr = (n: number) => n.toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\s/g, ' ').replace('−', '-');
const strip = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Each customer's owed and overdue in SEK at each invoice's own rate (common/owed.ts written out here), rounded to öre. */
function figures(): Map<string, { owed: number; overdue: number }> {
  const today = serviceToday();
  const owed = new Map<string, Array<{ amount: number; rate: string; unit: number; overdue: boolean }>>();
  for (const i of sandbox.control.invoicesOf(large().tenantId)) {
    if (!i.Booked || i.Cancelled || i.Balance === 0) continue;
    const list = owed.get(i.CustomerNumber) ?? [];
    list.push({ amount: i.Balance, rate: i.CurrencyRate, unit: i.CurrencyUnit, overdue: /^\d{4}-\d{2}-\d{2}$/.test(i.DueDate) && i.DueDate < today });
    owed.set(i.CustomerNumber, list);
  }
  return new Map([...owed].map(([customer, list]) => [customer, { owed: sekOre(list), overdue: sekOre(list.filter((i) => i.overdue)) }]));
}

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 4000 });
  folder = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-customers-'));
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 }, dialogAnswers: [{ canceled: false, filePath: path.join(folder, 'kunder.csv') }] });
  await connectCompany(app, { company: large().name });
  largeId = await companyIdByName(app.page, large().name);
  await waitForCopySynced(app.page, largeId);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the customer tab', () => {
  it('lists the register with what each owes, largest first, and the view\'s count and sums', async () => {
    await tab(/^Kunder$/).click();
    await settled(app.page, { company: largeId, page: 1 });
    const register = sandbox.control.customersOf(large().tenantId);
    expect(await count()).toBe(`${grouped(register.length)} kunder`);
    const owedBy = figures();
    const owed = (number: string) => owedBy.get(number)?.owed ?? 0;
    // The default sort: owed, largest first (ties by number, descending as the service breaks them).
    const expected = register.map((c) => String(c['CustomerNumber'])).sort((a, b) => owed(b) - owed(a) || Number(b) - Number(a));
    const rows = await renderedRows(app.page);
    expect(rows.slice(0, 10).map((r) => r.documentNumber)).toEqual(expected.slice(0, 10));
    expect(normaliseSpaces(rows[0]?.cells['owed'] ?? '')).toBe(`${kr(owed(expected[0]!))} kr`);
    const header = app.page.getByRole('grid').getByRole('columnheader', { name: /Att få/ });
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const sums = await sumsRows(app.page);
    const inRegister = new Set(register.map((c) => String(c['CustomerNumber'])));
    const total = (key: 'owed' | 'overdue') => sekOre([...owedBy.entries()].filter(([n]) => inRegister.has(n)).map(([, f]) => ({ amount: f[key], rate: 1, unit: 1 })));
    expect(sums['SEK']).toEqual({ count: grouped(register.length), total: kr(total('owed')), balance: kr(total('overdue')) });
    expect(await app.page.locator('[data-testid="grid-sums"] th').allTextContents()).toEqual(expect.arrayContaining(['Att få', 'Förfallet']));
    await app.page.screenshot({ path: path.join(shotsDir, 'customers-sv.png') });
  });

  it('sorts by name (Swedish order), searches without diacritics, and filters by the chips', async () => {
    const register = sandbox.control.customersOf(large().tenantId);
    await app.page.getByRole('grid').getByRole('columnheader', { name: /^Namn/ }).getByRole('button').click();
    await settled(app.page, { company: largeId, page: 1 });
    const names = (await renderedRows(app.page)).map((r) => r.cells['name'] ?? '');
    expect(names.slice(0, 5)).toEqual([...names.slice(0, 5)].sort((a, b) => a.localeCompare(b, 'sv')));

    // One search box: a city without its diacritics.
    const city = String(register.find((c) => /[åäö]/i.test(String(c['City'])))?.['City'] ?? register[0]!['City']);
    await app.page.getByTestId('text-search').fill(strip(city));
    // The search box's rule: every word typed starts a word of the name, number, org. no., e-mail or city.
    const wordsOf = (text: string) => strip(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const typed = wordsOf(city);
    const matching = register.filter((c) => {
      const words = wordsOf(['Name', 'CustomerNumber', 'OrganisationNumber', 'Email', 'City'].map((f) => String(c[f] ?? '')).join(' '));
      return typed.every((q) => words.some((w) => w.startsWith(q)));
    });
    await expect.poll(count, { timeout: 10_000 }).toBe(matching.length === 1 ? '1 kund' : `${grouped(matching.length)} kunder`);
    await app.page.getByTestId('text-search').fill('');
    await expect.poll(count, { timeout: 10_000 }).toBe(`${grouped(register.length)} kunder`);

    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Inaktiva' }).click();
    const inactive = register.filter((c) => c['Active'] === false).length;
    await expect.poll(count, { timeout: 10_000 }).toBe(inactive === 1 ? '1 kund' : `${grouped(inactive)} kunder`);
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Med förfallet' }).click();
    const withOverdue = register.filter((c) => (figures().get(String(c['CustomerNumber']))?.overdue ?? 0) !== 0).length;
    await expect.poll(count, { timeout: 10_000 }).toBe(`${grouped(withOverdue)} kunder`);
    await settled(app.page, { company: largeId, page: 1 });
    expect((await allRows(app.page)).every((r) => (r.cells['overdue'] ?? '') !== '' && normaliseSpaces(r.cells['overdue'] ?? '') !== '0,00')).toBe(true);
  });

  it('opens a customer\'s invoices from its details: exactly its own, with the chip that names and undoes it', async () => {
    await settled(app.page, { company: largeId, page: 1 });
    const first = (await renderedRows(app.page))[0]!;
    const number = first.documentNumber;
    const name = first.cells['name'] ?? '';
    await app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${number}"]`).dblclick();
    await app.page.getByTestId('customer-show-invoices').click();
    await expect.poll(() => tab(/^Kundfakturor$/).getAttribute('aria-selected')).toBe('true');
    const chip = app.page.getByTestId('overview-chip');
    await expect.poll(async () => (await chip.textContent()) ?? '', { timeout: 10_000 }).toContain(name);
    const theirs = sandbox.control.invoicesOf(large().tenantId).filter((i) => i.CustomerNumber === number).length;
    await expect.poll(count, { timeout: 10_000 }).toBe(theirs === 1 ? '1 faktura' : `${grouped(theirs)} fakturor`);
    await app.page.getByTestId('overview-chip-clear').click();
    await expect.poll(count, { timeout: 10_000 }).toBe(`${grouped(sandbox.control.invoicesOf(large().tenantId).length)} fakturor`);
  });

  it('exports the view from the copy: the register\'s columns and the figures, once per customer', async () => {
    await tab(/^Kunder$/).click();
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Alla' }).click();
    await settled(app.page, { company: largeId, page: 1 });
    await app.page.getByTestId('export-button').click();
    await app.page.getByTestId('export-choice-all').check();
    await app.page.getByTestId('export-start').click();
    await app.page.locator('[data-testid="export-job"][data-state="done"]').waitFor({ timeout: 60_000 });
    const rows = Papa.parse<string[]>(readFileSync(path.join(folder, 'kunder.csv'), 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const register = sandbox.control.customersOf(large().tenantId);
    expect(rows.slice(1)).toHaveLength(register.length);
    const header = rows[0]!;
    const at = (label: string) => header.indexOf(label);
    expect(at('Att få (kr)')).toBeGreaterThanOrEqual(0);
    const owedBy = figures();
    // Swedish users get the Excel (Swedish) format by default: a decimal comma.
    for (const row of rows.slice(1)) expect(Number(row[at('Att få (kr)')]!.replace(',', '.')), row[at('Kundnr')]).toBeCloseTo(owedBy.get(row[at('Kundnr')]!)?.owed ?? 0, 2);
  });

  it('has no serious axe violation, and reads in English too', async () => {
    const results = await new AxeBuilder({ page: app.page }).include('main').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await app.page.getByLabel(/Språk|Language/).selectOption('en');
    await expect.poll(() => tab(/^Customers$/).isVisible(), { timeout: 10_000 }).toBe(true);
    await settled(app.page, { company: largeId, page: 1 });
    expect(await app.page.getByRole('grid').getByRole('columnheader', { name: /Owed \(SEK\)/ }).count()).toBe(1);
    await app.page.screenshot({ path: path.join(shotsDir, 'customers-en.png') });
    await app.page.getByLabel(/Språk|Language/).selectOption('sv');
    await expect.poll(() => tab(/^Kunder$/).isVisible(), { timeout: 10_000 }).toBe(true);
  });
});

describe('a company connected without the customer scope', () => {
  it('shows on its customer tab only what is missing and "Godkänn åtkomst"; its invoices work', async () => {
    const page = app.page;
    await page.getByRole('button', { name: /Lägg till företag/ }).click();
    sandbox.control.withholdScopes(['customer']);
    await connectCompany(app, { company: small().name });
    sandbox.control.withholdScopes([]);
    const smallId = await companyIdByName(page, small().name);
    await waitForCopySynced(page, smallId);
    await page.getByRole('navigation').getByRole('button', { name: new RegExp(small().name) }).click();
    await tab(/^Kunder$/).click();
    const notice = page.getByTestId('customers-access');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.getAttribute('data-kind')).toBe('scope-missing');
    expect(await notice.getByRole('heading').textContent()).toBe('Invoice Desk har inte åtkomst till kundregistret');
    expect(await notice.getByRole('button').allTextContents()).toEqual(['Godkänn åtkomst']);
    // Not the company's error: the sidebar says synced, the invoices are there.
    expect(normaliseSpaces((await page.locator(`[data-testid="sync"][data-company="${smallId}"] [data-testid="sync-status"]`).textContent()) ?? '')).toMatch(/Synkad \d\d:\d\d/);
    await tab(/^Kundfakturor$/).click();
    await settled(page, { company: smallId, page: 1 });
    expect(await renderedRows(page)).not.toHaveLength(0);
  });
});
