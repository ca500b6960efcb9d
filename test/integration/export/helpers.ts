import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { systemClock } from '../../../electron/kernel/clock';
import type { RateLimiterOptions } from '../../../electron/api/rate-limiter';
import { createMemoryVault } from '../../../electron/auth/secret-vault';
import { createTokenClient } from '../../../electron/auth/token-client';
import { createTokenManager } from '../../../electron/auth/token-manager';
import { createCompanySession, type CompanySession, type CompanySessionOptions } from '../../../electron/companies/company-session';
import type { CompanyKey, Sandbox, SandboxCompany } from '../../../electron/sandbox/index';

export function company(sandbox: Sandbox, key: CompanyKey): SandboxCompany {
  const found = sandbox.companies.find((c) => c.key === key);
  if (!found) throw new Error(`no ${key} company`);
  return found;
}

/** Client-credentials session (the service-account path the CLI uses too). */
export function serviceSession(
  sandbox: Sandbox,
  key: CompanyKey,
  limiterOptions?: Omit<RateLimiterOptions, 'clock'>,
  clientOptions?: CompanySessionOptions['clientOptions'],
): CompanySession {
  const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
  const tokenManager = createTokenManager({
    grant: { kind: 'client-credentials', tenantId: company(sandbox, key).tenantId },
    tokenClient,
    vault: createMemoryVault(),
    clock: systemClock,
  });
  return createCompanySession({
    apiUrl: sandbox.apiUrl,
    tokenManager,
    clock: systemClock,
    ...(limiterOptions ? { limiterOptions } : {}),
    ...(clientOptions ? { clientOptions } : {}),
  });
}

/** A client limiter far above the sandbox's lifted limits, for tests that are not about rate. */
export const FAST_LIMITER: Omit<RateLimiterOptions, 'clock'> = { windows: [{ ms: 1000, max: 10_000 }], pacing: false, marginMs: 0 };

export async function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export function parseCsv(text: string, delimiter = ','): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true });
  if (result.errors.length > 0) throw new Error(`CSV parse errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
  return result.data;
}
