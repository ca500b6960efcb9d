import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../electron/kernel/clock';
import { ApiError } from '../../../electron/kernel/errors';
import { createMemoryVault, type SecretVault } from '../../../electron/auth/secret-vault';
import type { TokenClient, TokenSet } from '../../../electron/auth/token-client';
import { createTokenManager } from '../../../electron/auth/token-manager';

const HOUR = 3_600_000;

/** A fake token endpoint with single-use refresh tokens, like the real service. */
function fakeService(clock: { now(): number }, opts: { delayMs?: number; rotate?: boolean } = {}) {
  let n = 0;
  const valid = new Set<string>(['rt-0']);
  const log: string[] = [];
  let reuse = 0;
  let failNext: ApiError | undefined;
  const wait = () => new Promise((r) => setTimeout(r, opts.delayMs ?? 1));
  const client: TokenClient = {
    exchangeCode: async () => {
      throw new Error('not used');
    },
    async refresh(rt) {
      log.push(`refresh:${rt}`);
      await wait();
      if (failNext) {
        const e = failNext;
        failNext = undefined;
        throw e;
      }
      if (!valid.has(rt)) {
        reuse += 1;
        throw new ApiError('needs-reconnect', { status: 400, message: 'invalid_grant' });
      }
      n += 1;
      const set: TokenSet = { accessToken: `at-${n}`, expiresAt: clock.now() + HOUR, scopes: ['invoice'] };
      if (opts.rotate !== false) {
        valid.delete(rt);
        valid.add(`rt-${n}`);
        set.refreshToken = `rt-${n}`;
      }
      return set;
    },
    async clientCredentials(tenant) {
      log.push(`cc:${tenant}`);
      await wait();
      n += 1;
      return { accessToken: `svc-${n}`, expiresAt: clock.now() + HOUR, scopes: [] };
    },
    revoke: async (rt) => {
      log.push(`revoke:${rt}`);
    },
  };
  return {
    client,
    log,
    reuse: () => reuse,
    failNext: (e: ApiError) => {
      failNext = e;
    },
  };
}

/** Records the order of vault writes relative to other events. */
function recordingVault(events: string[], inner: SecretVault = createMemoryVault()): SecretVault {
  return {
    get: (k) => inner.get(k),
    set: async (k, v) => {
      await new Promise((r) => setTimeout(r, 2));
      await inner.set(k, v);
      events.push(`saved:${v}`);
    },
    delete: (k) => inner.delete(k),
  };
}

