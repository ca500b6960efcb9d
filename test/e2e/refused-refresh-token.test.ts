/**
 * A refresh token the service refuses (invalid_grant: here expired after its 45 days) leaves
 * secrets.json at once, through the harness against the sandbox: the company asks for a reconnect,
 * and the dead token is no longer among the app's stored secrets, without waiting for a
 * disconnect. The next start asks for the reconnect again without a token request.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDeskApi } from '../../electron/ipc/contract';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceOnlyEnv } from './helpers/connect';

let sandbox: Sandbox;
let app: LaunchedApp;
/** The first launch's data folder, kept for the second (this file removes it). */
let kept: string | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100 });
  app = await launchApp({ env: serviceOnlyEnv(sandbox) });
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (kept) rmSync(kept, { recursive: true, force: true });
});

/** The keys of the secrets stored on disk (secrets.json's slots are the keys in base64url). */
function storedSecretKeys(userDataDir: string): string[] {
  const file = readdirSync(userDataDir, { recursive: true, withFileTypes: true }).find((entry) => entry.isFile() && entry.name === 'secrets.json');
  if (!file) return [];
  const slots = Object.keys(JSON.parse(readFileSync(path.join(file.parentPath, file.name), 'utf8')) as Record<string, unknown>);
  return slots.map((slot) => Buffer.from(slot, 'base64url').toString());
}

/** One page of the active company's invoices, asked as the grid asks: its error's kind, if any. */
const askForAPage = (): Promise<string | null> =>
  app.page.evaluate(async () => {
    const desk = (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk;
    const list = await desk.companies.list();
    const id = list.ok ? (list.value.activeId ?? '') : '';
    const page = await desk.lists.page('invoices', id, { page: 1, limit: 25 }, 'interactive');
    return page.ok ? null : page.error.kind;
  });

describe('a refresh token the service refused', () => {
  it('is removed from secrets.json as soon as the service refuses it', async () => {
    await connectCompany(app, { company: sandbox.companies.find((c) => c.key === 'small')!.name });
    expect(await askForAPage()).toBeNull();
    const keys = storedSecretKeys(app.userDataDir);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^refresh-token:/);

    // 46 days on at the service: the access token and the refresh token have both expired.
    const refusedBefore = sandbox.control.counters().invalidGrant;
    sandbox.control.advanceClock(46 * 86_400_000);
    expect(await askForAPage()).toBe('needs-reconnect');
    expect(sandbox.control.counters().invalidGrant).toBe(refusedBefore + 1);
    await app.page.getByRole('main').getByRole('button', { name: 'Anslut igen' }).first().waitFor();
    expect(storedSecretKeys(app.userDataDir)).toEqual([]);
  });

  it('after a restart the company still asks for a reconnect, and no token request is made', async () => {
    const refreshes = sandbox.control.counters().tokenRequests.refresh_token;
    kept = app.userDataDir;
    await app.close({ keepUserData: true });
    app = await launchApp({ env: serviceOnlyEnv(sandbox), userDataDir: kept });
    expect(await askForAPage()).toBe('needs-reconnect');
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBe(refreshes);
    expect(storedSecretKeys(app.userDataDir)).toEqual([]);
  });
});
