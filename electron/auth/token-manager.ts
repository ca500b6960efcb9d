import type { Clock } from '../kernel/clock';
import { ApiError, cancelledError, isApiError } from '../kernel/errors';
import type { SecretVault } from './secret-vault';
import type { TokenClient, TokenSet } from './token-client';
import { notifyAll } from '../kernel/listeners';

/**
 * One token manager per company connection. The service's refresh tokens are single-use: two
 * concurrent refreshes with the same one lose the connection, and a rotated token that is not
 * saved is lost on the next restart. So:
 *  - single flight: however many callers need a token, one token request is in flight;
 *  - the rotated refresh token is written to the vault BEFORE the new access token is handed out
 *    (if the write fails, nobody gets the new access token until a retry of the write succeeds);
 *  - refresh proactively `refreshSkewMs` before expiry; a 401 (onUnauthorized) forces one refresh
 *    unless another caller already replaced the failed token;
 *  - invalid_grant puts the connection in `needs-reconnect`; every waiter gets that error and no
 *    further token request is made until `connect()` installs a fresh token set; the refused
 *    refresh token leaves the vault (it can never be used again);
 *  - service accounts (client credentials) mint a new token instead of refreshing.
 */

export type TokenState = 'connected' | 'needs-reconnect' | 'licence-missing';

export type TokenGrant = { kind: 'refresh-token'; vaultKey: string } | { kind: 'client-credentials'; tenantId: string };

export interface TokenManagerOptions {
  grant: TokenGrant;
  tokenClient: Pick<TokenClient, 'refresh' | 'clientCredentials'>;
  vault: SecretVault;
  clock: Clock;
  /** Refresh this long before expiry; default 120 s (capped at half the token's lifetime). */
  refreshSkewMs?: number;
  /** Tokens just obtained (e.g. from the code exchange); the refresh token is persisted before first use. */
  initial?: TokenSet;
  /** A new refresh token is safely stored (its 45-day life starts again): when, on the clock. */
  onRefreshTokenSaved?(at: number): void;
}

export interface TokenManager {
  /** A valid access token, refreshing first if it expires within the skew. */
  getAccessToken(signal?: AbortSignal): Promise<string>;
  /** The service answered 401 to `failedToken`: one refresh (single flight), resolves to the new token.
   * If another caller already replaced that token, resolves to the current one without a request. */
  onUnauthorized(failedToken: string, signal?: AbortSignal): Promise<string>;
  /** The current access token if it is usable right now (no refresh, no waiting), else undefined. */
  peekAccessToken(): string | undefined;
  state(): TokenState;
  onStateChange(listener: (state: TokenState) => void): () => void;
  currentScopes(): string[];
  /** Installs a freshly approved token set (after reconnecting): persists it, state -> connected. */
  connect(tokens: TokenSet): Promise<void>;
  /** The API client reports the licence error (or a success after it) on resource calls. */
  reportLicence(missing: boolean): void;
  /**
   * Stops for good (disconnect, or a reconnect that replaces this connection): no token is handed
   * out, refreshed or persisted any more. Waits for a refresh in flight and resolves with the
   * newest refresh token, for the caller to revoke at the service that issued it (the manager's
   * token client may no longer be that service's). Leaves the vault to the caller.
   */
  close(): Promise<string | undefined>;
}

const DEFAULT_SKEW_MS = 120_000;

interface Current {
  set: TokenSet;
  obtainedAt: number;
}

function waitWithSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelledError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelledError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const { grant, tokenClient, vault, clock } = options;
  const skewMs = options.refreshSkewMs ?? DEFAULT_SKEW_MS;
  const listeners = new Set<(state: TokenState) => void>();

  let state: TokenState = 'connected';
  let current: Current | undefined = options.initial ? { set: { ...options.initial }, obtainedAt: clock.now() } : undefined;
  /** A refresh token that is held in memory but not yet known to be in the vault. */
  let unpersisted: string | undefined = grant.kind === 'refresh-token' ? options.initial?.refreshToken : undefined;
  /** An access token the service refused: never hand it out again. */
  let refused: string | undefined;
  let inflight: Promise<TokenSet> | undefined;
  /** Set by disconnect(): from then on no token is handed out, refreshed or persisted. */
  let closed = false;

  const setState = (next: TokenState): void => {
    if (next === state) return;
    state = next;
    notifyAll(listeners, next);
  };

  const needsReconnect = (): ApiError => new ApiError('needs-reconnect', { message: 'This company must be reconnected.' });

  const usable = (): TokenSet | undefined => {
    if (!current || unpersisted !== undefined) return undefined;
    const { set, obtainedAt } = current;
    if (set.accessToken === refused) return undefined;
    const lifetime = Math.max(0, set.expiresAt - obtainedAt);
    const skew = Math.min(skewMs, lifetime / 2);
    return clock.now() < set.expiresAt - skew ? set : undefined;
  };

  async function persist(refreshToken: string): Promise<void> {
    if (grant.kind !== 'refresh-token' || closed) return;
    try {
      await vault.set(grant.vaultKey, refreshToken);
    } catch (error) {
      throw new ApiError('unavailable', {
        message: 'The renewed connection could not be saved; it will be saved on the next attempt.',
        remedy: 'The app could not write its secret store. Check the disk and press Retry.',
        cause: error,
      });
    }
    if (unpersisted === refreshToken) unpersisted = undefined;
    options.onRefreshTokenSaved?.(clock.now());
  }

  /** The stored refresh token; one that cannot be decrypted (the OS keyring changed) means reconnect. */
  async function readStoredRefreshToken(key: string): Promise<string | undefined> {
    try {
      return await vault.get(key);
    } catch (error) {
      current = undefined;
      setState('needs-reconnect');
      throw new ApiError('needs-reconnect', {
        message: 'The stored key for this company could not be read (the system keyring may have changed).',
        remedy: 'Reconnect the company to store a new key.',
        cause: error,
      });
    }
  }

  async function renew(): Promise<TokenSet> {
    if (grant.kind === 'client-credentials') {
      const set = await classify(() => tokenClient.clientCredentials(grant.tenantId));
      current = { set, obtainedAt: clock.now() };
      refused = undefined;
      if (state === 'needs-reconnect') setState('connected');
      return set;
    }
    // 1. A rotated token that is not yet saved is saved first; if the access token that came with
    //    it is still good, that is all.
    if (unpersisted !== undefined) {
      await persist(unpersisted);
      const ready = usable();
      if (ready) return ready;
    }
    // 2. Refresh with the latest refresh token (memory first: it is always the one last saved).
    const refreshToken = current?.set.refreshToken ?? (await readStoredRefreshToken(grant.vaultKey));
    if (!refreshToken) {
      current = undefined;
      setState('needs-reconnect');
      throw needsReconnect();
    }
    const fresh = await classify(() => tokenClient.refresh(refreshToken)).catch(async (error: unknown) => {
      if (isApiError(error) && error.kind === 'needs-reconnect') await forgetRefused(grant.vaultKey, refreshToken);
      throw error;
    });
    const set: TokenSet = { ...fresh, refreshToken: fresh.refreshToken ?? refreshToken };
    if (set.scopes.length === 0 && current) set.scopes = current.set.scopes;
    // Hold the new pair in memory at once (the old refresh token is now spent), but mark it
    // unpersisted so no caller gets the access token until the vault has the refresh token.
    current = { set, obtainedAt: clock.now() };
    refused = undefined;
    if (set.refreshToken !== refreshToken) {
      unpersisted = set.refreshToken;
      await persist(set.refreshToken as string);
    }
    if (state === 'needs-reconnect') setState('connected');
    return set;
  }

  /**
   * The service refused this refresh token (spent, expired or revoked): kept, it would sit in the
   * secret store until a disconnect, useless but still a secret. Removed only while the vault holds
   * that very token, never a newer one a reconnect stored. Failing to remove it changes nothing
   * for the caller, whose error is the refusal.
   */
  async function forgetRefused(key: string, refreshToken: string): Promise<void> {
    try {
      if ((await vault.get(key)) === refreshToken) await vault.delete(key);
    } catch {
      // An unreadable or unwritable store keeps what it has; the next connect() replaces it.
    }
  }

  async function classify(request: () => Promise<TokenSet>): Promise<TokenSet> {
    try {
      return await request();
    } catch (error) {
      if (isApiError(error)) {
        if (error.kind === 'needs-reconnect') {
          current = undefined;
          unpersisted = undefined;
          setState('needs-reconnect');
        } else if (error.kind === 'licence-missing') {
          setState('licence-missing');
        }
        throw error;
      }
      throw new ApiError('unavailable', { message: 'The token request failed.', cause: error });
    }
  }

  function singleFlight(): Promise<TokenSet> {
    if (closed) return Promise.reject(needsReconnect());
    if (!inflight) {
      inflight = renew().finally(() => {
        inflight = undefined;
      });
    }
    return inflight;
  }

  return {
    async getAccessToken(signal?: AbortSignal): Promise<string> {
      if (signal?.aborted) throw cancelledError(signal);
      if (state === 'needs-reconnect') throw needsReconnect();
      const ready = usable();
      if (ready) return ready.accessToken;
      return (await waitWithSignal(singleFlight(), signal)).accessToken;
    },

    async onUnauthorized(failedToken: string, signal?: AbortSignal): Promise<string> {
      if (signal?.aborted) throw cancelledError(signal);
      if (state === 'needs-reconnect') throw needsReconnect();
      if (current && current.set.accessToken === failedToken) refused = failedToken;
      const ready = usable();
      if (ready && !inflight) return ready.accessToken;
      return (await waitWithSignal(singleFlight(), signal)).accessToken;
    },

    peekAccessToken: () => (state === 'needs-reconnect' ? undefined : usable()?.accessToken),

    state: () => state,

    onStateChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    currentScopes: () => [...(current?.set.scopes ?? [])],

    async connect(tokens: TokenSet): Promise<void> {
      await inflight?.catch(() => undefined);
      closed = false;
      current = { set: { ...tokens }, obtainedAt: clock.now() };
      refused = undefined;
      if (grant.kind === 'refresh-token' && tokens.refreshToken) {
        unpersisted = tokens.refreshToken;
        await persist(tokens.refreshToken);
      }
      setState('connected');
    },

    reportLicence(missing: boolean): void {
      if (state === 'needs-reconnect') return;
      setState(missing ? 'licence-missing' : 'connected');
    },

    async close(): Promise<string | undefined> {
      // Closed first: a grid or prefetch call arriving meanwhile must not start a refresh that
      // would mint a token nobody revokes, and a refresh in flight must not persist its rotated
      // token (over a reconnect's new one).
      closed = true;
      setState('needs-reconnect');
      await inflight?.catch(() => undefined);
      const refreshToken = current?.set.refreshToken ?? (grant.kind === 'refresh-token' ? await vault.get(grant.vaultKey).catch(() => undefined) : undefined);
      current = undefined;
      unpersisted = undefined;
      setState('needs-reconnect');
      return grant.kind === 'refresh-token' ? refreshToken : undefined;
    },
  };
}
