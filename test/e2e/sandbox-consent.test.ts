// The sandbox's authorization-code flow in a real browser: Playwright opens the authorization
// URL, the consent page shows, a click on Approve (or Deny) sends the browser to a tiny loopback
// listener run by this test, and the code exchanges for tokens exactly once.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let sandbox: Sandbox;
let browser: Browser;
let listener: Server;
let redirectUri: string;
const callbacks: Array<(params: URLSearchParams) => void> = [];

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100 });
  // The app's loopback redirect listener in miniature: one page "you can close this tab".
  listener = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/callback') {
      for (const resolve of callbacks.splice(0)) resolve(url.searchParams);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('You can close this tab.');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await sandbox?.close();
});

function nextCallback(): Promise<URLSearchParams> {
  return new Promise((resolve) => callbacks.push(resolve));
}

function authUrl(state: string, scope = 'invoice companyinformation'): string {
  const params = new URLSearchParams({
    client_id: sandbox.clientId,
    redirect_uri: redirectUri,
    scope,
    state,
    response_type: 'code',
    access_type: 'offline',
  });
  return `${sandbox.authUrl}/oauth-v1/auth?${params.toString()}`;
}

function exchange(code: string) {
  return fetch(`${sandbox.authUrl}/oauth-v1/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
  });
}

/** A page in its own context (a fresh profile, as a user's browser would be; axe needs a context). */
async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function closePage(page: Page): Promise<void> {
  await page.context().close();
}

async function openConsent(state: string, scope?: string): Promise<Page> {
  const page = await newPage();
  const response = await page.goto(authUrl(state, scope));
  expect(response?.status()).toBe(200);
  return page;
}

describe('the consent page in a browser', () => {
  it('Approve: the code and state arrive at the loopback listener; the code exchanges once', async () => {
    const page = await openConsent('state-approve-1');
    try {
      await expect.poll(() => page.getByText('Sandbox', { exact: true }).count()).toBeGreaterThan(0);
      const scopes = await page.locator('[data-scope]').evaluateAll((items) => items.map((item) => item.getAttribute('data-scope')));
      expect(scopes).toEqual(['invoice', 'companyinformation']);
      // The first licensed company is preselected; choose it explicitly by its label anyway.
      const small = sandbox.companies.find((c) => c.key === 'small');
      expect(await page.getByLabel(small?.name ?? '', { exact: true }).isChecked()).toBe(true);
      await page.getByLabel(small?.name ?? '', { exact: true }).check();

      const callback = nextCallback();
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const params = await callback;
      expect(params.get('state')).toBe('state-approve-1');
      const code = params.get('code') ?? '';
      expect(code).not.toBe('');
      await expect.poll(() => page.textContent('body')).toContain('You can close this tab.');

      const first = await exchange(code);
      expect(first.status).toBe(200);
      const tokens = (await first.json()) as { access_token: string; refresh_token: string; token_type: string; scope: string };
      expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'invoice companyinformation' });
      const info = await fetch(`${sandbox.apiUrl}/3/companyinformation`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
      expect(((await info.json()) as { CompanyInformation: { CompanyName: string } }).CompanyInformation.CompanyName).toBe(small?.name);

      const second = await exchange(code);
      expect(second.status).toBe(400);
      expect(((await second.json()) as { error: string }).error).toBe('invalid_grant');
    } finally {
      await closePage(page);
    }
  });

  it('has no accessibility violations (axe)', async () => {
    const page = await openConsent('state-axe');
    try {
      const result = await new AxeBuilder({ page }).analyze();
      const violations = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary ?? '').join('; ')}`);
      expect(violations).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('Deny: error=access_denied with the state', async () => {
    const page = await openConsent('state-deny');
    try {
      const callback = nextCallback();
      await page.getByRole('button', { name: 'Deny', exact: true }).click();
      const params = await callback;
      expect(params.get('error')).toBe('access_denied');
      expect(params.get('state')).toBe('state-deny');
      expect(params.get('code')).toBeNull();
    } finally {
      await closePage(page);
    }
  });

  it('Approve for the unlicensed company: error=error_missing_app_license', async () => {
    const page = await openConsent('state-licence', 'invoice');
    try {
      const unlicensed = sandbox.companies.find((c) => c.key === 'unlicensed');
      await page.getByLabel(unlicensed?.name ?? '', { exact: true }).check();
      const callback = nextCallback();
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const params = await callback;
      expect(params.get('error')).toBe('error_missing_app_license');
      expect(params.get('error_description')).toBe('Resource owner does not have enough licenses');
      expect(params.get('state')).toBe('state-licence');
    } finally {
      await closePage(page);
    }
  });

  it('a bad parameter shows the error page instead of the consent form', async () => {
    const page = await newPage();
    try {
      const response = await page.goto(authUrl('s').replace('response_type=code', 'response_type=token'));
      expect(response?.status()).toBe(400);
      expect(await page.getByRole('alert').textContent()).toContain('response_type');
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    } finally {
      await closePage(page);
    }
  });
});
