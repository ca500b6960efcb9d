/**
 * The supplier register through the harness, against a sandbox the test owns: the large company's
 * supplier tab (Leverantörer) beside Kunder, from its local copy. What the company owes each
 * supplier and has overdue is computed here from sandbox.control's own supplier invoices and
 * register (not from the app's code); the tab sorts, searches and filters; a supplier's details
 * show its contact, its bank details as given and its open bills, and an open bill leads into the
 * supplier invoices narrowed to that supplier, with the chip that undoes it; in Swedish and in
 * English. A company connected without the supplier scope shows, on that tab only, what is missing
 * and "Godkänn åtkomst". The pictures of the tab at 1280 × 800 go to the system's temporary folder
 * (suppliers-sv.png, suppliers-en.png and a supplier's details, suppliers-details-sv.png), for
 * looking at, not kept in the repository.
 */
import AxeBuilder from '@axe-core/playwright';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { waitForCopySynced } from '../harness/copy-synced';
import { connectCompany, serviceEnv } from './helpers/connect';
import { sekOre } from '../support/sek-ore';
import { companyIdByName, normaliseSpaces, renderedRows, serviceToday, settled, sumsRows } from './helpers/grid';

let sandbox: Sandbox;
let app: LaunchedApp;
let largeId: string;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;
const small = () => sandbox.companies.find((c) => c.key === 'small')!;
const tab = (name: RegExp) => app.page.getByRole('tablist').getByRole('tab', { name });
const count = async () => normaliseSpaces((await app.page.getByTestId('grid-sums-count').textContent()) ?? '');
const grouped = (n: number) => n.toLocaleString('sv-SE').replace(/\s/g, ' ');
const kr = (n: number) => n.toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\s/g, ' ').replace('−', '-');
const suppliersSv = (n: number) => (n === 1 ? '1 leverantör' : `${grouped(n)} leverantörer`);
const billsSv = (n: number) => (n === 1 ? '1 leverantörsfaktura' : `${grouped(n)} leverantörsfakturor`);
const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** Each supplier's bills to pay (not cancelled, a balance, booked or not), owed and overdue in SEK at each bill's own rate, rounded to öre. */
function figures(): Map<string, { owed: number; overdue: number; open: string[] }> {
  const today = serviceToday();
  const toPay = new Map<string, Array<{ amount: number; rate: string; unit: number; overdue: boolean; givenNumber: string }>>();
  for (const bill of sandbox.control.supplierInvoicesOf(large().tenantId)) {
    if (bill.Cancelled || bill.Balance === 0) continue;
    const list = toPay.get(bill.SupplierNumber) ?? [];
    list.push({ amount: bill.Balance, rate: bill.CurrencyRate, unit: bill.CurrencyUnit, overdue: isDate(bill.DueDate) && bill.DueDate < today, givenNumber: bill.GivenNumber });
    toPay.set(bill.SupplierNumber, list);
  }
  return new Map([...toPay].map(([supplier, list]) => [supplier, { owed: sekOre(list), overdue: sekOre(list.filter((b) => b.overdue)), open: list.map((b) => b.givenNumber) }]));
}

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 2000, largeSupplierInvoiceCount: 1500 });
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 } });
  await connectCompany(app, { company: large().name });
  largeId = await companyIdByName(app.page, large().name);
  await waitForCopySynced(app.page, largeId);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('the supplier tab', () => {
  it('sits beside Kunder and lists the register with what the company owes each, largest first, and the view\'s count and sums', async () => {
    const names = await app.page.getByRole('tablist').getByRole('tab').allTextContents();
    expect(names.indexOf('Leverantörer')).toBe(names.indexOf('Kunder') + 1);
    await tab(/^Leverantörer$/).click();
    await settled(app.page, { company: largeId, page: 1 });
    await app.page.screenshot({ path: path.join(os.tmpdir(), 'suppliers-sv.png') });
    const register = sandbox.control.suppliersOf(large().tenantId);
    expect(await count()).toBe(suppliersSv(register.length));
    const owedBy = figures();
    const owed = (number: string) => owedBy.get(number)?.owed ?? 0;
    // The default sort: what is owed, largest first (ties by number, descending as the service breaks them).
    const expected = register.map((s) => String(s['SupplierNumber'])).sort((a, b) => owed(b) - owed(a) || Number(b) - Number(a));
    const rows = await renderedRows(app.page);
    expect(rows.slice(0, 10).map((r) => r.documentNumber)).toEqual(expected.slice(0, 10));
    expect(normaliseSpaces(rows[0]?.cells['owed'] ?? '')).toBe(`${kr(owed(expected[0]!))} kr`);
    // At 1280 × 800 who they are and the figures; the organisation number (in the details too) and
    // the last bill come back on a wider window, and every default column with it.
    const headers = async () => (await app.page.getByRole('grid').getByRole('columnheader').allTextContents()).join('|');
    for (const label of ['Levnr', 'Namn', 'Att betala (kr)', 'Förfallet (kr)', 'Öppna fakturor', 'Du betalar sent (dagar)']) expect(await headers()).toContain(label);
    await app.page.setViewportSize({ width: 1600, height: 800 });
    await expect.poll(headers).toMatch(/Levnr.*Namn.*Org\.nr.*Att betala \(kr\).*Förfallet \(kr\).*Öppna fakturor.*Du betalar sent \(dagar\).*Senaste faktura/);
    await app.page.setViewportSize({ width: 1280, height: 800 });
    // The contact and bank columns are in the column menu, not shown.
    await app.page.getByTestId('column-menu-button').click();
    const unchecked = await app.page.locator('.column-list label:has(input[type="checkbox"]:not(:checked))').allTextContents();
    expect(unchecked.map((text) => text.trim())).toEqual(['Ort', 'E-post', 'Telefon', 'BG', 'PG', 'IBAN']);
    await app.page.keyboard.press('Escape');
    expect(await app.page.getByRole('grid').getByRole('columnheader', { name: /Att betala/ }).getAttribute('aria-sort')).toBe('descending');
    const sums = await sumsRows(app.page);
    const inRegister = new Set(register.map((s) => String(s['SupplierNumber'])));
    const total = (key: 'owed' | 'overdue') => sekOre([...owedBy.entries()].filter(([n]) => inRegister.has(n)).map(([, f]) => ({ amount: f[key], rate: 1, unit: 1 })));
    expect(sums['SEK']).toEqual({ count: grouped(register.length), total: kr(total('owed')), balance: kr(total('overdue')) });
    // The whole window's width holds the default columns: no sideways scrolling.
    const scroller = app.page.getByTestId('grid-scroll');
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });

  it('sorts by name (Swedish order), finds a supplier by its organisation number, and filters by the chips', async () => {
    const register = sandbox.control.suppliersOf(large().tenantId);
    await app.page.getByRole('grid').getByRole('columnheader', { name: /^Namn/ }).getByRole('button').click();
    await settled(app.page, { company: largeId, page: 1 });
    const names = (await renderedRows(app.page)).map((r) => r.cells['name'] ?? '');
    expect(names.slice(0, 8)).toEqual([...names.slice(0, 8)].sort((a, b) => a.localeCompare(b, 'sv')));

    const withNumber = register.find((s) => String(s['OrganisationNumber'] ?? '') !== '')!;
    await app.page.getByTestId('text-search').fill(String(withNumber['OrganisationNumber']));
    await expect.poll(count, { timeout: 10_000 }).toBe('1 leverantör');
    expect((await renderedRows(app.page)).map((r) => r.documentNumber)).toEqual([String(withNumber['SupplierNumber'])]);
    await app.page.getByTestId('text-search').fill('');
    await expect.poll(count, { timeout: 10_000 }).toBe(suppliersSv(register.length));

    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Inaktiva', exact: true }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe(suppliersSv(register.filter((s) => s['Active'] === false).length));
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Aktiva', exact: true }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe(suppliersSv(register.filter((s) => s['Active'] === true).length));
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Med förfallet', exact: true }).click();
    const owedBy = figures();
    const withOverdue = register.filter((s) => (owedBy.get(String(s['SupplierNumber']))?.overdue ?? 0) !== 0).length;
    await expect.poll(count, { timeout: 10_000 }).toBe(suppliersSv(withOverdue));
  });

  it("opens a supplier's details: its contact, bank details as given and open bills; an open bill leads to its bills narrowed to it", async () => {
    // Sorted by what is owed again: the first supplier has bills to pay.
    await app.page.getByRole('grid').getByRole('columnheader', { name: /Att betala/ }).getByRole('button').click();
    await settled(app.page, { company: largeId, page: 1 });
    let first = (await renderedRows(app.page))[0]!;
    if (normaliseSpaces(first.cells['owed'] ?? '').startsWith('-') || normaliseSpaces(first.cells['owed'] ?? '') === '0,00 kr') {
      await app.page.getByRole('grid').getByRole('columnheader', { name: /Att betala/ }).getByRole('button').click();
      await settled(app.page, { company: largeId, page: 1 });
      first = (await renderedRows(app.page))[0]!;
    }
    const number = first.documentNumber;
    const supplier = sandbox.control.suppliersOf(large().tenantId).find((s) => String(s['SupplierNumber']) === number)!;
    await app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${number}"]`).dblclick();
    const panel = app.page.getByTestId('invoice-details');
    await expect.poll(async () => (await panel.getByRole('heading').first().textContent()) ?? '').toBe(`Leverantör ${number}: ${String(supplier['Name'])}`);
    const fact = async (field: string) => normaliseSpaces((await panel.locator(`[data-field="${field}"] dd`).textContent()) ?? '');
    for (const [field, key] of [['bg', 'BG'], ['pg', 'PG'], ['bankAccountNumber', 'BankAccountNumber'], ['iban', 'IBAN'], ['bic', 'BIC'], ['email', 'Email'], ['phone', 'Phone']] as const) {
      expect(await fact(field), field).toBe(normaliseSpaces(String(supplier[key] ?? '')) || '–');
    }
    const open = figures().get(number)!.open;
    const bills = panel.getByTestId('supplier-open-bills');
    await expect.poll(() => bills.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready');
    const listed = await bills.locator('tr[data-bill]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-bill') ?? ''));
    expect([...listed].sort()).toEqual([...open].sort());
    await app.page.screenshot({ path: path.join(os.tmpdir(), 'suppliers-details-sv.png') });

    // An open bill: the supplier invoices' tab, narrowed to this supplier and that bill, with the chip.
    const bill = listed[0]!;
    await bills.getByRole('button', { name: `Visa leverantörsfaktura ${bill}` }).click();
    await expect.poll(() => tab(/^Leverantörsfakturor$/).getAttribute('aria-selected')).toBe('true');
    // The chip names the supplier (by its name where the window knows it, else its number).
    await expect.poll(async () => (await app.page.getByTestId('overview-chip').textContent()) ?? '', { timeout: 10_000 }).toMatch(new RegExp(`${number}|${String(supplier['Name']).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect.poll(async () => (await renderedRows(app.page)).map((r) => r.documentNumber), { timeout: 10_000 }).toContain(bill);
    const theirs = sandbox.control.supplierInvoicesOf(large().tenantId).filter((b) => b.SupplierNumber === number);
    expect((await renderedRows(app.page)).every((r) => theirs.some((b) => b.GivenNumber === r.documentNumber))).toBe(true);
    // The chip's × undoes it: every bill again.
    await app.page.getByTestId('overview-chip-clear').click();
    await app.page.getByTestId('text-search').fill('');
    await expect.poll(count, { timeout: 10_000 }).toBe(billsSv(sandbox.control.supplierInvoicesOf(large().tenantId).length));
  });

  it('has no serious axe violation, and reads in English too: its columns, its details and every bill of a supplier', async () => {
    await tab(/^Leverantörer$/).click();
    await settled(app.page, { company: largeId, page: 1 });
    const results = await new AxeBuilder({ page: app.page }).include('main').analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await app.page.getByLabel(/Språk|Language/).selectOption('en');
    await expect.poll(() => tab(/^Suppliers$/).isVisible(), { timeout: 10_000 }).toBe(true);
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'All', exact: true }).click();
    await settled(app.page, { company: largeId, page: 1 });
    const headers = (await app.page.getByRole('grid').getByRole('columnheader').allTextContents()).join('|');
    for (const label of ['Supplier no.', 'Name', 'You owe (SEK)', 'Overdue (SEK)', 'Open bills', 'You pay (days late)']) expect(headers).toContain(label);
    await app.page.screenshot({ path: path.join(os.tmpdir(), 'suppliers-en.png') });

    const first = (await renderedRows(app.page))[0]!;
    await app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${first.documentNumber}"]`).dblclick();
    const panel = app.page.getByTestId('invoice-details');
    await expect.poll(async () => (await panel.getByRole('heading').first().textContent()) ?? '').toMatch(new RegExp(`^Supplier ${first.documentNumber}: `));
    expect(await panel.getByRole('heading', { name: 'Bank details' }).count()).toBe(1);
    await panel.getByTestId('supplier-show-bills').click();
    await expect.poll(() => tab(/^Supplier invoices$/).getAttribute('aria-selected')).toBe('true');
    const theirs = sandbox.control.supplierInvoicesOf(large().tenantId).filter((b) => b.SupplierNumber === first.documentNumber).length;
    await expect.poll(count, { timeout: 10_000 }).toBe(theirs === 1 ? '1 supplier invoice' : `${theirs.toLocaleString('en-GB')} supplier invoices`);
    await app.page.getByTestId('overview-chip-clear').click();
    await app.page.getByLabel(/Språk|Language/).selectOption('sv');
    await expect.poll(() => tab(/^Leverantörer$/).isVisible(), { timeout: 10_000 }).toBe(true);
  });
});

