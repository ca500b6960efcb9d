/**
 * The company registry against the sandbox over HTTP (the browser is played by support.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_NAME_MAX_LENGTH } from '../../../electron/common/companies';
import { defaultNotificationSettings, notificationText } from '../../../electron/common/digest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import type { ServiceConfig } from '../../../electron/settings/settings-service';
import { configOf, refreshStatus, setupRegistry } from './helpers';

describe('company registry', () => {
  let a: Sandbox;
  let b: Sandbox;
  beforeAll(async () => {
    [a, b] = await Promise.all([startSandbox({ largeInvoiceCount: 600 }), startSandbox({ largeInvoiceCount: 600 })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const setup = (service: { current: ServiceConfig }, tenantOf: () => string) => setupRegistry(service, [a, b], { tenantOf });

  it('never sends a company’s tokens to a service other than the one it was connected to', async () => {
    const service = { current: configOf(a) };
    const small = a.companies.find((c) => c.key === 'small')!;
    const { registry, done } = setup(service, () => small.tenantId);
    await registry.startConnect(false);
    const id = await done();
    await registry.withSession(id, (s) => s.listPage('invoices', { limit: 5 }, { priority: 'interactive' }), 'invoices');

    // The settings now point at another service: the company is not loaded against it.
    registry.resetConfiguredSessions();
    service.current = configOf(b);
    const bBefore = b.control.counters();
    await expect(registry.withSession(id, (s) => s.listPage('invoices', { limit: 5 }, { priority: 'interactive' }), 'invoices')).rejects.toMatchObject({ kind: 'needs-reconnect' });
    expect(registry.list().companies[0]!.status).toBe('needs-reconnect');
    expect(b.control.counters().requests).toBe(bBefore.requests);
    expect(b.control.counters().tokenRequests).toEqual(bBefore.tokenRequests);
    await registry.close();
  });

  it('disconnect while a refresh is due revokes the newest refresh token and leaves no secret', async () => {
    const service = { current: configOf(a) };
    const large = a.companies.find((c) => c.key === 'large')!;
    const { registry, vault, store, done } = setup(service, () => large.tenantId);
    const earlier = new Set(a.control.issuedTokens());
    await registry.startConnect(false);
    const id = await done();
    a.control.advanceClock(3_600_000); // the access token is expired: the next call refreshes
    const browsing = registry.withSession(id, (s) => s.listPage('invoices', { limit: 5 }, { priority: 'interactive' }), 'invoices').catch((e: unknown) => e);
    const list = await registry.disconnect(id);
    await browsing;
    expect(list.companies).toEqual([]);
    expect(store.data.get('companies')).toEqual([]);
    expect([...vault.held.keys()]).toEqual([]); // no refresh token left in the vault
    // Every refresh token this company ever had is dead at the service.
    const issued = a.control.issuedTokens().filter((token) => !earlier.has(token));
    expect(issued.length).toBeGreaterThanOrEqual(2);
    const statuses = await Promise.all(issued.map((token) => refreshStatus(a, token)));
    expect(statuses.every((status) => status !== 200)).toBe(true);
    await registry.close();
  });

  it('a company that names itself with 10 kB of escapes, a bidi override and a link is kept, and notified, as a short visible name', async () => {
    const service = { current: configOf(a) };
    const small = a.companies.find((c) => c.key === 'small')!;
    a.control.setCompanyName(small.tenantId, `\u202eBA gatefröS\u001b[2J\r\n<a href="https://evil.example/">Byrån: logga in igen</a>${'X'.repeat(10_000)}`);
    try {
      const { registry, done } = setup(service, () => small.tenantId);
      await registry.startConnect(false);
      await done();
      const name = registry.list().companies[0]!.name;
      expect(name).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(name.startsWith('BA gatefröS[2J <a href="https://evil.example/">Byrån: logga in igen</a>XXX')).toBe(true);
      expect(Array.from(name)).toHaveLength(COMPANY_NAME_MAX_LENGTH);
      const body = notificationText(name, [{ kind: 'invoice-paid', count: 1, sums: { SEK: 100 } }], defaultNotificationSettings, 'en') as string;
      expect(body).toMatch(/^BA gatefröS\[2J &lt;a href="https:\/\/evil.example\/"&gt;Byrån: logga in igen&lt;\/a&gt;X+…: 1 payment, SEK 100$/);
      await registry.close();
    } finally {
      a.control.setCompanyName(small.tenantId, small.name);
    }
  });

  it('a reconnect that approves another company changes nothing and revokes what it got', async () => {
    const service = { current: configOf(a) };
    const [small, large] = [a.companies.find((c) => c.key === 'small')!, a.companies.find((c) => c.key === 'large')!];
    let tenant = small.tenantId;
    const { registry, done, events } = setup(service, () => tenant);
    await registry.startConnect(false);
    const id = await done();
    tenant = large.tenantId;
    events.length = 0;
    await registry.startConnect(false, id);
    await expect(done()).rejects.toThrow(/not Sandbox Småföretag AB/);
    expect(registry.list().companies.map((c) => c.id)).toEqual([id]);
    await registry.close();
  });
});
