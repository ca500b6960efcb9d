/**
 * Issues 17 and 22 through the harness, against a sandbox the test owns: the receivables overview
 * of the large company (50 000 invoices, as in the README's other screenshots) equals sums computed
 * here from the service's own data with the definitions written out by hand (not common/owed.ts);
 * drafts apart, their link shows exactly them; the overview's overdue equals what the grid's
 * "Förfallna" chip shows on the copy; a click on an ageing bar shows exactly that bucket's invoices
 * in the grid, and the chip undoes it; the all-companies view with two companies; axe in light and
 * dark. UPDATE_SCREENSHOTS=1 writes docs/receivables-{light,dark}-sv.png.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxInvoice } from '../../electron/sandbox';
import { launchApp, projectRoot, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import { allRows, companyIdByName, normaliseSpaces, selectCompany, serviceToday, settled } from './helpers/grid';
import { expectedDrafts, expectedReceivables, seriousViolations } from './helpers/receivables';

const shotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(projectRoot, 'docs') : mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-shots-'));
let sandbox: Sandbox;
let app: LaunchedApp;
let largeId: string;
const company = (key: 'large' | 'small') => sandbox.companies.find((c) => c.key === key)!;
const invoicesOf = (key: 'large' | 'small'): SandboxInvoice[] => sandbox.control.invoicesOf(company(key).tenantId);
const overview = () => app.page.getByTestId('receivables-overview');
const count = async () => normaliseSpaces((await app.page.getByTestId('grid-sums-count').textContent()) ?? '');
const fakturor = (n: number) => (n === 1 ? '1 faktura' : `${n.toLocaleString('sv-SE').replace(/\s/g, ' ')} fakturor`);
const plain = (n: number) => n.toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\s/g, ' ').replace('−', '-');
const kr = (n: number) => `${n.toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\s/g, ' ').replace('−', '-')} kr`;

async function synced(companyId: string): Promise<void> {
  // A locator's wait, not expect.poll: this runs in beforeAll too.
  await app.page.locator(`[data-testid="sync"][data-company="${companyId}"] [data-testid="sync-status"]`).filter({ hasText: /Synkad \d\d:\d\d/ }).waitFor({ timeout: 90_000 });
}

async function scheme(colorScheme: 'light' | 'dark'): Promise<void> {
  await app.page.emulateMedia({ colorScheme });
  await app.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

beforeAll(async () => {
  sandbox = await startSandbox(); // the large company of 50 000 invoices
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 } });
  await connectCompany(app, { company: company('large').name });
  largeId = await companyIdByName(app.page, company('large').name);
  await synced(largeId);
  await overview().getByTestId('ageing-chart').waitFor({ timeout: 30_000 });
}, 150_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('the receivables overview', () => {
  it('shows owed, overdue and each ageing bucket per currency as computed from the service\'s data', async () => {
    const today = serviceToday();
    expect(await overview().getAttribute('data-as-of')).toBe(today);
    const expected = expectedReceivables(invoicesOf('large'), today);
    const drafts = expectedDrafts(invoicesOf('large'));
    const rows = overview().getByTestId('owed-row');
    expect((await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-currency')))).sort()).toEqual([...new Set([...Object.keys(expected), ...Object.keys(drafts)])].sort());
    // Drafts apart: their count and Total per currency, none of them in owed.
    expect(Object.keys(drafts).length).toBeGreaterThan(0);
    for (const [currency, { amount, documents }] of Object.entries(drafts)) {
      const figure = overview().locator(`[data-testid="owed-row"][data-currency="${currency}"] [data-testid="drafts-amount"]`);
      expect(Number(await figure.getAttribute('data-amount')), `${currency} drafts`).toBeCloseTo(amount, 2);
      expect(Number(await figure.getAttribute('data-count')), `${currency} drafts count`).toBe(documents.length);
    }
    for (const [currency, figures] of Object.entries(expected)) {
      const row = overview().locator(`[data-testid="owed-row"][data-currency="${currency}"]`);
      const owed = row.getByTestId('owed-amount');
      const overdue = row.getByTestId('overdue-amount');
      expect(Number(await owed.getAttribute('data-amount')), `${currency} owed`).toBeCloseTo(figures.owed, 2);
      // A screen reader reads the amount and the count apart ("… kr, 3 873 fakturor"), not run together.
      expect(normaliseSpaces((await owed.textContent()) ?? ''), `${currency} owed, as read`).toMatch(/\S, ([\d ]+ fakturor|1 faktura)$/);
      expect(normaliseSpaces((await overdue.textContent()) ?? ''), `${currency} overdue, as read`).toMatch(/\S, ([\d ]+ fakturor|1 faktura)$/);
      expect(Number(await owed.getAttribute('data-count')), `${currency} owed count`).toBe(figures.owedCount);
      expect(Number(await overdue.getAttribute('data-amount')), `${currency} overdue`).toBeCloseTo(figures.overdue, 2);
      expect(Number(await overdue.getAttribute('data-count')), `${currency} overdue count`).toBe(figures.overdueCount);
      // The chart shows one currency at a time: choose it, then read every bar.
      await overview().getByTestId('overview-currency').selectOption(currency);
      await overview().locator(`[data-testid="ageing-chart"][data-currency="${currency}"]`).waitFor();
      for (const [bucket, { amount, documents }] of Object.entries(figures.buckets)) {
        const bar = overview().locator(`[data-testid="ageing-bar"][data-bucket="${bucket}"]`);
        expect(Number(await bar.getAttribute('data-amount')), `${currency} ${bucket}`).toBeCloseTo(amount, 2);
        expect(Number(await bar.getAttribute('data-count')), `${currency} ${bucket} count`).toBe(documents.length);
      }
    }
    // What the user reads, in Swedish: the SEK total owed.
    expect(normaliseSpaces((await overview().locator('[data-testid="owed-row"][data-currency="SEK"] [data-testid="owed-amount"]').textContent()) ?? '').replace('−', '-')).toContain(kr(expected.SEK!.owed));
  });

  it('has each chart as a table too, with the same figures', async () => {
    const expected = expectedReceivables(invoicesOf('large'), serviceToday()).SEK!;
    await overview().getByTestId('overview-currency').selectOption('SEK');
    await overview().getByTestId('ageing-toggle').click();
    for (const [bucket, { amount, documents }] of Object.entries(expected.buckets)) {
      expect(Number(await overview().locator(`[data-testid="ageing-cell"][data-bucket="${bucket}"]`).getAttribute('data-amount'))).toBeCloseTo(amount, 2);
      expect(Number(await overview().locator(`[data-testid="ageing-count"][data-bucket="${bucket}"]`).getAttribute('data-count'))).toBe(documents.length);
    }
    await overview().getByTestId('months-toggle').click();
    expect(await overview().getByTestId('month-cell').count()).toBe(24);
    for (const colorScheme of ['light', 'dark'] as const) {
      await scheme(colorScheme);
      expect(await seriousViolations(app.page, '[data-testid="receivables-overview"]')).toEqual([]);
    }
    await scheme('light');
    await overview().getByTestId('ageing-toggle').click();
    await overview().getByTestId('months-toggle').click();
    expect(await seriousViolations(app.page, '[data-testid="receivables-overview"]')).toEqual([]);
  });

  it('screenshots in Swedish, light and dark', async () => {
    await overview().getByTestId('overview-currency').selectOption('SEK');
    await app.page.getByRole('main').evaluate((main) => main.scrollTo({ top: 0 }));
    await app.page.mouse.move(0, 0);
    await scheme('light');
    await app.page.screenshot({ path: path.join(shotsDir, 'receivables-light-sv.png') });
    await scheme('dark');
    await app.page.screenshot({ path: path.join(shotsDir, 'receivables-dark-sv.png') });
    await scheme('light');
  });

  it('names the monthly chart\'s two series in its legend, each with its swatch, and its currency under the chart', async () => {
    const months = overview().getByTestId('months');
    for (const currency of ['EUR', 'SEK']) {
      await overview().getByTestId('overview-currency').selectOption(currency);
      await months.locator(`[data-testid="months-chart"][data-currency="${currency}"]`).waitFor();
      const legend = months.locator('.chart-legend li');
      expect(await legend.allTextContents()).toEqual(['Fakturerat', 'Betalt']);
      expect(await legend.evaluateAll((items) => items.map((item) => item.querySelector('.chart-swatch') !== null))).toEqual([true, true]);
      expect(await months.getByTestId('months-caption').textContent()).toMatch(new RegExp(` · ${currency}$`));
    }
  });

  it('a click on an ageing bar shows exactly that bucket\'s invoices in the grid, from page 1; the chip says so and undoes it', async () => {
    const expected = expectedReceivables(invoicesOf('large'), serviceToday()).SEK!;
    const wanted = expected.buckets.d1_30.documents;
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.length).toBeLessThanOrEqual(500);
    await app.page.getByTestId('pager-size').selectOption('500');
    await settled(app.page, { company: largeId, page: 1 });
    await app.page.getByRole('button', { name: /Nästa sida/ }).click(); // away from page 1: the link goes back
    await settled(app.page, { company: largeId, page: 2 });
    // By keyboard: the chart is one tab stop, the arrow keys move between its bars, Enter opens one.
    await overview().locator('[data-testid="ageing-bar"][data-bucket="notDue"]').focus();
    await app.page.keyboard.press('ArrowRight');
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('data-bucket'))).toBe('d1_30');
    await app.page.keyboard.press('Enter');
    await expect.poll(async () => normaliseSpaces((await app.page.getByTestId('overview-chip').textContent()) ?? '')).toBe('Från översikten: 1–30 dagar förfallet, SEK×');
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(wanted.length));
    await settled(app.page, { company: largeId, page: 1 });
    expect((await allRows(app.page)).map((r) => r.documentNumber).sort()).toEqual([...wanted].sort());
    expect(await seriousViolations(app.page, '[data-testid="invoice-grid"]')).toEqual([]);

    await app.page.getByTestId('overview-chip-clear').click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(invoicesOf('large').length));
    expect(await app.page.getByTestId('overview-chip').count()).toBe(0);
  });

  it('links a customer and a month to exactly their invoices too', async () => {
    const invoices = invoicesOf('large');
    const today = serviceToday();
    const top = overview().getByTestId('top-customer').first();
    const [customer, currency] = [await top.getAttribute('data-customer'), await top.getAttribute('data-currency')];
    const theirs = invoices.filter((i) => i.CustomerNumber === customer && i.Currency === currency && i.Booked && !i.Cancelled && i.Balance !== 0 && i.DueDate < today);
    await top.getByTestId('top-customer-amount').click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(theirs.length));
    expect(Number(await top.getByTestId('top-customer-count').getAttribute('data-count'))).toBe(theirs.length);

    const month = today.slice(0, 7);
    const paid = invoices.filter((i) => i.Currency === 'SEK' && !i.Cancelled && i.Balance === 0 && i.FinalPayDate !== null && i.FinalPayDate.startsWith(month) && i.FinalPayDate <= today);
    await overview().getByTestId('overview-currency').selectOption('SEK');
    await overview().locator(`[data-testid="month-bar"][data-month="${month}"][data-series="paid"]`).click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(paid.length));
    await app.page.getByTestId('overview-chip-clear').click();
  });

  it('the overview\'s overdue is what the grid\'s "Förfallna" chip shows on the copy: count and balance per currency', async () => {
    const expected = expectedReceivables(invoicesOf('large'), serviceToday());
    const figures = await overview()
      .getByTestId('overdue-amount')
      .evaluateAll((els) => els.map((el) => ({ currency: (el.closest('[data-currency]') as HTMLElement).dataset.currency as string, amount: Number(el.getAttribute('data-amount')), count: Number(el.getAttribute('data-count')) })));
    const overdueCount = figures.reduce((n, f) => n + f.count, 0);
    expect(overdueCount).toBe(Object.values(expected).reduce((n, c) => n + c.overdueCount, 0));
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Förfallna' }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(overdueCount));
    for (const { currency, amount, count: n } of figures.filter((f) => f.count > 0)) {
      const line = normaliseSpaces((await app.page.locator(`[data-testid="grid-sums-currency"][data-currency="${currency}"]`).textContent()) ?? '').replace('−', '-');
      expect(line, `${currency}: ${n} overdue`).toContain(`, saldo ${plain(amount)}`);
    }
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Alla' }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(invoicesOf('large').length));
  });

  it('a click on a currency\'s drafts shows exactly them, and the chip says so', async () => {
    const wanted = expectedDrafts(invoicesOf('large')).SEK!.documents;
    expect(wanted.length).toBeGreaterThan(0);
    await overview().locator('[data-testid="owed-row"][data-currency="SEK"] [data-testid="drafts-amount"]').click();
    await expect.poll(async () => normaliseSpaces((await app.page.getByTestId('overview-chip').textContent()) ?? '')).toBe('Från översikten: utkast, SEK×');
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(wanted.length));
    if (wanted.length <= 500) {
      await settled(app.page, { company: largeId, page: 1 });
      expect((await allRows(app.page)).map((r) => r.documentNumber).sort()).toEqual([...wanted].sort());
    }
    await app.page.getByTestId('overview-chip-clear').click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(invoicesOf('large').length));
  });

  it('folds away, and stays folded for that company', async () => {
    await overview().getByTestId('overview-toggle').click();
    expect(await overview().getAttribute('data-collapsed')).toBe('true');
    expect(await overview().getByTestId('ageing-chart').count()).toBe(0);
  });
});

describe('all companies', () => {
  it('lists owed and overdue per company and currency, with totals, and opens a company', async () => {
    await app.page.getByRole('navigation').getByRole('button', { name: /Lägg till företag/ }).click();
    await connectCompany(app, { company: company('small').name });
    const smallId = await companyIdByName(app.page, company('small').name);
    await synced(smallId);
    await app.page.getByTestId('all-companies-button').click();
    const table = app.page.getByTestId('all-table');
    await table.waitFor();
    const today = serviceToday();
    expect(await table.getAttribute('data-as-of')).toBe(today);
    const totals = new Map<string, { owed: number; overdue: number; count: number }>();
    for (const [key, id] of [['large', largeId], ['small', smallId]] as const) {
      const expected = expectedReceivables(invoicesOf(key), today);
      const body = table.locator(`[data-testid="all-company"][data-company="${id}"]`);
      expect(await body.getAttribute('data-ready')).toBe('true');
      expect(await body.getByTestId('all-company-currency').count()).toBe(Object.keys(expected).length);
      for (const [currency, figures] of Object.entries(expected)) {
        const row = body.locator(`[data-testid="all-company-currency"][data-currency="${currency}"]`);
        expect(Number(await row.getByTestId('all-owed').getAttribute('data-amount')), `${key} ${currency} owed`).toBeCloseTo(figures.owed, 2);
        expect(Number(await row.getByTestId('all-overdue').getAttribute('data-amount')), `${key} ${currency} overdue`).toBeCloseTo(figures.overdue, 2);
        expect(Number(await row.getByTestId('all-count-overdue').getAttribute('data-count'))).toBe(figures.overdueCount);
        const total = totals.get(currency) ?? { owed: 0, overdue: 0, count: 0 };
        totals.set(currency, { owed: total.owed + figures.owed, overdue: total.overdue + figures.overdue, count: total.count + figures.overdueCount });
      }
    }
    for (const [currency, total] of totals) {
      const row = table.locator(`[data-testid="all-total"][data-currency="${currency}"]`);
      expect(Number(await row.getByTestId('all-owed').getAttribute('data-amount'))).toBeCloseTo(total.owed, 2);
      expect(Number(await row.getByTestId('all-overdue').getAttribute('data-amount'))).toBeCloseTo(total.overdue, 2);
      expect(Number(await row.getByTestId('all-count-overdue').getAttribute('data-count'))).toBe(total.count);
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      await scheme(colorScheme);
      expect(await seriousViolations(app.page, '[data-testid="all-companies"]')).toEqual([]);
    }
    await scheme('light');

    // The large company's row opens it, its overview still folded; the small one's is open.
    await table.locator(`[data-testid="all-company"][data-company="${largeId}"]`).getByTestId('all-company-open').click();
    await expect.poll(() => overview().getAttribute('data-company')).toBe(largeId);
    expect(await overview().getAttribute('data-collapsed')).toBe('true');
    await selectCompany(app.page, company('small').name);
    await expect.poll(() => overview().getAttribute('data-company')).toBe(smallId);
    expect(await overview().getAttribute('data-collapsed')).toBe('false');
    await settled(app.page, { company: smallId });
  });

  it('says when a company\'s figures cannot be had: local copies turned off', async () => {
    await app.page.getByRole('button', { name: 'Inställningar' }).click();
    // A click, not uncheck(): the box follows the main process's answer a moment later.
    await app.page.getByTestId('local-copy').click();
    await expect.poll(() => app.page.getByTestId('local-copy').isChecked()).toBe(false);
    await app.page.getByTestId('all-companies-button').click();
    const bodies = app.page.getByTestId('all-company');
    await expect.poll(() => bodies.evaluateAll((els) => els.map((el) => el.getAttribute('data-ready'))), { timeout: 20_000 }).toEqual(['false', 'false']);
    expect(normaliseSpaces((await bodies.first().textContent()) ?? '')).toContain('Den lokala kopian är inte klar än');
  });
});
