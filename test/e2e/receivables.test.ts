/**
 * The overview (receivables, payables) through the harness, against a sandbox the test owns: the receivables overview
 * of the large company (50 000 invoices, as in the README's other screenshots) equals sums computed
 * here from the service's own data with the definitions written out by hand (not common/owed.ts);
 * drafts apart, their link shows exactly them; the overview's overdue equals what the grid's
 * "Förfallna" chip shows on the copy; a click on an ageing bar shows exactly that bucket's invoices
 * in the grid, and the chip undoes it. Payables and the cash outlook: a payables figure
 * opens the supplier tab on exactly its invoices (count and balance as the figure's, overdue also
 * computed here by hand), an outlook week's in, expected and out bars open exactly theirs, the
 * table, the chips' ×. The all-companies view with two companies; axe in light and dark. The
 * overview is its company's first tab: a link switches to its grid's tab, and the tests
 * come back to the overview (showOverview) for the next figure.
 * UPDATE_SCREENSHOTS=1 writes docs/receivables-{light,dark}-sv.png and docs/cash-outlook-{light,dark}-sv.png.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxInvoice, type SandboxSupplierInvoice } from '../../electron/sandbox';
import { launchApp, projectRoot, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import { allRows, companyIdByName, normaliseSpaces, selectCompany, serviceToday, settled, sumsRows } from './helpers/grid';
import { expectedDrafts, expectedReceivables, seriousViolations } from './helpers/receivables';

const shotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(projectRoot, 'docs') : mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-shots-'));
let sandbox: Sandbox;
let app: LaunchedApp;
let largeId: string;
const company = (key: 'large' | 'small') => sandbox.companies.find((c) => c.key === key)!;
const invoicesOf = (key: 'large' | 'small'): SandboxInvoice[] => sandbox.control.invoicesOf(company(key).tenantId);
const suppliersOf = (key: 'large' | 'small'): SandboxSupplierInvoice[] => sandbox.control.supplierInvoicesOf(company(key).tenantId);
const overview = () => app.page.getByTestId('receivables-overview');
const count = async () => normaliseSpaces((await app.page.getByTestId('grid-sums-count').textContent()) ?? '');
const chipText = async () => normaliseSpaces((await app.page.getByTestId('overview-chip').textContent()) ?? '');
const tab = (name: string) => app.page.getByRole('tablist').getByRole('tab', { name, exact: true });
/** The overview's tab shown (a link switched to a grid's tab), the overview in it. */
async function showOverview(): Promise<void> {
  if ((await tab('Översikt').getAttribute('aria-selected')) !== 'true') await tab('Översikt').click();
  await overview().waitFor();
}
/** A grid's tab shown. */
async function showTab(name: 'Kundfakturor' | 'Leverantörsfakturor'): Promise<void> {
  if ((await tab(name).getAttribute('aria-selected')) !== 'true') await tab(name).click();
  await app.page.getByTestId('invoice-grid').waitFor();
}
const fakturor = (n: number) => (n === 1 ? '1 faktura' : `${n.toLocaleString('sv-SE').replace(/\s/g, ' ')} fakturor`);
const leverantorsfakturor = (n: number) => (n === 1 ? '1 leverantörsfaktura' : `${n.toLocaleString('sv-SE').replace(/\s/g, ' ')} leverantörsfakturor`);
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
  await showOverview();
  await overview().getByTestId('ageing-chart').waitFor({ timeout: 30_000 });
  // The payables once the supplier copy is ready too (the overview follows it): the pictures and the links need them.
  await app.page.locator('[data-testid="receivables-overview"][data-payables="true"]').waitFor({ timeout: 150_000 });
}, 300_000);

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
    await app.page.getByTestId('workspace-panel').evaluate((panel) => panel.scrollTo({ top: 0 }));
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
    await showTab('Kundfakturor');
    await app.page.getByTestId('pager-size').selectOption('500');
    await settled(app.page, { company: largeId, page: 1 });
    await app.page.getByRole('button', { name: /Nästa sida/ }).click(); // away from page 1: the link goes back
    await settled(app.page, { company: largeId, page: 2 });
    // By keyboard: the chart is one tab stop, the arrow keys move between its bars, Enter opens one.
    await showOverview();
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
    await showOverview();
    const top = overview().getByTestId('top-customer').first();
    const [customer, currency] = [await top.getAttribute('data-customer'), await top.getAttribute('data-currency')];
    const theirs = invoices.filter((i) => i.CustomerNumber === customer && i.Currency === currency && i.Booked && !i.Cancelled && i.Balance !== 0 && i.DueDate < today);
    expect(Number(await top.getByTestId('top-customer-count').getAttribute('data-count'))).toBe(theirs.length);
    await top.getByTestId('top-customer-amount').click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(theirs.length));

    const month = today.slice(0, 7);
    await showOverview();
    const paid = invoices.filter((i) => i.Currency === 'SEK' && !i.Cancelled && i.Balance === 0 && i.FinalPayDate !== null && i.FinalPayDate.startsWith(month) && i.FinalPayDate <= today);
    await overview().getByTestId('overview-currency').selectOption('SEK');
    await overview().locator(`[data-testid="month-bar"][data-month="${month}"][data-series="paid"]`).click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(paid.length));
    await app.page.getByTestId('overview-chip-clear').click();
  });

  it('the overview\'s overdue is what the grid\'s "Förfallna" chip shows on the copy: count and balance per currency', async () => {
    const expected = expectedReceivables(invoicesOf('large'), serviceToday());
    await showOverview();
    const figures = await overview()
      .getByTestId('overdue-amount')
      .evaluateAll((els) => els.map((el) => ({ currency: (el.closest('[data-currency]') as HTMLElement).dataset.currency as string, amount: Number(el.getAttribute('data-amount')), count: Number(el.getAttribute('data-count')) })));
    const overdueCount = figures.reduce((n, f) => n + f.count, 0);
    expect(overdueCount).toBe(Object.values(expected).reduce((n, c) => n + c.overdueCount, 0));
    await showTab('Kundfakturor');
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Förfallna' }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(overdueCount));
    for (const { currency, amount, count: n } of figures.filter((f) => f.count > 0)) {
      expect((await sumsRows(app.page))[currency]?.balance, `${currency}: ${n} overdue`).toBe(plain(amount));
    }
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Alla' }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(invoicesOf('large').length));
  });

  it('a click on a currency\'s drafts shows exactly them, and the chip says so', async () => {
    const wanted = expectedDrafts(invoicesOf('large')).SEK!.documents;
    expect(wanted.length).toBeGreaterThan(0);
    await showOverview();
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

});

