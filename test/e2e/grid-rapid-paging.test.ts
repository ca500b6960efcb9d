/**
 * Paging fast past pages: a page the user has already left is cancelled in the main process before
 * it uses the company's quota, so the last page clicked arrives without waiting for all the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceOnlyEnv } from './helpers/connect';
import { settled } from './helpers/grid';

describe('rapid paging', () => {
  let sandbox: Sandbox;
  let app: LaunchedApp;
  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 5_000, latencyMs: [300, 300] });
    app = await launchApp({ env: serviceOnlyEnv(sandbox) });
    await connectCompany(app, { company: sandbox.companies.find((c) => c.key === 'large')!.name });
    await settled(app.page, { page: 1 });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('skips the pages clicked past: far fewer requests than clicks, and the last page shows', async () => {
    await app.page.waitForTimeout(1_500); // let the prefetch of page 2 finish
    const before = sandbox.control.counters().byRoute['invoices'] ?? 0;
    const next = app.page.getByRole('button', { name: 'Nästa sida' });
    const clicks = 20;
    // Twenty clicks from inside the page, each after the grid rendered the last (a task apart), as
    // fast as a user's fastest: the test must not depend on how fast a busy machine lets Playwright
    // click one by one (a round trip per click could take longer than a page).
    await next.evaluate(async (button, n) => {
      for (let i = 0; i < n; i += 1) {
        (button as HTMLButtonElement).click();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }, clicks);
    await settled(app.page, { page: clicks + 1 });
    await app.page.waitForTimeout(1_500); // the last page's prefetch
    const served = (sandbox.control.counters().byRoute['invoices'] ?? 0) - before;
    // Without cancelling, every page clicked past (and its prefetch) would be read: 20 or more.
    expect(served).toBeLessThan(clicks / 2);
    expect(await app.page.getByTestId('pager-range').textContent()).toMatch(/1\s?001–1\s?050/);
  });
});
