// The token endpoint and revocation: authorization code (single use, 10 minutes, exact
// redirect_uri), refresh-token rotation and reuse, client credentials, client authentication,
// revocation, and the lifetimes (driven by the service clock, not by waiting).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { basicAuth, company, getJson, postForm, REDIRECT_URI, tokenRequest } from './helpers';

let sandbox: Sandbox;
let smallTenant: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 1000 });
  smallTenant = company(sandbox, 'small').tenantId;
});
afterAll(() => sandbox.close());

function code(scopes: readonly string[] = ['invoice', 'companyinformation'], redirectUri = REDIRECT_URI): string {
  return sandbox.control.authorize({ tenantId: smallTenant, scopes, redirectUri });
}

function exchange(authCode: string, redirectUri = REDIRECT_URI) {
  return tokenRequest(sandbox, { grant_type: 'authorization_code', code: authCode, redirect_uri: redirectUri });
}

function refresh(refreshToken: string) {
  return tokenRequest(sandbox, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

async function companyInfoStatus(accessToken: string): Promise<number> {
  return (await getJson(`${sandbox.apiUrl}/3/companyinformation`, accessToken)).status;
}

describe('authorization_code', () => {
  it('answers exactly the body the real service sends, with Cache-Control: no-store', async () => {
    const res = await exchange(code());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.body)).toEqual(['access_token', 'refresh_token', 'scope', 'expires_in', 'token_type']);
    expect(res.body).toMatchObject({ scope: 'invoice companyinformation', expires_in: 3600, token_type: 'bearer' });
    expect(typeof res.body.access_token).toBe('string');
    expect(typeof res.body.refresh_token).toBe('string');
    expect(await companyInfoStatus(res.body.access_token ?? '')).toBe(200);
  });

  it('is single use: the second exchange gets invalid_grant', async () => {
    const c = code();
    expect((await exchange(c)).status).toBe(200);
    const before = sandbox.control.counters().invalidGrant;
    const second = await exchange(c);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(sandbox.control.counters().invalidGrant).toBe(before + 1);
  });

  it('expires after 10 minutes on the service clock', async () => {
    const fresh = code();
    const old = code();
    sandbox.control.advanceClock(9 * 60_000);
    expect((await exchange(fresh)).status).toBe(200);
    sandbox.control.advanceClock(60_000);
    const expired = await exchange(old);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: 'invalid_grant', error_description: 'The authorization code has expired' });
  });

  it('needs the redirect_uri it was issued for, exactly', async () => {
    const c = code(['invoice'], 'http://127.0.0.1:53682/callback');
    for (const other of ['http://127.0.0.1:53683/callback', 'http://127.0.0.1:53682/callback/', 'http://[::1]:53682/callback']) {
      const res = await exchange(c, other);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
    }
    // A mismatch does not use the code up.
    expect((await exchange(c, 'http://127.0.0.1:53682/callback')).status).toBe(200);
  });

  it('refuses a code issued to another client', async () => {
    const foreign = sandbox.control.authorize({ tenantId: smallTenant, scopes: ['invoice'], redirectUri: REDIRECT_URI, clientId: 'other-client' });
    const res = await exchange(foreign);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses unknown codes and missing parameters', async () => {
    expect((await exchange('no-such-code')).body.error).toBe('invalid_grant');
    const missing = await tokenRequest(sandbox, { grant_type: 'authorization_code', code: code() });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    expect((await tokenRequest(sandbox, {})).body.error).toBe('invalid_request');
    const unsupported = await tokenRequest(sandbox, { grant_type: 'password' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toBe('unsupported_grant_type');
  });

  it('counts token requests by grant type', async () => {
    sandbox.control.resetCounters();
    await exchange(code());
    await refresh('nothing');
    await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: smallTenant });
    expect(sandbox.control.counters().tokenRequests).toEqual({ authorization_code: 1, refresh_token: 1, client_credentials: 1 });
  });
});

