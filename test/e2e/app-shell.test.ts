import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../harness/launch-app';

describe('the app shell through the harness', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows app.getInfo() in the rendered window', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Inställningar' }).click();
    await expect.poll(() => page.getByTestId('info-version').textContent()).toBe('0.1.0');
    expect(await page.getByTestId('info-platform').textContent()).toBe(process.platform);
    expect(await page.getByTestId('info-keyring').textContent()).toContain('gnome_libsecret');
    // The frame: sidebar, main area, status bar.
    await expect.poll(() => page.getByRole('complementary').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').getByRole('status').textContent()).toContain('Redo');
  });

  it('opens the window with the hardened webPreferences', () => {
    const win = app.fake!.windows()[0]!;
    expect(win.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  });

  it('exposes only the contract on window.invoiceDesk, and no Node or IPC globals', async () => {
    const surface = await app.page.evaluate(() => {
      const api = (window as unknown as { invoiceDesk: Record<string, Record<string, unknown>> }).invoiceDesk;
      const describe = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v]));
      return {
        keys: Object.keys(api).sort(),
        app: describe(api.app!),
        events: describe(api.events!),
        frozen: Object.isFrozen(api),
        protoIsPlain: Object.getPrototypeOf(api) === Object.prototype,
        globals: ['require', 'process', 'ipcRenderer', 'electron', 'Buffer', 'module', 'global'].filter((name) => name in window),
      };
    });
    expect(surface.keys).toEqual(['app', 'companies', 'connect', 'digest', 'events', 'export', 'invoices', 'lists', 'receivables', 'settings', 'supplierinvoices', 'sync']);
    expect(surface.app).toEqual({ getInfo: 'function' });
    expect(surface.events).toEqual({ on: 'function' });
    expect(surface.frozen).toBe(true);
    expect(surface.protoIsPlain).toBe(true);
    expect(surface.globals).toEqual([]);
  });

  it('answers invalid arguments with a typed error and keeps working', async () => {
    const replies = await app.page.evaluate(async () => {
      const api = (window as unknown as { invoiceDesk: { app: { getInfo: (...a: unknown[]) => Promise<unknown> } } }).invoiceDesk;
      const bad = await api.app.getInfo('../../etc/passwd', { __proto__: { polluted: true } });
      const good = await api.app.getInfo();
      return { bad, good };
    });
    expect(replies.bad).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(replies.good).toMatchObject({ ok: true, value: { version: '0.1.0' } });
    await expect.poll(() => app.page.getByTestId('info-version').textContent()).toBe('0.1.0');
  });

  it('refuses navigation away from the app and new windows', async () => {
    const before = app.page.url();
    await app.page.evaluate(() => {
      window.open('https://example.invalid/', '_blank');
      location.href = 'https://example.invalid/phish';
    });
    await app.page.waitForTimeout(300);
    expect(app.page.url()).toBe(before);
    // The denied popup is closed before it loads anything; on a busy machine the close can take a moment.
    await expect.poll(() => app.page.context().pages().length, { timeout: 5_000 }).toBe(1);
  });
});

describe('the content security policy', () => {
  let app: LaunchedApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is the strict production policy and blocks inline script and network', async () => {
    const { productionCsp } = await import('../../electron/csp');
    const outcome = await app.page.evaluate(async () => {
      const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      let fetchFailed = false;
      try {
        await fetch('https://example.invalid/');
      } catch {
        fetchFailed = true;
      }
      await new Promise((r) => setTimeout(r, 50));
      return { meta, inlineRan: 'inlineRan' in window || '__inlineRan' in window, fetchFailed, violations };
    });
    expect(outcome.meta).toBe(productionCsp);
    expect(outcome.inlineRan).toBe(false);
    expect(outcome.fetchFailed).toBe(true);
    expect(outcome.violations).toEqual(expect.arrayContaining(['script-src-elem', 'connect-src']));
  });
});
