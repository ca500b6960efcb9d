/**
 * The invoice-date range in the grid's toolbar, against a sandbox the test owns: a custom range
 * and "this year" (the user's local calendar), each together with a filter and a search, show
 * only the matching rows: fromdate/todate go to the service with `filter` and one search
 * parameter at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxInvoice } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';
import { allRows, companyIdByName, pagerRange, settled } from './helpers/grid';

let sandbox: Sandbox;
let app: LaunchedApp;
let userDataDir: string;
let invoices: SandboxInvoice[];

const fullypaid = (i: SandboxInvoice) => !i.Cancelled && i.Booked && i.Balance === 0;
const named = (needle: string) => (i: SandboxInvoice) => i.CustomerName.toLowerCase().includes(needle);
const svCount = (n: number) => n.toLocaleString('sv-SE').replace(/\u00a0/g, ' ');

beforeAll(async () => {
  sandbox = await startSandbox();
  const small = sandbox.companies.find((c) => c.key === 'small')!;
  invoices = sandbox.control.invoicesOf(small.tenantId);
  userDataDir = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-dates-'));
  app = await launchApp({ env: serviceEnv(sandbox), userDataDir, viewport: { width: 1280, height: 800 } });
  // The service's own sort, field search and paging: this file tests the grid without a local copy
  // (with one, the grid answers from it and the field search gives way to one search box).
  await app.page.evaluate(() => window.invoiceDesk!.settings.update({ localCopy: false }));
  await connectCompany(app, { company: small.name });
  await settled(app.page, { company: await companyIdByName(app.page, small.name), page: 1 });
});

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

/** Every row shown is one of `expected`, and the pager counts exactly them. */
async function expectOnly(expected: SandboxInvoice[]): Promise<void> {
  expect(expected.length).toBeGreaterThan(0);
  await settled(app.page, { page: 1 });
  await expect.poll(() => pagerRange(app.page), { timeout: 15_000 }).toBe(`Rader 1–${Math.min(50, expected.length)} av ${svCount(expected.length)}`);
  const wanted = new Set(expected.map((i) => i.DocumentNumber));
  const rows = await allRows(app.page);
  expect(rows).toHaveLength(Math.min(50, expected.length));
  for (const row of rows) expect(wanted.has(row.documentNumber), `${row.documentNumber} ${row.cells['invoiceDate']}`).toBe(true);
}

describe('the invoice-date range with a filter and a search', () => {
  it('a custom range (native date inputs) with "Betalda" and a customer-name search', async () => {
    const page = app.page;
    await page.getByTestId('filter-chips').getByRole('button', { name: 'Betalda', exact: true }).click();
    await page.getByTestId('search-input').fill('a');
    await page.getByTestId('search-input').press('Enter');
    await settled(page, { page: 1 });

    const dates = invoices.map((i) => i.InvoiceDate).sort();
    const from = dates[Math.floor(dates.length / 4)]!;
    const to = dates[Math.floor((dates.length * 3) / 4)]!;
    // Keyboard reachable: the range's select is a native control with its Swedish label.
    const preset = page.getByRole('combobox', { name: 'Fakturadatum' });
    await preset.focus();
    await preset.selectOption('custom');
    await page.getByLabel('Från och med').fill(from);
    await page.getByLabel('Till och med').fill(to);
    await expectOnly(invoices.filter((i) => i.InvoiceDate >= from && i.InvoiceDate <= to && fullypaid(i) && named('a')(i)));

    // Tidy at 1280 px with the custom inputs open: nothing overflows sideways, at most two lines.
    const box = await page.locator('.grid-toolbar').evaluate((el) => ({ overflow: el.scrollWidth - el.clientWidth, height: el.getBoundingClientRect().height }));
    expect(box.overflow).toBeLessThanOrEqual(0);
    expect(box.height).toBeLessThan(80);
    if (process.env.DATE_RANGE_SHOT) await page.screenshot({ path: process.env.DATE_RANGE_SHOT });

    // From after to: said at the inputs, and nothing else is asked for.
    await page.getByLabel('Från och med').fill('2099-01-01');
    await expect.poll(() => page.getByTestId('date-range-error').textContent()).toBe('Från-datumet är efter till-datumet.');
    await page.getByLabel('Från och med').fill(from);
  });

  it('"I år" follows the local calendar, still with the filter and the search', async () => {
    await app.page.getByRole('combobox', { name: 'Fakturadatum' }).selectOption('thisyear');
    const year = String(new Date().getFullYear());
    const expected = invoices.filter((i) => i.InvoiceDate.startsWith(`${year}-`) && fullypaid(i) && named('a')(i));
    await expectOnly(expected);
    await expect.poll(() => app.page.getByTestId('date-from').count()).toBe(0);
  });
});
