import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { InvoiceDeskApi, SettingsView } from '../../electron/ipc/contract';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany } from './helpers/connect';

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
/** The text of the elements a field's aria-describedby names. */
const describedBy = (field: Locator) =>
  field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
const desk = (app: LaunchedApp) => app.page.evaluateHandle(() => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk);

describe('settings', () => {
  let app: LaunchedApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('takes the client secret write-only: the renderer learns only that one is set', async () => {
    app = await launchApp();
    const api = await desk(app);
    const secret = 'client-secret-7f3a9c';
    const replies = await api.evaluate(async (d, value) => {
      const before = await d.settings.get();
      const updated = await d.settings.update({ clientSecret: value, clientId: 'my-client', authUrl: 'https://auth.example.test', apiUrl: 'https://api.example.test' });
      const after = await d.settings.get();
      return { before, updated, after };
    }, secret);
    expect(replies.before).toMatchObject({ ok: true, value: { clientSecretSet: false, demoMode: true } });
    expect(replies.after).toMatchObject({ ok: true, value: { clientSecretSet: true, demoMode: false, clientId: 'my-client' } });
    expect(JSON.stringify(replies)).not.toContain(secret);
    expect(JSON.stringify(app.fake!.ipcLog)).not.toContain(secret);
    // On disk the secret is encrypted (safeStorage), the rest is plain settings.
    const files = readdirSync(app.userDataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const disk = files.map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8')).join('\n');
    expect(disk).toContain('my-client');
    expect(disk).not.toContain(secret);
    // Through the form: the field empties after saving and shows the secret as stored, not its value.
    await app.page.reload();
    await app.page.getByRole('button', { name: 'Inställningar' }).click();
    const field = app.page.getByTestId('client-secret');
    expect(await field.getAttribute('placeholder')).toMatch(/Sparad/);
    await field.fill('another-secret-1234');
    await app.page.getByRole('button', { name: 'Spara' }).click();
    await app.page.getByText('Sparat', { exact: true }).waitFor();
    expect(await field.inputValue()).toBe('');
    expect(JSON.stringify(app.fake!.ipcLog)).not.toContain('another-secret-1234');
  });

  it('environment variables override the stored settings and show read-only', async () => {
    app = await launchApp({ env: { INVOICE_DESK_CLIENT_ID: 'from-env', INVOICE_DESK_REDIRECT_PORT: '47123' } });
    await app.page.getByRole('button', { name: 'Inställningar' }).click();
    const clientId = app.page.getByLabel('Client ID');
    expect(await clientId.inputValue()).toBe('from-env');
    expect(await clientId.isDisabled()).toBe(true);
    expect(await app.page.getByLabel('Fast port för omdirigering').inputValue()).toBe('47123');
    expect(normalise(await app.page.locator('.settings-form').textContent())).toContain('Styrs av miljövariabler: Client ID, Fast port för omdirigering');
  });

  it('labels the fields in an owner\'s words; the service\'s own names (auth_url, base_url, Redirect URI, scopes) only in the line under them', async () => {
    app = await launchApp();
    for (const language of ['sv', 'en'] as const) {
      await app.page.getByLabel(/Språk|Language/).selectOption(language);
      await app.page.getByRole('button', { name: language === 'sv' ? 'Inställningar' : 'Settings' }).click();
      const [signIn, service, register] = language === 'sv' ? ['Inloggningsadress', 'Tjänstens adress', 'Adress att registrera hos tjänsten'] : ['Sign-in address', 'Service address', 'Address to register with the service'];
      expect(await describedBy(app.page.getByLabel(signIn, { exact: true }))).toContain('auth_url');
      expect(await describedBy(app.page.getByLabel(service, { exact: true }))).toContain('base_url');
      expect(await describedBy(app.page.getByLabel(register))).toContain('Redirect URI');
      expect(normalise(await app.page.locator('.supplier-scans').textContent())).toContain('connectfile');
      // No label names a field as the service's documentation does.
      const labels = await app.page.locator('main label').allTextContents();
      expect(labels.length).toBeGreaterThan(5);
      for (const label of labels) expect(label).not.toMatch(/auth_url|base_url|Redirect URI|connectfile|archive/);
    }
  });

  it('with Linux basic_text keeps keys in memory: a restart needs a reconnect, unless the user opts in', async () => {
    app = await launchApp({ keyring: 'basic_text' });
    await connectCompany(app, { company: 'Sandbox Småföretag AB' });
    const secretsFile = path.join(app.userDataDir, 'secrets.json');
    const onDisk = () => (existsSync(secretsFile) ? Object.keys(JSON.parse(readFileSync(secretsFile, 'utf8')) as object) : []);
    expect(onDisk()).toEqual([]);
    const userDataDir = app.userDataDir;
    await app.close({ keepUserData: true });
    app = await launchApp({ userDataDir, keyring: 'basic_text' });
    onTestFinished(() => rmSync(userDataDir, { recursive: true, force: true }));
    // The company says why it needs a reconnect: its keys were kept in memory only.
    await expect.poll(() => app!.page.getByTestId('company-status').textContent(), { timeout: 20_000 }).toMatch(/saknar nyckelring/);

    // The warning explains it; opting in asks once more in a native dialog (confirmed here).
    await app.page.getByRole('button', { name: 'Inställningar' }).click();
    expect(await app.page.getByTestId('keyring-warning').textContent()).toMatch(/bara i minnet/);
    await app.page.getByTestId('weak-storage').click(); // controlled: it shows the main process's answer
    await expect.poll(() => app!.page.getByTestId('weak-storage').isChecked()).toBe(true);
    expect(JSON.stringify((app.fake!.dialogCalls.at(-1) as unknown[]).at(-1))).toMatch(/basic_text/);
    // Reconnected after the opt-in, the refresh token is written (weakly), the client secret never.
    await app.page.evaluate(() => (window as unknown as { invoiceDesk: InvoiceDeskApi }).invoiceDesk.settings.update({ clientSecret: 'never-on-disk-42' }));
    await app.page.getByRole('navigation').getByRole('button', { name: /Sandbox Småföretag AB/ }).click();
    await app.page.getByRole('main').getByRole('button', { name: 'Anslut igen' }).first().click();
    await connectCompany(app, { company: 'Sandbox Småföretag AB' });
    await expect.poll(onDisk).toHaveLength(1);
    expect(onDisk()[0]).toBe(Buffer.from(onDisk()[0]!, 'base64url').toString('base64url'));
    expect(Buffer.from(onDisk()[0]!, 'base64url').toString()).toMatch(/^refresh-token:/);
    await app.close({ keepUserData: true });
    app = await launchApp({ userDataDir, keyring: 'basic_text' });
    await app.page.getByRole('grid').getByRole('row').nth(1).waitFor({ timeout: 20_000 });
    expect(await app.page.getByTestId('company-status').count()).toBe(0);
  });

  it('switches the UI language to English and keeps it', async () => {
    app = await launchApp();
    await app.page.getByLabel('Språk').selectOption('en');
    await app.page.getByRole('button', { name: 'Try the demo company' }).waitFor();
    const userDataDir = app.userDataDir;
    await app.close({ keepUserData: true });
    app = await launchApp({ userDataDir });
    await app.page.getByRole('button', { name: 'Try the demo company' }).waitFor();
  });

  it('a box shows each click at once and never springs back while its save is answered', async () => {
    app = await launchApp();
    const api = await desk(app);
    const stored = async () => ((await api.evaluate((d) => d.settings.get())) as { ok: true; value: SettingsView }).value.notifications;
    await app.page.getByRole('button', { name: 'Inställningar' }).click();
    const card = app.page.getByTestId('notification-settings');
    await card.waitFor();
    // Every value the window writes into a box (React sets the property; a click toggles it natively).
    await card.evaluate((element) => {
      const writes: string[] = [];
      (window as unknown as { boxWrites: string[] }).boxWrites = writes;
      const property = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')!;
      for (const box of element.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
        Object.defineProperty(box, 'checked', {
          get: () => property.get!.call(box) as boolean,
          set: (value: boolean) => {
            writes.push(`${box.dataset.group}=${value}`);
            property.set!.call(box, value);
          },
        });
      }
    });
    const sprangBack: string[] = [];
    for (let round = 0; round < 6; round++) {
      for (const group of ['bills', 'quietWeekends', 'later'] as const) {
        const box = card.locator(`input[data-group="${group}"]`);
        const want = !(await box.isChecked());
        await app.page.evaluate(() => ((window as unknown as { boxWrites: string[] }).boxWrites.length = 0));
        await box.click();
        await expect.poll(async () => { const now = await stored(); return group === 'quietWeekends' ? now.quietWeekends : now.groups[group]; }).toBe(want);
        await expect.poll(() => box.isChecked()).toBe(want);
        // Long enough for the answer's renders to be done.
        await app.page.evaluate(() => new Promise((done) => setTimeout(done, 30)));
        const writes = await app.page.evaluate(() => (window as unknown as { boxWrites: string[] }).boxWrites);
        if (writes.includes(`${group}=${!want}`)) sprangBack.push(`round ${round}, ${group}: ${writes.join(' ')}`);
      }
    }
    expect(sprangBack).toEqual([]);
  });
});
