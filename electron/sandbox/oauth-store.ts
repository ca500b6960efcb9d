// The authorization server's memory: codes, access tokens, refresh tokens and service-account
// approvals, with the lifetimes of docs/service.md (Lifetimes and OAuth: code 10 min, access token 1 h, refresh
// token 45 days, refresh tokens single use). All times come from the service clock.

import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ServiceClock } from './clock';
import { verifierProblem } from './pkce';
import type { RefreshTokenStatus } from './types';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const ACCESS_TOKEN_LIFETIME_S = 3600;
export const REFRESH_TOKEN_LIFETIME_MS = 45 * 86_400_000;

export interface AccessToken {
  clientId: string;
  tenantId: string;
  scopes: readonly string[];
  expiresAt: number;
  /** The grant (one approval) it descends from: revoking the refresh token ends the whole grant. */
  grantId: string;
}

interface CodeRecord {
  clientId: string;
  tenantId: string;
  scopes: readonly string[];
  redirectUri: string;
  /** PKCE: the S256 challenge of the authorization request, when it had one. */
  codeChallenge: string | undefined;
  issuedAt: number;
  used: boolean;
}

interface RefreshRecord {
  clientId: string;
  tenantId: string;
  scopes: readonly string[];
  expiresAt: number;
  grantId: string;
  status: 'active' | 'rotated' | 'revoked';
}

export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
  scope: string;
  expires_in: number;
  token_type: 'bearer';
}

/** Why a grant failed: the description goes into the invalid_grant body. */
export class GrantError extends Error {
  constructor(
    readonly description: string,
    readonly reuse = false,
  ) {
    super(description);
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export class OAuthStore {
  private readonly codes = new Map<string, CodeRecord>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  /** `${clientId}:${tenantId}` -> the scopes its service account was approved for. */
  private readonly serviceAccounts = new Map<string, readonly string[]>();

  /** Tenants that withdrew the integration's access (a firm's client companies): every token
   *  issued before their next consent is revoked (those issued without one are born revoked), and
   *  their service accounts are not approved. */
  private readonly withdrawn = new Set<string>();

  /** Refresh tokens read back from persistFile, keyed by their SHA-256 (never stored in clear). */
  private readonly restored = new Map<string, RefreshRecord>();

  /**
   * persistFile: the demo service inside the app keeps its refresh tokens across app restarts
   * here (JSON, mode 0600), so demo companies stay connected as real ones do. Like a real server
   * it stores only hashes of the tokens. Codes and access tokens are not kept: they are
   * short-lived and a restart may drop them, as a real server might.
   */
  constructor(
    private readonly clock: ServiceClock,
    private readonly persistFile?: string,
  ) {
    if (persistFile) this.load(persistFile);
  }

  private load(file: string): void {
    let saved: unknown;
    try {
      saved = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return; // no file yet, or unreadable: start empty (connections then need a reconnect)
    }
    const entries = (saved as { refreshTokens?: unknown }).refreshTokens;
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'object' || entry[1] === null) continue;
      const record = entry[1] as RefreshRecord;
      if (typeof record.tenantId !== 'string' || typeof record.expiresAt !== 'number' || !['active', 'rotated', 'revoked'].includes(record.status)) continue;
      this.restored.set(entry[0], { ...record, scopes: Array.isArray(record.scopes) ? record.scopes : [] });
    }
  }

