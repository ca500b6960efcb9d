/** The authorization request (docs/service.md, Authorization): every parameter, plus PKCE (RFC 7636) when given. */
import { randomBytes } from 'node:crypto';

export interface AuthorizationRequest {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  /** Service accounts are approved through the same page with account_type=service. */
  accountType?: 'service';
  /** PKCE: the S256 challenge of the flow's verifier (see pkce.ts). */
  codeChallenge?: string;
}

export function buildAuthorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(`${request.authUrl.replace(/\/+$/, '')}/oauth-v1/auth`);
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', request.scopes.join(' '));
  url.searchParams.set('state', request.state);
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('response_type', 'code');
  if (request.accountType) url.searchParams.set('account_type', request.accountType);
  if (request.codeChallenge) {
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/** 256 bits from the OS's CSPRNG, URL-safe. */
export function randomState(): string {
  return randomBytes(32).toString('base64url');
}