describe('token manager (refresh-token grant)', () => {
  it('100 concurrent callers on an expired token cause exactly one refresh', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const vault = createMemoryVault({ 'company:a': 'rt-0' });
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'company:a' }, tokenClient: service.client, vault, clock });
    const tokens = await Promise.all(Array.from({ length: 100 }, () => manager.getAccessToken()));
    expect(new Set(tokens)).toEqual(new Set(['at-1']));
    expect(service.log).toEqual(['refresh:rt-0']);
    expect(await vault.get('company:a')).toBe('rt-1');
    expect(manager.currentScopes()).toEqual(['invoice']);
  });

  it('persists the rotated refresh token before anyone gets the new access token', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const events: string[] = [];
    const vault = recordingVault(events, createMemoryVault({ k: 'rt-0' }));
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault, clock });
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const token = await manager.getAccessToken();
        events.push(`got:${token}`);
      }),
    );
    expect(events[0]).toBe('saved:rt-1');
    expect(events.slice(1)).toEqual(Array(5).fill('got:at-1'));
  });

  it('a vault failure withholds the new access token until the write succeeds', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const inner = createMemoryVault({ k: 'rt-0' });
    let failWrites = true;
    const vault: SecretVault = { ...inner, set: async (k, v) => (failWrites ? Promise.reject(new Error('disk full')) : inner.set(k, v)) };
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault, clock });
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'unavailable' });
    failWrites = false;
    await expect(manager.getAccessToken()).resolves.toBe('at-1');
    expect(service.log).toEqual(['refresh:rt-0']); // no second refresh: the rotated token was kept in memory
    expect(await inner.get('k')).toBe('rt-1');
  });

  it('refreshes proactively before expiry, not on 401', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const manager = createTokenManager({
      grant: { kind: 'refresh-token', vaultKey: 'k' },
      tokenClient: service.client,
      vault: createMemoryVault(),
      clock,
      initial: { accessToken: 'at-0', refreshToken: 'rt-0', expiresAt: HOUR, scopes: ['invoice'] },
    });
    expect(await manager.getAccessToken()).toBe('at-0');
    clock.set(HOUR - 121_000);
    expect(await manager.getAccessToken()).toBe('at-0');
    clock.set(HOUR - 119_000);
    expect(await manager.getAccessToken()).toBe('at-1');
    expect(service.log).toEqual(['refresh:rt-0']);
  });

  it('persists the initial refresh token before first use', async () => {
    const clock = createFakeClock(0);
    const events: string[] = [];
    const vault = recordingVault(events);
    const manager = createTokenManager({
      grant: { kind: 'refresh-token', vaultKey: 'k' },
      tokenClient: fakeService(clock).client,
      vault,
      clock,
      initial: { accessToken: 'at-0', refreshToken: 'rt-0', expiresAt: HOUR, scopes: [] },
    });
    const token = await manager.getAccessToken();
    events.push(`got:${token}`);
    expect(events).toEqual(['saved:rt-0', 'got:at-0']);
  });

  it('onUnauthorized: one refresh for many callers, none when the token was already replaced', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault: createMemoryVault({ k: 'rt-0' }), clock });
    const first = await manager.getAccessToken();
    const renewed = await Promise.all(Array.from({ length: 30 }, () => manager.onUnauthorized(first)));
    expect(new Set(renewed)).toEqual(new Set(['at-2']));
    // A late 401 for the old token does not refresh again.
    expect(await manager.onUnauthorized(first)).toBe('at-2');
    expect(service.log).toEqual(['refresh:rt-0', 'refresh:rt-1']);
    expect(service.reuse()).toBe(0);
  });

  it('invalid_grant -> needs-reconnect for every waiter, and no further token request', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const states: string[] = [];
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault: createMemoryVault({ k: 'rt-stale' }), clock });
    manager.onStateChange((s) => states.push(s));
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => manager.getAccessToken()));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).kind === 'needs-reconnect')).toBe(true);
    expect(manager.state()).toBe('needs-reconnect');
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'needs-reconnect' });
    expect(service.log).toEqual(['refresh:rt-stale']);
    expect(states).toEqual(['needs-reconnect']);
    // Reconnecting installs a new pair.
    await manager.connect({ accessToken: 'fresh', refreshToken: 'rt-new', expiresAt: HOUR, scopes: ['invoice'] });
    expect(manager.state()).toBe('connected');
    expect(await manager.getAccessToken()).toBe('fresh');
  });

  it('invalid_grant removes the refused refresh token from the vault; the next start asks for a reconnect without a request', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const vault = createMemoryVault({ k: 'rt-stale', other: 'rt-other' });
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault, clock });
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'needs-reconnect' });
    expect(await vault.get('k')).toBeUndefined();
    expect(await vault.get('other')).toBe('rt-other');
    const restarted = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault, clock });
    await expect(restarted.getAccessToken()).rejects.toMatchObject({ kind: 'needs-reconnect' });
    expect(service.log).toEqual(['refresh:rt-stale']);
  });

  it('a refresh token the vault received meanwhile (a reconnect) is not the refused one, and stays', async () => {
    const vault = createMemoryVault({ k: 'rt-stale' });
    let called!: () => void;
    let refuse!: () => void;
    const refreshing = new Promise<void>((resolve) => (called = resolve));
    const tokenClient: Pick<TokenClient, 'refresh' | 'clientCredentials'> = {
      refresh: () =>
        new Promise<TokenSet>((_, reject) => {
          refuse = () => reject(new ApiError('needs-reconnect', { status: 400, message: 'invalid_grant' }));
          called();
        }),
      clientCredentials: () => Promise.reject(new Error('not used')),
    };
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient, vault, clock: createFakeClock(0) });
    const result = manager.getAccessToken();
    await refreshing;
    // While the refresh is out, a reconnect stores the new connection's token under the same key.
    await vault.set('k', 'rt-new');
    refuse();
    await expect(result).rejects.toMatchObject({ kind: 'needs-reconnect' });
    expect(await vault.get('k')).toBe('rt-new');
  });

  it('a transient token failure (5xx) keeps the refresh token', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const vault = createMemoryVault({ k: 'rt-0' });
    service.failNext(new ApiError('unavailable', { status: 503, message: 'The token endpoint failed with HTTP 503.' }));
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault, clock });
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await vault.get('k')).toBe('rt-0');
  });

  it('no stored refresh token means needs-reconnect without a request', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault: createMemoryVault(), clock });
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'needs-reconnect' });
    expect(service.log).toEqual([]);
  });

  it('keeps the old refresh token when a refresh does not rotate it', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock, { rotate: false });
    const vault = createMemoryVault({ k: 'rt-0' });
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault, clock });
    const t1 = await manager.getAccessToken();
    await manager.onUnauthorized(t1);
    expect(service.log).toEqual(['refresh:rt-0', 'refresh:rt-0']);
    expect(await vault.get('k')).toBe('rt-0');
  });

  it('a licence error from the token endpoint sets licence-missing; a transient error keeps connected', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault: createMemoryVault({ k: 'rt-0' }), clock });
    service.failNext(new ApiError('unavailable'));
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(manager.state()).toBe('connected');
    service.failNext(new ApiError('licence-missing'));
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'licence-missing' });
    expect(manager.state()).toBe('licence-missing');
    await manager.getAccessToken();
    manager.reportLicence(false);
    expect(manager.state()).toBe('connected');
  });

  it('a waiter can abort without cancelling the shared refresh', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock, { delayMs: 20 });
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault: createMemoryVault({ k: 'rt-0' }), clock });
    const controller = new AbortController();
    const aborted = manager.getAccessToken(controller.signal);
    const other = manager.getAccessToken();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(other).resolves.toBe('at-1');
    expect(service.log).toHaveLength(1);
  });

  it('close waits for the refresh in flight, hands over the newest refresh token, and stops for good', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock, { delayMs: 20 });
    const events: string[] = [];
    const vault = recordingVault(events, createMemoryVault({ k: 'rt-0' }));
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient: service.client, vault, clock });
    const browsing = manager.getAccessToken().catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 5)); // the refresh is in flight
    expect(await manager.close()).toBe('rt-1'); // the rotated one: the one that is still alive
    await browsing;
    // The rotated token was not persisted after close (a reconnect may have stored its own).
    expect(events).toEqual([]);
    expect(await vault.get('k')).toBe('rt-0'); // the vault is the caller's to clear
    expect(manager.state()).toBe('needs-reconnect');
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'needs-reconnect' });
    expect(service.log).toEqual(['refresh:rt-0']); // no revoke here: the caller revokes where the token was issued
  });

  it('close of a service account hands over nothing', async () => {
    const clock = createFakeClock(0);
    const manager = createTokenManager({ grant: { kind: 'client-credentials', tenantId: '1' }, tokenClient: fakeService(clock).client, vault: createMemoryVault(), clock });
    await manager.getAccessToken();
    expect(await manager.close()).toBeUndefined();
  });
});

