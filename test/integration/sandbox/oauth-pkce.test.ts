// PKCE (RFC 7636) at the sandbox: a challenge given on the authorization request binds the code to
// its verifier; only S256 is accepted; a request without PKCE still works (the real service may
// not know PKCE, so the client must not depend on it being checked).

import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { company, locationParams, postForm, REDIRECT_URI, tokenRequest } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 10 });
});
afterAll(() => sandbox.close());

/** A verifier and its S256 challenge, computed here independently of both implementations. */
function pair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authUrl(extra: Record<string, string>): string {
  const params = new URLSearchParams({
    client_id: sandbox.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'invoice companyinformation',
    state: 'st',
    response_type: 'code',
    access_type: 'offline',
    ...extra,
  });
  return `${sandbox.authUrl}/oauth-v1/auth?${params.toString()}`;
}

/** The consent page approved for the small company, as the browser would: returns the code. */
async function approve(extra: Record<string, string>): Promise<string> {
  const page = await fetch(authUrl(extra));
  expect(page.status).toBe(200);
  const requestId = /name="request_id" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const res = await postForm(`${sandbox.authUrl}/oauth-v1/auth`, { request_id: requestId, decision: 'approve', company: company(sandbox, 'small').tenantId });
  return locationParams(res.headers.get('location')).get('code') ?? '';
}

function exchange(code: string, verifier?: string) {
  return tokenRequest(sandbox, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, ...(verifier === undefined ? {} : { code_verifier: verifier }) });
}

describe('the authorization request', () => {
  const { challenge } = pair();
  const refused: Array<[string, Record<string, string>]> = [
    ['code_challenge_method', { code_challenge: challenge, code_challenge_method: 'plain' }],
    ['code_challenge_method', { code_challenge: challenge, code_challenge_method: 's256' }],
    ['code_challenge_method', { code_challenge: challenge }], // no method means "plain" (RFC 7636 section 4.3)
    ['code_challenge', { code_challenge_method: 'S256' }],
    ['code_challenge', { code_challenge: 'too-short', code_challenge_method: 'S256' }],
    ['code_challenge', { code_challenge: `${challenge}=`, code_challenge_method: 'S256' }],
  ];
  it.each(refused)('refuses a bad %s with a 400 page naming it (%o)', async (parameter, extra) => {
    const res = await fetch(authUrl(extra));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`<code>${parameter}</code>`);
    expect(html).not.toContain('name="decision"');
  });

  it('refuses a repeated code_challenge', async () => {
    const url = `${authUrl({ code_challenge: challenge, code_challenge_method: 'S256' })}&code_challenge=${challenge}`;
    expect((await fetch(url)).status).toBe(400);
  });
});

describe('the code exchange of a code issued with a challenge', () => {
  it('needs the matching verifier; a missing, malformed or wrong one is invalid_grant and does not use the code up', async () => {
    const { verifier, challenge } = pair();
    const code = await approve({ code_challenge: challenge, code_challenge_method: 'S256' });
    const before = sandbox.control.counters().invalidGrant;
    const oneCharOff = `${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [undefined, 'short', pair().verifier, oneCharOff]) {
      const res = await exchange(code, bad);
      expect(res.status).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({ error: 'invalid_grant', error_description: expect.stringMatching(/code_verifier/) });
    }
    expect(sandbox.control.counters().invalidGrant).toBe(before + 4);
    const ok = await exchange(code, verifier);
    expect(ok.status).toBe(200);
    expect(ok.body.refresh_token).toBeTruthy();
    expect((await exchange(code, verifier)).status).toBe(400); // and then it is used up, as always
  });

  it('accepts a verifier of 128 characters', async () => {
    const verifier = 'a-._~'.repeat(25) + 'xyz';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = sandbox.control.authorize({ tenantId: company(sandbox, 'small').tenantId, scopes: ['invoice'], redirectUri: REDIRECT_URI, codeChallenge: challenge });
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it('control.authorize binds the code to a challenge too, and refuses a malformed one', async () => {
    const { verifier, challenge } = pair();
    const tenantId = company(sandbox, 'small').tenantId;
    const code = sandbox.control.authorize({ tenantId, scopes: ['invoice'], redirectUri: REDIRECT_URI, codeChallenge: challenge });
    expect((await exchange(code)).status).toBe(400);
    expect((await exchange(code, verifier)).status).toBe(200);
    expect(() => sandbox.control.authorize({ tenantId, scopes: ['invoice'], redirectUri: REDIRECT_URI, codeChallenge: 'x' })).toThrow(/code_challenge/);
  });
});

describe('without PKCE', () => {
  it('an authorization request without a challenge still works, with or without a verifier on the exchange', async () => {
    expect((await exchange(await approve({}))).status).toBe(200);
    // A client that sends a verifier to a code issued without a challenge is not refused: the
    // real service may ignore PKCE altogether, and a client cannot know whether it did.
    expect((await exchange(await approve({}), pair().verifier)).status).toBe(200);
  });
});
