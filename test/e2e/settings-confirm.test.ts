/**
 * The window as the attacker against the service settings: whatever the
 * environment holds, an address or client ID the window asks for becomes active only after the
 * user answered yes in the main process's own dialog, which shows what the address parses to; a
 * refused or declined change stores nothing and keeps the client secret. The same holds for the
 * two switches that widen access or delete data: "Show scanned supplier invoices" turned on (the
 * next consent covers the whole file archive) and the local copy turned off (every copy deleted).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { InvoiceDeskApi, SettingsView } from '../../electron/ipc/contract';
import { launchApp, type LaunchedApp } from '../harness/launch-app';

type Reply<T = unknown> = { ok: boolean; value?: T; error?: { kind: string; message: string } };

/** The attacker's sign-in page: records every request it receives. */
async function startListener(): Promise<{ url: string; port: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.end('sign in here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = String((server.address() as AddressInfo).port);
  return { url: `http://127.0.0.1:${port}`, port, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const service = { authUrl: 'https://apps.example.se', apiUrl: 'https://api.example.se', clientId: 'client-1', clientSecret: 'secret-1' };

function desk(app: LaunchedApp) {
  return {
    update: (update: Record<string, unknown>) => app.page.evaluate((u) => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk.settings.update(u) as Promise<Reply<SettingsView>>, update),
    get: () => app.page.evaluate(() => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk.settings.get() as Promise<Reply<SettingsView>>),
    start: () => app.page.evaluate(() => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk.connect.start({ demo: false }) as Promise<Reply>),
  };
}

/** The detail texts of the message boxes the main process showed, in order. */
function dialogDetails(app: LaunchedApp): string[] {
  return app.fake!.dialogCalls.map((call) => ((call as unknown[]).at(-1) as { detail?: string }).detail ?? '');
}

/** The headlines of the message boxes the main process showed, in order. */
function dialogMessages(app: LaunchedApp): string[] {
  return app.fake!.dialogCalls.map((call) => ((call as unknown[]).at(-1) as { message?: string }).message ?? '');
}

/** Everything the app wrote to its userData folder, as text. */
function onDisk(app: LaunchedApp): string {
  return readdirSync(app.userDataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

describe('service settings: only the user moves the service', () => {
  let app: LaunchedApp | undefined;
  let listener: Awaited<ReturnType<typeof startListener>> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await listener?.close();
    listener = undefined;
  });

  it("an invalid address in the environment does not switch the dialog off (a phishing path)", async () => {
    listener = await startListener();
    // Ignored (plain http to another host), so the authorization address is the stored one: none.
    const env = { INVOICE_DESK_AUTH_URL: 'http://auth.corp.example/apps', INVOICE_DESK_API_URL: 'https://api.example.se', INVOICE_DESK_CLIENT_ID: 'client-1' };
    app = await launchApp({ env, messageBoxAnswers: [1] }); // the user declines
    const d = desk(app);
    const update = await d.update({ authUrl: listener.url });
    expect(update).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(dialogDetails(app)).toHaveLength(1);
    expect(dialogDetails(app)[0]).toContain(`Värd: 127.0.0.1\n  Port: ${listener.port}\n`);
    await d.update({ clientSecret: 'secret-1' });
    await d.start();
    for (const url of app.openedExternal()) expect(url.startsWith(listener.url)).toBe(false);
    expect(listener.seen).toEqual([]);
    expect((await d.get()).value).toMatchObject({ authUrl: '', fromEnvironment: ['apiUrl', 'clientId'] });
  });

  it('a valid address in the environment: the window stores nothing under it, and the secret stays', async () => {
    listener = await startListener();
    app = await launchApp(); // the user confirms the service once
    expect(await desk(app).update(service)).toMatchObject({ ok: true, value: { clientSecretSet: true } });
    const userDataDir = app.userDataDir;
    onTestFinished(() => rmSync(userDataDir, { recursive: true, force: true }));
    await app.close({ keepUserData: true });

    app = await launchApp({ userDataDir, env: { INVOICE_DESK_AUTH_URL: 'https://auth.corp.example/apps' } });
    const before = onDisk(app);
    const update = await desk(app).update({ authUrl: listener.url });
    expect(update).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(update.error?.message).toMatch(/INVOICE_DESK_AUTH_URL/);
    expect(dialogDetails(app)).toEqual([]);
    expect(onDisk(app)).toBe(before);
    expect(onDisk(app)).not.toContain(listener.url);
    expect((await desk(app).get()).value).toMatchObject({ authUrl: 'https://auth.corp.example/apps', clientSecretSet: false });
    await app.close({ keepUserData: true });

    // Without the variable, the confirmed address is back, with its secret.
    app = await launchApp({ userDataDir });
    expect((await desk(app).get()).value).toMatchObject({ authUrl: service.authUrl, clientSecretSet: true, demoMode: false });
  });

  it('the dialog shows the parsed host (punycode), a client ID change asks too, and disguised addresses are refused', async () => {
    app = await launchApp({ messageBoxAnswers: [0, 1, 1] }); // the user's own save, then declines
    const d = desk(app);
    expect(await d.update(service)).toMatchObject({ ok: true });
    // Thirty line breaks would push ".attacker.example" below the dialog's fold: refused, no dialog.
    const newlines = await d.update({ apiUrl: `https://apps.example.se${'\n'.repeat(30)}.attacker.example` });
    expect(newlines).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(dialogDetails(app)).toHaveLength(1);
    // A Cyrillic а looks like the real host: the dialog shows its ASCII form.
    expect(await d.update({ authUrl: 'https://\u0430pps.example.se' })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(dialogDetails(app)[1]).toContain('Värd: xn--pps-5cd.example.se\n');
    expect(dialogDetails(app)[1]).not.toContain('\u0430');
    // A new client ID is named in a dialog of its own; declined, the secret stays.
    expect(await d.update({ clientId: 'attacker-client' })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(dialogDetails(app)[2]).toContain('Client ID: attacker-client');
    expect((await d.get()).value).toMatchObject({ authUrl: service.authUrl, apiUrl: service.apiUrl, clientId: service.clientId, clientSecretSet: true });
  });
});

describe('settings that widen access or delete data: only the user changes them', () => {
  let app: LaunchedApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('the local copy off and the scans on are asked in a native dialog in the UI language; declined, the box shows the setting unchanged', async () => {
    app = await launchApp({ messageBoxAnswers: [1, 1, 1, 1, 0] }); // declines four times, then confirms
    const d = desk(app);
    const page = app.page;
    await page.getByRole('button', { name: 'Inställningar' }).click();
    const localCopy = page.getByTestId('local-copy');
    const scans = page.getByTestId('supplier-scans');
    /** The main process has answered: the box is no longer waiting. */
    const settled = (box: typeof localCopy) => expect.poll(() => box.getAttribute('aria-disabled')).toBe('false');

    // The window itself asks (a compromised one would): declined, nothing changes.
    expect(await d.update({ localCopy: false })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(dialogMessages(app)).toEqual(['Stänga av den lokala kopian?']);
    expect((await d.get()).value).toMatchObject({ localCopy: true });

    // Through the box: the dialog, declined, and the box springs back to on.
    await localCopy.click();
    await expect.poll(() => dialogMessages(app!).length).toBe(2);
    await settled(localCopy);
    expect(await localCopy.isChecked()).toBe(true);
    expect((await d.get()).value).toMatchObject({ localCopy: true });

    // Turning the scans off narrows the next consent: no dialog. Turning them on asks; declined, the box stays off.
    await scans.click();
    await expect.poll(() => scans.isChecked()).toBe(false);
    await settled(scans);
    expect(dialogMessages(app)).toHaveLength(2);
    await scans.click();
    await expect.poll(() => dialogMessages(app!).length).toBe(3);
    expect(dialogMessages(app)[2]).toBe('Visa skannade leverantörsfakturor?');
    await settled(scans);
    expect(await scans.isChecked()).toBe(false);
    expect((await d.get()).value).toMatchObject({ supplierScans: false, localCopy: true });

    // In English the dialog speaks English; confirmed, the change is made.
    await d.update({ language: 'en' });
    expect(await d.update({ supplierScans: true })).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(await d.update({ localCopy: false })).toMatchObject({ ok: true, value: { localCopy: false } });
    expect(dialogMessages(app).slice(3)).toEqual(['Show scanned supplier invoices?', 'Turn the local copy off?']);
  });
});
