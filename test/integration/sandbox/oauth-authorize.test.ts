// The authorization endpoint: every parameter of the authorization request (docs/service.md, Authorization) checked, the consent page, and the
// redirects for Approve, Deny and an unlicensed company (the browser flow is in test/e2e).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { company, locationParams, postForm, REDIRECT_URI, tokenRequest } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 1000 });
});
afterAll(() => sandbox.close());

function authParams(overrides: Record<string, string | null> = {}): URLSearchParams {
  const base: Record<string, string | null> = {
    client_id: sandbox.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'invoice companyinformation',
    state: 'st-123',
    response_type: 'code',
    access_type: 'offline',
    ...overrides,
  };
  return new URLSearchParams(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== null));
}

async function authPage(params: URLSearchParams): Promise<{ status: number; html: string; headers: Headers }> {
  const res = await fetch(`${sandbox.authUrl}/oauth-v1/auth?${params.toString()}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** Renders the consent page and submits it the way the browser would. */
async function consent(params: URLSearchParams, decision: 'approve' | 'deny', tenantId?: string) {
  const page = await authPage(params);
  expect(page.status).toBe(200);
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.html)?.[1];
  expect(requestId).toBeTruthy();
  const form: Record<string, string> = { request_id: requestId ?? '', decision, email: 'demo@sandbox.invalid', password: 'x' };
  if (tenantId) form['company'] = tenantId;
  return postForm(`${sandbox.authUrl}/oauth-v1/auth`, form);
}

describe('GET /oauth-v1/auth validates every parameter', () => {
  const cases: Array<[string, Record<string, string | null>]> = [
    ['client_id', { client_id: null }],
    ['client_id', { client_id: 'someone-else' }],
    ['redirect_uri', { redirect_uri: null }],
    ['redirect_uri', { redirect_uri: 'http://localhost:53682/callback' }],
    ['redirect_uri', { redirect_uri: 'https://evil.example/callback' }],
    ['redirect_uri', { redirect_uri: 'http://0.0.0.0:53682/callback' }],
    ['redirect_uri', { redirect_uri: 'not a url' }],
    ['scope', { scope: null }],
    ['scope', { scope: 'invoice invoices' }],
    ['state', { state: null }],
    ['state', { state: '' }],
    ['response_type', { response_type: null }],
    ['response_type', { response_type: 'token' }],
    ['access_type', { access_type: null }],
    ['access_type', { access_type: 'online' }],
    ['account_type', { account_type: 'robot' }],
  ];
  it.each(cases)('names %s in a 400 error page (%o)', async (parameter, overrides) => {
    const page = await authPage(authParams(overrides));
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.html).toContain(`<code>${parameter}</code>`);
    expect(page.html).toContain('Sandbox');
    expect(page.html).not.toContain('name="decision"');
  });

  it('names the unknown scope', async () => {
    const page = await authPage(authParams({ scope: 'invoice invoices' }));
    expect(page.html).toContain('unknown scope: invoices');
  });

  it('accepts a loopback redirect on any port, on 127.0.0.1 and [::1]', async () => {
    for (const uri of ['http://127.0.0.1:1/cb', 'http://127.0.0.1:65000/a/b?x=1', 'http://[::1]:40000/callback']) {
      expect((await authPage(authParams({ redirect_uri: uri }))).status).toBe(200);
    }
  });

  it('accepts all 24 scopes and account_type=service', async () => {
    const all =
      'archive article assets bookkeeping companyinformation connectfile costcenter currency customer inbox invoice financeinvoice order payment price print profile project salary salesapi settings supplier supplierinvoice timereporting';
    expect((await authPage(authParams({ scope: all }))).status).toBe(200);
    expect((await authPage(authParams({ account_type: 'service' }))).status).toBe(200);
  });
});

describe('the consent page', () => {
  it('is labelled as the sandbox and lists exactly the requested scopes', async () => {
    const page = await authPage(authParams({ scope: 'invoice companyinformation' }));
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<p class="badge">Sandbox<\/p>/);
    const listed = [...page.html.matchAll(/data-scope="([^"]+)"/g)].map((m) => m[1]);
    expect(listed).toEqual(['invoice', 'companyinformation']);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('offers every demo company by name, the first licensed one preselected, and Approve/Deny buttons', async () => {
    const page = await authPage(authParams());
    for (const c of sandbox.companies) expect(page.html).toContain(`>${c.name}</label>`);
    const checked = /value="(\d+)" checked/.exec(page.html)?.[1];
    expect(checked).toBe(sandbox.companies.find((c) => c.licensed)?.tenantId);
    expect(page.html).toMatch(/<button[^>]*value="approve">Approve<\/button>/);
    expect(page.html).toMatch(/<button[^>]*value="deny">Deny<\/button>/);
    // Every input has a label.
    for (const id of [...page.html.matchAll(/<input[^>]*id="([^"]+)"/g)].map((m) => m[1])) {
      expect(page.html).toContain(`<label for="${id}">`);
    }
  });

  it('escapes what it shows', async () => {
    const page = await authPage(authParams({ state: '"><script>alert(1)</script>' }));
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>');
  });
});

describe('the consent decision', () => {
  it('Approve redirects with a code and the state; the code exchanges for tokens', async () => {
    const res = await consent(authParams({ state: 'abc 123' }), 'approve', company(sandbox, 'small').tenantId);
    expect(res.status).toBe(302);
    const params = locationParams(res.headers.get('location'));
    expect(params.get('state')).toBe('abc 123');
    const code = params.get('code');
    expect(code).toBeTruthy();
    expect(res.headers.get('location')?.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    const tokens = await tokenRequest(sandbox, { grant_type: 'authorization_code', code: code ?? '', redirect_uri: REDIRECT_URI });
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe('invoice companyinformation');
  });

  it('keeps the query of the redirect URI', async () => {
    const uri = 'http://127.0.0.1:53682/cb?app=1';
    const res = await consent(authParams({ redirect_uri: uri }), 'approve', company(sandbox, 'small').tenantId);
    const params = locationParams(res.headers.get('location'));
    expect(params.get('app')).toBe('1');
    expect(params.get('code')).toBeTruthy();
  });

  it('Deny redirects with error=access_denied and the state', async () => {
    const res = await consent(authParams(), 'deny');
    expect(res.status).toBe(302);
    const params = locationParams(res.headers.get('location'));
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_description')).toBeTruthy();
    expect(params.get('state')).toBe('st-123');
    expect(params.get('code')).toBeNull();
  });

  it('approving an unlicensed company redirects with error_missing_app_license', async () => {
    const res = await consent(authParams(), 'approve', company(sandbox, 'unlicensed').tenantId);
    const params = locationParams(res.headers.get('location'));
    expect(params.get('error')).toBe('error_missing_app_license');
    expect(params.get('error_description')).toBe('Resource owner does not have enough licenses');
    expect(params.get('state')).toBe('st-123');
    expect(params.get('code')).toBeNull();
  });

  it('a consent page can be answered once', async () => {
    const page = await authPage(authParams());
    const requestId = /name="request_id" value="([^"]+)"/.exec(page.html)?.[1] ?? '';
    const form = { request_id: requestId, decision: 'approve', company: company(sandbox, 'small').tenantId };
    expect((await postForm(`${sandbox.authUrl}/oauth-v1/auth`, form)).status).toBe(302);
    const again = await postForm(`${sandbox.authUrl}/oauth-v1/auth`, form);
    expect(again.status).toBe(400);
    expect(again.text).toContain('<code>request_id</code>');
  });

  it('account_type=service approval authorises the client-credentials grant with the approved scopes', async () => {
    const empty = company(sandbox, 'empty');
    const res = await consent(authParams({ account_type: 'service', scope: 'invoice' }), 'approve', empty.tenantId);
    expect(locationParams(res.headers.get('location')).get('code')).toBeTruthy();
    const tokens = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: empty.tenantId });
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe('invoice');
  });
});

describe('registered redirect URIs', () => {
  it('allows only the exact registered URIs when configured', async () => {
    const registered = 'http://127.0.0.1:8765/oauth/callback';
    const strict = await startSandbox({ largeInvoiceCount: 10, redirectUris: [registered] });
    try {
      const url = (uri: string) =>
        `${strict.authUrl}/oauth-v1/auth?${new URLSearchParams({ client_id: strict.clientId, redirect_uri: uri, scope: 'invoice', state: 's', response_type: 'code', access_type: 'offline' }).toString()}`;
      expect((await fetch(url(registered))).status).toBe(200);
      const other = await fetch(url('http://127.0.0.1:8766/oauth/callback'));
      expect(other.status).toBe(400);
      expect(await other.text()).toContain('not one of the registered redirect URIs');
      expect(() => strict.control.authorize({ tenantId: '8000001', scopes: ['invoice'], redirectUri: REDIRECT_URI })).toThrow(/redirect URI/);
    } finally {
      await strict.close();
    }
  });
});
