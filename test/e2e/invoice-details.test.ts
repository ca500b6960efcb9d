/**
 * Opening an invoice: its rows and totals in the details panel (read from GET /3/invoices/{n}),
 * "Open PDF" handing the system viewer a private file that is the invoice's PDF, and "Save PDF…"
 * writing it where the save dialog says. The page never receives the PDF or a URL with a token.
 * The panel's rows and labels read apart, in Swedish and English. Of the large company (50 000
 * invoices, as in the README's other pictures); UPDATE_SCREENSHOTS=1 writes docs/invoice-details-sv.png.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, projectRoot, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import { copyReady, renderedRows, settled } from './helpers/grid';

const shotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(projectRoot, 'docs') : os.tmpdir();
let sandbox: Sandbox;
let app: LaunchedApp;
let folder: string;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;

beforeAll(async () => {
  sandbox = await startSandbox();
  folder = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-pdf-e2e-'));
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 }, dialogAnswers: [{ canceled: false, filePath: path.join(folder, 'kopia.pdf') }] });
  await connectCompany(app, { company: large().name });
  await copyReady(app.page);
  await settled(app.page, { page: 1 });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * What a reader of the details panel would see wrong: the rows' headings running together or
 * wrapping, the rows wider than the panel, a label cut, wrapped or running into its value, and the
 * two lists of labels (the invoice's terms, every field of the list) with their values not in line.
 */
function layoutProblems(details: Locator): Promise<string[]> {
  return details.evaluate((panel) => {
    const problems: string[] = [];
    const text = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect();
    };
    const headings = [...panel.querySelectorAll('[data-testid="invoice-rows"] th')];
    headings.forEach((th, index) => {
      if (text(th).height > 24) problems.push(`heading "${th.textContent}" on two lines`);
      const before = headings[index - 1];
      const gap = before ? text(th).left - text(before).right : Infinity;
      if (gap < 6) problems.push(`headings "${before!.textContent}" and "${th.textContent}" ${gap.toFixed(1)} px apart`);
    });
    const contentRight = panel.getBoundingClientRect().left + panel.clientLeft + panel.clientWidth - parseFloat(getComputedStyle(panel).paddingRight);
    const rows = panel.querySelector('[data-testid="invoice-rows"]');
    if (rows && rows.getBoundingClientRect().right > contentRight + 0.5) problems.push(`the rows are wider than the panel (${rows.getBoundingClientRect().right.toFixed(1)} > ${contentRight.toFixed(1)})`);
    const values = new Set<number>();
    for (const dt of panel.querySelectorAll<HTMLElement>('.document-facts dt, .details-facts dt')) {
      const dd = dt.nextElementSibling!;
      const label = `label "${dt.textContent}"`;
      if (dt.scrollWidth > dt.clientWidth) problems.push(`${label} cut`);
      if (text(dt).height > 24) problems.push(`${label} on two lines`);
      if (text(dt).right > dd.getBoundingClientRect().left) problems.push(`${label} runs into its value`);
      values.add(Math.round(dd.getBoundingClientRect().left));
    }
    if (values.size !== 1) problems.push(`the values start at ${[...values].join(', ')} px`);
    return problems;
  });
}

describe('an invoice, opened', () => {
  let documentNumber = '';

  it('shows its rows and totals, and what is still owed', async () => {
    const page = app.page;
    const first = (await renderedRows(page))[0]!;
    documentNumber = first.documentNumber;
    await page.locator('[data-testid="grid-rows"] tr[data-index="0"]').click();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: `Faktura ${documentNumber}` });
    await details.getByTestId('invoice-rows').waitFor({ timeout: 20_000 });
    const listed = sandbox.control.invoicesOf(large().tenantId).find((i) => i.DocumentNumber === documentNumber)!;
    const rows = await details.locator('[data-testid="invoice-rows"] tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    const toPay = (await details.locator('[data-field="totalToPay"] dd').textContent())!.replace(/\s/g, '');
    expect(toPay).toContain(listed.Total.toFixed(2).replace('.', ',').replace('-', '−'));
    expect(await details.getByTestId('invoice-address').textContent()).toContain(listed.CustomerName);
    // The README's picture of it (UPDATE_SCREENSHOTS=1), and no serious accessibility problem.
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(shotsDir, 'invoice-details-sv.png') });
    const axe = await new AxeBuilder({ page }).include('[data-testid="invoice-details"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it('lays out its rows and labels so they read apart, in Swedish and English (six invoices each)', async () => {
    const page = app.page;
    const details = page.getByTestId('invoice-details');
    const shown = (await renderedRows(page)).slice(0, 6);
    for (const [language, title] of [['en', 'Invoice'], ['sv', 'Faktura']] as const) {
      await page.getByLabel(/Språk|Language/).selectOption(language);
      for (const row of shown) {
        // Closed first: a panel opened on another row takes the focus, and Enter would press its ×.
        if (await details.isVisible()) await details.locator('.details-header button').click();
        await details.waitFor({ state: 'detached' });
        await page.locator(`[data-testid="grid-rows"] tr[data-index="${row.index}"]`).click();
        await page.keyboard.press('Enter');
        await page.getByRole('dialog', { name: `${title} ${row.documentNumber}` }).getByTestId('invoice-document').waitFor({ timeout: 20_000 });
        expect(await layoutProblems(details), `${language}, invoice ${row.documentNumber}`).toEqual([]);
      }
    }
    // Back on the invoice the next tests open as a PDF.
    await details.locator('.details-header button').click();
    await details.waitFor({ state: 'detached' });
    await page.locator('[data-testid="grid-rows"] tr[data-index="0"]').click();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: `Faktura ${documentNumber}` }).getByTestId('invoice-rows').waitFor();
  });

  it('opens its PDF in the system viewer from a private file that names the invoice', async () => {
    await app.page.getByTestId('open-pdf').click();
    await app.page.getByTestId('pdf-status').getByText(`Faktura ${documentNumber}.pdf`).waitFor();
    const [opened] = app.fake!.openedPaths;
    expect(path.basename(opened!)).toBe(`Faktura ${documentNumber}.pdf`);
    expect(readFileSync(opened!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(statSync(opened!).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(path.dirname(opened!))).mode & 0o777).toBe(0o700);
    // The window learned the file's name, never the bytes or the folder.
    const ipc = JSON.stringify(app.fake!.ipcLog);
    expect(ipc).not.toContain(path.dirname(opened!));
    expect(ipc).not.toContain('%PDF');
  });

  it('saves its PDF where the save dialog says', async () => {
    await app.page.getByTestId('save-pdf').click();
    await app.page.getByTestId('pdf-status').getByText('kopia.pdf').waitFor();
    expect(readFileSync(path.join(folder, 'kopia.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Both came from /preview; /print (which marks an invoice as sent at the service) was never asked.
    expect(sandbox.control.counters().invoiceEndpoints).toMatchObject({ preview: 2, print: 0 });
  });

  it('removes the opened PDFs when the app quits', async () => {
    const opened = app.fake!.openedPaths[0]!;
    const userDataDir = app.userDataDir;
    await app.close({ keepUserData: true });
    expect(existsSync(opened)).toBe(false);
    rmSync(userDataDir, { recursive: true, force: true });
  });
});
