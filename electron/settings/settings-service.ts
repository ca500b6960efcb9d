/**
 * The app's settings: service addresses, client credentials, the redirect port and the language.
 *
 * Plain settings live in a key-value store (electron-store in the app: file mode 0600); the client
 * secret lives only in the SecretVault (safeStorage) and is write-only across IPC: the renderer can
 * set it and learn whether one is set, never read it. INVOICE_DESK_* environment variables override
 * the stored values and are shown read-only.
 *
 * Where the secret and the sign-ins go (the addresses and the client ID) is the window's to ask
 * for, never to decide: a change becomes active, and is stored, only after the user answered yes in
 * the main process's own dialog, which shows what the main process parsed, not the window's text.
 * A field the environment fixes (with a valid value) is not stored from the window at all, since a
 * stored value would become active, unconfirmed, once the variable is gone. A change that is
 * refused or not confirmed changes nothing, the stored client secret included. So do the two
 * switches that widen access or delete data: "Show scanned supplier invoices" turned on and the
 * local copy turned off are confirmed in the same dialog; declined, the whole update is dropped.
 */
import { DEFAULT_REDIRECT_PORT } from '../common/settings';
import { defaultNotificationSettings, type NotificationSettings } from '../common/digest';
import { requestedScopes } from '../auth/scopes';
import { ApiError } from '../kernel/errors';
import type { SecretVault } from '../auth/secret-vault';
import type { KeyValueStore } from '../kernel/key-value-store';
import { addressParts, canonicalAddress, clientIdProblem, serviceUrlProblem, type AddressParts, type ServiceField } from './service-address';
import { envNames, readSettingsEnvironment, type EnvName } from './settings-environment';
import type { Language, SettingsView } from '../ipc/contract';

export interface StoredSettings {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  redirectPort: number | null;
  language: Language;
  /** The user opted in to keeping refresh tokens under Linux's weak basic_text keyring. */
  allowWeakSecretStorage: boolean;
  /** The service the stored client secret was entered for (see bindingOf). */
  clientSecretFor?: string;
  /** Keep a local copy of every company's invoices; absent (older settings) means on. */
  localCopy?: boolean;
  /** Ask new connections for the scopes that show supplier invoices' scans (connectfile, archive); absent means on. */
  supplierScans?: boolean;
  /** Desktop notifications; absent (older settings) means the defaults. */
  notifications?: NotificationSettings;
}

/** The service fields a change of which is confirmed by the user: only those that change, and not to empty. */
export interface ServiceChange {
  authUrl?: AddressParts;
  apiUrl?: AddressParts;
  clientId?: string;
}

/**
 * What the main process asks the user in a native dialog, never the window alone: a new service,
 * weak key storage, "Show scanned supplier invoices" turned on (the next consent then covers the
 * company's whole file archive) and the local copy turned off (every copy is deleted).
 */
export type Confirmation = ({ kind: 'service-change' } & ServiceChange) | { kind: 'weak-secret-storage' } | { kind: 'supplier-scans-on' } | { kind: 'local-copy-off' };

/** Everything needed to talk to a service (the configured one or the demo sandbox). */
export interface ServiceConfig {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  redirectPort: number | null;
  scopes: string[];
}

export const CLIENT_SECRET_KEY = 'settings:client-secret';
const SETTINGS_KEY = 'settings';

export { DEFAULT_REDIRECT_PORT };

/** The exact address to register as the integration's Redirect URI. */
export function redirectUriFor(port: number): string {
  return `http://127.0.0.1:${port}/callback`;
}

const defaults: StoredSettings = { authUrl: '', apiUrl: '', clientId: '', redirectPort: null, language: 'sv', allowWeakSecretStorage: false };

/** The service a client secret belongs to: it is only ever sent to these addresses, for this client. */
function bindingOf(config: { authUrl: string; apiUrl: string; clientId: string }): string {
  return JSON.stringify([config.authUrl, config.apiUrl, config.clientId]);
}

export interface SettingsUpdate {
  authUrl?: string | undefined;
  apiUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  redirectPort?: number | null | undefined;
  language?: Language | undefined;
  allowWeakSecretStorage?: boolean | undefined;
  localCopy?: boolean | undefined;
  supplierScans?: boolean | undefined;
  notifications?: NotificationSettings | undefined;
}

const SERVICE_FIELDS: readonly ServiceField[] = ['authUrl', 'apiUrl', 'clientId'];
const fieldLabels: Record<ServiceField, string> = { authUrl: 'authorization address', apiUrl: 'API address', clientId: 'client ID' };

