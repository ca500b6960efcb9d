/**
 * The app's settings: service addresses, client credentials, the redirect port and the language.
 *
 * Plain settings live in a key-value store (electron-store in the app: file mode 0600); the client
 * secret lives only in the SecretVault (safeStorage) and is write-only across IPC: the renderer can
 * set it and learn whether one is set, never read it. INVOICE_DESK_* environment variables override
 * the stored values and are shown read-only.
 */
import { ApiError } from '../api/errors';
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
}

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

const defaults: StoredSettings = { authUrl: '', apiUrl: '', clientId: '', redirectPort: null, language: 'sv' };

type EnvName = 'authUrl' | 'apiUrl' | 'clientId' | 'clientSecret' | 'redirectPort';
const envNames: Record<EnvName, string> = {
  authUrl: 'INVOICE_DESK_AUTH_URL',
  apiUrl: 'INVOICE_DESK_API_URL',
  clientId: 'INVOICE_DESK_CLIENT_ID',
  clientSecret: 'INVOICE_DESK_CLIENT_SECRET',
  redirectPort: 'INVOICE_DESK_REDIRECT_PORT',
};

export interface SettingsUpdate {
  authUrl?: string | undefined;
  apiUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  redirectPort?: number | null | undefined;
  language?: Language | undefined;
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
    return 'must use https (plain http only on 127.0.0.1)';
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

  /** Everything but the client secret: no vault read (no keyring decryption) for addresses or the language. */
  function plain(): Omit<ServiceConfig, 'clientSecret'> & { language: Language; fromEnvironment: EnvName[] } {
    const saved = stored();
    return {
      authUrl: envValues.authUrl ?? saved.authUrl,
      apiUrl: envValues.apiUrl ?? saved.apiUrl,
      clientId: fromEnv('clientId') ?? saved.clientId,
      redirectPort: envValues.redirectPort !== undefined ? envValues.redirectPort : saved.redirectPort,
      language: saved.language,
      scopes: options.scopes ?? ['invoice', 'companyinformation'],
      fromEnvironment: (Object.keys(envNames) as EnvName[]).filter((name) => fromEnv(name) !== undefined),
    };
  }

  async function effective(): Promise<ServiceConfig & { language: Language; fromEnvironment: EnvName[] }> {
    return { ...plain(), clientSecret: fromEnv('clientSecret') ?? (await vault.get(CLIENT_SECRET_KEY)) ?? '' };
  }


  async function view(): Promise<SettingsView> {
    const config = await effective();
    return {
      authUrl: config.authUrl,
      apiUrl: config.apiUrl,
      clientId: config.clientId,
      clientSecretSet: config.clientSecret !== '',
      redirectPort: config.redirectPort,
      language: config.language,
      fromEnvironment: config.fromEnvironment,
      environmentProblems: [...environmentProblems],
      demoMode: !isConfigured(config),
    };
  }

  return {
    plain,
    effective,
    view,
    /** The configured service, or undefined in demo mode. */
    async service(): Promise<ServiceConfig | undefined> {
      const config = await effective();
      return isConfigured(config) ? config : undefined;
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
      // The stored secret belongs to the integration and the service it was entered for: a new
      // address or client id without a new secret drops it, so it is never sent somewhere else.
      const serviceChanged = next.authUrl !== previous.authUrl || next.apiUrl !== previous.apiUrl || next.clientId !== previous.clientId;
      if (serviceChanged && update.clientSecret === undefined) await vault.delete(CLIENT_SECRET_KEY);
      if (update.redirectPort !== undefined) next.redirectPort = update.redirectPort;
      if (update.language !== undefined) next.language = update.language;
      store.set(SETTINGS_KEY, next);
      if (update.clientSecret !== undefined) {
        if (update.clientSecret === '') await vault.delete(CLIENT_SECRET_KEY);
        else await vault.set(CLIENT_SECRET_KEY, update.clientSecret);
      }
      return view();
    },
  };
}

function isConfigured(config: ServiceConfig): boolean {
  return config.authUrl !== '' && config.apiUrl !== '' && config.clientId !== '' && config.clientSecret !== '';
}

export type SettingsService = ReturnType<typeof createSettingsService>;
