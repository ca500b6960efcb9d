/**
 * Browsing the grid through the harness against a sandbox the test owns: sorting, filtering and paging on the
 * server, page size 500 through the virtualised rows, keyboard use, switching companies with the
 * cache, and the view kept across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxInvoice } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import {
  allRows,
  byDocumentNumber,
  companyIdByName,
  pagerRange,
  renderedRows,
  rowCount,
  selectCompany,
  settled,
  serviceToday,
} from './helpers/grid';

let sandbox: Sandbox;
let app: LaunchedApp;
let userDataDir: string;
const company = (key: 'small' | 'large') => sandbox.companies.find((c) => c.key === key)!;
let largeInvoices: SandboxInvoice[];
let largeById: Map<string, SandboxInvoice>;
let largeId: string;
let smallId: string;

/** Totals, largest first: the order the service sorts by Total descending. */
const totalsDescending = (invoices: SandboxInvoice[]) => invoices.map((i) => i.Total).sort((a, b) => b - a);

/** Waits until the sandbox has had no invoice request for a while (the prefetch is done). */
async function serviceQuiet(ms = 700): Promise<void> {
  let last = -1;
  for (;;) {
    const now = sandbox.control.counters().byRoute['invoices'] ?? 0;
    if (now === last) return;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

beforeAll(async () => {
  sandbox = await startSandbox();
  largeInvoices = sandbox.control.invoicesOf(company('large').tenantId);
  largeById = byDocumentNumber(largeInvoices);
  userDataDir = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-grid-'));
  app = await launchApp({ env: serviceEnv(sandbox), userDataDir });
  // The service's own sort, field search and paging: this file tests the grid without a local copy
  // (with one, the grid answers from it and the field search gives way to one search box).
  await app.page.evaluate(() => window.invoiceDesk!.settings.update({ localCopy: false }));
  await connectCompany(app, { company: company('small').name });
  await app.page.getByRole('button', { name: /Lägg till företag/ }).click();
  await connectCompany(app, { company: company('large').name });
  largeId = await companyIdByName(app.page, company('large').name);
  smallId = await companyIdByName(app.page, company('small').name);
  await selectCompany(app.page, company('large').name);
  await settled(app.page, { company: largeId, page: 1 });
});

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

describe('the invoice grid on the large company (50 000 invoices)', () => {
  it('opens on page 1 of the default view: 50 rows of 50 000', async () => {
    expect(await pagerRange(app.page)).toBe('Rader 1–50 av 50 000');
    expect(await rowCount(app.page)).toBe(50);
    expect(await app.page.getByTestId('pager-total-pages').textContent()).toMatch(/av 1\s000/);
    // Swedish amounts and dates.
    const first = (await renderedRows(app.page))[0]!;
    const invoice = largeById.get(first.documentNumber)!;
    expect(first.cells['invoiceDate']).toBe(invoice.InvoiceDate);
    expect(first.cells['total']).toMatch(/^-?[\d\s\u00a0]+,\d\d[\s\u00a0](kr|[A-Z]{3})$/);
  });

  it('sorts by Total descending on the server: the first rows carry the largest totals of the company', async () => {
    const total = app.page.getByRole('grid').getByRole('columnheader', { name: /Totalt/ });
    await total.getByRole('button').click();
    await expect.poll(() => total.getAttribute('aria-sort')).toBe('descending');
    await settled(app.page, { page: 1 });
    const rows = await renderedRows(app.page);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const shown = rows.slice(0, 10).map((row) => largeById.get(row.documentNumber)!.Total);
    expect(shown).toEqual(totalsDescending(largeInvoices).slice(0, 10));
    // Only the six server-sortable columns sort; the others say so and do nothing.
    const balance = app.page.getByRole('grid').getByRole('columnheader', { name: /Saldo/ });
    expect(await balance.getAttribute('title')).toBe('Tjänsten kan inte sortera på den här kolumnen.');
    expect(await balance.getByRole('button').count()).toBe(0);
    await balance.click();
    expect(await total.getAttribute('aria-sort')).toBe('descending');
  });

  it('filters unpaidoverdue on the server: every row shown is unpaid and past due', async () => {
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Förfallna' }).click();
    await settled(app.page, { page: 1 });
    const today = serviceToday();
    const rows = await allRows(app.page);
    expect(rows).toHaveLength(50);
    for (const row of rows) {
      const invoice = largeById.get(row.documentNumber)!;
      expect(invoice.Cancelled, row.documentNumber).toBe(false);
      expect(invoice.Balance, row.documentNumber).toBeGreaterThan(0);
      expect(invoice.DueDate < today, `${row.documentNumber} due ${invoice.DueDate}`).toBe(true);
      expect(row.cells['status']).toBe('Förfallen');
    }
    const expected = largeInvoices.filter((i) => !i.Cancelled && i.Booked && i.Balance > 0 && i.DueDate < today).length;
    expect(await pagerRange(app.page)).toBe(`Rader 1–50 av ${expected.toLocaleString('sv-SE').replace(/\u00a0/g, ' ')}`);
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Alla' }).click();
    await settled(app.page, { page: 1 });
  });

  it('pages through to the last page: next, jump, last', async () => {
    await app.page.getByRole('button', { name: 'Nästa sida' }).click();
    await settled(app.page, { page: 2 });
    expect(await pagerRange(app.page)).toBe('Rader 51–100 av 50 000');
    // Scrolled down on page 2, the next page starts at its top.
    const scroll = app.page.getByTestId('grid-scroll');
    await scroll.evaluate((el) => el.scrollTo({ top: 600 }));
    expect(await scroll.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await app.page.getByRole('button', { name: 'Nästa sida' }).click();
    await settled(app.page, { page: 3 });
    await expect.poll(() => scroll.evaluate((el) => el.scrollTop)).toBe(0);
    await app.page.getByTestId('pager-jump').fill('640');
    await app.page.getByTestId('pager-jump').press('Enter');
    await settled(app.page, { page: 640 });
    expect(await pagerRange(app.page)).toBe('Rader 31 951–32 000 av 50 000');
    await app.page.getByRole('button', { name: 'Sista sidan' }).click();
    await settled(app.page, { page: 1000 });
    expect(await pagerRange(app.page)).toBe('Rader 49 951–50 000 av 50 000');
    expect(await app.page.getByRole('button', { name: 'Nästa sida' }).isDisabled()).toBe(true);
    // Sorted by Total descending: the last page holds the 50 smallest totals.
    const rows = await allRows(app.page);
    expect(rows.map((row) => largeById.get(row.documentNumber)!.Total)).toEqual(totalsDescending(largeInvoices).slice(-50));
  });

  it('renders all 500 rows of a 500-row page through the virtualised body', async () => {
    await app.page.getByTestId('pager-size').selectOption('500');
    await settled(app.page, { page: 1 });
    expect(await rowCount(app.page)).toBe(500);
    expect(await pagerRange(app.page)).toBe('Rader 1–500 av 50 000');
    // Virtualised: a fraction of the rows is in the DOM at a time.
    expect((await renderedRows(app.page)).length).toBeLessThan(60);
    const rows = await allRows(app.page);
    expect(rows.map((row) => row.index)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(new Set(rows.map((row) => row.documentNumber)).size).toBe(500);
    expect(rows.map((row) => largeById.get(row.documentNumber)!.Total)).toEqual(totalsDescending(largeInvoices).slice(0, 500));
  });

  it('moves with the keyboard: arrows between rows, Enter opens the details, Escape closes them, PageDown turns the page', async () => {
    const page = app.page;
    await page.locator('[data-testid="grid-rows"] tr[data-index="0"]').click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.index ?? null);
    expect(await focused()).toBe('2');
    const third = (await renderedRows(page)).find((row) => row.index === 2)!;
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: `Faktura ${third.documentNumber}` });
    await details.waitFor();
    const invoice = largeById.get(third.documentNumber)!;
    const text = (await details.textContent()) ?? '';
    for (const value of [invoice.CustomerName, invoice.OCR, invoice.DueDate, invoice.Currency, invoice.WayOfDelivery]) expect(text).toContain(value);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    expect(await focused()).toBe('2');
    await page.keyboard.press('PageDown');
    await settled(page, { page: 2 });
    expect(await focused()).toBe('0');
    expect(await pagerRange(page)).toBe('Rader 501–1 000 av 50 000');
    await page.keyboard.press('PageUp');
    await settled(page, { page: 1 });
  });

  it('keeps the active row in view when the arrows go past the bottom, and keeps it focusable after the wheel scrolls it away', async () => {
    const page = app.page;
    await page.locator('[data-testid="grid-rows"] tr[data-index="0"]').click();
    for (let i = 0; i < 30; i += 1) await page.keyboard.press('ArrowDown');
    const box = await page.evaluate(() => {
      const row = document.activeElement as HTMLElement;
      const scroller = row.closest('table')!.parentElement!;
      const head = scroller.querySelector('thead')!.getBoundingClientRect();
      const r = row.getBoundingClientRect();
      const s = scroller.getBoundingClientRect();
      return { index: row.dataset.index, top: r.top, bottom: r.bottom, headBottom: head.bottom, scrollerBottom: s.bottom };
    });
    expect(box.index).toBe('30');
    expect(box.top).toBeGreaterThanOrEqual(box.headBottom - 1); // not under the sticky header
    expect(box.bottom).toBeLessThanOrEqual(box.scrollerBottom + 1); // not below the visible edge
    // Scroll far away with the wheel: the active row still exists, so focus and arrows keep working.
    await page.mouse.wheel(0, 12_000);
    await page.waitForTimeout(200);
    expect(await page.locator('[data-testid="grid-rows"] tr[data-index="30"]').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.index ?? null)).toBe('31');
  });

  it('switches companies, and back from the cache without a request to the service', async () => {
    await selectCompany(app.page, company('small').name);
    await settled(app.page, { company: smallId, page: 1 });
    const smallById = byDocumentNumber(sandbox.control.invoicesOf(company('small').tenantId));
    const smallRows = await renderedRows(app.page);
    expect(smallRows.length).toBeGreaterThan(0);
    for (const row of smallRows) expect(smallById.get(row.documentNumber)?.CustomerName).toBe(row.cells['customerName']);
    expect(await pagerRange(app.page)).toBe('Rader 1–50 av 300');
    await serviceQuiet(); // the small company's page 2 prefetch

    sandbox.control.resetCounters();
    await selectCompany(app.page, company('large').name);
    await settled(app.page, { company: largeId, page: 1 });
    expect(await pagerRange(app.page)).toBe('Rader 1–500 av 50 000');
    await selectCompany(app.page, company('small').name);
    await settled(app.page, { company: smallId, page: 1 });
    await serviceQuiet();
    expect(sandbox.control.counters().byRoute['invoices'] ?? 0).toBe(0);
  });

  it('keeps each company\'s view (sort, filter, search, page size, columns) across a restart', async () => {
    // Small company: a search and a reordered, extended column set.
    await app.page.getByTestId('search-field').selectOption('customername');
    await app.page.getByTestId('search-input').fill('AB');
    await settled(app.page, { company: smallId });
    await app.page.getByTestId('column-menu-button').click();
    await app.page.locator('[data-column="project"] input[type=checkbox]').check();
    await app.page.getByRole('button', { name: 'Flytta Projekt åt vänster' }).click();
    await app.page.keyboard.press('Escape');
    const headers = async () => app.page.locator('thead th[data-column]').evaluateAll((ths) => ths.map((th) => (th as HTMLElement).dataset.column));
    const smallHeaders = await headers();
    expect(smallHeaders.slice(-2)).toEqual(['project', 'status']);
    await app.page.waitForTimeout(600); // the view is saved 300 ms after the last change
    await app.close();

    app = await launchApp({ env: serviceEnv(sandbox), userDataDir });
    await settled(app.page, { company: smallId });
    expect(await headers()).toEqual(smallHeaders);
    expect(await app.page.getByTestId('search-input').inputValue()).toBe('AB');
    for (const row of await renderedRows(app.page)) expect(row.cells['customerName']).toMatch(/ab/i);
    // Every company's view came with the first grid (lists:views): the switch asks for none.
    const viewCalls = () => app!.fake!.ipcLog.filter((entry) => entry.channel === 'lists:getView').length;
    expect(app.fake!.ipcLog.filter((entry) => entry.channel === 'lists:views').length).toBeGreaterThan(0);
    const before = viewCalls();
    await selectCompany(app.page, company('large').name);
    await settled(app.page, { company: largeId });
    expect(viewCalls()).toBe(before);
    expect(await app.page.getByRole('grid').getByRole('columnheader', { name: /Totalt/ }).getAttribute('aria-sort')).toBe('descending');
    expect(await rowCount(app.page)).toBe(500);
    expect(await app.page.getByTestId('pager-size').inputValue()).toBe('500');
  });

  it('purges a disconnected company\'s cached pages and view: reconnecting asks the service again', async () => {
    const page = app.page;
    await selectCompany(page, company('small').name);
    await settled(page, { company: smallId });
    expect(await page.getByTestId('search-input').inputValue()).toBe('AB');
    await serviceQuiet();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('main').getByRole('button', { name: 'Koppla från' }).click();
    await page.getByRole('navigation').getByRole('button', { name: new RegExp(company('small').name) }).waitFor({ state: 'detached' });

    sandbox.control.resetCounters();
    await page.getByRole('button', { name: /Lägg till företag/ }).click();
    await connectCompany(app, { company: company('small').name });
    expect(await companyIdByName(page, company('small').name)).toBe(smallId); // the same id: only a purge explains a new request
    await settled(page, { company: smallId, page: 1 });
    expect(sandbox.control.counters().byRoute['invoices'] ?? 0).toBeGreaterThan(0);
    // The stored view went with the company: the defaults again.
    expect(await page.getByTestId('search-input').inputValue()).toBe('');
    expect(await rowCount(page)).toBe(50);
    expect(await pagerRange(page)).toBe('Rader 1–50 av 300');
  });
});