  private save(): void {
    if (!this.persistFile) return;
    const now = this.clock.now();
    const live = [
      ...[...this.refreshTokens].map(([token, record]) => [hashToken(token), record] as const),
      ...this.restored,
    ].filter(([, record]) => record.expiresAt > now);
    const temp = `${this.persistFile}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ refreshTokens: live }), { mode: 0o600 });
    renameSync(temp, this.persistFile);
  }

  /** A token presented after a restart: found by its hash, kept by value from now on. */
  private adoptRestored(token: string): RefreshRecord | undefined {
    const hash = hashToken(token);
    const record = this.restored.get(hash);
    if (!record) return undefined;
    this.restored.delete(hash);
    this.refreshTokens.set(token, record);
    return record;
  }

  /** Every access and refresh token ever issued (leak tests look for them where they must not be). */
  issuedTokens(): string[] {
    return [...this.accessTokens.keys(), ...this.refreshTokens.keys()];
  }

  issueCode(clientId: string, tenantId: string, scopes: readonly string[], redirectUri: string, codeChallenge?: string): string {
    const code = randomToken(24);
    this.codes.set(code, { clientId, tenantId, scopes: [...scopes], redirectUri, codeChallenge, issuedAt: this.clock.now(), used: false });
    return code;
  }

  /**
   * Single use: a used, expired, foreign or unknown code, or another redirect_uri, fails; so does
   * a code whose authorization request carried a code_challenge, without the matching verifier.
   * A code issued without a challenge ignores any verifier (PKCE stays optional, as the real
   * service may not know it).
   */
  redeemCode(code: string, clientId: string, redirectUri: string, codeVerifier: string | null = null): IssuedTokens & { refresh_token: string } {
    const record = this.codes.get(code);
    if (!record || record.clientId !== clientId) throw new GrantError('Invalid authorization code');
    if (record.used) throw new GrantError('The authorization code has already been used');
    if (this.clock.now() - record.issuedAt >= CODE_LIFETIME_MS) throw new GrantError('The authorization code has expired');
    // Exact string comparison, as RFC 6749 section 4.1.3 asks; a mismatch does not use the code up.
    if (redirectUri !== record.redirectUri) throw new GrantError('redirect_uri does not match the authorization request');
    // Likewise a wrong verifier does not use the code up: whoever lacks the verifier cannot
    // redeem it, so burning it would only let an intercepted code block the real client.
    const pkceProblem = record.codeChallenge === undefined ? null : verifierProblem(record.codeChallenge, codeVerifier);
    if (pkceProblem) throw new GrantError(pkceProblem);
    record.used = true;
    // A new consent is a new grant: a company that had withdrawn its access gave it again.
    this.withdrawn.delete(record.tenantId);
    return this.issuePair(record.clientId, record.tenantId, record.scopes);
  }

  issuePair(clientId: string, tenantId: string, scopes: readonly string[], grantId = randomToken(12)): IssuedTokens & { refresh_token: string } {
    const now = this.clock.now();
    const refreshToken = randomToken(32);
    // Issued without a consent (control.issueTokens) for a company that withdrew its access: dead at birth.
    const status = this.withdrawn.has(tenantId) ? 'revoked' : 'active';
    this.refreshTokens.set(refreshToken, { clientId, tenantId, scopes: [...scopes], expiresAt: now + REFRESH_TOKEN_LIFETIME_MS, grantId, status });
    this.save();
    const access = this.issueAccess(clientId, tenantId, scopes, grantId);
    return { access_token: access.access_token, refresh_token: refreshToken, scope: access.scope, expires_in: access.expires_in, token_type: 'bearer' };
  }

  /** An access token alone (client credentials: no refresh token). */
  issueAccess(clientId: string, tenantId: string, scopes: readonly string[], grantId = randomToken(12)): IssuedTokens {
    const token = randomToken(32);
    const expiresAt = this.withdrawn.has(tenantId) ? 0 : this.clock.now() + ACCESS_TOKEN_LIFETIME_S * 1000;
    this.accessTokens.set(token, { clientId, tenantId, scopes: [...scopes], expiresAt, grantId });
    return { access_token: token, scope: scopes.join(' '), expires_in: ACCESS_TOKEN_LIFETIME_S, token_type: 'bearer' };
  }

  /**
   * Rotation: the presented refresh token dies and a new pair is issued. Presenting a token that
   * was already rotated is "reuse" (two concurrent refreshes, or a lost new token): invalid_grant.
   * The newer token of the same grant stays valid (the real service's behaviour on reuse is not
   * documented beyond the invalid_grant).
   */
  refresh(refreshToken: string, clientId: string): IssuedTokens & { refresh_token: string } {
    const record = this.refreshTokens.get(refreshToken) ?? this.adoptRestored(refreshToken);
    if (!record || record.clientId !== clientId) throw new GrantError('Invalid refresh token');
    if (record.status === 'rotated') throw new GrantError('Invalid refresh token', true);
    if (record.status === 'revoked' || this.clock.now() >= record.expiresAt) throw new GrantError('Invalid refresh token');
    record.status = 'rotated';
    return this.issuePair(record.clientId, record.tenantId, record.scopes, record.grantId);
  }

  /**
   * RFC 7009: revoking a refresh token ends its grant (its access tokens too); revoking an access
   * token ends that token. Unknown tokens are ignored (the endpoint answers 200 either way).
   */
  revoke(token: string, clientId: string): void {
    const refresh = this.refreshTokens.get(token) ?? this.adoptRestored(token);
    if (refresh && refresh.clientId === clientId) {
      refresh.status = 'revoked';
      this.save();
      for (const access of this.accessTokens.values()) if (access.grantId === refresh.grantId) access.expiresAt = 0;
      return;
    }
    const access = this.accessTokens.get(token);
    if (access && access.clientId === clientId) access.expiresAt = 0;
  }

  /** What became of a refresh token (tests read it through the control object). */
  refreshTokenStatus(token: string): RefreshTokenStatus {
    const record = this.refreshTokens.get(token) ?? this.restored.get(hashToken(token));
    if (!record) return 'unknown';
    if (record.status === 'active' && this.clock.now() >= record.expiresAt) return 'expired';
    return record.status;
  }

  /** The live access token, or null when unknown or expired. */
  lookupAccess(token: string): AccessToken | null {
    const record = this.accessTokens.get(token);
    if (!record || this.clock.now() >= record.expiresAt) return null;
    return record;
  }

  expireAllAccessTokens(): void {
    for (const record of this.accessTokens.values()) record.expiresAt = 0;
  }

  approveServiceAccount(clientId: string, tenantId: string, scopes: readonly string[]): void {
    this.withdrawn.delete(tenantId);
    this.serviceAccounts.set(`${clientId}:${tenantId}`, [...scopes]);
  }

  serviceAccountScopes(clientId: string, tenantId: string): readonly string[] | undefined {
    if (this.withdrawn.has(tenantId)) return undefined;
    return this.serviceAccounts.get(`${clientId}:${tenantId}`);
  }

  /** The company withdrew the integration's access: its tokens die, its service account is no longer approved, until its next consent. */
  withdrawTenant(tenantId: string): void {
    this.withdrawn.add(tenantId);
    for (const record of [...this.refreshTokens.values(), ...this.restored.values()]) if (record.tenantId === tenantId && record.status === 'active') record.status = 'revoked';
    for (const record of this.accessTokens.values()) if (record.tenantId === tenantId) record.expiresAt = 0;
    this.save();
    for (const clientAndTenant of [...this.serviceAccounts.keys()]) if (clientAndTenant.endsWith(`:${tenantId}`)) this.serviceAccounts.delete(clientAndTenant);
  }
}
