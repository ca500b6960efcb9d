import { z } from 'zod';
import { systemClock, type Clock } from '../kernel/clock';
import { ApiError, cancelledError, CLIENT_CREDENTIALS_REMEDY, isApiError, networkError, timeoutError } from '../kernel/errors';
import { isLicenceError, parseServiceErrorBody } from '../kernel/service-errors';
import { readTextCapped } from '../kernel/body';
import { joinUrl, parseJsonLoose, requestScope, type FetchLike } from '../kernel/http';

/**
 * The token endpoint of the service (docs/service.md, Token endpoint and OAuth), written by hand
 * rather than with oauth4webapi: docs/decisions/0001-token-client-by-hand.md.
 */

export interface TokenSet {
  accessToken: string;
  /** Absent for client-credentials tokens and for a refresh that did not rotate the token. */
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  scopes: string[];
}

export interface TokenClientOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: FetchLike;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Turns `expires_in` into `expiresAt`; default the system clock. */
  clock?: Clock;
}

export interface CodeExchangeOptions {
  /** PKCE: the verifier whose S256 challenge the authorization request carried. */
  codeVerifier?: string;
  signal?: AbortSignal;
}

export interface TokenClient {
  exchangeCode(code: string, redirectUri: string, options?: CodeExchangeOptions): Promise<TokenSet>;
  refresh(refreshToken: string, signal?: AbortSignal): Promise<TokenSet>;
  /** Service accounts: mints a tenant-scoped token (no refresh token). */
  clientCredentials(tenantId: string, signal?: AbortSignal): Promise<TokenSet>;
  /** Revokes a refresh token (disconnect). */
  revoke(refreshToken: string, signal?: AbortSignal): Promise<void>;
}

const DEFAULT_EXPIRES_IN_S = 3600;

const numberLike = z.union([z.number(), z.string().regex(/^\s*\d+(\.\d+)?\s*$/).transform((s) => Number(s))]);

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullish(),
  expires_in: numberLike.nullish(),
  scope: z.union([z.string(), z.array(z.string())]).nullish(),
  token_type: z.string().nullish(),
});