/** Waits for a link of the overview to have opened its grid: the tab shown, its chip saying `chip`, the first page of the new view. */
async function opened(tabName: 'Kundfakturor' | 'Leverantörsfakturor', chip: string | RegExp): Promise<void> {
  await expect.poll(() => tab(tabName).getAttribute('aria-selected')).toBe('true');
  if (typeof chip === 'string') await expect.poll(chipText, { timeout: 10_000 }).toBe(chip);
  else await expect.poll(chipText, { timeout: 10_000 }).toMatch(chip);
  await settled(app.page, { company: largeId, page: 1 });
}

/** The balance in the grid footer's row of a currency, spaces plain, minus signs ASCII. */
const balanceOf = async (currency: string) => (await sumsRows(app.page))[currency]?.balance;

/** A figure's amount and count, as its button carries them. */
const figureOf = async (locator: Locator) => ({ amount: Number(await locator.getAttribute('data-amount')), count: Number(await locator.getAttribute('data-count')) });

/** A calendar date `days` later (computed here, not with the app's calendar). */
const plusDays = (date: string, days: number) => new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) + days * 86_400_000).toISOString().slice(0, 10);

describe('payables and the cash outlook', () => {
  it('a payables figure opens the supplier tab on exactly its invoices: the chip names it, count and balance are the figure\'s', async () => {
    const today = serviceToday();
    await showOverview();
    const row = overview().locator('[data-testid="pay-row"][data-currency="SEK"]');
    const overdue = await figureOf(row.getByTestId('pay-overdue-amount'));
    // By hand: not cancelled, a balance, due before today, booked or not.
    const theirs = suppliersOf('large').filter((s) => s.Currency === 'SEK' && !s.Cancelled && s.Balance !== 0 && s.DueDate < today);
    expect(overdue.count).toBe(theirs.length);
    expect(overdue.count).toBeGreaterThan(0);
    expect(overdue.amount).toBeCloseTo(theirs.reduce((sum, s) => sum + s.Balance, 0), 2);
    await row.getByTestId('pay-overdue-amount').click();
    await opened('Leverantörsfakturor', 'Från översikten: att betala, förfallet, SEK×');
    expect(await count()).toBe(leverantorsfakturor(overdue.count));
    expect(await balanceOf('SEK')).toBe(plain(overdue.amount));
    expect(await seriousViolations(app.page, '[data-testid="invoice-grid"]')).toEqual([]);

    // Att attestera: its own scope.
    await showOverview();
    const approval = await figureOf(row.getByTestId('approval-amount'));
    expect(approval.count).toBe(suppliersOf('large').filter((s) => s.Currency === 'SEK' && !s.Cancelled && s.Balance !== 0 && s.AuthorizePending).length);
    await row.getByTestId('approval-amount').click();
    await opened('Leverantörsfakturor', 'Från översikten: att attestera, SEK×');
    expect(await count()).toBe(leverantorsfakturor(approval.count));
    expect(await balanceOf('SEK')).toBe(plain(approval.amount));

    // A bucket of the payables' ageing chart.
    await showOverview();
    const bucket = overview().locator('[data-testid="pay-ageing-bar"][data-bucket="d1_30"]');
    const inBucket = await figureOf(bucket);
    expect(inBucket.count).toBeGreaterThan(0);
    await bucket.click();
    await opened('Leverantörsfakturor', 'Från översikten: att betala, 1–30 dagar förfallet, SEK×');
    expect(await count()).toBe(leverantorsfakturor(inBucket.count));

    // The first of the ten to pay soonest: overdue and due within 30 days, both.
    await showOverview();
    const first = overview().getByTestId('pay-supplier').first();
    const [name, currency, both] = [await first.getByTestId('pay-supplier-name').textContent(), (await first.getAttribute('data-currency'))!, Number(await first.getAttribute('data-count'))];
    const soon = await figureOf(first.getByTestId('pay-supplier-soon'));
    const late = await figureOf(first.getByTestId('pay-supplier-overdue'));
    expect(soon.count + late.count).toBe(both);
    await first.getByTestId('pay-supplier-name').click();
    await opened('Leverantörsfakturor', `Från översikten: att betala till ${name}, förfallet eller förfaller inom 30 dagar, ${currency}×`);
    expect(await count()).toBe(leverantorsfakturor(both));
    expect(await balanceOf(currency)).toBe(plain(Math.round((soon.amount + late.amount) * 100) / 100));

    // × undoes exactly what the link set: every supplier invoice again.
    await app.page.getByTestId('overview-chip-clear').click();
    await expect.poll(count, { timeout: 10_000 }).toBe(leverantorsfakturor(suppliersOf('large').length));
    expect(await app.page.getByTestId('overview-chip').count()).toBe(0);
  });

  it('an outlook week\'s bars open exactly their invoices: in and expected in the customer grid, out in the supplier grid', async () => {
    const today = serviceToday();
    await showOverview();
    await overview().getByTestId('overview-currency').selectOption('SEK');
    const chart = overview().locator('[data-testid="outlook-chart"][data-currency="SEK"]');
    await chart.waitFor();
    const bars = await chart.getByTestId('outlook-bar').evaluateAll((els) =>
      els.map((el) => ({ group: el.getAttribute('data-group') as string, series: el.getAttribute('data-series') as string, amount: Number(el.getAttribute('data-amount')), count: Number(el.getAttribute('data-count')) })),
    );
    // The overdue group (in, out) and 12 weeks of three bars.
    expect(bars).toHaveLength(2 + 12 * 3);
    const weeks = [...new Set(bars.map((b) => b.group).filter((g) => g !== 'overdue'))];
    const bar = (group: string, series: string) => bars.find((b) => b.group === group && b.series === series)!;
    const click = async (group: string, series: string) => {
      await showOverview();
      await chart.locator(`[data-testid="outlook-bar"][data-group="${group}"][data-series="${series}"]`).click();
    };

    // Money in of the current week: owed, due from today to its Sunday (earlier days are overdue), by hand.
    const thisWeek = weeks[0]!;
    const dueIn = invoicesOf('large').filter((i) => i.Currency === 'SEK' && i.Booked && !i.Cancelled && i.Balance !== 0 && i.DueDate >= today && i.DueDate <= plusDays(thisWeek, 6));
    expect(bar(thisWeek, 'in').count).toBe(dueIn.length);
    // A week with money in (the current one may have none left on a Sunday).
    const inWeek = weeks.find((w) => bar(w, 'in').count > 0)!;
    await click(inWeek, 'in');
    await opened('Kundfakturor', /^Från översikten: obetalt, förfaller v\. \d+, SEK×$/);
    expect(await count()).toBe(fakturor(bar(inWeek, 'in').count));
    expect(await balanceOf('SEK')).toBe(plain(bar(inWeek, 'in').amount));

    // Expected in of the current week: every expected date up to its Sunday.
    const expected = bar(thisWeek, 'expected');
    expect(expected.count).toBeGreaterThan(0);
    await click(thisWeek, 'expected');
    await opened('Kundfakturor', /^Från översikten: obetalt, väntas in v\. \d+ eller tidigare, SEK×$/);
    expect(await count()).toBe(fakturor(expected.count));
    expect(await balanceOf('SEK')).toBe(plain(expected.amount));
    // A later week's expected in.
    const laterExpected = weeks.slice(1).find((w) => bar(w, 'expected').count > 0)!;
    await click(laterExpected, 'expected');
    await opened('Kundfakturor', /^Från översikten: obetalt, väntas in v\. \d+, SEK×$/);
    expect(await count()).toBe(fakturor(bar(laterExpected, 'expected').count));

    // Money out of a week: to pay, due within it, by hand.
    const outWeek = weeks.find((w) => bar(w, 'out').count > 0)!;
    const from = outWeek > today ? outWeek : today;
    const dueOut = suppliersOf('large').filter((s) => s.Currency === 'SEK' && !s.Cancelled && s.Balance !== 0 && s.DueDate >= from && s.DueDate <= plusDays(outWeek, 6));
    expect(bar(outWeek, 'out').count).toBe(dueOut.length);
    await click(outWeek, 'out');
    await opened('Leverantörsfakturor', /^Från översikten: att betala, förfaller v\. \d+, SEK×$/);
    expect(await count()).toBe(leverantorsfakturor(bar(outWeek, 'out').count));
    expect(await balanceOf('SEK')).toBe(plain(bar(outWeek, 'out').amount));
    await app.page.getByTestId('overview-chip-clear').click();
    await expect.poll(count, { timeout: 10_000 }).toBe(leverantorsfakturor(suppliersOf('large').length));

    // The overdue group's money in is the overview's overdue.
    const overdueIn = bar('overdue', 'in');
    await showOverview();
    expect(overdueIn.amount).toBeCloseTo(Number(await overview().locator('[data-testid="owed-row"][data-currency="SEK"] [data-testid="overdue-amount"]').getAttribute('data-amount')), 2);
    await click('overdue', 'in');
    await opened('Kundfakturor', 'Från översikten: förfallet, SEK×');
    expect(await count()).toBe(fakturor(overdueIn.count));
    await app.page.getByTestId('overview-chip-clear').click();
    await expect.poll(count, { timeout: 10_000 }).toBe(fakturor(invoicesOf('large').length));
  });

  it('has the outlook as a table too ("Visa som tabell"), with the same figures and the net per week', async () => {
    await showOverview();
    const outlook = overview().getByTestId('outlook');
    const bars = await outlook.getByTestId('outlook-bar').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-group')} ${el.getAttribute('data-series')} ${el.getAttribute('data-amount')} ${el.getAttribute('data-count')}`));
    await outlook.getByTestId('outlook-toggle').click();
    await outlook.getByTestId('outlook-table').waitFor();
    expect(await outlook.getAttribute('data-view')).toBe('table');
    expect(await outlook.getByTestId('outlook-row').count()).toBe(13);
    const cells = await outlook.getByTestId('outlook-cell').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-group')} ${el.getAttribute('data-series')} ${el.getAttribute('data-amount')} ${el.getAttribute('data-count')}`));
    expect(cells).toEqual(bars);
    const second = outlook.getByTestId('outlook-row').nth(1);
    const week = (await second.getAttribute('data-group'))!;
    const figure = (series: string) => Number(cells.find((c) => c.startsWith(`${week} ${series} `))!.split(' ')[2]);
    expect(Number(await second.getByTestId('outlook-net-cell').getAttribute('data-amount'))).toBeCloseTo(figure('in') - figure('out'), 2);
    for (const colorScheme of ['light', 'dark'] as const) {
      await scheme(colorScheme);
      expect(await seriousViolations(app.page, '[data-testid="receivables-overview"]')).toEqual([]);
    }
    await scheme('light');
    await outlook.getByTestId('outlook-toggle').click();
    await outlook.getByTestId('outlook-chart').waitFor();
  });

  it('says how late each of the most overdue customers usually pays', async () => {
    await showOverview();
    const usual = await overview().getByTestId('top-customer-usual').evaluateAll((els) => els.map((el) => ({ days: Number(el.getAttribute('data-days')), text: el.textContent })));
    expect(usual.length).toBeGreaterThan(0);
    for (const { days, text } of usual) expect(text).toBe(days === 0 ? 'i tid' : days === 1 ? '1 dag sent' : `${days} dagar sent`);
  });

  it('screenshots of payables and the cash outlook in Swedish, light and dark', async () => {
    await overview().getByTestId('overview-currency').selectOption('SEK');
    // The whole outlook in sight, the payables above it as far as they fit.
    await overview().getByTestId('outlook').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await app.page.mouse.move(0, 0);
    await scheme('light');
    await app.page.screenshot({ path: path.join(shotsDir, 'cash-outlook-light-sv.png') });
    await scheme('dark');
    await app.page.screenshot({ path: path.join(shotsDir, 'cash-outlook-dark-sv.png') });
    await scheme('light');
    await app.page.getByTestId('workspace-panel').evaluate((panel) => panel.scrollTo({ top: 0 }));
  });
});

