/** The app's settings and facts about the app as the window sees them. Pure data and types. */
import type { NotificationSettings } from './digest';

export const languages = ['sv', 'en'] as const;
export type Language = (typeof languages)[number];

export interface AppInfo {
  name: string;
  version: string;
  platform: 'darwin' | 'win32' | 'linux' | string;
  electronVersion: string;
  /** Whether the OS offers a real keyring for safeStorage (false for Linux's basic_text backend). */
  keyringAvailable: boolean;
  /** The safeStorage backend on Linux ('gnome_libsecret', 'basic_text', ...), else 'os'. */
  keyringBackend: string;
}

/**
 * The real service redirects only to the Redirect URI registered for the integration, so a
 * configured service listens on this fixed port unless Settings or INVOICE_DESK_REDIRECT_PORT say
 * otherwise. The demo sandbox takes any loopback port and stays ephemeral.
 */
export const DEFAULT_REDIRECT_PORT = 47615;

export const environmentSettings = ['authUrl', 'apiUrl', 'clientId', 'clientSecret', 'redirectPort', 'localCopy'] as const;

export interface SettingsView {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  /** Whether a client secret is stored or set in the environment. Never the secret itself. */
  clientSecretSet: boolean;
  /** The port set in Settings or the environment; null: the default one. */
  redirectPort: number | null;
  /** The exact Redirect URI to register for the integration (with the port in use). */
  redirectUri: string;
  language: Language;
  /** Settings fixed by INVOICE_DESK_* environment variables (the UI shows them read-only). */
  fromEnvironment: Array<(typeof environmentSettings)[number]>;
  /** INVOICE_DESK_* values that were ignored because they are invalid, with why. */
  environmentProblems: string[];
  /** No client credentials configured: the app offers the demo company. */
  demoMode: boolean;
  /** The user opted in to keeping refresh tokens under a weak keyring (Linux basic_text). */
  weakSecretStorage: boolean;
  /** A local copy of every company's invoices is kept (on by default). */
  localCopy: boolean;
  /** New connections ask for the scopes that show supplier invoices' scans (connectfile, archive; on by default). */
  supplierScans: boolean;
  /** Desktop notifications after a sync. */
  notifications: NotificationSettings;
}
