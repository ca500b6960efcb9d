/**
 * A service account on a service as strict as the real one: adding it by TenantId before it is
 * activated says so (not "the connection expired"); "Activate in the browser" opens the approval
 * (account_type=service) in the user's browser, and once approved the company is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { decide, serviceEnv } from './helpers/connect';

let sandbox: Sandbox;
let app: LaunchedApp;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100, serviceAccountsPreapproved: false });
  app = await launchApp({ env: serviceEnv(sandbox) });
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('a service account', () => {
  const small = () => sandbox.companies.find((c) => c.key === 'small')!;

  it('not yet activated: says so, with what to do', async () => {
    const page = app.page;
    await page.getByText('Anslut ett tjänstekonto (TenantId)').click();
    await page.getByTestId('tenant-id').fill(small().tenantId);
    await page.getByRole('button', { name: 'Anslut tjänstekonto' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'inte aktiverat' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/systemadministratör/);
  });

  it('activated in the browser, the company is added as a service account', async () => {
    const opened = app.systemBrowser.waitForEvent('page');
    await app.page.getByTestId('activate-service-account').click();
    const consent = await opened;
    await consent.waitForLoadState('domcontentloaded');
    expect(new URL(app.openedExternal().at(-1)!).searchParams.get('account_type')).toBe('service');
    await decide(consent, { company: small().name });
    const entry = app.page.getByRole('navigation').getByRole('button', { name: new RegExp(small().name) });
    await entry.waitFor({ timeout: 20_000 });
    expect(await entry.textContent()).toContain('tjänstekonto');
    await app.page.getByRole('grid').getByRole('row').nth(1).waitFor({ timeout: 20_000 });
  });
});
