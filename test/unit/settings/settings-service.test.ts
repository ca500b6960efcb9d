import { describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../../electron/auth/secret-vault';
import { confirmationText } from '../../../electron/settings/confirmation-text';
import type { KeyValueStore } from '../../../electron/kernel/key-value-store';
import { addressParts, serviceUrlProblem } from '../../../electron/settings/service-address';
import { CLIENT_SECRET_KEY, createSettingsService, type Confirmation } from '../../../electron/settings/settings-service';

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: (key) => structuredClone(data.get(key)), set: (key, value) => void data.set(key, structuredClone(value)), delete: (key) => void data.delete(key) };
}

const service = { authUrl: 'https://apps.example.se', apiUrl: 'https://api.example.se', clientId: 'client-1', clientSecret: 'secret-1' };

function setup(options: { env?: Record<string, string>; answers?: boolean[]; store?: ReturnType<typeof memoryStore>; vault?: ReturnType<typeof createMemoryVault> } = {}) {
  const store = options.store ?? memoryStore();
  const vault = options.vault ?? createMemoryVault();
  const asked: Confirmation[] = [];
  const answers = [...(options.answers ?? [])];
  const settings = createSettingsService({
    store,
    vault,
    env: options.env ?? {},
    confirm: async (question) => {
      asked.push(question);
      return answers.shift() ?? true;
    },
  });
  return { store, vault, asked, settings };
}

const DISGUISE = 'must not contain spaces, line breaks, control or invisible characters';

describe('service addresses', () => {
  it.each([
    ['https://apps.example.se', undefined],
    ['http://127.0.0.1:4000', undefined],
    ['http://localhost:4000', undefined],
    ['http://apps.example.se', 'must use https (plain http only to this computer: 127.0.0.1, localhost or [::1])'],
    ['https://user:pw@apps.example.se', 'must not contain a user name or password'],
    ['https://apps.example.se/?x=1', 'must not contain a query or fragment'],
    ['not-a-url', 'is not a valid address'],
    ['https://apps.example.se\n\n\n.attacker.example', DISGUISE],
    ['https://apps.example.se\t.attacker.example', DISGUISE],
    [' https://apps.example.se', DISGUISE],
    ['https://apps.example.se/ x', DISGUISE],
    ['https://apps\u200B.example.se', DISGUISE],
    ['https://apps.example.se\u202E', DISGUISE],
    ['https://apps.example.se\u0000', DISGUISE],
    ['https://apps.example.se\u00A0', DISGUISE],
  ])('%s: %s', (url, problem) => {
    expect(serviceUrlProblem(url)).toBe(problem);
  });
});

