/**
 * The service drops a refresh token unused for 45 days: a company says so a week before, and an app
 * that starts now and then renews a connection not renewed for a week.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../../electron/companies/company-store';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { configOf, setupRegistry } from './helpers';

const DAY = 86_400_000;

describe('keeping a connection alive', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 100 });
  });
  afterAll(() => sandbox?.close());

  it('warns 35 days after the last renewal (10 days before the 45 run out), and renews an old token at start so the warning goes', async () => {
    const small = sandbox.companies.find((c) => c.key === 'small')!;
    const { registry, store, done } = setupRegistry({ current: configOf(sandbox) }, [sandbox], { tenantOf: () => small.tenantId });
    await registry.startConnect(false);
    const id = await done();
    expect(registry.list().companies[0]!.expiresInDays).toBeUndefined();

    // The token was last renewed 40 days ago (the app was not run since).
    const records = store.get('companies') as CompanyRecord[];
    store.set('companies', records.map((r) => ({ ...r, refreshTokenSavedAt: Date.now() - 40 * DAY })));
    expect(registry.list().companies[0]).toMatchObject({ id, status: 'connected', expiresInDays: 5 });

    registry.resetConfiguredSessions(); // as after a restart: no access token in memory
    const before = sandbox.control.counters().tokenRequests.refresh_token;
    await registry.keepAlive();
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBe(before + 1);
    expect(registry.list().companies[0]!.expiresInDays).toBeUndefined();

    // Renewed a moment ago: the next start asks nothing.
    registry.resetConfiguredSessions();
    await registry.keepAlive();
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBe(before + 1);
    await registry.close();
  });
});