describe('a company connected without the supplier scope', () => {
  it('shows on its supplier tab only what is missing and "Godkänn åtkomst"; its supplier invoices and customers work', async () => {
    const page = app.page;
    await page.getByRole('button', { name: /Lägg till företag/ }).click();
    sandbox.control.withholdScopes(['supplier']);
    await connectCompany(app, { company: small().name });
    sandbox.control.withholdScopes([]);
    const smallId = await companyIdByName(page, small().name);
    await waitForCopySynced(page, smallId);
    await page.getByRole('navigation').getByRole('button', { name: new RegExp(small().name) }).click();
    await tab(/^Leverantörer$/).click();
    const notice = page.getByTestId('suppliers-access');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.getAttribute('data-kind')).toBe('scope-missing');
    expect(await notice.getByRole('heading').textContent()).toBe('Invoice Desk har inte åtkomst till leverantörsregistret');
    expect(await notice.getByRole('button').allTextContents()).toEqual(['Godkänn åtkomst']);
    expect(normaliseSpaces((await page.locator(`[data-testid="sync"][data-company="${smallId}"] [data-testid="sync-status"]`).textContent()) ?? '')).toMatch(/Synkad \d\d:\d\d/);
    for (const other of [/^Leverantörsfakturor$/, /^Kunder$/]) {
      await tab(other).click();
      await settled(page, { company: smallId, page: 1 });
      expect(await renderedRows(page)).not.toHaveLength(0);
    }
  });
});
