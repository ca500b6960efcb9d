/**
 * "Sedan sist" through the harness against a sandbox the test owns: the app reads a
 * company, quits; the service changes (2 invoices paid, 1 due date moved to yesterday, 1 bill
 * added); the app starts again and its sync at start records exactly those: one desktop
 * notification summarising the kinds Settings switches on (payments, newly overdue), the sidebar's
 * unseen count, a click on the notification opening the company's digest with each kind's count and
 * sum; an event's number opens its invoice; dismiss, snooze and "mark all as seen" move the count;
 * the settings' switches are kept; All companies' "Show more" asks for the page after the last event
 * shown and lists each event once. UPDATE_SCREENSHOTS=1 writes docs/digest-sv.png and digest-en.png.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../electron/common/calendar';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, projectRoot, type LaunchedApp } from '../harness/launch-app';
import { waitForCopySynced } from '../harness/copy-synced';
import { connectCompany, serviceEnv } from './helpers/connect';
import { companyIdByName, normaliseSpaces, selectCompany, serviceToday, settled } from './helpers/grid';

const shotsDir = process.env.UPDATE_SCREENSHOTS === '1' ? path.join(projectRoot, 'docs') : mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-shots-'));
let sandbox: Sandbox;
let app: LaunchedApp;
let userDataDir: string;
let largeId: string;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;
const tab = (name: RegExp) => app.page.getByRole('tablist').getByRole('tab', { name });
const fixtures: { paid: string[]; overdue: string; bill?: string } = { paid: [], overdue: '' };

/** The unseen count the main process reports for the company (what the sidebar shows). */
async function unseen(): Promise<number | undefined> {
  const reply = (await app.page.evaluate(() => (window as unknown as { invoiceDesk: { sync: { status: () => Promise<unknown> } } }).invoiceDesk.sync.status())) as { value: Array<{ companyId: string; unseen?: number }> };
  return reply.value.find((s) => s.companyId === largeId)?.unseen;
}

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 800 });
  const tenant = large().tenantId;
  const today = serviceToday();
  // Invoices of a customer of their own, due in 20 days: what the test changes is all the news.
  for (const total of [1000, 2000, 3000]) {
    const id = sandbox.control.addInvoice(tenant, { Booked: true, Total: total, Balance: total, CustomerNumber: '99300', CustomerName: 'Digest Kund AB', InvoiceDate: today, DueDate: addDays(today, 20) });
    if (total < 3000) fixtures.paid.push(id);
    else fixtures.overdue = id;
  }
  userDataDir = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-digest-'));
  const first = await launchApp({ env: serviceEnv(sandbox), userDataDir, viewport: { width: 1280, height: 800 } });
  await connectCompany(first, { company: large().name });
  largeId = await companyIdByName(first.page, large().name);
  await waitForCopySynced(first.page, largeId);
  if ((first.fake?.notifications ?? []).length > 0) throw new Error('a first read notified: it is not news');
  await first.close({ keepUserData: true });
  // Overnight at the service.
  for (const id of fixtures.paid) sandbox.control.updateInvoice(tenant, id, { Balance: 0, FinalPayDate: today });
  sandbox.control.updateInvoice(tenant, fixtures.overdue, { DueDate: addDays(today, -1) });
  fixtures.bill = sandbox.control.addSupplierInvoice(tenant, { Total: '700', Balance: '700', DueDate: addDays(today, 30) } as never);
  app = await launchApp({ env: serviceEnv(sandbox), userDataDir, viewport: { width: 1280, height: 800 } });
  for (const until = Date.now() + 120_000; (await unseen()) !== 4; ) {
    if (Date.now() > until) throw new Error(`the sync at start did not record the 4 changes (unseen ${String(await unseen())})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 300_000);

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

describe('since you last looked', () => {
  it('one notification after the sync at start, the sidebar\'s count, and a click opens the digest', async () => {
    const notifications = app.fake?.notifications ?? [];
    // One for the company; the new bill is not among the kinds switched on by default.
    expect(notifications.map((n) => normaliseSpaces(n.body))).toEqual([`${large().name}: 2 betalningar, 3 000 kr; 1 ny förfallen`]);
    const badge = app.page.getByRole('navigation').getByTestId('unseen-badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('4');
    notifications[0]!.click();
    await expect.poll(() => tab(/^Sedan sist/).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    const digest = app.page.getByTestId('digest');
    await digest.waitFor({ timeout: 10_000 });
    const group = (kind: string) => digest.locator(`.digest-group[data-kind="${kind}"]`);
    await group('invoice-paid').waitFor({ timeout: 10_000 });
    expect(await group('invoice-paid').getAttribute('data-count')).toBe('2');
    expect(normaliseSpaces((await group('invoice-paid').locator('.digest-sums').textContent()) ?? '')).toBe('3 000,00 kr');
    expect((await group('invoice-paid').locator('.digest-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-id')))).sort()).toEqual([...fixtures.paid].sort());
    expect(await group('invoice-overdue').locator('.digest-item').getAttribute('data-id')).toBe(fixtures.overdue);
    expect(await group('bill-new').locator('.digest-item').getAttribute('data-id')).toBe(fixtures.bill);
    expect(await digest.locator('.digest-group').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-kind')))).toEqual(['invoice-paid', 'invoice-overdue', 'bill-new']);
    await app.page.screenshot({ path: path.join(shotsDir, 'digest-sv.png') });
  });

  it('an event opens its invoice in the grid', async () => {
    await app.page.getByRole('button', { name: `Öppna ${fixtures.overdue}` }).click();
    await expect.poll(() => tab(/^Kundfakturor$/).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await settled(app.page, { company: largeId, page: 1 });
    await app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${fixtures.overdue}"]`).waitFor({ timeout: 15_000 });
  });

  it('dismiss, snooze and "mark all as seen" move the count; nothing comes back on a restart of the view', async () => {
    await tab(/^Sedan sist/).click();
    const digest = app.page.getByTestId('digest');
    await app.page.getByRole('button', { name: `Avfärda ${fixtures.bill}` }).click();
    await expect.poll(unseen, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => digest.locator('.digest-group[data-kind="bill-new"]').count()).toBe(0);
    await app.page.getByRole('button', { name: `Visa ${fixtures.paid[0]} igen i morgon` }).click();
    await expect.poll(unseen, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => app.page.getByTestId('digest-tab-count').textContent()).toBe('2');
    await app.page.getByTestId('digest-mark-all').click();
    await expect.poll(unseen, { timeout: 10_000 }).toBe(0);
    await app.page.getByTestId('digest-empty').waitFor({ timeout: 10_000 });
    expect(await app.page.getByRole('navigation').getByTestId('unseen-badge').count()).toBe(0);
    // Another sync with nothing new at the service records nothing.
    await app.page.evaluate((id) => (window as unknown as { invoiceDesk: { sync: { now: (id: string, o: { full: boolean }) => Promise<unknown> } } }).invoiceDesk.sync.now(id, { full: false }), largeId);
    expect(await unseen()).toBe(0);
    expect(app.fake?.notifications.length).toBe(1);
  });

  it('All companies lists every company\'s, and an event opens its invoice in its own company; Settings keeps the notification switches', async () => {
    // A second company on screen, then a payment at the first one's service.
    const small = sandbox.companies.find((c) => c.key === 'small')!;
    await app.page.getByRole('button', { name: /Lägg till företag/ }).click();
    await connectCompany(app, { company: small.name });
    await waitForCopySynced(app.page, await companyIdByName(app.page, small.name));
    await selectCompany(app.page, small.name);
    sandbox.control.updateInvoice(large().tenantId, fixtures.overdue, { Balance: 2500 });
    await app.page.evaluate((id) => (window as unknown as { invoiceDesk: { sync: { now: (id: string, o: { full: boolean }) => Promise<unknown> } } }).invoiceDesk.sync.now(id, { full: false }), largeId);
    await app.page.getByTestId('all-companies-button').click();
    const all = app.page.getByRole('region', { name: 'Sedan du senast tittade, alla företag' });
    await all.waitFor({ timeout: 10_000 });
    const item = all.locator(`.digest-group[data-kind="invoice-part-paid"] .digest-item[data-id="${fixtures.overdue}"]`);
    await item.waitFor({ timeout: 10_000 });
    expect(normaliseSpaces((await item.locator('.digest-party').textContent()) ?? '')).toBe(`Digest Kund AB · ${large().name}`);
    await item.getByRole('button', { name: `Öppna ${fixtures.overdue}` }).click();
    // The event's own company, its customer invoices narrowed to that invoice (not the company that was on screen).
    await expect.poll(async () => normaliseSpaces((await app.page.locator('.company-header h1').textContent()) ?? ''), { timeout: 10_000 }).toBe(large().name);
    await expect.poll(() => tab(/^Kundfakturor$/).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await settled(app.page, { company: largeId, page: 1 });
    await app.page.locator(`[data-testid="grid-rows"] tr[data-document-number="${fixtures.overdue}"]`).waitFor({ timeout: 15_000 });
    await tab(/^Sedan sist/).click();
    await app.page.getByTestId('digest-mark-all').click();
    await expect.poll(unseen, { timeout: 10_000 }).toBe(0);
    await app.page.getByRole('button', { name: /^Inställningar$/ }).click();
    const card = app.page.getByTestId('notification-settings');
    expect(await card.locator('input[data-group="payments"]').isChecked()).toBe(true);
    expect(await card.locator('input[data-group="bills"]').isChecked()).toBe(false);
    await card.locator('input[data-group="bills"]').check();
    await card.locator('input[data-group="quietWeekends"]').check();
    type Stored = { value: { notifications: { groups: Record<string, boolean>; quietWeekends: boolean } } };
    await expect.poll(async () => ((await app.page.evaluate(() => (window as unknown as { invoiceDesk: { settings: { get: () => Promise<unknown> } } }).invoiceDesk.settings.get())) as Stored).value.notifications).toEqual({
      groups: { payments: true, overdue: true, later: false, invoices: false, bills: true },
      quietWeekends: true,
    });
  });

  it('reads in English', async () => {
    await app.page.getByLabel(/Språk|Language/).selectOption('en');
    await selectCompany(app.page, large().name);
    await tab(/^Since you looked/).click();
    await app.page.getByText('Nothing new since you last looked.').waitFor({ timeout: 10_000 });
    // A new payment at the service and "Sync now": listed, no notification (the user is looking).
    sandbox.control.updateInvoice(large().tenantId, fixtures.overdue, { Balance: 1000.5 });
    await app.page.evaluate((id) => (window as unknown as { invoiceDesk: { sync: { now: (id: string, o: { full: boolean }) => Promise<unknown> } } }).invoiceDesk.sync.now(id, { full: false }), largeId);
    const group = app.page.getByTestId('digest').locator('.digest-group[data-kind="invoice-part-paid"]');
    await group.waitFor({ timeout: 15_000 });
    expect(normaliseSpaces((await group.locator('h3').textContent()) ?? '')).toContain('Invoices paid in part');
    expect(normaliseSpaces((await group.locator('.digest-amount').textContent()) ?? '')).toBe('SEK 1,499.50');
    expect(app.fake?.notifications.length).toBe(1);
    await app.page.screenshot({ path: path.join(shotsDir, 'digest-en.png') });
  });

  it('All companies\' "Show more" reads the page after the last event shown, each event once', async () => {
    const small = sandbox.companies.find((c) => c.key === 'small')!;
    const companies = [{ tenant: large().tenantId, id: largeId, count: 45 }, { tenant: small.tenantId, id: await companyIdByName(app.page, small.name), count: 30 }];
    for (const { tenant, id, count } of companies) {
      for (let i = 0; i < count; i += 1) sandbox.control.addInvoice(tenant, { Total: 100 + i, Balance: 100 + i, CustomerNumber: '99500', CustomerName: 'Sida Kund AB', DueDate: addDays(serviceToday(), 30) });
      await app.page.evaluate((companyId) => (window as unknown as { invoiceDesk: { sync: { now: (id: string, o: { full: boolean }) => Promise<unknown> } } }).invoiceDesk.sync.now(companyId, { full: false }), id);
    }
    await app.page.getByTestId('all-companies-button').click();
    const group = app.page.getByRole('region', { name: 'Since you last looked, all companies' }).locator('.digest-group[data-kind="invoice-new"]');
    await expect.poll(() => group.getAttribute('data-count'), { timeout: 15_000 }).toBe('75');
    const items = group.locator('.digest-item');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(20);
    const asked = app.fake!.ipcAsked;
    const from = asked.length;
    await group.getByRole('button', { name: 'Show 50 more' }).click();
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(70);
    await group.getByRole('button', { name: 'Show 5 more' }).click();
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(75);
    expect(await group.locator('.digest-more').count()).toBe(0);
    // Each event once: its number and its company.
    const shown = await items.evaluateAll((list) => list.map((item) => `${item.getAttribute('data-id')} ${item.querySelector('.digest-party')?.textContent ?? ''}`));
    expect(new Set(shown).size).toBe(75);
    // Each page asked after the last event shown, by its time, number and company.
    const pages = asked.slice(from).filter((call) => call.channel === 'digest:view').map((call) => call.args[1] as { limit: number; kind?: string; after?: { at: string; seq: number; companyId: string } });
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page).toMatchObject({ limit: 50, kind: 'invoice-new', after: { at: expect.any(String), seq: expect.any(Number), companyId: expect.any(String) } });
  });
});
