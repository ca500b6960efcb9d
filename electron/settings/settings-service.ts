/**
 * The app's settings: service addresses, client credentials, the redirect port and the language.
 *
 * Plain settings live in a key-value store (electron-store in the app: file mode 0600); the client
 * secret lives only in the SecretVault (safeStorage) and is write-only across IPC: the renderer can
 * set it and learn whether one is set, never read it. INVOICE_DESK_* environment variables override
 * the stored values and are shown read-only.
 */
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

export class SettingsError extends Error {}

export function parseRedirectPort(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    throw new SettingsError(`INVOICE_DESK_REDIRECT_PORT must be a port number from 1024 to 65535, not "${value}".`);
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

  async function effective(): Promise<ServiceConfig & { language: Language; fromEnvironment: EnvName[] }> {
    const saved = stored();
    const fromEnvironment = (Object.keys(envNames) as EnvName[]).filter((name) => fromEnv(name) !== undefined);
    return {
      authUrl: fromEnv('authUrl') ?? saved.authUrl,
      apiUrl: fromEnv('apiUrl') ?? saved.apiUrl,
      clientId: fromEnv('clientId') ?? saved.clientId,
      clientSecret: fromEnv('clientSecret') ?? (await vault.get(CLIENT_SECRET_KEY)) ?? '',
      redirectPort: fromEnv('redirectPort') !== undefined ? parseRedirectPort(fromEnv('redirectPort')) : saved.redirectPort,
      language: saved.language,
      scopes: options.scopes ?? ['invoice', 'companyinformation'],
      fromEnvironment,
    };
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
      demoMode: !isConfigured(config),
    };
  }

  return {
    effective,
    view,
    /** The configured service, or undefined in demo mode. */
    async service(): Promise<ServiceConfig | undefined> {
      const config = await effective();
      return isConfigured(config) ? config : undefined;
    },
    async update(update: SettingsUpdate): Promise<SettingsView> {
      const next = { ...stored() };
      if (update.authUrl !== undefined) next.authUrl = update.authUrl.replace(/\/+$/, '');
      if (update.apiUrl !== undefined) next.apiUrl = update.apiUrl.replace(/\/+$/, '');
      if (update.clientId !== undefined) next.clientId = update.clientId.trim();
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
