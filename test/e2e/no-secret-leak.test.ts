/**
 * The renderer never sees a token or the client secret: every IPC message to it, its DOM, its
 * storage and its network log across a whole session (connect, browse, a refresh forced by the
 * sandbox clock) contain none of the tokens the service issued, nor the secret.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDeskApi } from '../../electron/ipc/contract';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceEnv } from './helpers/connect';

describe('no token or secret reaches the renderer', () => {
  let sandbox: Sandbox;
  let app: LaunchedApp;
  const network: string[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 1_000 });
    app = await launchApp({ env: serviceEnv(sandbox) });
    const context = app.page.context();
    context.on('request', (request) => {
      network.push(JSON.stringify({ url: request.url(), headers: request.headers(), body: request.postData() }));
    });
    context.on('response', (response) => network.push(JSON.stringify({ url: response.url(), status: response.status() })));
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
  });

  it('keeps every token and the client secret in the main process', async () => {
    await connectCompany(app, { company: sandbox.companies.find((c) => c.key === 'small')!.name });
    const browse = () =>
      app.page.evaluate(async () => {
        const desk = (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk;
        const list = await desk.companies.list();
        const id = list.ok ? (list.value.activeId ?? '') : '';
        await desk.settings.get();
        for (const page of [1, 2, 3]) await desk.lists.page('invoices', id, { page, limit: 25 }, 'interactive');
        // Once the local copy answers the pages, a sync is what still asks the service.
        await desk.sync.now(id, { full: false });
      });
    await browse();
    const before = sandbox.control.counters().tokenRequests.refresh_token;
    sandbox.control.advanceClock(3_600_000); // the access token expires: the app must refresh
    await browse();
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBeGreaterThan(before);

    const tokens = sandbox.control.issuedTokens();
    expect(tokens.length).toBeGreaterThanOrEqual(4); // two pairs at least: the first and the refreshed
    const dom = await app.page.content();
    const storage = await app.page.evaluate(async () => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      databases: JSON.stringify(await indexedDB.databases()),
      cookies: document.cookie,
    }));
    const cookies = JSON.stringify(await app.page.context().cookies());
    const ipc = JSON.stringify(app.fake!.ipcLog);
    expect(app.fake!.ipcLog.length).toBeGreaterThan(5);
    const haystacks = { ipc, dom, storage: JSON.stringify(storage), cookies, network: network.join('\n') };
    for (const [where, text] of Object.entries(haystacks)) {
      for (const secret of [...tokens, sandbox.clientSecret]) {
        expect(text.includes(secret), `${where} contains a secret`).toBe(false);
      }
    }
    // The renderer made no network request of its own: only its own files, from the app origin.
    expect(network.filter((line) => !line.includes(`"url":"${app.appOrigin}/`)).join('\n')).toBe('');

    // On disk: no token in plain text (the refresh token is encrypted by safeStorage).
    const files = readdirSync(app.userDataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const disk = files.map((e) => readFileSync(path.join(e.parentPath, e.name), 'latin1')).join('\n');
    for (const secret of [...tokens, sandbox.clientSecret]) expect(disk.includes(secret)).toBe(false);
    expect(files.map((e) => e.name)).toContain('secrets.json');
  });
});
