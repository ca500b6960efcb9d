import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import type { ApiError } from '../../../electron/kernel/errors';
import { createMemoryVault } from '../../../electron/auth/secret-vault';
import { createTokenClient } from '../../../electron/auth/token-client';
import { createTokenManager } from '../../../electron/auth/token-manager';
import { createCompanySession } from '../../../electron/companies/company-session';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { company, connect, skewableClock } from '../api/helpers';

const FAST_LIMITER = { windows: [{ ms: 1000, max: 10_000 }], marginMs: 0, pacing: false, maxQueued: 1000 };

describe('tokens against the sandbox', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 2000, seed: 'tokens-test' });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    sandbox.control.clearFaults();
    sandbox.control.setRateLimits({});
    sandbox.control.resetCounters();
  });

  it('connects through the code exchange and reads company information', async () => {
    const c = await connect(sandbox, 'small');
    expect(c.initial.scopes.sort()).toEqual(['companyinformation', 'invoice']);
    const info = await c.session.companyInformation();
    expect(info).toMatchObject({ name: c.company.name, organisationNumber: c.company.organisationNumber, tenantId: c.company.tenantId });
    expect(sandbox.control.counters().tokenRequests.authorization_code).toBe(1);
    c.session.close();
  });

  it('100 concurrent calls on an expired access token make exactly one token request, and all succeed', async () => {
    sandbox.control.setRateLimits(false);
    const c = await connect(sandbox, 'large', { session: { limiterOptions: FAST_LIMITER } });
    await c.session.listPage('invoices', { limit: 1 }, { priority: 'interactive' });
    sandbox.control.resetCounters();
    // Server-side expiry: the client still believes its token is valid and learns by 401.
    sandbox.control.expireAccessTokens();
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => c.session.listPage('invoices', { limit: 5, page: i + 1 }, { priority: 'interactive' })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const counters = sandbox.control.counters();
    expect(counters.tokenRequests.refresh_token).toBe(1);
    expect(counters.refreshTokenReuse).toBe(0);
    expect(counters.invalidGrant).toBe(0);
    c.session.close();
  });

  it('100 concurrent calls when the client knows its token expired: one refresh, no 401 at all', async () => {
    sandbox.control.setRateLimits(false);
    const clock = skewableClock();
    const c = await connect(sandbox, 'large', { clock, session: { limiterOptions: FAST_LIMITER } });
    await c.session.listPage('invoices', { limit: 1 }, { priority: 'interactive' });
    sandbox.control.resetCounters();
    clock.skip(3_600_000);
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => c.session.listPage('invoices', { limit: 1 }, { priority: 'interactive' })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBe(1);
    expect(c.log.filter((r) => r.status === 401)).toEqual([]);
    c.session.close();
  });

  it('never sends a refresh token twice across a long run with forced expiries, and survives a restart', async () => {
    const clock = skewableClock();
    const vault = createMemoryVault();
    sandbox.control.setRateLimits(false);
    const c = await connect(sandbox, 'large', { clock, vault, vaultKey: 'company:large', session: { limiterOptions: FAST_LIMITER } });
    let expiries = 0;
    for (let round = 0; round < 30; round += 1) {
      const kind = round % 3;
      if (kind === 0) {
        sandbox.control.expireAccessTokens();
      } else if (kind === 1) {
        // Both clocks move an hour: the client refreshes proactively.
        sandbox.control.advanceClock(3_600_000);
        clock.skip(3_600_000);
      } else {
        sandbox.control.advanceClock(3_600_000); // only the service's: the client learns by 401
      }
      expiries += 1;
      const burst = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => c.session.listPage('invoices', { limit: 2, page: i + 1 }, { priority: i % 2 ? 'prefetch' : 'interactive' })));
      expect(burst.filter((r) => r.status === 'rejected')).toEqual([]);
    }
    const counters = sandbox.control.counters();
    expect(counters.refreshTokenReuse).toBe(0);
    expect(counters.invalidGrant).toBe(0);
    expect(counters.tokenRequests.refresh_token).toBe(expiries);
    expect(c.tokenManager.state()).toBe('connected');
    c.session.close();

    // A "restart": a new manager that only has what the vault holds continues the connection.
    const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, clock });
    const restarted = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'company:large' }, tokenClient, vault, clock });
    const session = createCompanySession({ apiUrl: sandbox.apiUrl, tokenManager: restarted, clock });
    await expect(session.listPage('invoices', { limit: 1 }, { priority: 'interactive' })).resolves.toMatchObject({ currentPage: 1 });
    expect(sandbox.control.counters().refreshTokenReuse).toBe(0);
    session.close();
  });

  it('invalid_grant (a spent refresh token) puts the company in needs-reconnect, and the refused token leaves the vault', async () => {
    const target = company(sandbox, 'small');
    const pair = sandbox.control.issueTokens({ tenantId: target.tenantId, scopes: ['invoice'] });
    const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    await tokenClient.refresh(pair.refresh_token); // spends it elsewhere
    const vault = createMemoryVault({ k: pair.refresh_token });
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient, vault, clock: systemClock });
    const session = createCompanySession({ apiUrl: sandbox.apiUrl, tokenManager: manager, clock: systemClock });
    const errors = await Promise.allSettled(Array.from({ length: 5 }, () => session.listPage('invoices', {}, { priority: 'interactive' })));
    for (const e of errors) expect(e).toMatchObject({ status: 'rejected', reason: { kind: 'needs-reconnect' } });
    expect(manager.state()).toBe('needs-reconnect');
    expect(sandbox.control.counters().invalidGrant).toBe(1);
    expect(await vault.get('k')).toBeUndefined();
    session.close();
  });

  it('a revoked refresh token also ends in needs-reconnect', async () => {
    const c = await connect(sandbox, 'small');
    await c.session.companyInformation(); // first use persists the refresh token
    const rt = await c.vault.get(`company:${c.company.tenantId}`);
    expect(rt).toBeDefined();
    await c.tokenClient.revoke(rt as string);
    await expect(c.tokenClient.refresh(rt as string)).rejects.toMatchObject({ kind: 'needs-reconnect' });
    c.session.close();
  });

  it('wrong client credentials are unauthorized with a remedy about them', async () => {
    const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: 'wrong' });
    const error = (await tokenClient.refresh('whatever').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('unauthorized');
    expect(error.remedy).toMatch(/client ID or client secret/);
  });

  it('service accounts mint tokens with client credentials (TenantId header)', async () => {
    const target = company(sandbox, 'small');
    const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    const manager = createTokenManager({ grant: { kind: 'client-credentials', tenantId: target.tenantId }, tokenClient, vault: createMemoryVault(), clock: systemClock });
    const session = createCompanySession({ apiUrl: sandbox.apiUrl, tokenManager: manager, clock: systemClock });
    await Promise.all(Array.from({ length: 10 }, () => session.companyInformation()));
    sandbox.control.expireAccessTokens();
    await expect(session.companyInformation()).resolves.toMatchObject({ tenantId: target.tenantId });
    const counters = sandbox.control.counters();
    expect(counters.tokenRequests.client_credentials).toBe(2);
    expect(counters.tokenRequests.refresh_token).toBe(0);
    session.close();
  });

  it('the unlicensed company: client credentials are refused with licence-missing', async () => {
    const target = company(sandbox, 'unlicensed');
    const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    const manager = createTokenManager({ grant: { kind: 'client-credentials', tenantId: target.tenantId }, tokenClient, vault: createMemoryVault(), clock: systemClock });
    const session = createCompanySession({ apiUrl: sandbox.apiUrl, tokenManager: manager, clock: systemClock });
    await expect(session.listPage('invoices', {}, { priority: 'interactive' })).rejects.toMatchObject({ kind: 'licence-missing' });
    expect(manager.state()).toBe('licence-missing');
    session.close();
  });
});
