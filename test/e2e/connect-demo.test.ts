import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany } from './helpers/connect';

describe('demo mode: connect through the system browser', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('connects the demo company by approving consent, and it appears by name', async () => {
    await connectCompany(app, { company: 'Sandbox Småföretag AB' });
    expect(app.openedExternal()).toHaveLength(1);
    // PKCE: the authorization request carries an S256 challenge, and the sandbox gave tokens only
    // for the matching verifier, so the connect above proves the app sent the right one.
    const authorization = new URL(app.openedExternal()[0]!);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toContain('Sandbox Småföretag AB');
  });

  it('keeps the demo company connected across a restart', async () => {
    const userDataDir = app.userDataDir;
    await app.close({ keepUserData: true });
    app = await launchApp({ userDataDir });
    onTestFinished(() => rmSync(userDataDir, { recursive: true, force: true }));
    await app.page.getByRole('grid').getByRole('row').nth(1).waitFor({ timeout: 20_000 });
    expect(await app.page.getByTestId('company-status').count()).toBe(0);
    expect(app.openedExternal()).toHaveLength(0);
  });

  it('opens where it was left: All companies after a restart on it, and a company on the tab it was left on', async () => {
    // A folder of its own: the test before deletes its folder when it finishes.
    await app.close();
    app = await launchApp();
    await connectCompany(app, { company: 'Sandbox Småföretag AB' });
    const userDataDir = app.userDataDir;
    onTestFinished(() => rmSync(userDataDir, { recursive: true, force: true }));
    const restart = async () => {
      await app.close({ keepUserData: true });
      app = await launchApp({ userDataDir });
    };
    await app.page.getByTestId('all-companies-button').click();
    await app.page.getByTestId('all-companies').waitFor();
    await restart();
    await app.page.getByTestId('all-companies').waitFor({ timeout: 20_000 });
    expect(await app.page.getByTestId('all-companies-button').getAttribute('aria-pressed')).toBe('true');
    expect(await app.page.getByTestId('invoice-grid').count()).toBe(0);
    // On All companies no company is the current page: the sidebar marks none.
    expect(await app.page.locator('.company-list [aria-current="page"]').count()).toBe(0);
    // Back to the company, on its overview: the next start opens there, on that tab.
    await app.page.locator('.company-list .company-item').first().click();
    await app.page.getByRole('tablist').getByRole('tab', { name: 'Översikt', exact: true }).click();
    await restart();
    await app.page.getByRole('tablist').getByRole('tab', { name: 'Översikt', exact: true }).and(app.page.locator('[aria-selected="true"]')).waitFor({ timeout: 20_000 });
    expect(await app.page.getByTestId('all-companies').count()).toBe(0);
    expect(await app.page.getByTestId('all-companies-button').getAttribute('aria-pressed')).toBe('false');
    expect(await app.page.locator('.company-list [aria-current="page"]').count()).toBe(1);
  });
});
