/**
 * The browser connect flow of the registry against the sandbox over HTTP: PKCE, and one loopback
 * server however often Connect is pressed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { configOf, setupRegistry } from './helpers';

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
    // A refused code reads as a refused sign-in, not as an expired connection (there is none yet).
    await expect(done()).rejects.toMatchObject({ kind: 'unauthorized', message: expect.stringMatching(/invalid_grant/) });
    expect(sandbox.control.counters().invalidGrant).toBe(before + 1);
    expect(registry.list().companies).toEqual([]);
    await registry.close();
  });
});

/**
 * TCP servers open in this process (the sandbox's own included: compare before and after). A
 * closed server's port is free at once, but its handle is listed until the next turn of the event
 * loop, so the counts are polled.
 */
const listening = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

function redirectPortOf(authorizationUrl: string): number {
  return Number(new URL(new URL(authorizationUrl).searchParams.get('redirect_uri')!).port);
}

describe('Connect pressed twice at once', () => {
  it('leaves exactly one loopback server listening: the newest start wins, and both calls get its flow', async () => {
    const { registry, done, opened, events } = setupRegistry({ current: configOf(sandbox) }, [sandbox], {
      tenantOf: () => small().tenantId,
      // The browser only records what it was asked to open; the test answers for it below.
      registry: { openExternal: async (url) => void opened.push(url) },
    });
    const before = listening();
    const starts = await Promise.all([registry.startConnect(false), registry.startConnect(false), registry.startConnect(false)]);
    await expect.poll(listening).toBe(before + 1);
    expect(new Set(starts.map((s) => s.flowId)).size).toBe(1);
    expect(opened).toEqual([starts[0]!.authorizationUrl]); // one browser tab
    expect(events.filter((e) => e.channel === 'connect:progress')).toHaveLength(1);

    // The one flow works: its callback completes it.
    const url = new URL(starts[0]!.authorizationUrl);
    const code = sandbox.control.authorize({
      tenantId: small().tenantId,
      scopes: ['invoice', 'companyinformation'],
      redirectUri: url.searchParams.get('redirect_uri')!,
      codeChallenge: url.searchParams.get('code_challenge')!,
    });
    await fetch(`http://127.0.0.1:${redirectPortOf(starts[0]!.authorizationUrl)}/callback?code=${code}&state=${url.searchParams.get('state')}`);
    expect(await done()).toMatch(/8000001$/);
    await expect.poll(listening).toBe(before);
    await registry.close();
  });

  it('a later start closes the earlier flow\'s server and cancels it', async () => {
    const { registry, events } = setupRegistry({ current: configOf(sandbox) }, [sandbox], {
      tenantOf: () => small().tenantId,
      registry: { openExternal: async () => undefined },
    });
    const before = listening();
    const first = await registry.startConnect(false);
    const second = await registry.startConnect(false);
    expect(second.flowId).not.toBe(first.flowId);
    await expect.poll(listening).toBe(before + 1);
    await expect(fetch(`http://127.0.0.1:${redirectPortOf(first.authorizationUrl)}/callback`)).rejects.toThrow();
    await expect
      .poll(() => events.some((e) => (e.payload as { flowId: string; phase: string }).flowId === first.flowId && (e.payload as { phase: string }).phase === 'cancelled'))
      .toBe(true);
    await registry.close();
    await expect.poll(listening).toBe(before);
  });
});
