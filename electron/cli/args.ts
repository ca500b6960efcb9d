/**
 * What the two command lines (`npm run export`, `npm run report`) share: exit codes, the
 * environment's names and its checks, the usage error and the plain wording of Node's parseArgs
 * messages. Each CLI's own options are in its own module (export-args.ts, report-args.ts); pure
 * (argv and env in, a value or a UsageError out), so all of it is unit-tested without a process.
 */
import path from 'node:path';
import { serviceUrlProblem } from '../settings/service-address';

export const EXIT = {
  ok: 0,
  /** Not ours: an unexpected error (a bug); the message says what. */
  internal: 1,
  usage: 2,
  auth: 3,
  service: 4,
  file: 5,
  /** The service sent data the app refused (a DocumentNumber that is no file name, a document of another type or over 20 MB, a file id that is no plain id) or answered 404 for a document: some files are missing. */
  refused: 6,
  /** report --tenants: some companies failed (every row written, each failure said on stderr). */
  someFailed: 7,
  /** 128 + the signal number, as shells report a process ended by Ctrl-C (SIGINT) or SIGTERM. */
  sigint: 130,
  sigterm: 143,
} as const;

export const ENV = {
  clientId: 'INVOICE_DESK_CLIENT_ID',
  clientSecret: 'INVOICE_DESK_CLIENT_SECRET',
  authUrl: 'INVOICE_DESK_AUTH_URL',
  apiUrl: 'INVOICE_DESK_API_URL',
} as const;

export class UsageError extends Error {
  /** Print the whole usage after the message (missing or unknown options). */
  readonly showUsage: boolean;
  constructor(message: string, showUsage = false) {
    super(message);
    this.name = 'UsageError';
    this.showUsage = showUsage;
  }
}

/** Node's parseArgs messages, rewritten to name the option plainly. */
export function usageFromParseArgs(error: unknown): UsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-{1,2}[^'\s]+)/.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`unknown option ${option ?? message}`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (option && /argument missing|ambiguous/i.test(message)) return new UsageError(`${option} needs a value`, true);
      if (option) return new UsageError(`${option} does not take a value`, true);
      return new UsageError(message, true);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const arg = /'([^']*)'/.exec(message)?.[1];
      return new UsageError(`unexpected argument ${arg ? `"${arg}"` : ''}: every value belongs to an option`.replace(' :', ':'), true);
    }
    default:
      return new UsageError(message, true);
  }
}

export function invalid(option: string, detail: string): UsageError {
  return new UsageError(`invalid ${option}: ${detail}`);
}

export function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(option, `"${value}" is not one of: ${allowed.join(', ')}`);
}

export function requireEnv(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new UsageError(`${name} is not set (see Environment in --help)`);
  return value;
}

/**
 * The app's own address rule (https; plain http only to this machine; no user name, password,
 * query or fragment): the client secret and tokens are sent there. The value is not echoed: it may
 * hold a password.
 */
export function requireUrl(env: NodeJS.ProcessEnv, name: string): string {
  const value = requireEnv(env, name);
  const problem = serviceUrlProblem(value);
  if (problem) throw new UsageError(`${name} ${problem}`);
  return value.replace(/\/+$/, '');
}

/**
 * --tenant and --mirror as the report and digest commands take them: a TenantId of digits and a
 * folder, resolved (under npm) against where the user ran npm. `why`: what --mirror is for.
 */
export function tenantAndMirror(values: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv, cwd: string, command: string, why: string): { tenantId: string; mirrorDir: string } {
  const tenant = typeof values.tenant === 'string' ? values.tenant.trim() : undefined;
  if (tenant === undefined) throw new UsageError('--tenant is required', true);
  if (!/^\d{1,18}$/.test(tenant)) throw invalid('--tenant', `"${tenant}" is not a TenantId (digits only)`);
  return { tenantId: tenant, mirrorDir: mirrorFolder(values, env, cwd, command, why) };
}

/** Where the user's relative names are read from: under npm, where they ran npm. */
export function userBase(env: NodeJS.ProcessEnv, cwd: string, command: string): string {
  return env.npm_lifecycle_event === command && env.INIT_CWD ? env.INIT_CWD : cwd;
}

/** --mirror: required, resolved against the user's folder. */
export function mirrorFolder(values: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv, cwd: string, command: string, why: string): string {
  if (typeof values.mirror !== 'string') throw new UsageError(`--mirror is required: ${why}`, true);
  if (values.mirror.trim() === '') throw invalid('--mirror', 'the folder name is empty');
  return path.resolve(userBase(env, cwd, command), values.mirror);
}

/** The service account's client and addresses, from the environment (checked last: the options' faults come first). */
export function serviceAccountEnv(env: NodeJS.ProcessEnv): { clientId: string; clientSecret: string; authUrl: string; apiUrl: string } {
  return { clientId: requireEnv(env, ENV.clientId), clientSecret: requireEnv(env, ENV.clientSecret), authUrl: requireUrl(env, ENV.authUrl), apiUrl: requireUrl(env, ENV.apiUrl) };
}