describe('all companies', () => {
  it('lists owed and overdue per company and currency, with totals, and opens a company', async () => {
    await app.page.getByRole('navigation').getByRole('button', { name: /Lägg till företag/ }).click();
    await connectCompany(app, { company: company('small').name });
    const smallId = await companyIdByName(app.page, company('small').name);
    await synced(smallId);
    await app.page.getByTestId('all-companies-button').click();
    // Per currency, under the firm's overview: opened on request (it opens every company's copy).
    await app.page.getByTestId('firm-per-currency').click();
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
    // What each company owes its suppliers and the net: "–" (unknown, never 0) until its supplier copy is ready.
    for (const row of await table.getByTestId('all-company-currency').all()) {
      const toPay = row.getByTestId('all-to-pay');
      if ((await toPay.getAttribute('data-unknown')) === 'true') {
        expect(normaliseSpaces((await toPay.textContent()) ?? '')).toBe('– okänt');
        expect(await row.getByTestId('all-net').getAttribute('data-unknown')).toBe('true');
        await app.page.getByTestId('all-unknown-note').waitFor();
      } else {
        const owed = Number(await row.getByTestId('all-owed').getAttribute('data-amount'));
        expect(Number(await row.getByTestId('all-net').getAttribute('data-amount'))).toBeCloseTo(owed - Number(await toPay.getAttribute('data-amount')), 2);
      }
    }
    const largeSek = table.locator(`[data-testid="all-company"][data-company="${largeId}"] [data-testid="all-company-currency"][data-currency="SEK"]`);
    const sekToPay = suppliersOf('large').filter((s) => s.Currency === 'SEK' && !s.Cancelled && s.Balance !== 0).reduce((sum, s) => sum + s.Balance, 0);
    expect(Number(await largeSek.getByTestId('all-to-pay').getAttribute('data-amount'))).toBeCloseTo(sekToPay, 2);
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

    // The large company's row opens it on the tab it was left on (its overview); the small one,
    // never opened on another tab, on its customer invoices.
    await table.locator(`[data-testid="all-company"][data-company="${largeId}"]`).getByTestId('all-company-open').click();
    await expect.poll(() => overview().getAttribute('data-company')).toBe(largeId);
    await selectCompany(app.page, company('small').name);
    await expect.poll(() => app.page.getByTestId('workspace-panel').getAttribute('data-tab')).toBe('invoices');
    await settled(app.page, { company: smallId });
  });

  it('says when a company\'s figures cannot be had: local copies turned off', async () => {
    await app.page.getByRole('button', { name: 'Inställningar' }).click();
    // A click, not uncheck(): the box follows the main process's answer a moment later.
    await app.page.getByTestId('local-copy').click();
    await expect.poll(() => app.page.getByTestId('local-copy').isChecked()).toBe(false);
    await app.page.getByTestId('all-companies-button').click();
    await app.page.getByTestId('firm-per-currency').click();
    const bodies = app.page.getByTestId('all-company');
    await expect.poll(() => bodies.evaluateAll((els) => els.map((el) => el.getAttribute('data-ready'))), { timeout: 20_000 }).toEqual(['false', 'false']);
    expect(normaliseSpaces((await bodies.first().textContent()) ?? '')).toContain('Den lokala kopian är inte klar än');
  });
});
