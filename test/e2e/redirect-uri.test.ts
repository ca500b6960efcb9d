/**
 * The real service redirects only to the Redirect URI registered for the integration. The sandbox
 * here has exactly one registered (the app's documented default), and the app, configured for it
 * with no port set, connects; Settings shows the exact address to register, with Copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDIRECT_PORT } from '../../electron/common/settings';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';

const registered = `http://127.0.0.1:${DEFAULT_REDIRECT_PORT}/callback`;
let sandbox: Sandbox;
let app: LaunchedApp | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100, redirectUris: [registered] });
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('the registered redirect URI', () => {
  it('connects a configured service on the default fixed port, which is the one to register', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    const small = sandbox.companies.find((c) => c.key === 'small')!;
    await connectCompany(app, { company: small.name });
    expect(new URL(app.openedExternal()[0]!).searchParams.get('redirect_uri')).toBe(registered);
    await app.page.getByRole('button', { name: 'Inställningar' }).click();
    expect(await app.page.getByTestId('redirect-uri').inputValue()).toBe(registered);
  });

  it("shows the service's own error page for any other port, and the app says which address it used", async () => {
    await app?.close();
    app = await launchApp({ env: { ...serviceEnv(sandbox), INVOICE_DESK_REDIRECT_PORT: String(DEFAULT_REDIRECT_PORT + 1) } });
    const opened = app.systemBrowser.waitForEvent('page');
    await app.page.getByRole('main').getByRole('button', { name: 'Anslut i webbläsaren' }).click();
    const page = await opened;
    await page.getByText('is not one of the registered redirect URIs').waitFor();
    expect(await app.page.getByTestId('authorization-url').inputValue()).toContain(encodeURIComponent(`http://127.0.0.1:${DEFAULT_REDIRECT_PORT + 1}/callback`));
  });
});
