/**
 * Revocation against two sandboxes over HTTP: a reconnect revokes the refresh token it replaced
 * (after storing the new one); a disconnect revokes at the service that issued the token, even
 * after the settings changed, and never sends a token or a secret to another service; a revoke
 * that fails is reported to the user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import type { ServiceConfig } from '../../../electron/settings/settings-service';
import { configOf, setupRegistry } from './helpers';

let a: Sandbox;
let b: Sandbox;
beforeAll(async () => {
  [a, b] = await Promise.all([startSandbox({ largeInvoiceCount: 10 }), startSandbox({ largeInvoiceCount: 10 })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});
afterEach(() => {
  a.control.clearFaults();
  b.control.clearFaults();
});

const tenant = (sandbox: Sandbox, key: 'small' | 'large' | 'empty') => sandbox.companies.find((c) => c.key === key)!.tenantId;
const list = { limit: 5 };

async function connected(service: { current: ServiceConfig }, key: 'small' | 'large' | 'empty') {
  const setup = setupRegistry(service, [a, b], { tenantOf: () => tenant(a, key) });
  await setup.registry.startConnect(false);
  const id = await setup.done();
  const refreshToken = [...setup.vault.held.values()][0]!;
  return { ...setup, id, refreshToken };
}

describe('reconnect', () => {
  it('revokes the replaced refresh token at the service, after the new one is stored', async () => {
    const service = { current: configOf(a) };
    const { registry, id, refreshToken: first, vault, timeline, events, done } = await connected(service, 'small');
    events.length = 0;
    await registry.startConnect(false, id);
    expect(await done()).toBe(id);
    await expect.poll(() => a.control.refreshTokenStatus(first)).toBe('revoked');
    const second = vault.held.get([...vault.held.keys()][0]!)!;
    expect(second).not.toBe(first);
    expect(a.control.refreshTokenStatus(second)).toBe('active');
    expect(timeline.indexOf(`revoke:${first}@${new URL(a.authUrl).origin}`)).toBeGreaterThan(timeline.indexOf(`stored:${second}`));
    // The reconnected company works on its new connection.
    await registry.withSession(id, (s) => s.listPage('invoices', list, { priority: 'interactive' }), 'invoices');
    expect(registry.list().companies[0]!.status).toBe('connected');
    await registry.close();
  });

  it('with a refresh in flight: the new token stays stored, the old grant’s newest token is revoked, and requests meanwhile use the new connection', async () => {
    const service = { current: configOf(a) };
    const { registry, id, refreshToken: first, vault, timeline, events, done } = await connected(service, 'large');
    a.control.advanceClock(3_600_000); // the access token expired: the next call refreshes...
    a.control.injectFault('token', { latencyMs: [1500, 1500], count: 1 }); // ...slowly
    const during = registry.withSession(id, (s) => s.listPage('invoices', list, { priority: 'interactive' }), 'invoices').catch((error: unknown) => error);
    await expect.poll(() => a.control.refreshTokenStatus(first)).toBe('rotated'); // the refresh reached the service
    events.length = 0;
    await registry.startConnect(false, id);
    // While the reconnect waits for that refresh, a request asks for the company's session.
    await expect.poll(() => events.some((e) => (e.payload as { phase?: string }).phase === 'reading-company')).toBe(true);
    const meanwhile = registry.withSession(id, (s) => s.listPage('invoices', list, { priority: 'interactive' }), 'invoices');
    expect(await done()).toBe(id);
    await expect(meanwhile).resolves.toMatchObject({ currentPage: 1 });
    await during;

    const issued = timeline.filter((t) => t.startsWith('issued:')).at(-1)!.slice('issued:'.length);
    expect(vault.held.get([...vault.held.keys()][0]!)).toBe(issued); // not overwritten by the old session's rotated token
    expect(timeline.filter((t) => t.startsWith('stored:')).at(-1)).toBe(`stored:${issued}`);
    const revoked = timeline.filter((t) => t.startsWith('revoke:'));
    expect(revoked).toHaveLength(1);
    const rotated = revoked[0]!.slice('revoke:'.length).split('@')[0]!;
    expect(rotated).not.toBe(first); // the newest token of the old grant, the one still alive
    await expect.poll(() => a.control.refreshTokenStatus(rotated)).toBe('revoked');
    expect(a.control.refreshTokenStatus(issued)).toBe('active');
    expect(registry.list().companies[0]!.status).toBe('connected');
    await registry.close();
  });
});

describe('disconnect', () => {
  it('revokes the token and reports no warning', async () => {
    const { registry, id, refreshToken } = await connected({ current: configOf(a) }, 'small');
    const result = await registry.disconnect(id);
    expect(result.revokeWarning).toBeUndefined();
    expect(a.control.refreshTokenStatus(refreshToken)).toBe('revoked');
    await registry.close();
  });

  it('after the API address changed, still revokes at the auth URL the token was issued by (same client), and sends nothing to the new address', async () => {
    const service = { current: configOf(a) };
    const { registry, id, refreshToken, sent } = await connected(service, 'small');
    registry.resetConfiguredSessions();
    service.current = { ...configOf(a), apiUrl: b.apiUrl };
    const bBefore = b.control.counters().requests;
    sent.length = 0;
    const result = await registry.disconnect(id);
    expect(result.revokeWarning).toBeUndefined();
    expect(result.companies).toEqual([]);
    expect(a.control.refreshTokenStatus(refreshToken)).toBe('revoked');
    expect(sent.map((r) => r.url)).toEqual([`${a.authUrl}/oauth-v1/revoke`]);
    expect(b.control.counters().requests).toBe(bBefore);
    await registry.close();
  });

  it('after the settings changed to another service, sends neither the token nor the secret anywhere, and warns', async () => {
    const service = { current: configOf(a) };
    const { registry, id, refreshToken, sent, logs, vault } = await connected(service, 'small');
    registry.resetConfiguredSessions();
    // Another service (the sandboxes even share the client id and secret: the auth URL alone differs).
    service.current = configOf(b);
    const [aBefore, bBefore] = [a.control.counters(), b.control.counters()];
    sent.length = 0;
    const result = await registry.disconnect(id);
    expect(result.revokeWarning).toEqual({ companyName: 'Sandbox Småföretag AB', reason: 'other-service' });
    expect(result.companies).toEqual([]);
    expect(sent).toEqual([]); // no request at all: not the token, not b's secret
    expect(b.control.counters().requests).toBe(bBefore.requests);
    expect(a.control.counters().requests).toBe(aBefore.requests);
    expect(a.control.refreshTokenStatus(refreshToken)).toBe('active'); // honestly not revoked
    expect([...vault.held.keys()]).toEqual([]);
    expect(logs.map((l) => l.message).join('\n')).toMatch(new RegExp(`issued by ${a.authUrl}`));
    await registry.close();
  });

  it('a failing revoke (the service answers 503) still removes the company, logs, and warns', async () => {
    const { registry, id, refreshToken, logs, vault } = await connected({ current: configOf(a) }, 'small');
    a.control.injectFault('revoke', { status: 503 });
    const result = await registry.disconnect(id);
    expect(result.revokeWarning).toEqual({ companyName: 'Sandbox Småföretag AB', reason: 'failed' });
    expect(result.companies).toEqual([]);
    expect([...vault.held.keys()]).toEqual([]);
    expect(a.control.refreshTokenStatus(refreshToken)).toBe('active');
    expect(logs.some((l) => /Revoking .* failed/.test(l.message))).toBe(true);
    await registry.close();
  });

  it('a company stored before issuers were kept revokes at the configured service while its service key matches', async () => {
    const { registry, id, refreshToken, store } = await connected({ current: configOf(a) }, 'small');
    const records = store.data.get('companies') as Array<Record<string, unknown>>;
    for (const record of records) delete record['issuer'];
    store.data.set('companies', records);
    registry.resetConfiguredSessions();
    expect((await registry.disconnect(id)).revokeWarning).toBeUndefined();
    expect(a.control.refreshTokenStatus(refreshToken)).toBe('revoked');
    await registry.close();
  });
});
