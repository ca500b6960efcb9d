/**
 * The app's settings: service addresses, client credentials, the redirect port and the language.
 *
 * Plain settings live in a key-value store (electron-store in the app: file mode 0600); the client
 * secret lives only in the SecretVault (safeStorage) and is write-only across IPC: the renderer can
 * set it and learn whether one is set, never read it. INVOICE_DESK_* environment variables override
 * the stored values and are shown read-only.
 */
import { DEFAULT_REDIRECT_PORT } from '../common/settings';
import { ApiError } from '../kernel/errors';
import type { SecretVault } from '../auth/secret-vault';
import type { Language, SettingsView } from '../ipc/contract';

/** What the app persists outside the vault (settings, company metadata, view state). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

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
}

/** What the main process asks the user in a native dialog, never the window alone. */
export type Confirmation = { kind: 'service-change'; authUrl: string; apiUrl: string } | { kind: 'weak-secret-storage' };

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

type EnvName = 'authUrl' | 'apiUrl' | 'clientId' | 'clientSecret' | 'redirectPort' | 'localCopy';
const envNames: Record<EnvName, string> = {
  authUrl: 'INVOICE_DESK_AUTH_URL',
  apiUrl: 'INVOICE_DESK_API_URL',
  clientId: 'INVOICE_DESK_CLIENT_ID',
  clientSecret: 'INVOICE_DESK_CLIENT_SECRET',
  redirectPort: 'INVOICE_DESK_REDIRECT_PORT',
  localCopy: 'INVOICE_DESK_LOCAL_COPY',
};

export interface SettingsUpdate {
  authUrl?: string | undefined;
  apiUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  redirectPort?: number | null | undefined;
  language?: Language | undefined;
  allowWeakSecretStorage?: boolean | undefined;
  localCopy?: boolean | undefined;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why a service address is not acceptable, or undefined when it is: https (plain http only on
 * this machine, for the sandbox), no user name or password, no query or fragment. Tokens and the
 * client secret are sent there, so nothing looser is accepted.
 */
export function serviceUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid address';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    return 'must use https (plain http only to this computer: 127.0.0.1, localhost or [::1])';
  }
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.search || url.hash) return 'must not contain a query or fragment';
  return undefined;
}

export function parseRedirectPort(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    throw new RangeError(`INVOICE_DESK_REDIRECT_PORT must be a port number from 1024 to 65535, not "${value}".`);
  }
  return port;
}

