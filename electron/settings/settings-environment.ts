/**
 * The INVOICE_DESK_* environment variables that override stored settings (a firm's deployment, a
 * shared PC's policy, the CLI's tests). Read and checked once, apart from the settings service,
 * because the rule for a bad value is the environment's own: it is ignored (the stored setting
 * applies) and reported in the settings view, instead of breaking every call that reads the
 * settings. An ignored value does not fix its field: the field is then the stored one, and the
 * window's changes to it are confirmed like any other (an invalid variable must not switch the
 * dialog off).
 */
import { clientIdProblem, serviceUrlProblem, type ServiceField } from './service-address';

export type EnvName = 'authUrl' | 'apiUrl' | 'clientId' | 'clientSecret' | 'redirectPort' | 'localCopy';
export const envNames: Record<EnvName, string> = {
  authUrl: 'INVOICE_DESK_AUTH_URL',
  apiUrl: 'INVOICE_DESK_API_URL',
  clientId: 'INVOICE_DESK_CLIENT_ID',
  clientSecret: 'INVOICE_DESK_CLIENT_SECRET',
  redirectPort: 'INVOICE_DESK_REDIRECT_PORT',
  localCopy: 'INVOICE_DESK_LOCAL_COPY',
};

export function parseRedirectPort(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    throw new RangeError(`INVOICE_DESK_REDIRECT_PORT must be a port number from 1024 to 65535, not "${value}".`);
  }
  return port;
}

/** The checked environment: only valid values, and what was wrong with the others. */
export interface SettingsEnvironment {
  /** A variable's text, undefined when unset or empty (unchecked: the client secret). */
  text(name: EnvName): string | undefined;
  /** The service fields the environment fixes: only valid values. */
  service: Partial<Record<ServiceField, string>>;
  redirectPort: number | null | undefined;
  localCopy: boolean | undefined;
  /** One sentence per ignored variable, for the settings view. */
  problems: readonly string[];
  /** Whether the environment fixes this setting (a valid value is set). */
  fixes(name: EnvName): boolean;
}

export function readSettingsEnvironment(env: Record<string, string | undefined>): SettingsEnvironment {
  const text = (name: EnvName): string | undefined => {
    const value = env[envNames[name]];
    return value === undefined || value === '' ? undefined : value;
  };
  const problems: string[] = [];
  const envUrl = (name: 'authUrl' | 'apiUrl'): string | undefined => {
    // Surrounding spaces or a CR from a file with Windows line ends are the environment's
    // packaging, not part of the address (the CLI trims them too); inside it they are refused.
    const value = text(name)?.trim() || undefined;
    const problem = value === undefined ? undefined : serviceUrlProblem(value);
    if (problem) problems.push(`${envNames[name]} ${problem}: ignored.`);
    // Kept as written (less a trailing slash), as before: a client secret stored for this service
    // is bound to the exact text (bindingOf), and an upgrade must not orphan it.
    return problem || value === undefined ? undefined : value.replace(/\/+$/, '');
  };
  const envClientId = (): string | undefined => {
    const value = text('clientId')?.trim();
    const problem = value ? clientIdProblem(value) : undefined;
    if (problem) problems.push(`${envNames.clientId} ${problem}: ignored.`);
    return problem || !value ? undefined : value;
  };
  const service: Partial<Record<ServiceField, string>> = { authUrl: envUrl('authUrl'), apiUrl: envUrl('apiUrl'), clientId: envClientId() };
  let redirectPort: number | null | undefined;
  try {
    redirectPort = text('redirectPort') === undefined ? undefined : parseRedirectPort(text('redirectPort'));
  } catch (error) {
    problems.push(`${(error as Error).message} Ignored.`);
  }
  // A policy of no invoice data on this computer (a shared PC), or a test of the service's own paging.
  const localCopyText = text('localCopy')?.toLowerCase();
  const localCopy = localCopyText === undefined ? undefined : ['1', 'on', 'true'].includes(localCopyText) ? true : ['0', 'off', 'false'].includes(localCopyText) ? false : undefined;
  if (localCopyText !== undefined && localCopy === undefined) problems.push(`${envNames.localCopy} must be on or off (1/0): ignored.`);

  const fixes = (name: EnvName): boolean => {
    switch (name) {
      case 'authUrl':
      case 'apiUrl':
      case 'clientId':
        return service[name] !== undefined;
      case 'redirectPort':
        return redirectPort !== undefined;
      case 'localCopy':
        return localCopy !== undefined;
      case 'clientSecret':
        return text('clientSecret') !== undefined;
    }
  };
  return { text, service, redirectPort, localCopy, problems, fixes };
}
