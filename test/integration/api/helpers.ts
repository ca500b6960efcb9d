import type { Clock } from '../../../electron/kernel/clock';
import { systemClock } from '../../../electron/kernel/clock';
import { createMemoryVault, type SecretVault } from '../../../electron/auth/secret-vault';
import { createTokenClient, type TokenClient, type TokenSet } from '../../../electron/auth/token-client';
import { createTokenManager, type TokenManager } from '../../../electron/auth/token-manager';
import { createCompanySession, type CompanySession, type CompanySessionOptions } from '../../../electron/companies/company-session';
import type { CompanyKey, Sandbox, SandboxCompany } from '../../../electron/sandbox/index';
import { recordingFetch, type RequestRecord as RecordedRequest } from '../../bench/lib';

export const REDIRECT_URI = 'http://127.0.0.1:53682/callback';

/** The bench's recording fetch: each request's start (real clock), end and status. */
export { recordingFetch, type RecordedRequest };

/** A system clock that can be moved forward (to make the client see its tokens as expired). */
export function skewableClock(): Clock & { skip(ms: number): void } {
  let offset = 0;
  return {
    now: () => systemClock.now() + offset,
    sleep: (ms, signal) => systemClock.sleep(ms, signal),
    skip: (ms) => {
      offset += ms;
    },
  };
}

export function company(sandbox: Sandbox, key: CompanyKey): SandboxCompany {
  const found = sandbox.companies.find((c) => c.key === key);
  if (!found) throw new Error(`no ${key} company`);
  return found;
}

export interface Connected {
  company: SandboxCompany;
  session: CompanySession;
  tokenManager: TokenManager;
  tokenClient: TokenClient;
  vault: SecretVault;
  log: RecordedRequest[];
  initial: TokenSet;
}

export interface ConnectOptions {
  scopes?: string[];
  clock?: Clock;
  vault?: SecretVault;
  vaultKey?: string;
  /** 'code': the real code exchange (default); 'issue': tokens straight from the control (no licence check). */
  via?: 'code' | 'issue';
  /** The API address the session uses (default the sandbox's). */
  apiUrl?: string;
  session?: Partial<Omit<CompanySessionOptions, 'apiUrl' | 'tokenManager' | 'clock' | 'fetch'>>;
}

export async function connect(sandbox: Sandbox, key: CompanyKey, options: ConnectOptions = {}): Promise<Connected> {
  const target = company(sandbox, key);
  const clock = options.clock ?? systemClock;
  const scopes = options.scopes ?? ['invoice', 'companyinformation'];
  const { fetch, log } = recordingFetch();
  const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, fetch, clock });
  let initial: TokenSet;
  if ((options.via ?? 'code') === 'code') {
    const code = sandbox.control.authorize({ tenantId: target.tenantId, scopes, redirectUri: REDIRECT_URI });
    initial = await tokenClient.exchangeCode(code, REDIRECT_URI);
  } else {
    const pair = sandbox.control.issueTokens({ tenantId: target.tenantId, scopes });
    initial = { accessToken: pair.access_token, refreshToken: pair.refresh_token, expiresAt: clock.now() + pair.expires_in * 1000, scopes };
  }
  const vault = options.vault ?? createMemoryVault();
  const tokenManager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: options.vaultKey ?? `company:${target.tenantId}` }, tokenClient, vault, clock, initial });
  const session = createCompanySession({ apiUrl: options.apiUrl ?? sandbox.apiUrl, tokenManager, clock, fetch, ...options.session });
  return { company: target, session, tokenManager, tokenClient, vault, log, initial };
}

/** (N - 1) / (5 * (t_N - t_1)) over request start times in ms. */
export function ratioToCeiling(starts: number[]): number {
  if (starts.length < 2) return 0;
  const sorted = [...starts].sort((a, b) => a - b);
  const seconds = ((sorted.at(-1) as number) - (sorted[0] as number)) / 1000;
  return (sorted.length - 1) / (5 * seconds);
}