describe('client authentication', () => {
  const url = () => `${sandbox.authUrl}/oauth-v1/token`;
  const invalidClient = { error: 'invalid_client', error_description: 'The client credentials are invalid' };

  it.each([
    ['a wrong secret', () => ({ Authorization: basicAuth(sandbox.clientId, 'wrong') })],
    ['a wrong id', () => ({ Authorization: basicAuth('wrong', sandbox.clientSecret) })],
    ['no Authorization header', () => ({})],
    ['a Bearer header', () => ({ Authorization: 'Bearer x' })],
  ])('answers 401 invalid_client for %s', async (_name, headers) => {
    const res = await postForm(url(), { grant_type: 'authorization_code', code: code(), redirect_uri: REDIRECT_URI }, headers());
    expect(res.status).toBe(401);
    expect(res.body).toEqual(invalidClient);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('needs a form body', async () => {
    const res = await fetch(url(), {
      method: 'POST',
      headers: { Authorization: basicAuth(sandbox.clientId, sandbox.clientSecret), 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
  });
});

describe('refresh_token', () => {
  it('rotates: a new pair, the old refresh token dies, reuse is invalid_grant and counted', async () => {
    const first = await exchange(code());
    const rt1 = first.body.refresh_token ?? '';
    const second = await refresh(rt1);
    expect(second.status).toBe(200);
    expect(Object.keys(second.body)).toEqual(['access_token', 'refresh_token', 'scope', 'expires_in', 'token_type']);
    expect(second.body.refresh_token).not.toBe(rt1);
    expect(sandbox.control.refreshTokenStatus(rt1)).toBe('rotated');
    expect(second.body.scope).toBe('invoice companyinformation');
    expect(await companyInfoStatus(second.body.access_token ?? '')).toBe(200);

    const before = sandbox.control.counters();
    const reuse = await refresh(rt1);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    const after = sandbox.control.counters();
    expect(after.refreshTokenReuse).toBe(before.refreshTokenReuse + 1);
    expect(after.invalidGrant).toBe(before.invalidGrant + 1);

    // The newest refresh token still works.
    expect((await refresh(second.body.refresh_token ?? '')).status).toBe(200);
  });

  it('two concurrent refreshes with one token: one wins, the other gets invalid_grant', async () => {
    const { refresh_token } = sandbox.control.issueTokens({ tenantId: smallTenant, scopes: ['invoice'] });
    const results = await Promise.all([refresh(refresh_token), refresh(refresh_token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('lives 45 days', async () => {
    const young = sandbox.control.issueTokens({ tenantId: smallTenant, scopes: ['invoice'] }).refresh_token;
    const old = sandbox.control.issueTokens({ tenantId: smallTenant, scopes: ['invoice'] }).refresh_token;
    sandbox.control.advanceClock(44 * 86_400_000);
    expect((await refresh(young)).status).toBe(200);
    sandbox.control.advanceClock(86_400_000);
    const res = await refresh(old);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('is refused for unknown tokens', async () => {
    const res = await refresh('never-issued');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('access tokens', () => {
  it('live 3600 s', async () => {
    const { access_token } = sandbox.control.issueTokens({ tenantId: smallTenant, scopes: ['companyinformation'] });
    sandbox.control.advanceClock(3599_000);
    expect(await companyInfoStatus(access_token)).toBe(200);
    sandbox.control.advanceClock(1_000);
    expect(await companyInfoStatus(access_token)).toBe(401);
  });

  it('expireAccessTokens() expires every token issued so far, not later ones', async () => {
    const a = sandbox.control.issueTokens({ tenantId: smallTenant, scopes: ['companyinformation'] });
    sandbox.control.expireAccessTokens();
    expect(await companyInfoStatus(a.access_token)).toBe(401);
    // The refresh token still works and gives a live access token.
    const refreshed = await refresh(a.refresh_token);
    expect(await companyInfoStatus(refreshed.body.access_token ?? '')).toBe(200);
  });
});

describe('client_credentials', () => {
  it('mints a tenant-scoped access token without a refresh token', async () => {
    const res = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: smallTenant });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.body)).toEqual(['access_token', 'scope', 'expires_in', 'token_type']);
    // The demo service accounts are pre-approved for the customer and the supplier side (each with its register, the suppliers' with scans) and their payments.
    expect(res.body).toMatchObject({ expires_in: 3600, token_type: 'bearer', scope: 'invoice companyinformation supplierinvoice customer supplier payment connectfile archive' });
    const info = await getJson<{ CompanyInformation: { DatabaseNumber: number } }>(`${sandbox.apiUrl}/3/companyinformation`, res.body.access_token);
    expect(info.body.CompanyInformation.DatabaseNumber).toBe(Number(smallTenant));
  });

  it('needs the TenantId header and a known tenant', async () => {
    const missing = await tokenRequest(sandbox, { grant_type: 'client_credentials' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const unknown = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: '123' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_grant');
  });

  it('gives the licence error for an unlicensed company', async () => {
    const res = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: company(sandbox, 'unlicensed').tenantId });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'error_missing_app_license', error_description: 'Resource owner does not have enough licenses' });
  });

  it('needs Basic client authentication', async () => {
    const res = await postForm(`${sandbox.authUrl}/oauth-v1/token`, { grant_type: 'client_credentials' }, { TenantId: smallTenant });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
});

describe('POST /oauth-v1/revoke', () => {
  const revoke = (token: string, auth = basicAuth(sandbox.clientId, sandbox.clientSecret)) =>
    postForm(`${sandbox.authUrl}/oauth-v1/revoke`, { token_type_hint: 'refresh_token', token }, { Authorization: auth });

  it('kills the refresh token (and the access tokens of its grant), answering {"revoked": true}', async () => {
    const pair = (await exchange(code())).body;
    expect(sandbox.control.refreshTokenStatus(pair.refresh_token ?? '')).toBe('active');
    const res = await revoke(pair.refresh_token ?? '');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(sandbox.control.refreshTokenStatus(pair.refresh_token ?? '')).toBe('revoked');
    const after = await refresh(pair.refresh_token ?? '');
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
    expect(await companyInfoStatus(pair.access_token ?? '')).toBe(401);
  });

  it('answers 200 for an unknown token and 401 without client credentials', async () => {
    expect(await revoke('never-issued')).toMatchObject({ status: 200, body: { revoked: true } });
    expect(sandbox.control.refreshTokenStatus('never-issued')).toBe('unknown');
    expect((await revoke('x', basicAuth(sandbox.clientId, 'wrong'))).status).toBe(401);
  });
});
