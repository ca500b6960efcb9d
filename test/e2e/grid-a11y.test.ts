/**
 * Accessibility of the grid with axe (no serious or critical violation) in light and dark, Swedish
 * and English, with the details panel, the column menu and the export menu open; and the README's
 * screenshots, of the large company (50 000 invoices) with its local copy synced, on its customer
 * invoices' tab. Screenshots go to a temporary folder unless UPDATE_SCREENSHOTS=1, which writes
 * docs/grid-{light,dark}-{sv,en}.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, projectRoot, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import { copyReady, pagerRange, settled } from './helpers/grid';

const shotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(projectRoot, 'docs') : mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-shots-'));

let sandbox: Sandbox;
let app: LaunchedApp;

async function seriousViolations(scope: string): Promise<string[]> {
  const results = await new AxeBuilder({ page: app.page }).include(scope).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function scheme(colorScheme: 'light' | 'dark'): Promise<void> {
  await app.page.emulateMedia({ colorScheme });
  await app.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function shoot(name: string): Promise<void> {
  await app.page.mouse.move(0, 0); // no hover highlight in the picture
  await app.page.screenshot({ path: path.join(shotsDir, name) });
}

beforeAll(async () => {
  sandbox = await startSandbox();
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 } });
  await connectCompany(app, { company: sandbox.companies.find((c) => c.key === 'large')!.name });
  await copyReady(app.page);
  await settled(app.page, { page: 1 });
  // A new company opens on the newest invoices first: every status shows (paid, partly paid,
  // unpaid, overdue, unbooked).
  await app.page.locator('th[data-column="invoiceDate"][aria-sort="descending"]').waitFor();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('grid accessibility and screenshots', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation in ${colorScheme} (grid, details, menus)`, async () => {
      await scheme(colorScheme);
      expect(await seriousViolations('[data-testid="invoice-grid"]')).toEqual([]);

      await app.page.locator('[data-testid="grid-rows"] tr[data-index="1"]').click();
      await app.page.keyboard.press('Enter');
      await app.page.getByTestId('invoice-details').waitFor();
      expect(await seriousViolations('[data-testid="invoice-grid"]')).toEqual([]);
      await app.page.keyboard.press('Escape');

      await app.page.getByTestId('column-menu-button').click();
      expect(await seriousViolations('[data-testid="invoice-grid"]')).toEqual([]);
      await app.page.keyboard.press('Escape');

      await app.page.getByTestId('export-button').click();
      await app.page.getByTestId('export-menu').waitFor();
      expect(await seriousViolations('[data-testid="invoice-grid"]')).toEqual([]);
      await app.page.keyboard.press('Escape');
      await app.page.getByTestId('export-menu').waitFor({ state: 'detached' });
    });
  }

  it('screenshots in Swedish, light and dark', async () => {
    await scheme('light');
    // Two rows selected, this page marked for export, and the details of the third row open.
    await app.page.locator('[data-testid="grid-rows"] tr[data-index="0"] input[type=checkbox]').check();
    await app.page.locator('[data-testid="grid-rows"] tr[data-index="2"] input[type=checkbox]').check();
    await app.page.getByTestId('select-page').check();
    await app.page.locator('[data-testid="grid-rows"] tr[data-index="3"]').click();
    await app.page.keyboard.press('Enter');
    // The invoice read and shown (its rows and totals), not "Läser fakturan…".
    await app.page.getByTestId('invoice-details').getByTestId('invoice-document').waitFor();
    expect(await app.page.getByTestId('invoice-details').getByRole('status').filter({ hasText: 'Läser fakturan' }).count()).toBe(0);
    expect(await app.page.getByTestId('pages-selected').textContent()).toBe('1 sida vald');
    await shoot('grid-light-sv.png');
    await app.page.keyboard.press('Escape');
    await scheme('dark');
    await shoot('grid-dark-sv.png');
  });

  it('screenshots in English, light and dark, with no serious violation', async () => {
    await app.page.getByLabel(/Språk|Language/).selectOption('en');
    await expect.poll(() => pagerRange(app.page)).toBe('Rows 1–50 of 50,000');
    expect(await app.page.getByRole('grid').getByRole('columnheader', { name: /Invoice date/ }).getAttribute('aria-sort')).toBe('descending');
    await scheme('dark');
    expect(await seriousViolations('[data-testid="invoice-grid"]')).toEqual([]);
    await shoot('grid-dark-en.png');
    await scheme('light');
    expect(await seriousViolations('[data-testid="invoice-grid"]')).toEqual([]);
    await shoot('grid-light-en.png');
  });
});
