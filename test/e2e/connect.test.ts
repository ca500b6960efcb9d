/**
 * Connecting companies, through the harness, in the system browser against a sandbox the
 * test owns (configured mode: the INVOICE_DESK_* variables point at it).
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, decide, openConsent, serviceEnv } from './helpers/connect';

let sandbox: Sandbox;
const small = () => sandbox.companies.find((c) => c.key === 'small')!;
const large = () => sandbox.companies.find((c) => c.key === 'large')!;
const unlicensed = () => sandbox.companies.find((c) => c.key === 'unlicensed')!;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 5_000 });
});
afterAll(async () => {
  await sandbox?.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function storedText(userDataDir: string): string {
  return filesUnder(userDataDir)
    .map((file) => readFileSync(file, 'latin1'))
    .join('\n');
}

/** Resolves true when a TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function redirectPortOf(authorizationUrl: string): number {
  return Number(new URL(new URL(authorizationUrl).searchParams.get('redirect_uri')!).port);
}

async function invoicesThroughBridge(app: LaunchedApp, companyId: string) {
  return app.page.evaluate(
    (id) => (window as unknown as { invoiceDesk: { lists: { page: (...a: unknown[]) => Promise<unknown> } } }).invoiceDesk.lists.page('invoices', id, { page: 1, limit: 25 }, 'interactive'),
    companyId,
  ) as Promise<{ ok: boolean; value?: { rows: unknown[] }; error?: { kind: string } }>;
}

async function companyIds(app: LaunchedApp): Promise<Array<{ id: string; name: string; status: string }>> {
  const reply = (await app.page.evaluate(() =>
    (window as unknown as { invoiceDesk: { companies: { list: () => Promise<unknown> } } }).invoiceDesk.companies.list(),
  )) as { value: { companies: Array<{ id: string; name: string; status: string }> } };
  return reply.value.companies;
}

describe('connecting companies', () => {
  let app: LaunchedApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('connects two companies by name, switches between them, and keeps them across a restart', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    await connectCompany(app, { company: small().name });
    const firstPort = redirectPortOf(app.openedExternal()[0]!);
    expect(await refused(firstPort)).toBe(true); // the loopback server closed after success

    await app.page.getByRole('button', { name: /Lägg till företag/ }).click();
    await connectCompany(app, { company: large().name });
    const nav = app.page.getByRole('navigation');
    expect(await nav.getByRole('listitem').count()).toBe(2);
    expect(await app.page.getByRole('heading', { level: 1 }).textContent()).toBe(large().name);

    await nav.getByRole('button', { name: new RegExp(small().name) }).click();
    await expect.poll(() => app!.page.getByRole('heading', { level: 1 }).textContent()).toBe(small().name);

    // Restart with the same userData folder: still there, and connected without a new sign-in.
    const userDataDir = app.userDataDir;
    await app.close({ keepUserData: true });
    const companiesBefore = sandbox.control.counters();
    app = await launchApp({ env: serviceEnv(sandbox), userDataDir });
    onTestFinished(() => rmSync(userDataDir, { recursive: true, force: true }));
    await app.page.getByRole('navigation').getByRole('button', { name: new RegExp(large().name) }).waitFor();
    const ids = await companyIds(app);
    expect(ids.map((c) => c.status)).toEqual(['connected', 'connected']);
    const reply = await invoicesThroughBridge(app, ids[1]!.id);
    expect(reply.ok).toBe(true);
    expect(reply.value!.rows).toHaveLength(25);
    expect(app.openedExternal()).toHaveLength(0);
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBeGreaterThan(companiesBefore.tokenRequests.refresh_token);
    expect(sandbox.control.counters().refreshTokenReuse).toBe(0);
    // Metadata is readable JSON (file mode 0600); no secret is in it or anywhere in plain text.
    const store = filesUnder(userDataDir).find((f) => f.endsWith('invoice-desk.json'))!;
    expect(statSync(store).mode & 0o777).toBe(0o600);
    expect(readFileSync(store, 'utf8')).toContain(large().name);
    expect(storedText(userDataDir)).not.toContain(sandbox.clientSecret);
  });

  it('denying consent shows a clear message and stores nothing', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    const consent = await openConsent(app);
    await decide(consent, { company: small().name, decision: 'Deny' });
    const progress = app.page.getByTestId('connect-progress');
    await expect.poll(() => progress.getAttribute('data-phase')).toBe('failed');
    expect(await progress.getByRole('alert').textContent()).toMatch(/denied/); // the detail keeps the app's own words
    expect(await companyIds(app)).toEqual([]);
    expect(storedText(app.userDataDir)).not.toMatch(/refresh|8000001/);
    expect(await refused(redirectPortOf(app.openedExternal()[0]!))).toBe(true);
  });

  it('a company without a licence gets the licence message and its remedy', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    const consent = await openConsent(app);
    await decide(consent, { company: unlicensed().name });
    const progress = app.page.getByTestId('connect-progress');
    await expect.poll(() => progress.getAttribute('data-phase')).toBe('failed');
    const text = await progress.getByRole('alert').textContent();
    expect(text).toMatch(/saknar licens/);
    expect(text).toMatch(/marknadsplats/);
    expect(await companyIds(app)).toEqual([]);
  });

  it('refuses a callback with the wrong state (the real approval still completes), and a second callback finds the server closed', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    const consent = await openConsent(app);
    const redirectUri = new URL(app.openedExternal()[0]!).searchParams.get('redirect_uri')!;
    const codesBefore = sandbox.control.counters().tokenRequests.authorization_code;
    const forged = await fetch(`${redirectUri}?code=forged&state=not-the-state`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toMatch(/does not belong/);
    expect(await app.page.getByTestId('connect-progress').getAttribute('data-phase')).toBe('waiting-for-browser');
    expect(sandbox.control.counters().tokenRequests.authorization_code).toBe(codesBefore); // the forged code was never exchanged
    expect(await companyIds(app)).toEqual([]);

    await decide(consent, { company: small().name });
    await app.page.getByRole('navigation').getByRole('button', { name: new RegExp(small().name) }).waitFor();
    expect(sandbox.control.counters().tokenRequests.authorization_code).toBe(codesBefore + 1);
    // A second callback (a replay of the answer) finds nothing listening.
    expect(await refused(Number(new URL(redirectUri).port))).toBe(true);
    await expect(fetch(`${redirectUri}?code=again&state=x`)).rejects.toThrow();
    expect(await companyIds(app)).toHaveLength(1);
  });

  it('cancel from the app closes the loopback server', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    await openConsent(app);
    const port = redirectPortOf(app.openedExternal()[0]!);
    await app.page.getByRole('button', { name: 'Avbryt' }).click();
    await expect.poll(() => app!.page.getByTestId('connect-progress').getAttribute('data-phase')).toBe('cancelled');
    expect(await refused(port)).toBe(true);
  });

  it('connects a service account by TenantId without a browser', async () => {
    app = await launchApp({ env: serviceEnv(sandbox) });
    await app.page.getByText(/tjänstekonto \(TenantId\)/).click();
    await app.page.getByTestId('tenant-id').fill(small().tenantId);
    await app.page.getByRole('button', { name: 'Anslut tjänstekonto' }).click();
    await app.page.getByRole('navigation').getByRole('button', { name: new RegExp(small().name) }).waitFor();
    expect(app.openedExternal()).toHaveLength(0);
    const [company] = await companyIds(app);
    expect((await invoicesThroughBridge(app, company!.id)).ok).toBe(true);
  });
});
