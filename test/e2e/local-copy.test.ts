/**
 * The local copy through the harness, against a sandbox the test owns: connect the large company (50 000
 * invoices), watch the local copy's first sync, then sort by Balance, search "orebro" and read the
 * sums from the copy; change invoices at the service and "Sync now"; export every row from the copy;
 * stop the service and keep browsing offline. UPDATE_SCREENSHOTS=1 writes docs/local-copy-sv.png.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import { companyIdByName, normaliseSpaces, renderedRows, settled, sumsRows } from './helpers/grid';

const INVOICES = 50_000;
let sandbox: Sandbox;
let app: LaunchedApp;
let folder: string;
let companyId: string;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;
const status = () => app.page.getByTestId('sync-status');
const strip = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: INVOICES - 1 });
  // The 50 000th: 25 000 EUR still owed: 286 250 kr, more than any kronor balance (under 250 000), but a raw
  // 25 000 would sort it far down. Sorted by Balance on the copy it comes first.
  sandbox.control.addInvoice(large().tenantId, { Currency: 'EUR', CurrencyRate: '11.45', Total: 25_000, Balance: 25_000, Booked: true, InvoiceDate: '2026-10-01' });
  // The first sync must last long enough to be seen in progress on a busy CI machine (it once
  // finished before the first look): 400 ms more on each of the first 60 invoice pages (about 24 s).
  sandbox.control.injectFault('invoices', { latencyMs: [400, 400], count: 60 });
  folder = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-local-copy-'));
  app = await launchApp({ env: serviceEnv(sandbox), viewport: { width: 1280, height: 800 }, dialogAnswers: [{ canceled: false, filePath: path.join(folder, 'all.csv') }] });
  await connectCompany(app, { company: large().name });
  companyId = await companyIdByName(app.page, large().name);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the local copy', () => {
  it('shows the first sync in progress, then "Synkad" and the grid from the copy (file 0600 in the app data folder)', async () => {
    await expect.poll(async () => normaliseSpaces((await status().textContent()) ?? ''), { timeout: 30_000, interval: 100 }).toMatch(/Synkar (\d+ av 50 000|…)/);
    await expect.poll(async () => (await status().textContent()) ?? '', { timeout: 90_000 }).toMatch(/Synkad \d\d:\d\d/);
    const copies = path.join(app.userDataDir, 'local-copies');
    const file = readdirSync(copies).find((name) => name.endsWith('.sqlite'))!;
    expect(statSync(path.join(copies, file)).mode & 0o777).toBe(0o600);
    expect(statSync(copies).mode & 0o777).toBe(0o700);
  });

  it('sorts by Balance (a column the service cannot sort), finds "orebro" in Örebro, and sums the whole view', async () => {
    const balance = app.page.getByRole('grid').getByRole('columnheader', { name: /Saldo/ });
    await balance.getByRole('button').click(); // amounts sort largest first
    await expect.poll(() => balance.getAttribute('aria-sort')).toBe('descending');
    await settled(app.page, { company: companyId, page: 1 });
    // By the value in SEK at each invoice's own rate, and the header says so.
    expect(await balance.getAttribute('title')).toContain('värdet i kronor, till varje fakturas egen kurs');
    const invoices = sandbox.control.invoicesOf(large().tenantId);
    const inSek = (i: (typeof invoices)[number]) => (i.Balance * Number(i.CurrencyRate)) / i.CurrencyUnit;
    const top = [...invoices].sort((a, b) => inSek(b) - inSek(a) || Number(b.DocumentNumber) - Number(a.DocumentNumber)).slice(0, 10);
    expect(top[0]?.Currency, 'the 25 000 EUR invoice').toBe('EUR');
    expect((await renderedRows(app.page)).slice(0, 10).map((r) => r.documentNumber)).toEqual(top.map((i) => i.DocumentNumber));

    await app.page.getByTestId('text-search').fill('orebro');
    const matching = invoices.filter((i) => [i.CustomerName, i.CustomerNumber, i.DocumentNumber, i.OCR, i.ExternalInvoiceReference1, i.ExternalInvoiceReference2].some((v) => strip(String(v)).split(/[^a-z0-9]+/).some((w) => w.startsWith('orebro'))));
    expect(matching.length).toBeGreaterThan(0);
    await expect.poll(async () => normaliseSpaces((await app.page.getByTestId('grid-sums-count').textContent()) ?? ''), { timeout: 10_000 }).toBe(`${matching.length.toLocaleString('sv-SE').replace(/\s/g, ' ')} fakturor`);
    await settled(app.page, { company: companyId, page: 1 });
    const rows = await renderedRows(app.page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => strip(r.cells['customerName'] ?? '').includes('orebro'))).toBe(true);
    // The footer's SEK sums are the whole view's, computed here from the service's own data.
    const sek = matching.filter((i) => i.Currency === 'SEK');
    const kr = (n: number) => n.toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\s/g, ' ').replace('−', '-');
    // The footer's table: a row per currency of the view, each on one line at 1280 px.
    const footer = await sumsRows(app.page);
    expect(Object.keys(footer).sort()).toEqual([...new Set(matching.map((i) => i.Currency))].sort());
    const lines = await app.page.locator('[data-testid="grid-sums"] tr').evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    expect(lines.length).toBe(Object.keys(footer).length + 1);
    for (const height of lines) expect(height).toBeLessThan(24);
    const sums = footer.SEK;
    expect(sums?.balance).toBe(kr(sek.reduce((n, i) => n + i.Balance, 0)));
    expect(sums?.total).toBe(kr(sek.reduce((n, i) => n + i.Total, 0)));
    expect(sums?.count).toBe(sek.length.toLocaleString('sv-SE').replace(/\s/g, ' '));
    if (process.env.UPDATE_SCREENSHOTS) {
      await app.page.screenshot({ path: 'docs/local-copy-sv.png' });
    }
  });

  it('"Sync now" brings the changes made at the service: one request, the grid shows them', async () => {
    const target = sandbox.control.invoicesOf(large().tenantId).find((i) => i.Booked && !i.Cancelled && strip(i.CustomerName).includes('orebro'))!;
    sandbox.control.updateInvoice(large().tenantId, target.DocumentNumber, { Balance: 123_456_789 });
    const before = sandbox.control.counters().byRoute.invoices ?? 0;
    await app.page.getByTestId('sync-now').click();
    // The largest balance is now the changed invoice, first in the view sorted by Balance.
    await expect.poll(async () => (await renderedRows(app.page))[0]?.documentNumber, { timeout: 20_000 }).toBe(target.DocumentNumber);
    expect((sandbox.control.counters().byRoute.invoices ?? 0) - before).toBeLessThanOrEqual(2);
  });

  it('exports every row from the copy: the whole view, each invoice once, without a request per page', async () => {
    await app.page.getByTestId('text-search').fill('');
    await expect.poll(async () => normaliseSpaces((await app.page.getByTestId('grid-sums-count').textContent()) ?? ''), { timeout: 10_000 }).toBe('50 000 fakturor');
    await settled(app.page, { company: companyId, page: 1 });
    const before = sandbox.control.counters().byRoute.invoices ?? 0;
    await app.page.getByTestId('export-button').click();
    await app.page.getByTestId('export-choice-all').check();
    await app.page.getByTestId('export-start').click();
    await app.page.locator('[data-testid="export-job"][data-state="done"]').waitFor({ timeout: 60_000 });
    expect((sandbox.control.counters().byRoute.invoices ?? 0) - before).toBeLessThanOrEqual(2); // the incremental sync only
    const rows = Papa.parse<string[]>(readFileSync(path.join(folder, 'all.csv'), 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    expect(rows).toHaveLength(INVOICES);
    expect(new Set(rows.map((r) => r[0])).size).toBe(INVOICES);
  });

  it('keeps browsing from the copy when the service is gone, and says "Offline"', async () => {
    await sandbox.close();
    await app.page.getByTestId('sync-now').click();
    await expect.poll(async () => normaliseSpaces((await status().textContent()) ?? ''), { timeout: 60_000 }).toMatch(/Offline: den lokala kopian från \d\d:\d\d/);
    await app.page.getByRole('button', { name: /Nästa sida/ }).click();
    await settled(app.page, { company: companyId, page: 2 });
    expect(await renderedRows(app.page)).not.toHaveLength(0);
    const due = app.page.getByRole('grid').getByRole('columnheader', { name: /Förfallodatum|Förfaller/ });
    await due.getByRole('button').click();
    await settled(app.page, { company: companyId, page: 1 });
    const dates = (await renderedRows(app.page)).map((r) => r.cells['dueDate'] ?? '');
    expect(dates).toEqual([...dates].sort());
  });
});
