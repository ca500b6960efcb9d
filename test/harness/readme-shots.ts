/**
 * npm run readme-shots [-- --only name,name] [--out folder]
 *
 * Takes every picture the README shows (docs/*.png) anew, at 1280 × 800, against a sandbox of its
 * own: the large demo company (Sandbox Storföretag AB, 50 000 invoices) with its local copy synced,
 * then, in a second launch with local copies off, a company without a licence and an export of all
 * 1 000 pages under way. `npm run readme-shots` builds the app first. --only takes the pictures
 * named (without .png), --out writes them elsewhere (default docs/). Look at each one you take.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { connectCompany, decide, openConsent, serviceEnv, serviceOnlyEnv } from '../e2e/helpers/connect';
import { companyIdByName, copyReady, settled } from '../e2e/helpers/grid';
import { browserUser } from './chromium';
import { waitForCopySynced } from './copy-synced';
import { launchApp, projectRoot, type LaunchedApp } from './launch-app';

browserUser('harness');

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    out: { type: 'string', default: path.join(projectRoot, 'docs') },
  },
});
const only = values.only ? new Set(values.only.split(',').map((name) => name.trim().replace(/\.png$/, ''))) : undefined;
const wanted = (...names: string[]) => !only || names.some((name) => only.has(name));
const viewport = { width: 1280, height: 800 };
mkdirSync(values.out, { recursive: true });

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function frames(app: LaunchedApp): Promise<void> {
  await app.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function scheme(app: LaunchedApp, colorScheme: 'light' | 'dark'): Promise<void> {
  await app.page.emulateMedia({ colorScheme });
  await frames(app);
}

async function shoot(app: LaunchedApp, name: string, colorScheme: 'light' | 'dark' = 'light'): Promise<void> {
  if (!wanted(name)) return;
  await scheme(app, colorScheme);
  await app.page.mouse.move(0, 0); // no hover highlight in the picture
  await app.page.waitForTimeout(300);
  const file = path.join(values.out, `${name}.png`);
  await app.page.screenshot({ path: file });
  say(`Wrote ${file}`);
}

const tab = (app: LaunchedApp, name: RegExp) => app.page.getByRole('tablist').getByRole('tab', { name });

async function showTab(app: LaunchedApp, name: RegExp): Promise<void> {
  const target = tab(app, name);
  if ((await target.getAttribute('aria-selected')) !== 'true') await target.click();
  await frames(app);
}

const row = (app: LaunchedApp, index: number) => app.page.locator(`[data-testid="grid-rows"] tr[data-index="${index}"]`);

async function openDetails(app: LaunchedApp, index: number): Promise<void> {
  await row(app, index).click();
  await app.page.keyboard.press('Enter');
  // The invoice read and shown (its rows and totals), not "Läser fakturan…".
  await app.page.getByTestId('invoice-details').getByTestId('invoice-document').waitFor({ timeout: 30_000 });
}

/** The large company with its copy synced: the grid, its details, the local copy, the overview, the supplier tab. */
async function syncedScenes(sandbox: Sandbox): Promise<void> {
  const large = sandbox.companies.find((c) => c.key === 'large')!;
  const app = await launchApp({ env: serviceEnv(sandbox), viewport });
  try {
    await connectCompany(app, { company: large.name });
    const companyId = await companyIdByName(app.page, large.name);
    say(`Waiting for the local copy of ${large.name} to sync...`);
    await waitForCopySynced(app.page, companyId, 300_000);
    await copyReady(app.page);
    await settled(app.page, { company: companyId, page: 1 });
    await app.page.locator('th[data-column="invoiceDate"][aria-sort="descending"]').waitFor();

    // The details panel of the newest invoice (nothing selected).
    if (wanted('invoice-details-sv')) {
      await openDetails(app, 0);
      await shoot(app, 'invoice-details-sv');
      await app.page.keyboard.press('Escape');
    }

    // The grid: two rows selected, this page marked for export, the details of the fourth row open;
    // then without the details, and in English.
    if (wanted('grid-light-sv', 'grid-dark-sv', 'grid-light-en', 'grid-dark-en')) {
      await row(app, 0).locator('input[type=checkbox]').check();
      await row(app, 2).locator('input[type=checkbox]').check();
      await app.page.getByTestId('select-page').check();
      await openDetails(app, 3);
      await shoot(app, 'grid-light-sv');
      await app.page.keyboard.press('Escape');
      await app.page.getByTestId('invoice-details').waitFor({ state: 'detached' });
      await shoot(app, 'grid-dark-sv', 'dark');
      await app.page.getByLabel(/Språk|Language/).selectOption('en');
      await app.page.getByTestId('pager-range').filter({ hasText: /^Rows/ }).waitFor();
      await shoot(app, 'grid-dark-en', 'dark');
      await shoot(app, 'grid-light-en');
      await app.page.getByLabel(/Språk|Language/).selectOption('sv');
      await app.page.getByTestId('pager-range').filter({ hasText: /^Rader/ }).waitFor();
      await app.page.getByTestId('select-page').uncheck();
      await row(app, 0).locator('input[type=checkbox]').uncheck();
      await row(app, 2).locator('input[type=checkbox]').uncheck();
      await scheme(app, 'light');
    }

    // The overview's tab: its top, then the payables and the cash outlook.
    if (wanted('receivables-light-sv', 'receivables-dark-sv', 'cash-outlook-light-sv', 'cash-outlook-dark-sv')) {
      await showTab(app, /^Översikt$/);
      const overview = app.page.getByTestId('receivables-overview');
      await overview.getByTestId('ageing-chart').waitFor({ timeout: 30_000 });
      await app.page.locator('[data-testid="receivables-overview"][data-payables="true"]').waitFor({ timeout: 150_000 });
      await overview.getByTestId('overview-currency').selectOption('SEK');
      await app.page.getByTestId('workspace-panel').evaluate((panel) => panel.scrollTo({ top: 0 }));
      await shoot(app, 'receivables-light-sv');
      await shoot(app, 'receivables-dark-sv', 'dark');
      // The whole outlook in sight, the payables above it as far as they fit.
      await overview.getByTestId('outlook').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await shoot(app, 'cash-outlook-light-sv');
      await shoot(app, 'cash-outlook-dark-sv', 'dark');
      await app.page.getByTestId('workspace-panel').evaluate((panel) => panel.scrollTo({ top: 0 }));
      await scheme(app, 'light');
    }

    // The supplier invoices' tab.
    if (wanted('supplier-invoices-sv')) {
      await showTab(app, /^Leverantörsfakturor$/);
      await app.page.locator('[data-testid="invoice-grid"][data-resource="supplierinvoices"]').waitFor();
      await settled(app.page, { company: companyId, page: 1 });
      await shoot(app, 'supplier-invoices-sv');
    }

    // The customer register: who owes the most first.
    if (wanted('customers-sv')) {
      await showTab(app, /^Kunder$/);
      await app.page.locator('[data-testid="invoice-grid"][data-resource="customers"]').waitFor();
      await settled(app.page, { company: companyId, page: 1 });
      await shoot(app, 'customers-sv');
    }

    // The supplier register: whom the company owes the most first.
    if (wanted('suppliers-sv')) {
      await showTab(app, /^Leverantörer$/);
      await app.page.locator('[data-testid="invoice-grid"][data-resource="suppliers"]').waitFor();
      await settled(app.page, { company: companyId, page: 1 });
      await shoot(app, 'suppliers-sv');
    }

    // The grid answering from the copy: sorted by Saldo (largest first), "orebro" searched.
    if (wanted('local-copy-sv')) {
      await showTab(app, /^Kundfakturor$/);
      await settled(app.page, { company: companyId, page: 1 });
      const balance = app.page.getByRole('grid').getByRole('columnheader', { name: /Saldo/ });
      await balance.getByRole('button').click();
      await app.page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('Saldo'));
      await app.page.getByTestId('text-search').fill('orebro');
      // The footer counts the search's invoices, not all 50 000.
      await app.page.waitForFunction(() => /^[1-9]\d{0,2} fakturor$/.test(document.querySelector('[data-testid="grid-sums-count"]')?.textContent ?? ''));
      await settled(app.page, { company: companyId, page: 1 });
      await shoot(app, 'local-copy-sv');
    }
  } finally {
    await app.close();
  }
}