export function createSettingsService(options: {
  store: KeyValueStore;
  vault: SecretVault;
  env: Record<string, string | undefined>;
  /** Asks the user (a native dialog in the app); false keeps the settings as they are. */
  confirm(question: Confirmation): Promise<boolean>;
  scopes?: string[];
}) {
  const { store, vault, env } = options;
  const fromEnv = (name: EnvName): string | undefined => {
    const value = env[envNames[name]];
    return value === undefined || value === '' ? undefined : value;
  };
  const stored = (): StoredSettings => ({ ...defaults, ...((store.get(SETTINGS_KEY) as Partial<StoredSettings> | undefined) ?? {}) });

  // Environment values are checked once: a bad one is ignored (the stored setting applies) and
  // reported in the settings view, instead of breaking every call that reads the settings.
  const environmentProblems: string[] = [];
  const envUrl = (name: 'authUrl' | 'apiUrl'): string | undefined => {
    const value = fromEnv(name);
    const problem = value === undefined ? undefined : serviceUrlProblem(value);
    if (problem) environmentProblems.push(`${envNames[name]} ${problem}: ignored.`);
    return problem ? undefined : value?.replace(/\/+$/, '');
  };
  const envValues = { authUrl: envUrl('authUrl'), apiUrl: envUrl('apiUrl'), redirectPort: undefined as number | null | undefined };
  try {
    envValues.redirectPort = fromEnv('redirectPort') === undefined ? undefined : parseRedirectPort(fromEnv('redirectPort'));
  } catch (error) {
    environmentProblems.push(`${(error as Error).message} Ignored.`);
  }
  // A policy of no invoice data on this computer (a shared PC), or a test of the service's own paging.
  const localCopyText = fromEnv('localCopy')?.toLowerCase();
  const envLocalCopy = localCopyText === undefined ? undefined : ['1', 'on', 'true'].includes(localCopyText) ? true : ['0', 'off', 'false'].includes(localCopyText) ? false : undefined;
  if (localCopyText !== undefined && envLocalCopy === undefined) environmentProblems.push(`${envNames.localCopy} must be on or off (1/0): ignored.`);

  /** Everything but the client secret: no vault read (no keyring decryption) for addresses or the language. */
  function plain(): Omit<ServiceConfig, 'clientSecret'> & { language: Language; allowWeakSecretStorage: boolean; localCopy: boolean; fromEnvironment: EnvName[] } {
    const saved = stored();
    return {
      authUrl: envValues.authUrl ?? saved.authUrl,
      apiUrl: envValues.apiUrl ?? saved.apiUrl,
      clientId: fromEnv('clientId') ?? saved.clientId,
      redirectPort: envValues.redirectPort !== undefined ? envValues.redirectPort : saved.redirectPort,
      language: saved.language,
      allowWeakSecretStorage: saved.allowWeakSecretStorage === true,
      localCopy: envLocalCopy ?? saved.localCopy !== false,
      scopes: options.scopes ?? ['invoice', 'companyinformation'],
      fromEnvironment: (Object.keys(envNames) as EnvName[]).filter((name) => (name === 'localCopy' ? envLocalCopy !== undefined : fromEnv(name) !== undefined)),
    };
  }

  // The environment's secret belongs to the service configured when the app started; the window
  // cannot change that service (update refuses), and should anything else change it, the secret
  // is withheld rather than sent to the new addresses.
  const envSecret = fromEnv('clientSecret');
  const envSecretFor = envSecret === undefined ? undefined : bindingOf(plain());

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
      environmentProblems: [...environmentProblems],
      demoMode: !isConfigured(config),
      weakSecretStorage: config.allowWeakSecretStorage,
      localCopy: config.localCopy,
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
      const next = { ...previous };
      for (const name of ['authUrl', 'apiUrl'] as const) {
        const value = update[name];
        if (value === undefined || value === '') continue;
        const problem = serviceUrlProblem(value);
        if (problem) throw new ApiError('bad-request', { field: name, message: `The ${name === 'authUrl' ? 'authorization' : 'API'} address ${problem}.`, remedy: 'Correct the address and save again.' });
      }
      if (update.authUrl !== undefined) next.authUrl = update.authUrl.replace(/\/+$/, '');
      if (update.apiUrl !== undefined) next.apiUrl = update.apiUrl.replace(/\/+$/, '');
      if (update.clientId !== undefined) next.clientId = update.clientId.trim();
      const serviceChanged = next.authUrl !== previous.authUrl || next.apiUrl !== previous.apiUrl || next.clientId !== previous.clientId;
      const before = plain();
      const after = { ...before, ...pick(next, before.fromEnvironment) };
      if (serviceChanged && envSecret !== undefined) {
        throw new ApiError('bad-request', {
          message: `The client secret comes from ${envNames.clientSecret}, so the service's addresses and client ID cannot be changed in the app.`,
          remedy: `Change ${envNames.authUrl}, ${envNames.apiUrl} and ${envNames.clientId} in the environment and restart Invoice Desk.`,
        });
      }
      // Sign-ins, tokens and the client secret go to these addresses: the user confirms a new one
      // in a dialog of the main process, so a compromised window cannot redirect them silently.
      const newAddress = (after.authUrl !== before.authUrl && after.authUrl !== '') || (after.apiUrl !== before.apiUrl && after.apiUrl !== '');
      if (newAddress && !(await options.confirm({ kind: 'service-change', authUrl: after.authUrl, apiUrl: after.apiUrl }))) {
        throw new ApiError('cancelled', { message: 'The new service address was not confirmed: nothing was changed.', remedy: 'Save again and confirm the address in the dialog.' });
      }
      if (update.allowWeakSecretStorage === true && !previous.allowWeakSecretStorage && !(await options.confirm({ kind: 'weak-secret-storage' }))) {
        throw new ApiError('cancelled', { message: 'Weak storage of keys was not confirmed: nothing was changed.', remedy: 'Companies keep needing a reconnect after each start.' });
      }
      if (update.allowWeakSecretStorage !== undefined) next.allowWeakSecretStorage = update.allowWeakSecretStorage;
      if (update.redirectPort !== undefined) next.redirectPort = update.redirectPort;
      if (update.localCopy !== undefined && envLocalCopy !== undefined && update.localCopy !== envLocalCopy) {
        throw new ApiError('bad-request', { message: `The local copy is turned ${envLocalCopy ? 'on' : 'off'} by ${envNames.localCopy}.`, remedy: `Change ${envNames.localCopy} in the environment and restart Invoice Desk.` });
      }
      if (update.localCopy !== undefined) next.localCopy = update.localCopy;
      if (update.language !== undefined) next.language = update.language;
      // The stored secret belongs to the integration and the service it was entered for: a new
      // address or client id without a new secret drops it, so it is never sent somewhere else.
      if (update.clientSecret !== undefined && update.clientSecret !== '') next.clientSecretFor = bindingOf(after);
      else if (serviceChanged || update.clientSecret === '') delete next.clientSecretFor;
      store.set(SETTINGS_KEY, next);
      if (update.clientSecret !== undefined && update.clientSecret !== '') await vault.set(CLIENT_SECRET_KEY, update.clientSecret);
      else if (serviceChanged || update.clientSecret === '') await vault.delete(CLIENT_SECRET_KEY);
      return view();
    },
  };
}

/** The stored values of the service fields the environment does not fix. */
function pick(values: StoredSettings, fromEnvironment: EnvName[]): Partial<Pick<StoredSettings, 'authUrl' | 'apiUrl' | 'clientId'>> {
  const picked: Partial<Pick<StoredSettings, 'authUrl' | 'apiUrl' | 'clientId'>> = {};
  for (const name of ['authUrl', 'apiUrl', 'clientId'] as const) if (!fromEnvironment.includes(name)) picked[name] = values[name];
  return picked;
}

function isConfigured(config: ServiceConfig): boolean {
  return config.authUrl !== '' && config.apiUrl !== '' && config.clientId !== '' && config.clientSecret !== '';
}

export type SettingsService = ReturnType<typeof createSettingsService>;