describe('token manager (client credentials)', () => {
  it('mints a new token instead of refreshing, single flight, nothing in the vault', async () => {
    const clock = createFakeClock(0);
    const service = fakeService(clock);
    const vault = createMemoryVault();
    const manager = createTokenManager({ grant: { kind: 'client-credentials', tenantId: '42' }, tokenClient: service.client, vault, clock });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => manager.getAccessToken()));
    expect(new Set(tokens)).toEqual(new Set(['svc-1']));
    clock.set(HOUR);
    expect(await manager.getAccessToken()).toBe('svc-2');
    expect(await manager.onUnauthorized('svc-2')).toBe('svc-3');
    expect(service.log).toEqual(['cc:42', 'cc:42', 'cc:42']);
    expect(await vault.get('42')).toBeUndefined();
  });
});

describe('a stored refresh token that cannot be read', () => {
  it('puts the company in needs-reconnect with a keyring remedy instead of failing forever', async () => {
    const vault = {
      get: async () => {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      },
      set: async () => undefined,
      delete: async () => undefined,
    };
    const tokenClient = { refresh: async () => Promise.reject(new Error('not called')), clientCredentials: async () => Promise.reject(new Error('not called')) };
    const manager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: 'k' }, tokenClient, vault, clock: createFakeClock() });
    await expect(manager.getAccessToken()).rejects.toMatchObject({ kind: 'needs-reconnect', message: expect.stringMatching(/keyring/) });
    expect(manager.state()).toBe('needs-reconnect');
  });
});
