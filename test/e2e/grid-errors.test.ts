/**
 * The grid's error banners against the sandbox: a licence error (no Reconnect: OAuth cannot fix it),
 * a scope refusal (HTTP 400, code 2000663) for a connection without the invoice scope (Reconnect, which works), and the quiet
 * "waiting for the rate limit" indicator while a 429 holds the company's queue.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, decide, openConsent, serviceOnlyEnv } from './helpers/connect';
import { companyIdByName, renderedRows, settled } from './helpers/grid';

let sandbox: Sandbox;
let app: LaunchedApp | undefined;
const company = (key: 'small' | 'large') => sandbox.companies.find((c) => c.key === key)!;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 5_000 });
});
afterAll(async () => {
  await sandbox?.close();
});
afterEach(async () => {
  sandbox.control.clearFaults();
  for (const c of sandbox.companies) sandbox.control.setLicensed(c.tenantId, c.key !== 'unlicensed');
  await app?.close();
  app = undefined;
});

const banner = (a: LaunchedApp) => a.page.getByTestId('grid-error');

describe('grid states and error banners', () => {
  it('shows a loading skeleton, then the rows; and an empty company as "Inga fakturor"', async () => {
    app = await launchApp({ env: serviceOnlyEnv(sandbox) });
    sandbox.control.injectFault('invoices', { latencyMs: [2500, 2500], count: 1 });
    await connectCompany(app, { company: company('small').name });
    await app.page.getByTestId('grid-skeleton').waitFor({ timeout: 10_000 });
    expect(await app.page.locator('table[role="grid"]').getAttribute('aria-busy')).toBe('true');
    await settled(app.page, { page: 1 });
    expect(await app.page.getByTestId('grid-skeleton').count()).toBe(0);

    await app.page.getByRole('button', { name: /Lägg till företag/ }).click();
    await connectCompany(app, { company: sandbox.companies.find((c) => c.key === 'empty')!.name });
    await app.page.getByTestId('grid-empty').waitFor({ timeout: 20_000 });
    expect(await app.page.getByTestId('grid-empty').textContent()).toBe('Inga fakturor');
    expect(await app.page.getByTestId('pager-range').textContent()).toBe('Inga fakturor');
    expect(await app.page.getByTestId('pager-total-pages').textContent()).toBe('av 0');
    for (const name of ['Första sidan', 'Föregående sida', 'Nästa sida', 'Sista sidan']) {
      expect(await app.page.getByRole('button', { name }).isDisabled()).toBe(true);
    }
    expect(await app.page.getByTestId('export-button').isDisabled()).toBe(true);
  });

  it('shows a licence error with its remedy and no Reconnect; Retry works once the licence is back', async () => {
    app = await launchApp({ env: serviceOnlyEnv(sandbox) });
    await connectCompany(app, { company: company('small').name });
    await settled(app.page, { page: 1 });

    sandbox.control.setLicensed(company('small').tenantId, false);
    await app.page.getByTestId('filter-chips').getByRole('button', { name: 'Obetalda', exact: true }).click();
    await banner(app).waitFor({ timeout: 30_000 });
    expect(await banner(app).getAttribute('data-kind')).toBe('licence-missing');
    const text = (await banner(app).textContent()) ?? '';
    expect(text).toMatch(/licen[cs]e/i);
    expect(text).toMatch(/marketplace|marknadsplats/i);
    expect(await app.page.getByTestId('grid-reconnect').count()).toBe(0);
    expect(await banner(app).getByRole('button', { name: 'Anslut igen' }).count()).toBe(0);

    sandbox.control.setLicensed(company('small').tenantId, true);
    await app.page.getByTestId('grid-retry').click();
    await settled(app.page, { page: 1 });
    expect(await banner(app).count()).toBe(0);
    expect((await renderedRows(app.page)).every((row) => ['Obetald', 'Delbetald', 'Förfallen'].includes(row.cells['status']!))).toBe(true);
  });

  it('shows a scope refusal (400, code 2000663: invoice scope not approved) with Reconnect, and reconnecting with the scope fixes it', async () => {
    app = await launchApp({ env: serviceOnlyEnv(sandbox) });
    // The user ends up approving without the invoice scope (the consent URL loses it).
    const first = await openConsent(app);
    const narrowed = new URL(app.openedExternal().at(-1)!);
    expect(narrowed.searchParams.get('scope')).toContain('invoice');
    narrowed.searchParams.set('scope', 'companyinformation');
    const consent = await app.systemBrowser.newPage();
    await consent.goto(narrowed.toString());
    await first.close();
    await decide(consent, { company: company('large').name });
    await consent.close();

    await banner(app).waitFor({ timeout: 30_000 });
    expect(await banner(app).getAttribute('data-kind')).toBe('scope-missing');
    expect((await banner(app).textContent()) ?? '').toMatch(/scope|reconnect/i);
    expect(await app.page.getByTestId('grid-retry').count()).toBe(0);
    sandbox.control.resetCounters();

    await app.page.getByTestId('grid-reconnect').click();
    const again = await openConsent(app);
    expect(new URL(app.openedExternal().at(-1)!).searchParams.get('scope')).toContain('invoice');
    await decide(again, { company: company('large').name });
    await again.close();
    const largeId = await companyIdByName(app.page, company('large').name);
    await settled(app.page, { company: largeId, page: 1, timeout: 30_000 });
    expect(await banner(app).count()).toBe(0);
    expect((await renderedRows(app.page)).length).toBeGreaterThan(0);
  });

  it('shows "waiting for the rate limit" while a 429 holds the company\'s queue, then the page asked for', async () => {
    app = await launchApp({ env: serviceOnlyEnv(sandbox) });
    await connectCompany(app, { company: company('small').name });
    await settled(app.page, { page: 1 });
    // The next request gets a 429: the main process holds the company's queue for a backoff delay
    // (at least 1 s), and a request queued behind it waits for the rate limit.
    sandbox.control.injectFault('invoices', { burst429: 1 });
    const chips = app.page.getByTestId('filter-chips');
    await chips.getByRole('button', { name: 'Betalda', exact: true }).click();
    await expect.poll(() => sandbox.control.counters().http429).toBe(1);
    await chips.getByRole('button', { name: 'Makulerade', exact: true }).click();
    const indicator = app.page.getByTestId('rate-limit-waiting');
    await indicator.waitFor({ timeout: 10_000 });
    expect(await indicator.textContent()).toBe('Väntar på tjänstens hastighetsgräns…');
    // The page shown before stays visible meanwhile.
    expect((await renderedRows(app.page)).length).toBeGreaterThan(0);
    await settled(app.page, { page: 1, timeout: 60_000 });
    await indicator.waitFor({ state: 'detached', timeout: 10_000 });
    const rows = await renderedRows(app.page);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.cells['status']).toBe('Makulerad');
  }, 120_000);
});
