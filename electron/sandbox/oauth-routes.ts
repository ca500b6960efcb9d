// The authorization server's HTTP endpoints: the authorization page (docs/service.md, Authorization), the
// token endpoint (Token endpoint, Service accounts and OAuth there) and revocation.

import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { renderAuthErrorPage, renderConsentPage } from './consent-page';
import { htmlReply, jsonReply, parseBasicAuth, redirectReply, type Reply } from './http';
import { GrantError, type IssuedTokens } from './oauth-store';
import { checkChallenge } from './pkce';
import { isAllowedRedirectUri } from './redirect-uris';
import { isKnownScope, splitScopes } from './scopes';
import { AUTH_PREFIX, type ServiceState } from './state';

const LICENCE_DESCRIPTION = 'Resource owner does not have enough licenses';
/** How long a rendered consent page can still be submitted. */
const CONSENT_LIFETIME_MS = 30 * 60_000;

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

interface PendingConsent {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  serviceAccount: boolean;
  /** The S256 code_challenge, when the client sent one (PKCE). */
  codeChallenge: string | undefined;
  createdAt: number;
}

function sameSecret(a: string, b: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

function tokenError(status: number, error: string, description: string, extraHeaders: Record<string, string> = {}): Reply {
  return jsonReply(status, { error, error_description: description }, { ...NO_STORE, ...extraHeaders });
}

function tokenSuccess(tokens: IssuedTokens): Reply {
  // Field order as recorded from the real service (docs/service.md, OAuth).
  const body: Record<string, unknown> = { access_token: tokens.access_token };
  if (tokens.refresh_token !== undefined) body['refresh_token'] = tokens.refresh_token;
  body['scope'] = tokens.scope;
  body['expires_in'] = tokens.expires_in;
  body['token_type'] = tokens.token_type;
  return jsonReply(200, body, NO_STORE);
}

function isForm(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

export interface OAuthRoutes {
  authorizeGet(params: URLSearchParams): Reply;
  authorizePost(body: string): Reply;
  token(headers: { authorization?: string | undefined; contentType?: string | undefined; tenantId?: string | undefined }, body: string): Reply;
  revoke(headers: { authorization?: string | undefined; contentType?: string | undefined }, body: string): Reply;
}

export function createOAuthRoutes(state: ServiceState): OAuthRoutes {
  const pending = new Map<string, PendingConsent>();

  /** The registered client from a Basic header, or null. */
  function authenticateClient(header: string | undefined): string | null {
    const credentials = parseBasicAuth(header);
    if (!credentials) return null;
    const ok = sameSecret(credentials.id, state.client.id) && sameSecret(credentials.secret, state.client.secret);
    return ok ? credentials.id : null;
  }

  function invalidClient(): Reply {
    return tokenError(401, 'invalid_client', 'The client credentials are invalid', { 'WWW-Authenticate': 'Basic realm="oauth-v1"' });
  }

  function invalidGrant(error: GrantError): Reply {
    state.counters.invalidGrant();
    if (error.reuse) state.counters.refreshTokenReuse();
    return tokenError(400, 'invalid_grant', error.description);
  }

  function redirectWith(redirectUri: string, params: Record<string, string>): Reply {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return redirectReply(url.toString());
  }

  function dropExpiredConsents(now: number): void {
    for (const [id, request] of pending) if (now - request.createdAt > CONSENT_LIFETIME_MS) pending.delete(id);
  }

  return {
    authorizeGet(params) {
      const bad = (parameter: string, problem: string): Reply => htmlReply(400, renderAuthErrorPage(parameter, problem));
      for (const name of ['client_id', 'redirect_uri', 'scope', 'state', 'response_type', 'access_type', 'account_type', 'code_challenge', 'code_challenge_method']) {
        if (params.getAll(name).length > 1) return bad(name, 'it is given more than once.');
      }
      const clientId = params.get('client_id');
      if (!clientId) return bad('client_id', 'it is missing.');
      if (clientId !== state.client.id) return bad('client_id', `no integration is registered with the client id "${clientId}".`);
      const redirectUri = params.get('redirect_uri');
      if (!redirectUri) return bad('redirect_uri', 'it is missing.');
      if (!isAllowedRedirectUri(redirectUri, state.redirectUris)) {
        return bad(
          'redirect_uri',
          state.redirectUris
            ? `"${redirectUri}" is not one of the registered redirect URIs.`
            : `"${redirectUri}" is not allowed: use http://127.0.0.1:PORT/... or http://[::1]:PORT/... (a loopback address, any port).`,
        );
      }
      const scopeText = params.get('scope');
      if (!scopeText || splitScopes(scopeText).length === 0) return bad('scope', 'it is missing.');
      const scopes = splitScopes(scopeText);
      const unknown = scopes.filter((scope) => !isKnownScope(scope));
      if (unknown.length > 0) return bad('scope', `unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
      const stateParam = params.get('state');
      if (!stateParam) return bad('state', 'it is missing (the client must send a random state and check it on return).');
      const responseType = params.get('response_type');
      if (responseType !== 'code') return bad('response_type', `it must be "code"${responseType === null ? ', and it is missing' : `, not "${responseType}"`}.`);
      const accessType = params.get('access_type');
      if (accessType !== 'offline') return bad('access_type', `it must be "offline"${accessType === null ? ', and it is missing' : `, not "${accessType}"`}.`);
      const accountType = params.get('account_type');
      if (accountType !== null && accountType !== 'service') return bad('account_type', `the only accepted value is "service", not "${accountType}".`);
      const pkce = checkChallenge(params.get('code_challenge'), params.get('code_challenge_method'));
      if (!pkce.ok) return bad(pkce.parameter, pkce.problem);

      const now = state.clock.now();
      dropExpiredConsents(now);
      const requestId = randomBytes(18).toString('base64url');
      pending.set(requestId, { clientId, redirectUri, scopes, state: stateParam, serviceAccount: accountType === 'service', codeChallenge: pkce.challenge, createdAt: now });
      return htmlReply(
        200,
        renderConsentPage({
          requestId,
          formAction: `${AUTH_PREFIX}/oauth-v1/auth`,
          clientId,
          scopes,
          companies: [...state.companies.values()].map((company) => ({
            tenantId: company.profile.tenantId,
            name: company.profile.name,
            licensed: company.licensed,
          })),
          redirectUri,
          serviceAccount: accountType === 'service',
        }),
      );
    },

    authorizePost(body) {
      const form = new URLSearchParams(body);
      const requestId = form.get('request_id') ?? '';
      const request = pending.get(requestId);
      if (!request || state.clock.now() - request.createdAt > CONSENT_LIFETIME_MS) {
        pending.delete(requestId);
        return htmlReply(400, renderAuthErrorPage('request_id', 'this consent page has expired or was already answered. Start again from the app.'));
      }
      const decision = form.get('decision');
      if (decision !== 'approve' && decision !== 'deny') return htmlReply(400, renderAuthErrorPage('decision', 'choose Approve or Deny.'));
      pending.delete(requestId);
      if (decision === 'deny') {
        return redirectWith(request.redirectUri, { error: 'access_denied', error_description: 'The user denied the request', state: request.state });
      }
      const company = state.companies.get(form.get('company') ?? '');
      if (!company) return htmlReply(400, renderAuthErrorPage('company', 'choose one of the demo companies.'));
      if (!company.licensed) {
        return redirectWith(request.redirectUri, { error: 'error_missing_app_license', error_description: LICENCE_DESCRIPTION, state: request.state });
      }
      const tenantId = company.profile.tenantId;
      const granted = request.scopes.filter((scope) => !state.withheldScopes.has(scope));
      if (request.serviceAccount) state.oauth.approveServiceAccount(request.clientId, tenantId, granted);
      const code = state.oauth.issueCode(request.clientId, tenantId, granted, request.redirectUri, request.codeChallenge);
      return redirectWith(request.redirectUri, { code, state: request.state });
    },

    token(headers, body) {
      const clientId = authenticateClient(headers.authorization);
      if (!clientId) return invalidClient();
      if (!isForm(headers.contentType)) return tokenError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded');
      const form = new URLSearchParams(body);
      const grantType = form.get('grant_type');
      switch (grantType) {
        case 'authorization_code': {
          state.counters.tokenRequest('authorization_code');
          const code = form.get('code');
          const redirectUri = form.get('redirect_uri');
          if (!code) return tokenError(400, 'invalid_request', 'Missing parameter: code');
          if (!redirectUri) return tokenError(400, 'invalid_request', 'Missing parameter: redirect_uri');
          try {
            return tokenSuccess(state.oauth.redeemCode(code, clientId, redirectUri, form.get('code_verifier')));
          } catch (error) {
            if (error instanceof GrantError) return invalidGrant(error);
            throw error;
          }
        }
        case 'refresh_token': {
          state.counters.tokenRequest('refresh_token');
          const refreshToken = form.get('refresh_token');
          if (!refreshToken) return tokenError(400, 'invalid_request', 'Missing parameter: refresh_token');
          try {
            return tokenSuccess(state.oauth.refresh(refreshToken, clientId));
          } catch (error) {
            if (error instanceof GrantError) return invalidGrant(error);
            throw error;
          }
        }
        case 'client_credentials': {
          state.counters.tokenRequest('client_credentials');
          const tenantId = headers.tenantId?.trim();
          if (!tenantId) return tokenError(400, 'invalid_request', 'Missing header: TenantId');
          const company = state.companies.get(tenantId);
          if (!company) return invalidGrant(new GrantError(`Unknown tenant ${tenantId}`));
          if (!company.licensed) return tokenError(400, 'error_missing_app_license', LICENCE_DESCRIPTION);
          const scopes = state.oauth.serviceAccountScopes(clientId, tenantId);
          // Client credentials work only after an administrator approved the integration as a
          // service account (authorization with account_type=service); the FAQ's wording.
          if (!scopes) return invalidGrant(new GrantError('Client does not allow service account'));
          return tokenSuccess(state.oauth.issueAccess(clientId, tenantId, scopes));
        }
        case null:
          return tokenError(400, 'invalid_request', 'Missing parameter: grant_type');
        default:
          return tokenError(400, 'unsupported_grant_type', `Unsupported grant_type: ${grantType}`);
      }
    },

    revoke(headers, body) {
      const clientId = authenticateClient(headers.authorization);
      if (!clientId) return invalidClient();
      if (!isForm(headers.contentType)) return tokenError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded');
      const token = new URLSearchParams(body).get('token');
      if (!token) return tokenError(400, 'invalid_request', 'Missing parameter: token');
      // RFC 7009: 200 whether or not the token was valid, so the endpoint reveals nothing; the
      // body is the real service's (docs/service.md, OAuth).
      state.oauth.revoke(token, clientId);
      return jsonReply(200, { revoked: true }, NO_STORE);
    },
  };
}