/** Local copies off: a company without a licence on the first screen, then an export of all pages under way. */
async function serviceScenes(sandbox: Sandbox): Promise<void> {
  const large = sandbox.companies.find((c) => c.key === 'large')!;
  const unlicensed = sandbox.companies.find((c) => c.key === 'unlicensed')!;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-readme-shots-'));
  const app = await launchApp({ env: serviceOnlyEnv(sandbox), viewport, dialogAnswers: [{ canceled: false, filePath: path.join(folder, 'fakturor.csv') }] });
  try {
    if (wanted('connect-licence-sv')) {
      const consent = await openConsent(app);
      await decide(consent, { company: unlicensed.name });
      await consent.close();
      await app.page.locator('[data-testid="connect-progress"][data-phase="failed"]').waitFor({ timeout: 30_000 });
      await shoot(app, 'connect-licence-sv');
    }
    if (wanted('export-progress')) {
      await connectCompany(app, { company: large.name });
      const companyId = await companyIdByName(app.page, large.name);
      await settled(app.page, { company: companyId, page: 1 });
      await app.page.getByTestId('export-button').click();
      await app.page.getByTestId('export-menu').waitFor();
      await app.page.getByTestId('export-choice-all').check();
      await app.page.getByTestId('export-start').click();
      const job = app.page.getByTestId('export-job').last();
      const bar = job.locator('[role=progressbar]');
      await bar.waitFor({ timeout: 20_000 });
      // Far enough along for the bar to read as a bar: 12 of the 100 requests.
      await app.page.waitForFunction(
        () => Number([...document.querySelectorAll('[data-testid="export-job"] [role=progressbar]')].at(-1)?.getAttribute('aria-valuenow') ?? 0) >= 12,
        undefined,
        { timeout: 120_000, polling: 100 },
      );
      await shoot(app, 'export-progress');
      await job.getByTestId('export-cancel').click();
    }
  } finally {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sandbox = await startSandbox();
  try {
    if (wanted('invoice-details-sv', 'grid-light-sv', 'grid-dark-sv', 'grid-light-en', 'grid-dark-en', 'receivables-light-sv', 'receivables-dark-sv', 'cash-outlook-light-sv', 'cash-outlook-dark-sv', 'supplier-invoices-sv', 'customers-sv', 'suppliers-sv', 'local-copy-sv')) {
      await syncedScenes(sandbox);
    }
    if (wanted('connect-licence-sv', 'export-progress')) await serviceScenes(sandbox);
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
