import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../electron/kernel/clock';
import { buildAuthorizationUrl } from '../../../electron/auth/authorization-url';
import { createPkce, s256 } from '../../../electron/auth/pkce';
import { createTokenClient } from '../../../electron/auth/token-client';
import { createFakeFetch, json } from '../api/helpers';

describe('PKCE (RFC 7636)', () => {
  it('makes a fresh 43-character unreserved verifier from 32 random bytes, and its S256 challenge', () => {
    const a = createPkce();
    const b = createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/); // base64url of 32 bytes, within 43..128 unreserved
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.challenge).toBe(createHash('sha256').update(a.verifier).digest('base64url'));
    // RFC 7636 appendix B's example, so the encoding is the standard one.
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('puts the challenge and method S256 on the authorization URL (never the verifier)', () => {
    const pkce = createPkce();
    const url = new URL(
      buildAuthorizationUrl({ authUrl: 'https://auth.example', clientId: 'c', redirectUri: 'http://127.0.0.1:1/callback', scopes: ['invoice'], state: 's', codeChallenge: pkce.challenge }),
    );
    expect(url.searchParams.get('code_challenge')).toBe(pkce.challenge);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.toString()).not.toContain(pkce.verifier);
  });

  it('sends the verifier on the code exchange', async () => {
    const fake = createFakeFetch(() => json(200, { access_token: 'at', refresh_token: 'rt', expires_in: 3600, token_type: 'bearer' }));
    const client = createTokenClient({ authUrl: 'https://auth.example', clientId: 'c', clientSecret: 's', fetch: fake.fetch, clock: createFakeClock(0) });
    await client.exchangeCode('the-code', 'http://127.0.0.1:1/callback', { codeVerifier: 'v'.repeat(43) });
    expect(Object.fromEntries(new URLSearchParams(fake.calls[0]?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://127.0.0.1:1/callback',
      code_verifier: 'v'.repeat(43),
    });
  });
});
