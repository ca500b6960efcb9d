import { describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../../electron/auth/secret-vault';
import { CLIENT_SECRET_KEY, createSettingsService, serviceUrlProblem, type Confirmation, type KeyValueStore } from '../../../electron/settings/settings-service';

function memoryStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: (key) => structuredClone(data.get(key)), set: (key, value) => void data.set(key, structuredClone(value)), delete: (key) => void data.delete(key) };
}

const service = { authUrl: 'https://apps.example.se', apiUrl: 'https://api.example.se', clientId: 'client-1', clientSecret: 'secret-1' };

function setup(options: { env?: Record<string, string>; answers?: boolean[] } = {}) {
  const store = memoryStore();
  const vault = createMemoryVault();
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

describe('service addresses', () => {
  it.each([
    ['https://apps.example.se', undefined],
    ['http://127.0.0.1:4000', undefined],
    ['http://localhost:4000', undefined],
    ['http://apps.example.se', 'must use https (plain http only to this computer: 127.0.0.1, localhost or [::1])'],
    ['https://user:pw@apps.example.se', 'must not contain a user name or password'],
    ['https://apps.example.se/?x=1', 'must not contain a query or fragment'],
    ['not a url', 'is not a valid address'],
  ])('%s: %s', (url, problem) => {
    expect(serviceUrlProblem(url)).toBe(problem);
  });
});

describe('settings service', () => {
  it('asks the user before a new service address takes effect, and changes nothing when declined', async () => {
    const { settings, asked } = setup({ answers: [true, false] });
    await settings.update(service);
    expect(asked).toEqual([{ kind: 'service-change', authUrl: service.authUrl, apiUrl: service.apiUrl }]);
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
});
