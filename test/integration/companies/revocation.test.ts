/**
 * Revocation against two sandboxes over HTTP: a disconnect revokes at the service that issued the
 * token, even after the settings changed, and never sends a token or a secret to another service;
 * a revoke that fails is reported to the user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import type { ServiceConfig } from '../../../electron/settings/settings-service';
import { configOf, setupRegistry } from './support';

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

async function connected(service: { current: ServiceConfig }, key: 'small' | 'large' | 'empty') {
  const setup = setupRegistry(service, [a, b], { tenantOf: () => tenant(a, key) });
  await setup.registry.startConnect(false);
  const id = await setup.done();
  const refreshToken = [...setup.vault.held.values()][0]!;
  return { ...setup, id, refreshToken };
}

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
