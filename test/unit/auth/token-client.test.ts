import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../electron/kernel/clock';
import { createTokenClient } from '../../../electron/auth/token-client';
import { createFakeFetch, json } from '../api/helpers';

const base = { authUrl: 'https://auth.example/', clientId: 'the-client', clientSecret: 's3cr3t' };
const basic = `Basic ${Buffer.from('the-client:s3cr3t').toString('base64')}`;

describe('token client', () => {
  it('exchanges a code with Basic auth and a form body, parsing the recorded success shape', async () => {
    const clock = createFakeClock(1_000_000);
    const fake = createFakeFetch(() =>
      json(200, { access_token: 'at-1', refresh_token: 'rt-1', scope: 'invoice companyinformation', expires_in: 3600, token_type: 'bearer' }, { 'cache-control': 'no-store' }),
    );
    const client = createTokenClient({ ...base, fetch: fake.fetch, clock });
    const set = await client.exchangeCode('the-code', 'http://127.0.0.1:5000/callback');
    expect(set).toEqual({ accessToken: 'at-1', refreshToken: 'rt-1', expiresAt: 1_000_000 + 3_600_000, scopes: ['invoice', 'companyinformation'] });
    const call = fake.calls[0];
    expect(call?.url.toString()).toBe('https://auth.example/oauth-v1/token');
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toBe(basic);
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toEqual({ grant_type: 'authorization_code', code: 'the-code', redirect_uri: 'http://127.0.0.1:5000/callback' });
  });

  it('refreshes with the refresh token; expires_in as text is accepted', async () => {
    const fake = createFakeFetch(() => json(200, { access_token: 'at-2', refresh_token: 'rt-2', expires_in: '3600', token_type: 'Bearer' }));
    const client = createTokenClient({ ...base, fetch: fake.fetch, clock: createFakeClock(0) });
    const set = await client.refresh('rt-1');
    expect(set).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2', expiresAt: 3_600_000, scopes: [] });
    expect(Object.fromEntries(new URLSearchParams(fake.calls[0]?.body))).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt-1' });
  });

  it('client credentials send the TenantId header and return no refresh token', async () => {
    const fake = createFakeFetch(() => json(200, { access_token: 'svc', token_type: 'bearer', expires_in: 3600 }));
    const client = createTokenClient({ ...base, fetch: fake.fetch, clock: createFakeClock(0) });
    const set = await client.clientCredentials('123456');
    expect(set.refreshToken).toBeUndefined();
    expect(fake.calls[0]?.headers.tenantid).toBe('123456');
    expect(fake.calls[0]?.body).toBe('grant_type=client_credentials');
  });

  it("client credentials refused as a grant (unauthorized_client, or a refusal naming the service account) say the service account is not activated; invalid_client still says the credentials are wrong", async () => {
    const answers = [
      json(400, { error: 'unauthorized_client', error_description: 'Client does not allow service account' }),
      json(401, { error: 'invalid_client', error_description: 'Client does not allow service account' }),
      json(400, { error: 'invalid_grant', error_description: 'Unknown tenant' }),
      json(401, { error: 'invalid_client', error_description: 'The client credentials are invalid' }),
    ];
    const fake = createFakeFetch((_, i) => answers[i]!);
    const client = createTokenClient({ ...base, fetch: fake.fetch, clock: createFakeClock(0) });
    await expect(client.clientCredentials('123456')).rejects.toMatchObject({ kind: 'not-activated', serviceMessage: 'Client does not allow service account' });
    await expect(client.clientCredentials('123456')).rejects.toMatchObject({ kind: 'not-activated' });
    await expect(client.clientCredentials('123456')).rejects.toMatchObject({ kind: 'not-activated' });
    await expect(client.clientCredentials('123456')).rejects.toMatchObject({ kind: 'unauthorized', message: expect.stringMatching(/invalid_client/) });
  });

  it('revokes with token_type_hint and treats an already invalid token as done', async () => {
    const fake = createFakeFetch((_, i) => (i === 0 ? new Response(null, { status: 200 }) : json(400, { error: 'invalid_grant' })));
    const client = createTokenClient({ ...base, fetch: fake.fetch });
    await client.revoke('rt-9');
    await client.revoke('rt-9');
    expect(fake.calls[0]?.url.pathname).toBe('/oauth-v1/revoke');
    expect(Object.fromEntries(new URLSearchParams(fake.calls[0]?.body))).toEqual({ token_type_hint: 'refresh_token', token: 'rt-9' });
  });

  it('revoke: {"revoked": true} (and an empty 200) is done; {"revoked": false} is an error', async () => {
    const answers = [json(200, { revoked: true }), new Response('', { status: 200 }), json(200, { revoked: false })];
    const fake = createFakeFetch((_, i) => answers[i]!);
    const client = createTokenClient({ ...base, fetch: fake.fetch });
    await client.revoke('rt-1');
    await client.revoke('rt-2');
    await expect(client.revoke('rt-3')).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/did not revoke/) });
  });

  it.each([
    [400, { error: 'invalid_grant', error_description: 'Invalid refresh token' }, 'needs-reconnect'],
    [401, { error: 'invalid_client', error_description: 'The client credentials are invalid' }, 'unauthorized'],
    [400, { error: 'error_missing_app_license', error_description: 'Resource owner does not have enough licenses' }, 'licence-missing'],
    [400, { error: 'invalid_scope' }, 'scope-missing'],
    [400, { error: 'invalid_request' }, 'bad-request'],
    [429, { message: 'slow down' }, 'rate-limited'],
    [503, undefined, 'unavailable'],
  ] as const)('classifies HTTP %i %j as %s', async (status, body, kind) => {
    const fake = createFakeFetch(() => (body === undefined ? new Response('oops', { status }) : json(status, body)));
    const client = createTokenClient({ ...base, fetch: fake.fetch });
    const error = await client.refresh('rt').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind });
  });

  it('invalid_client carries a remedy about the client credentials, and no secret in any message', async () => {
    const fake = createFakeFetch(() => json(401, { error: 'invalid_client', error_description: 'The client credentials are invalid' }));
    const client = createTokenClient({ ...base, fetch: fake.fetch });
    const error = await client.refresh('rt-secret-value').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized', remedy: expect.stringMatching(/client ID|client secret/) });
    const text = JSON.stringify((error as { toInfo(): unknown }).toInfo());
    expect(text).not.toContain('s3cr3t');
    expect(text).not.toContain('rt-secret-value');
  });

  it('network failures and unreadable bodies are unavailable', async () => {
    const down = createTokenClient({ ...base, fetch: async () => { throw new TypeError('fetch failed'); } });
    await expect(down.refresh('rt')).rejects.toMatchObject({ kind: 'unavailable', retryable: true });
    const garbled = createTokenClient({ ...base, fetch: async () => new Response('<html>', { status: 200 }) });
    await expect(garbled.refresh('rt')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('times out on the injected clock', async () => {
    const clock = createFakeClock(0);
    const fake = createFakeFetch(() => new Promise<Response>(() => undefined));
    const client = createTokenClient({ ...base, fetch: fake.fetch, clock, timeoutMs: 10_000 });
    const pending = client.refresh('rt').catch((e: unknown) => e);
    await clock.advance(10_000);
    expect(await pending).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/10 s/) });
  });

  it('a caller abort is cancelled, not unavailable', async () => {
    const fake = createFakeFetch(() => new Promise<Response>(() => undefined));
    const client = createTokenClient({ ...base, fetch: fake.fetch, clock: createFakeClock(0) });
    const controller = new AbortController();
    const pending = client.refresh('rt', controller.signal).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'cancelled' });
  });
});