export function createSettingsService(options: {
  store: KeyValueStore;
  vault: SecretVault;
  env: Record<string, string | undefined>;
  /** Asks the user (a native dialog in the app); false keeps the settings as they are. */
  confirm(question: Confirmation): Promise<boolean>;
  scopes?: string[];
}) {
  const { store, vault, env } = options;
  const stored = (): StoredSettings => ({ ...defaults, ...((store.get(SETTINGS_KEY) as Partial<StoredSettings> | undefined) ?? {}) });
  const environment = readSettingsEnvironment(env);
  const envService = environment.service;

  /** Everything but the client secret: no vault read (no keyring decryption) for addresses or the language. */
  function plain(saved: StoredSettings = stored()): Omit<ServiceConfig, 'clientSecret'> & { language: Language; allowWeakSecretStorage: boolean; localCopy: boolean; supplierScans: boolean; notifications: NotificationSettings; fromEnvironment: EnvName[] } {
    return {
      authUrl: envService.authUrl ?? saved.authUrl,
      apiUrl: envService.apiUrl ?? saved.apiUrl,
      clientId: envService.clientId ?? saved.clientId,
      redirectPort: environment.redirectPort !== undefined ? environment.redirectPort : saved.redirectPort,
      language: saved.language,
      allowWeakSecretStorage: saved.allowWeakSecretStorage === true,
      localCopy: environment.localCopy ?? saved.localCopy !== false,
      supplierScans: saved.supplierScans !== false,
      notifications: { groups: { ...defaultNotificationSettings.groups, ...(saved.notifications?.groups ?? {}) }, quietWeekends: saved.notifications?.quietWeekends === true },
      scopes: options.scopes ?? requestedScopes(saved.supplierScans !== false),
      fromEnvironment: (Object.keys(envNames) as EnvName[]).filter(environment.fixes),
    };
  }

  // The environment's secret belongs to the service configured when the app started; the window
  // cannot change that service (update refuses), and should anything else change it, the secret
  // is withheld rather than sent to the new addresses.
  const envSecret = environment.text('clientSecret');
  const envSecretFor = envSecret === undefined ? undefined : bindingOf(plain());

  /**
   * The service fields this update changes in the store, validated and in canonical form. A field
   * fixed by the environment is never stored from the window: the same value is ignored, another
   * one refused (it would become active, unconfirmed, once the variable is gone).
   */
  function serviceChanges(update: SettingsUpdate, previous: StoredSettings): Partial<Record<ServiceField, string>> {
    const changes: Partial<Record<ServiceField, string>> = {};
    for (const name of SERVICE_FIELDS) {
      const raw = update[name];
      if (raw === undefined) continue;
      const value = name === 'clientId' ? raw.trim() : raw;
      const problem = value === '' ? undefined : name === 'clientId' ? clientIdProblem(value) : serviceUrlProblem(value);
      if (problem) {
        const what = name === 'clientId' ? 'The client ID' : `The ${name === 'authUrl' ? 'authorization' : 'API'} address`;
        throw new ApiError('bad-request', { field: name, message: `${what} ${problem}.`, remedy: `Correct the ${fieldLabels[name]} and save again.` });
      }
      const wanted = value === '' || name === 'clientId' ? value : canonicalAddress(value);
      const fixed = envService[name];
      if (fixed !== undefined) {
        if (wanted === comparable(name, fixed)) continue;
        throw new ApiError('bad-request', {
          field: name,
          message: `The ${fieldLabels[name]} is set by ${envNames[name]}, so it cannot be changed in the app: nothing was changed.`,
          remedy: `Change ${envNames[name]} in the environment and restart Invoice Desk.`,
        });
      }
      if (wanted !== comparable(name, previous[name])) changes[name] = wanted;
    }
    return changes;
  }

  async function clientSecret(current: { authUrl: string; apiUrl: string; clientId: string }): Promise<string> {
    if (envSecret !== undefined) return envSecretFor === bindingOf(current) ? envSecret : '';
    const secret = await vault.get(CLIENT_SECRET_KEY);
    if (secret === undefined) return '';
    const boundTo = stored().clientSecretFor;
    // A secret stored before secrets were bound belongs to the service configured now.
    if (boundTo === undefined) {
      store.set(SETTINGS_KEY, { ...stored(), clientSecretFor: bindingOf(current) });
      return secret;
    }
    return boundTo === bindingOf(current) ? secret : '';
  }

  async function effective(): Promise<ServiceConfig & ReturnType<typeof plain>> {
    const current = plain();
    return { ...current, clientSecret: await clientSecret(current) };
  }


  async function view(): Promise<SettingsView> {
    const config = await effective();
    return {
      authUrl: config.authUrl,
      apiUrl: config.apiUrl,
      clientId: config.clientId,
      clientSecretSet: config.clientSecret !== '',
      redirectPort: config.redirectPort,
      redirectUri: redirectUriFor(config.redirectPort ?? DEFAULT_REDIRECT_PORT),
      language: config.language,
      fromEnvironment: config.fromEnvironment,
      environmentProblems: [...environment.problems],
      demoMode: !isConfigured(config),
      weakSecretStorage: config.allowWeakSecretStorage,
      localCopy: config.localCopy,
      supplierScans: config.supplierScans,
      notifications: config.notifications,
    };
  }

  return {
    plain,
    effective,
    view,
    /** The configured service, or undefined in demo mode. */
    async service(): Promise<ServiceConfig | undefined> {
      const config = await effective();
      return isConfigured(config) ? { ...config, redirectPort: config.redirectPort ?? DEFAULT_REDIRECT_PORT } : undefined;
    },
    async update(update: SettingsUpdate): Promise<SettingsView> {
      const previous = stored();
      const changes = serviceChanges(update, previous);
      const serviceChanged = Object.keys(changes).length > 0;
      // Every refusal comes before the first dialog: the user is never asked about a change that is then dropped.
      if (update.localCopy !== undefined && environment.localCopy !== undefined && update.localCopy !== environment.localCopy) {
        throw new ApiError('bad-request', { message: `The local copy is turned ${environment.localCopy ? 'on' : 'off'} by ${envNames.localCopy}.`, remedy: `Change ${envNames.localCopy} in the environment and restart Invoice Desk.` });
      }
      if (serviceChanged && envSecret !== undefined) {
        throw new ApiError('bad-request', {
          message: `The client secret comes from ${envNames.clientSecret}, so the service's addresses and client ID cannot be changed in the app.`,
          remedy: `Change ${envNames.authUrl}, ${envNames.apiUrl} and ${envNames.clientId} in the environment and restart Invoice Desk.`,
        });
      }
      // Sign-ins, tokens and the client secret go to these addresses, for this client ID: the user
      // confirms a new one in a dialog of the main process, so a compromised window cannot redirect
      // them silently. Clearing a field needs no dialog: nothing is sent anywhere then.
      const question: ServiceChange = {};
      if (changes.authUrl) question.authUrl = addressParts(changes.authUrl);
      if (changes.apiUrl) question.apiUrl = addressParts(changes.apiUrl);
      if (changes.clientId) question.clientId = changes.clientId;
      if (Object.keys(question).length > 0 && !(await options.confirm({ kind: 'service-change', ...question }))) {
        throw new ApiError('cancelled', { message: 'The new service address or client ID was not confirmed: nothing was changed.', remedy: 'Save again and confirm it in the dialog.' });
      }
      const next: StoredSettings = { ...previous, ...changes };
      const after = plain(next);
      if (update.allowWeakSecretStorage === true && !previous.allowWeakSecretStorage && !(await options.confirm({ kind: 'weak-secret-storage' }))) {
        throw new ApiError('cancelled', { message: 'Weak storage of keys was not confirmed: nothing was changed.', remedy: 'Companies keep needing a reconnect after each start.' });
      }
      // Turning the scans on widens what the next consent asks for (archive: the whole file archive);
      // turning the local copy off deletes every copy. Either way back needs no dialog.
      if (update.supplierScans === true && !after.supplierScans && !(await options.confirm({ kind: 'supplier-scans-on' }))) {
        throw new ApiError('cancelled', { message: 'Showing scanned supplier invoices was not confirmed: nothing was changed.', remedy: 'New connections keep asking without the file archive.' });
      }
      if (update.localCopy === false && after.localCopy && !(await options.confirm({ kind: 'local-copy-off' }))) {
        throw new ApiError('cancelled', { message: 'Turning the local copy off was not confirmed: nothing was changed, no copy was deleted.', remedy: 'The local copies stay on.' });
      }
      if (update.allowWeakSecretStorage !== undefined) next.allowWeakSecretStorage = update.allowWeakSecretStorage;
      if (update.redirectPort !== undefined) next.redirectPort = update.redirectPort;
      if (update.localCopy !== undefined) next.localCopy = update.localCopy;
      if (update.supplierScans !== undefined) next.supplierScans = update.supplierScans;
      if (update.notifications !== undefined) next.notifications = { groups: { ...update.notifications.groups }, quietWeekends: update.notifications.quietWeekends };
      if (update.language !== undefined) next.language = update.language;
      // The stored secret belongs to the integration and the service it was entered for: a new
      // (confirmed) address or client id without a new secret drops it, so it is never sent
      // somewhere else. Nothing reaches this point for a refused or unconfirmed change.
      if (update.clientSecret !== undefined && update.clientSecret !== '') next.clientSecretFor = bindingOf(after);
      else if (serviceChanged || update.clientSecret === '') delete next.clientSecretFor;
      store.set(SETTINGS_KEY, next);
      if (update.clientSecret !== undefined && update.clientSecret !== '') await vault.set(CLIENT_SECRET_KEY, update.clientSecret);
      else if (serviceChanged || update.clientSecret === '') await vault.delete(CLIENT_SECRET_KEY);
      return view();
    },
  };
}

/** A stored value as a new one is written: an older, non-canonical spelling of the same address is no change. */
function comparable(name: ServiceField, value: string): string {
  if (name === 'clientId') return value.trim();
  return value !== '' && serviceUrlProblem(value) === undefined ? canonicalAddress(value) : value;
}

function isConfigured(config: ServiceConfig): boolean {
  return config.authUrl !== '' && config.apiUrl !== '' && config.clientId !== '' && config.clientSecret !== '';
}

export type SettingsService = ReturnType<typeof createSettingsService>;