describe('settings service', () => {
  it('asks the user before a new service address takes effect, and changes nothing when declined', async () => {
    const { settings, asked } = setup({ answers: [true, false] });
    await settings.update(service);
    expect(asked).toEqual([
      {
        kind: 'service-change',
        authUrl: { scheme: 'https', host: 'apps.example.se', port: 443, path: '/' },
        apiUrl: { scheme: 'https', host: 'api.example.se', port: 443, path: '/' },
        clientId: 'client-1',
      },
    ]);
    await expect(settings.update({ authUrl: 'https://evil.example' })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(await settings.service()).toMatchObject({ authUrl: service.authUrl, clientSecret: 'secret-1' });
    // Saving the same addresses again (the form sends them all) asks nothing.
    await settings.update({ authUrl: service.authUrl, apiUrl: service.apiUrl, language: 'en' });
    expect(asked).toHaveLength(2);
  });

  it('drops the stored secret when the service changes without a new one', async () => {
    const { settings, vault } = setup();
    await settings.update(service);
    await settings.update({ apiUrl: 'https://other.example.se' });
    expect(await vault.get(CLIENT_SECRET_KEY)).toBeUndefined();
    expect(await settings.service()).toBeUndefined();
  });

  it('never hands out a stored secret for another service than it was entered for', async () => {
    const { settings, store } = setup();
    await settings.update(service);
    // The addresses change behind the settings service's back (an old version, a hand-edited file).
    store.set('settings', { ...(store.get('settings') as object), authUrl: 'https://evil.example' });
    expect((await settings.effective()).clientSecret).toBe('');
    expect((await settings.view()).clientSecretSet).toBe(false);
  });

  it('binds an environment secret to the service of start-up and refuses address changes', async () => {
    const { settings, asked } = setup({ env: { INVOICE_DESK_CLIENT_SECRET: 'env-secret', INVOICE_DESK_CLIENT_ID: 'client-1' } });
    await expect(settings.update({ authUrl: 'https://evil.example' })).rejects.toMatchObject({ kind: 'bad-request', message: expect.stringMatching(/INVOICE_DESK_CLIENT_SECRET/) });
    await expect(settings.update({ clientId: 'other' })).rejects.toMatchObject({ kind: 'bad-request' });
    expect(asked).toEqual([]);
    // What the window may still change: the language, the redirect port.
    await settings.update({ language: 'en', redirectPort: 47000 });
    expect(settings.plain()).toMatchObject({ language: 'en', redirectPort: 47000, authUrl: '' });
  });

  it('turns on weak key storage only after the user confirms it', async () => {
    const { settings, asked } = setup({ answers: [false] });
    await expect(settings.update({ allowWeakSecretStorage: true })).rejects.toMatchObject({ kind: 'cancelled' });
    expect((await settings.view()).weakSecretStorage).toBe(false);
    await settings.update({ allowWeakSecretStorage: true });
    expect((await settings.view()).weakSecretStorage).toBe(true);
    expect(asked).toEqual([{ kind: 'weak-secret-storage' }, { kind: 'weak-secret-storage' }]);
    await settings.update({ allowWeakSecretStorage: false }); // turning it off needs no dialog
    expect(asked).toHaveLength(2);
  });

  it('keeps a local copy by default; the user turns it off, or INVOICE_DESK_LOCAL_COPY fixes it', async () => {
    const { settings } = setup();
    expect((await settings.view()).localCopy).toBe(true);
    await settings.update({ localCopy: false });
    expect(settings.plain().localCopy).toBe(false);
    const fixed = setup({ env: { INVOICE_DESK_LOCAL_COPY: 'off' } }).settings;
    expect(await fixed.view()).toMatchObject({ localCopy: false, fromEnvironment: ['localCopy'] });
    await expect(fixed.update({ localCopy: true })).rejects.toMatchObject({ kind: 'bad-request', message: expect.stringContaining('INVOICE_DESK_LOCAL_COPY') });
    const bad = setup({ env: { INVOICE_DESK_LOCAL_COPY: 'maybe' } }).settings;
    expect(await bad.view()).toMatchObject({ localCopy: true, environmentProblems: ['INVOICE_DESK_LOCAL_COPY must be on or off (1/0): ignored.'] });
  });

  it('listens on a fixed, registrable port for a configured service, and shows the exact Redirect URI', async () => {
    const { settings } = setup();
    expect((await settings.view()).redirectUri).toBe('http://127.0.0.1:47615/callback');
    await settings.update(service);
    expect(await settings.service()).toMatchObject({ redirectPort: 47615 });
    await settings.update({ redirectPort: 50000 });
    expect(await settings.service()).toMatchObject({ redirectPort: 50000 });
    expect((await settings.view()).redirectUri).toBe('http://127.0.0.1:50000/callback');
  });

  it("ignores an invalid environment address: the window's change of that field still needs the dialog", async () => {
    // INVOICE_DESK_AUTH_URL is plain http to another host, so it is ignored.
    const env = { INVOICE_DESK_AUTH_URL: 'http://auth.corp.example/apps', INVOICE_DESK_API_URL: service.apiUrl, INVOICE_DESK_CLIENT_ID: service.clientId };
    const { settings, asked, store } = setup({ env, answers: [false] });
    expect((await settings.view()).fromEnvironment).toEqual(['apiUrl', 'clientId']);
    await expect(settings.update({ authUrl: 'http://127.0.0.1:4999' })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asked).toEqual([{ kind: 'service-change', authUrl: { scheme: 'http', host: '127.0.0.1', port: 4999, path: '/' } }]);
    expect(store.get('settings')).toBeUndefined();
    expect(settings.plain().authUrl).toBe('');
    // Then the secret: it binds to the service configured now, not the one the window asked for.
    await settings.update({ clientSecret: 'secret-1' });
    expect(settings.plain().authUrl).toBe('');
    expect(await settings.service()).toBeUndefined();
  });

  it("never stores a window's address over a valid environment one, and keeps the stored secret", async () => {
    const store = memoryStore();
    const vault = createMemoryVault();
    await setup({ store, vault }).settings.update(service);
    const env = { INVOICE_DESK_AUTH_URL: 'https://Auth.Corp.example:443/apps/' };
    const { settings, asked } = setup({ env, store, vault });
    const secretBefore = (await settings.effective()).clientSecret;
    const storedBefore = structuredClone(store.get('settings'));
    await expect(settings.update({ authUrl: 'https://attacker.example' })).rejects.toMatchObject({ kind: 'bad-request', message: expect.stringContaining('INVOICE_DESK_AUTH_URL') });
    // The environment's own value, as the form may send it back, is no change (and no dialog).
    await settings.update({ authUrl: 'https://auth.corp.example/apps', language: 'en' });
    expect(asked).toEqual([]);
    expect(store.get('settings')).toEqual({ ...(storedBefore as object), language: 'en' });
    expect(await vault.get(CLIENT_SECRET_KEY)).toBe('secret-1');
    expect((await settings.effective()).clientSecret).toBe(secretBefore);
    // Without the variable, the address the user confirmed is back, with its secret.
    expect(await setup({ store, vault }).settings.service()).toMatchObject({ authUrl: service.authUrl, clientSecret: 'secret-1' });
  });

  it('asks before a new client ID, naming it; declined, the stored secret stays', async () => {
    const { settings, asked, vault } = setup({ answers: [true, false] });
    await settings.update(service);
    await expect(settings.update({ clientId: '  attacker-client ' })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asked.at(-1)).toEqual({ kind: 'service-change', clientId: 'attacker-client' });
    expect(await vault.get(CLIENT_SECRET_KEY)).toBe('secret-1');
    expect(await settings.service()).toMatchObject({ clientId: 'client-1', clientSecret: 'secret-1' });
    await expect(settings.update({ clientId: 'a\nb' })).rejects.toMatchObject({ kind: 'bad-request', field: 'clientId' });
  });

  it('a declined address change keeps the stored secret and every other stored value', async () => {
    const { settings, asked, vault, store } = setup({ answers: [true, false] });
    await settings.update(service);
    const storedBefore = structuredClone(store.get('settings'));
    await expect(settings.update({ apiUrl: 'https://api.attacker.example', clientSecret: 'other', language: 'en' })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asked).toHaveLength(2);
    expect(store.get('settings')).toEqual(storedBefore);
    expect(await vault.get(CLIENT_SECRET_KEY)).toBe('secret-1');
  });

  it('shows what the address parses to (ASCII host, port, path), and refuses disguising characters outright', async () => {
    const { settings, asked, store } = setup({ answers: [false, false] });
    // A Cyrillic а (U+0430) in the host: the dialog shows its punycode form.
    await expect(settings.update({ authUrl: 'https://\u0430pps.example.se:8443/oauth' })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asked[0]).toEqual({ kind: 'service-change', authUrl: { scheme: 'https', host: 'xn--pps-5cd.example.se', port: 8443, path: '/oauth' } });
    const text = confirmationText(asked[0]!, 'en');
    expect(text.detail).toContain('Host: xn--pps-5cd.example.se\n  Port: 8443\n  Path: /oauth');
    expect(text.detail).not.toContain('\u0430');
    // Newlines push the real host out of sight: refused before any dialog, nothing stored.
    for (const disguised of [`https://apps.example.se${'\n'.repeat(30)}.attacker.example`, 'https://apps.example.se\u2028.attacker.example']) {
      await expect(settings.update({ apiUrl: disguised })).rejects.toMatchObject({ kind: 'bad-request', field: 'apiUrl' });
    }
    expect(asked).toHaveLength(1);
    expect(store.get('settings')).toBeUndefined();
  });

  it('names each part on a line of its own, in both languages', () => {
    const question: Confirmation = { kind: 'service-change', authUrl: addressParts('https://apps.example.se'), apiUrl: addressParts('http://127.0.0.1:4000/api/'), clientId: 'c-1' };
    expect(confirmationText(question, 'en').detail.split('\n')).toEqual([
      'Sign-ins, keys and the client secret will be sent there. Check the host character by character.',
      '',
      'Authorization address',
      '  Scheme: https',
      '  Host: apps.example.se',
      '  Port: 443',
      '  Path: /',
      '',
      'API address',
      '  Scheme: http',
      '  Host: 127.0.0.1',
      '  Port: 4000',
      '  Path: /api/',
      '',
      'Client ID: c-1',
      '',
      'Confirm only if you entered this yourself.',
    ]);
    expect(confirmationText(question, 'sv').detail).toContain('  Värd: apps.example.se\n  Port: 443\n  Sökväg: /');
  });

  it('lists only valid environment values as fixed', async () => {
    const { settings } = setup({ env: { INVOICE_DESK_REDIRECT_PORT: '80', INVOICE_DESK_CLIENT_ID: 'a b', INVOICE_DESK_API_URL: 'https://api.example.se/\r\n', INVOICE_DESK_AUTH_URL: ' ' } });
    const view = await settings.view();
    expect(view.fromEnvironment).toEqual(['apiUrl']);
    expect(view.apiUrl).toBe('https://api.example.se');
    expect(view.environmentProblems).toHaveLength(2);
  });
});

describe('the scopes a new connection asks for', () => {
  it('asks for supplier invoices always, and for the file archive only while "Show scanned supplier invoices" is on', async () => {
    const { settings, asked } = setup();
    expect(settings.plain().scopes).toEqual(['companyinformation', 'invoice', 'supplierinvoice', 'customer', 'supplier', 'payment', 'connectfile', 'archive']);
    expect((await settings.update({ supplierScans: false })).supplierScans).toBe(false);
    expect(settings.plain().scopes).toEqual(['companyinformation', 'invoice', 'supplierinvoice', 'customer', 'supplier', 'payment']);
    expect(asked).toEqual([]); // narrowing the next consent needs no dialog
    expect((await settings.update({ supplierScans: true })).supplierScans).toBe(true);
    expect(settings.plain().scopes).toContain('archive');
    expect(asked).toEqual([{ kind: 'supplier-scans-on' }]);
  });
});

describe('settings that widen access or delete data: the user confirms them in the main process', () => {
  it('turns "Show scanned supplier invoices" on (the next consent covers the whole archive) only after the user confirms it', async () => {
    const { settings, asked, store } = setup({ answers: [false] });
    await settings.update({ supplierScans: false });
    const before = structuredClone(store.data);
    await expect(settings.update({ supplierScans: true })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asked).toEqual([{ kind: 'supplier-scans-on' }]);
    expect(store.data).toEqual(before);
    expect((await settings.view()).supplierScans).toBe(false);
    expect(settings.plain().scopes).not.toContain('archive');
    // Saying it again while it is on asks nothing.
    await settings.update({ supplierScans: true });
    await settings.update({ supplierScans: true });
    expect(asked).toHaveLength(2);
    expect(settings.plain().scopes).toContain('archive');
  });

  it('turns the local copy off (which deletes every copy) only after the user confirms it', async () => {
    const { settings, asked, store } = setup({ answers: [false] });
    const before = structuredClone(store.data);
    await expect(settings.update({ localCopy: false })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(asked).toEqual([{ kind: 'local-copy-off' }]);
    expect(store.data).toEqual(before);
    expect((await settings.view()).localCopy).toBe(true);
    await settings.update({ localCopy: false });
    expect((await settings.view()).localCopy).toBe(false);
    // Already off, or turned on again: nothing is deleted, no dialog.
    await settings.update({ localCopy: false });
    await settings.update({ localCopy: true });
    expect(asked).toEqual([{ kind: 'local-copy-off' }, { kind: 'local-copy-off' }]);
  });

  it('a declined question keeps the whole update, the other fields included', async () => {
    const { settings, store } = setup({ answers: [false] });
    const before = structuredClone(store.data);
    await expect(settings.update({ localCopy: false, language: 'en', redirectPort: 47000 })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(store.data).toEqual(before);
    expect(settings.plain()).toMatchObject({ localCopy: true, language: 'sv', redirectPort: null });
  });

  it('words both questions in the UI language', () => {
    expect(confirmationText({ kind: 'supplier-scans-on' }, 'sv')).toMatchObject({ message: 'Visa skannade leverantörsfakturor?', no: 'Avbryt' });
    expect(confirmationText({ kind: 'supplier-scans-on' }, 'en')).toMatchObject({ message: 'Show scanned supplier invoices?', no: 'Cancel' });
    expect(confirmationText({ kind: 'supplier-scans-on' }, 'sv').detail).toContain('archive');
    expect(confirmationText({ kind: 'local-copy-off' }, 'sv')).toMatchObject({ message: 'Stänga av den lokala kopian?', no: 'Avbryt' });
    expect(confirmationText({ kind: 'local-copy-off' }, 'en')).toMatchObject({ message: 'Turn the local copy off?', no: 'Cancel' });
    for (const language of ['sv', 'en'] as const) {
      for (const kind of ['supplier-scans-on', 'local-copy-off'] as const) {
        const text = confirmationText({ kind }, language);
        expect(text.yes).not.toBe(text.no);
        expect(text.detail.length).toBeGreaterThan(40);
      }
    }
  });
});
