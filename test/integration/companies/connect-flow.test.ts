/**
 * The browser connect flow of the registry against the sandbox over HTTP: PKCE, and one loopback
 * server however often Connect is pressed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { configOf, setupRegistry } from './support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 10 });
});
afterAll(async () => {
  await sandbox?.close();
});

const small = () => sandbox.companies.find((c) => c.key === 'small')!;

describe('PKCE in the connect flow', () => {
  it('sends an S256 challenge and exchanges the code with its verifier', async () => {
    const { registry, done, opened, sent } = setupRegistry({ current: configOf(sandbox) }, [sandbox], { tenantOf: () => small().tenantId });
    await registry.startConnect(false);
    // The "browser" binds the code to the challenge it saw, so the exchange succeeds only if the
    // app sends the verifier of that very challenge.
    expect(await done()).toMatch(/8000001$/);
    const url = new URL(opened[0]!);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const exchange = new URLSearchParams(sent.find((r) => r.url.endsWith('/oauth-v1/token'))!.body);
    expect(exchange.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(url.toString()).not.toContain(exchange.get('code_verifier'));
    await registry.close();
  });

  it('a code bound to another challenge (one the app did not make) is refused at the exchange', async () => {
    const foreign = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'; // RFC 7636's example: not this flow's
    const { registry, done } = setupRegistry({ current: configOf(sandbox) }, [sandbox], { tenantOf: () => small().tenantId, challengeOf: () => foreign });
    const before = sandbox.control.counters().invalidGrant;
    await registry.startConnect(false);
    await expect(done()).rejects.toThrow(/invalid_grant/);
    expect(sandbox.control.counters().invalidGrant).toBe(before + 1);
    expect(registry.list().companies).toEqual([]);
    await registry.close();
  });
});
