/**
 * What the export and report commands share: a service account's company session, and the
 * company's local copy in a folder of the user's choice (--mirror), brought up to date.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../kernel/clock';
import type { FetchLike } from '../kernel/http';
import { createMemoryVault } from '../auth/secret-vault';
import { createTokenClient } from '../auth/token-client';
import { createTokenManager } from '../auth/token-manager';
import { createCompanySession, type CompanySession } from '../companies/company-session';
import { fileError, isFileError, systemCodeOf, toFileError } from '../export/file-error';
import { openInlineMirror, type MirrorApi } from '../mirror/access/mirror-api';
import { PAGE_SIZE, syncCompany, type SyncResource, type SyncResult } from '../mirror/sync/sync-engine';
import type { ProgressReporter } from './progress';
import { refuseUntrustedCopy } from './trusted-copy';

export interface ServiceAccount {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  apiUrl: string;
}

/** The same token manager (client-credentials grant) and company session (limiter, retries, breaker) as the app. */
export function openServiceSession(account: ServiceAccount, clock: Clock, fetch?: FetchLike): CompanySession {
  const fetchOption = fetch ? { fetch } : {};
  const tokenClient = createTokenClient({ authUrl: account.authUrl, clientId: account.clientId, clientSecret: account.clientSecret, clock, ...fetchOption });
  const tokenManager = createTokenManager({
    grant: { kind: 'client-credentials', tenantId: account.tenantId },
    tokenClient,
    // Service accounts have no refresh token: nothing is stored, a new token is minted when needed.
    vault: createMemoryVault(),
    clock,
  });
  return createCompanySession({ apiUrl: account.apiUrl, tokenManager, clock, ...fetchOption });
}

/**
 * The CLI's local copy: one file per tenant in the folder (created private when missing), used only
 * when the folder and the copy's files are safely the user's (trusted-copy.ts). That is checked
 * again once SQLite has opened the copy and made its journals, before any of the company's rows is
 * read or written: a journal another user planted in between is refused too.
 */
export async function openCliMirror(dir: string, tenantId: string): Promise<MirrorApi> {
  const file = path.join(dir, `tenant-${tenantId}.sqlite`);
  let mirror: MirrorApi | undefined;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await refuseUntrustedCopy(dir, file);
    mirror = openInlineMirror(file);
    await refuseUntrustedCopy(dir, file);
    return mirror;
  } catch (error) {
    await mirror?.close();
    if (isFileError(error)) throw error;
    // A file that is not a database (or one of a newer app) is the user's to look at, never overwritten.
    if (systemCodeOf(error) !== undefined) throw toFileError(error, file, 'open the local copy');
    // The copy's own refusals are sentences already ("... is a link, not a file: refused.").
    const said = (error instanceof Error ? error.message : String(error)).replace(/\.+$/, '');
    throw fileError('io', file, (f) => `The local copy ${f} cannot be used: ${said}.`, { cause: error });
  }
}

/** Brings the copy of one list up to date (incrementally once it exists), with the export's progress bar. */
export async function syncCliMirror(mirror: MirrorApi, session: CompanySession, clock: Clock, progress: ProgressReporter, resource: SyncResource, signal?: AbortSignal): Promise<SyncResult> {
  const synced = await syncCompany({
    resource,
    mirror,
    source: session,
    clock,
    mode: 'auto',
    priority: 'export',
    ...(signal ? { signal } : {}),
    onProgress: (p) =>
      progress.update({ pagesDone: Math.ceil(p.done / PAGE_SIZE), pagesTotal: p.total === null ? null : Math.max(1, Math.ceil(p.total / PAGE_SIZE)), rows: p.done, waitingForRateLimit: session.limiter.stats().waiting, unit: 'requests' }),
  });
  progress.finish();
  return synced;
}

/** "full read, 100 requests, 50000 invoices" (or "... supplier invoices"). */
export function describeSync(synced: SyncResult, nouns: string): string {
  return `${synced.kind} read, ${synced.pages} request${synced.pages === 1 ? '' : 's'}, ${synced.rows} ${nouns}${synced.removed ? `, ${synced.removed} removed` : ''}`;
}
