/**
 * The renderer is served from dist/ through the app's own app:// handler, not from file://, and
 * that handler gives out nothing outside dist/. Under the harness the page shows at the stand-in
 * origin of app://invoice-desk (test/harness/fake-protocol.ts), served by the same handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN } from '../../electron/app-protocol';
import { productionCsp } from '../../electron/csp';
import { launchApp, type LaunchedApp } from '../harness/launch-app';

const onElectron = process.env.E2E_DRIVER === 'electron';

describe('the renderer at app://invoice-desk', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has the app origin, not file://, and the app answers it over IPC', async () => {
    await app.page.getByRole('main').waitFor();
    const where = await app.page.evaluate(async () => ({
      protocol: location.protocol,
      origin: location.origin,
      secure: isSecureContext,
      info: await (window as unknown as { invoiceDesk: { app: { getInfo(): Promise<{ ok: boolean }> } } }).invoiceDesk.app.getInfo(),
    }));
    expect(where.protocol).not.toBe('file:');
    expect(where.origin).toBe(app.appOrigin);
    if (onElectron) expect(where.protocol).toBe('app:');
    expect(where.secure).toBe(true);
    // The sender check accepted the page: its URL is the app's.
    expect(where.info.ok).toBe(true);
  });

  it.skipIf(onElectron)('is served by the main process\'s own protocol handler, with the CSP header', () => {
    const fake = app.fake!;
    expect(fake.protocol.privileges('app')).toEqual({ standard: true, secure: true, supportFetchAPI: true });
    expect(fake.windows()[0]!.webContents.getURL()).toBe(APP_ENTRY_URL);
    const entry = fake.protocol.served.find((r) => r.url === APP_ENTRY_URL);
    expect(entry).toMatchObject({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': productionCsp } });
    const script = fake.protocol.served.find((r) => /^app:\/\/invoice-desk\/assets\/index-[\w-]+\.js$/.test(r.url));
    expect(script).toMatchObject({ status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8' } });
    expect(fake.protocol.served.every((r) => r.url.startsWith(`${APP_ORIGIN}/`))).toBe(true);
  });
});

describe('app:// gives out nothing outside dist/', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  // The page's own fetch() is forbidden by the CSP (connect-src 'none'), so each URL is loaded as a
  // top-level navigation: Chromium canonicalises it as it would any request, then the handler answers.
  async function load(appUrl: string): Promise<{ status: number; body: string }> {
    const response = await app.page.goto(app.pageUrl(appUrl)).catch(() => null);
    return { status: response?.status() ?? 0, body: response ? await response.text().catch(() => '') : '' };
  }

  it.each([
    'app://invoice-desk/../package.json',
    'app://invoice-desk/%2e%2e/package.json',
    'app://invoice-desk/%2e%2e%2fpackage.json',
    'app://invoice-desk/..%5Cpackage.json',
    'app://invoice-desk/assets/..%2f..%2fpackage.json',
    'app://invoice-desk/%2e%2e%2fdist-electron%2fmain.cjs',
    'app://invoice-desk/%2fetc%2fpasswd',
    'app://invoice-desk/index.html%00.js',
  ])('%s', async (url) => {
    const { status, body } = await load(url);
    expect([403, 404]).toContain(status);
    expect(body).not.toContain('"name": "invoice-desk"');
    expect(body).not.toContain('require(');
    expect(body).not.toContain('root:');
  });

  it('serves no page of another app:// host', async () => {
    // Under the harness the navigation guard stops it first; on Electron the handler answers 404.
    const { status, body } = await load('app://other-host/index.html');
    expect(status).not.toBe(200);
    expect(body).not.toContain('<div id="root">');
  });
});