function scopesOf(scope: string | string[] | null | undefined): string[] {
  if (scope == null) return [];
  const list = Array.isArray(scope) ? scope : scope.split(/[\s,]+/);
  return list.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** Classifies an OAuth error response of the token or revoke endpoint. */
export function classifyTokenError(status: number, body: unknown): ApiError {
  const parsed = parseServiceErrorBody(body);
  const code = parsed.oauthError;
  const options = { status, ...(parsed.code !== undefined ? { serviceCode: parsed.code } : {}), ...(parsed.message !== undefined ? { serviceMessage: parsed.message } : {}) };
  if (isLicenceError(parsed)) {
    return new ApiError('licence-missing', { ...options, message: 'The company has no licence for this integration (token endpoint).' });
  }
  switch (code) {
    case 'invalid_grant':
      return new ApiError('needs-reconnect', { ...options, message: 'The service no longer accepts the saved connection (invalid_grant).' });
    case 'invalid_client':
    case 'unauthorized_client':
      return new ApiError('unauthorized', { ...options, message: `The service rejected the client credentials (${code}).`, remedy: CLIENT_CREDENTIALS_REMEDY });
    case 'invalid_scope':
      return new ApiError('scope-missing', { ...options, message: 'The requested scope was refused (invalid_scope).' });
    case 'access_denied':
      return new ApiError('needs-reconnect', { ...options, message: 'Access was denied (access_denied).' });
    default:
      break;
  }
  if (status === 429) return new ApiError('rate-limited', { ...options, message: 'The token endpoint answered 429 Too Many Requests.' });
  if (status >= 500) return new ApiError('unavailable', { ...options, message: `The token endpoint failed with HTTP ${status}.` });
  if (status === 401) {
    return new ApiError('unauthorized', { ...options, message: 'The token endpoint refused the request (HTTP 401).', remedy: CLIENT_CREDENTIALS_REMEDY });
  }
  return new ApiError('bad-request', { ...options, message: `The token endpoint refused the request${code ? ` (${code})` : ''} (HTTP ${status}).` });
}

/** A token endpoint's refusal of the client-credentials grant itself, not of the credentials. */
function refusesServiceAccount(error: ApiError): boolean {
  if (error.kind !== 'unauthorized') return false;
  return /\(unauthorized_client\)/.test(error.message) || /service.?account/i.test(error.serviceMessage ?? '');
}

export function createTokenClient(options: TokenClientOptions): TokenClient {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`, 'utf8').toString('base64')}`;
  const tokenUrl = joinUrl(options.authUrl, '/oauth-v1/token');
  const revokeUrl = joinUrl(options.authUrl, '/oauth-v1/revoke');

  async function post(url: string, form: Record<string, string>, extraHeaders: Record<string, string>, signal?: AbortSignal): Promise<{ status: number; text: string }> {
    if (signal?.aborted) throw cancelledError(signal);
    const scope = requestScope(clock, timeoutMs, signal);
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          Authorization: basic,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          ...extraHeaders,
        },
        body: new URLSearchParams(form).toString(),
        // A 307/308 would re-send the refresh token or code to the redirect target: refuse.
        redirect: 'error',
        signal: scope.signal,
      });
      // A token answer is a few hundred bytes: read with its ceiling (kernel/body.ts), success or error.
      const text = await readTextCapped(response, 'token');
      return { status: response.status, text };
    } catch (error) {
      if (signal?.aborted) throw cancelledError(signal);
      if (scope.timedOut()) throw timeoutError(timeoutMs);
      // A body over its limit: its own clear error, not a network failure.
      if (isApiError(error)) throw error;
      throw networkError(error);
    } finally {
      scope.dispose();
    }
  }

  async function tokenRequest(form: Record<string, string>, extraHeaders: Record<string, string> = {}, signal?: AbortSignal): Promise<TokenSet> {
    const requestedAt = clock.now();
    const { status, text } = await post(tokenUrl, form, extraHeaders, signal);
    const body = parseJsonLoose(text);
    if (status < 200 || status >= 300) throw classifyTokenError(status, body);
    const parsed = tokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      // A 200 with an error body is still an error.
      if (body && typeof body === 'object' && 'error' in body) throw classifyTokenError(400, body);
      throw new ApiError('unavailable', { status, message: 'The token endpoint sent an unreadable response.' });
    }
    const data = parsed.data;
    const tokenType = data.token_type?.toLowerCase();
    if (tokenType && tokenType !== 'bearer') {
      throw new ApiError('unavailable', { status, message: `The token endpoint issued an unsupported token type (${tokenType}).` });
    }
    const expiresIn = data.expires_in ?? DEFAULT_EXPIRES_IN_S;
    // Measure expiry from when the request was sent: the token may be older than its arrival.
    const set: TokenSet = { accessToken: data.access_token, expiresAt: requestedAt + expiresIn * 1000, scopes: scopesOf(data.scope) };
    if (data.refresh_token) set.refreshToken = data.refresh_token;
    return set;
  }

  return {
    exchangeCode: (code, redirectUri, exchange = {}) =>
      tokenRequest(
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(exchange.codeVerifier ? { code_verifier: exchange.codeVerifier } : {}) },
        {},
        exchange.signal,
      ),
    refresh: (refreshToken, signal) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, {}, signal),
    clientCredentials: (tenantId, signal) =>
      tokenRequest({ grant_type: 'client_credentials' }, { TenantId: tenantId }, signal).catch((error: unknown) => {
        // invalid_grant here is not an expired connection: the company has not approved the
        // integration as a service account (or withdrew it). The service's exact refusal is
        // unconfirmed (docs/service.md, OAuth; one FAQ says "Client does not allow service account"), so an
        // unauthorized_client, the OAuth code for a grant the client may not use, or any refusal
        // that names the service account, is that too, not a wrong client secret.
        if (isApiError(error) && (error.kind === 'needs-reconnect' || refusesServiceAccount(error))) {
          throw new ApiError('not-activated', {
            message: `The service account of tenant ${tenantId} is not activated for this integration${error.serviceMessage ? '' : '.'}`,
            ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}),
            cause: error,
          });
        }
        throw error;
      }),
    async revoke(refreshToken, signal): Promise<void> {
      const { status, text } = await post(revokeUrl, { token_type_hint: 'refresh_token', token: refreshToken }, {}, signal);
      const body = parseJsonLoose(text);
      if (status >= 200 && status < 300) {
        // The service answers {"revoked": true} (docs/service.md, OAuth); an explicit false is not a success,
        // or the user would not learn that the integration is still listed there.
        if (body && typeof body === 'object' && (body as { revoked?: unknown }).revoked === false) {
          throw new ApiError('unavailable', { status, message: 'The service answered that it did not revoke the connection.' });
        }
        return;
      }
      // RFC 7009: an already invalid token is not an error for the caller who wants it gone.
      const parsed = parseServiceErrorBody(body);
      if (parsed.oauthError === 'invalid_grant' || parsed.oauthError === 'invalid_token') return;
      throw classifyTokenError(status, body);
    },
  };
}
