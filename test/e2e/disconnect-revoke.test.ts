/**
 * Disconnecting when the service cannot revoke the connection: the company goes, and the user is
 * told that the service may still list the integration (in Swedish, the default language).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';

let sandbox: Sandbox;
let app: LaunchedApp | undefined;
const small = () => sandbox.companies.find((c) => c.key === 'small')!;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 10 });
});
afterAll(async () => {
  await sandbox?.close();
});
afterEach(async () => {
  sandbox.control.clearFaults();
  await app?.close();
  app = undefined;
});

async function disconnect(page: LaunchedApp['page']): Promise<void> {
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('main').getByRole('button', { name: 'Koppla från' }).click();
  await page.getByRole('navigation').getByRole('button', { name: new RegExp(small().name) }).waitFor({ state: 'detached' });
}

describe('disconnect', () => {
  it('warns that the service may still list the integration when revoking failed, until dismissed', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    await connectCompany(app, { company: small().name });
    sandbox.control.injectFault('revoke', { status: 503 });
    const revokesBefore = sandbox.control.counters().byRoute['revoke'] ?? 0;
    await disconnect(app.page);
    const warning = app.page.getByTestId('revoke-warning');
    await warning.waitFor();
    expect(await warning.getAttribute('role')).toBe('alert');
    const text = await warning.textContent();
    expect(text).toContain(`${small().name} har kopplats från i Invoice Desk, men tjänsten kan fortfarande visa integrationen som ansluten.`);
    expect(text).toMatch(/kunde inte återkallas hos tjänsten/);
    expect(sandbox.control.counters().byRoute['revoke']).toBe(revokesBefore + 1); // it did try
    await warning.getByRole('button', { name: 'Dölj' }).click();
    await warning.waitFor({ state: 'detached' });
  });

  it('says nothing more when the service revoked the connection', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    await connectCompany(app, { company: small().name });
    const revokesBefore = sandbox.control.counters().byRoute['revoke'] ?? 0;
    await disconnect(app.page);
    await expect.poll(() => sandbox.control.counters().byRoute['revoke']).toBe(revokesBefore + 1);
    expect(await app.page.getByTestId('revoke-warning').count()).toBe(0);
  });
});
