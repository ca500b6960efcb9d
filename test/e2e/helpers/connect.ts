/**
 * Acting as the user across the app and their browser: click Connect in the app, then approve (or
 * deny) on the service's consent page that opened in `systemBrowser`.
 */
import type { Page } from 'playwright-core';
import type { LaunchedApp } from '../../harness/launch-app';

const connectButton = /^(Prova demoföretaget|Try the demo company|Anslut i webbläsaren|Connect in the browser|Anslut igen|Reconnect)$/;

export interface ConsentOptions {
  /** The company to choose on the consent page (its label); the page's default otherwise. */
  company?: string;
  decision?: 'Approve' | 'Deny';
}

/** Clicks the app's connect button and returns the consent page that opened in the system browser. */
export async function openConsent(app: LaunchedApp): Promise<Page> {
  const opened = app.systemBrowser.waitForEvent('page');
  await app.page.getByRole('main').getByRole('button', { name: connectButton }).first().click();
  const consent = await opened;
  await consent.waitForLoadState('domcontentloaded');
  return consent;
}

export async function decide(consent: Page, options: ConsentOptions = {}): Promise<void> {
  if (options.company) await consent.getByLabel(options.company, { exact: true }).check();
  await consent.getByRole('button', { name: options.decision ?? 'Approve', exact: true }).click();
  await consent.waitForLoadState('domcontentloaded');
}

/** The whole flow; resolves when the company is listed in the sidebar by name. */
export async function connectCompany(app: LaunchedApp, options: ConsentOptions & { expectName?: string } = {}): Promise<void> {
  const consent = await openConsent(app);
  await decide(consent, options);
  const name = options.expectName ?? options.company;
  if (name) await app.page.getByRole('navigation').getByRole('button', { name: new RegExp(name) }).waitFor({ timeout: 20_000 });
  await consent.close();
}

/** Environment that points the app at a test's own sandbox (configured mode, not demo). */
export function serviceEnv(sandbox: { authUrl: string; apiUrl: string; clientId: string; clientSecret: string }): Record<string, string> {
  return {
    INVOICE_DESK_AUTH_URL: sandbox.authUrl,
    INVOICE_DESK_API_URL: sandbox.apiUrl,
    INVOICE_DESK_CLIENT_ID: sandbox.clientId,
    INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret,
  };
}

/** The same, with no local copy (INVOICE_DESK_LOCAL_COPY=off): for tests of the service's own paging,
 * errors and rate limit, which a background sync's requests (and the copy's answers) would blur. */
export function serviceOnlyEnv(sandbox: { authUrl: string; apiUrl: string; clientId: string; clientSecret: string }): Record<string, string> {
  return { ...serviceEnv(sandbox), INVOICE_DESK_LOCAL_COPY: 'off' };
}
