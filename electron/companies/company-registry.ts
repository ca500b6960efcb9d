/**
 * The connected companies: their metadata (key-value store), their secrets (vault), one live
 * session per company (token manager + limiter + client: nothing shared), the browser connect
 * flow (run by connect-flow.ts), service accounts, rename, switch, disconnect, and each company's
 * status with its remedy.
 * Plain Node: the Electron-specific ports (opener, store, vault) are passed in by main.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../api/clock';
import { ApiError, isApiError } from '../api/errors';
import type { FetchLike } from '../api/http';
import type { SecretVault } from '../auth/secret-vault';
import { createTokenClient, type TokenSet } from '../auth/token-client';
import { createTokenManager, type TokenManager, type TokenState } from '../auth/token-manager';
import type { CompanyList, CompanyStatus, CompanySummary, ConnectStarted, DisconnectResult, EventPayloads } from '../ipc/contract';
import type { KeyValueStore, ServiceConfig } from '../settings/settings-service';
import { createCompanySession, type CompanyInformation, type CompanySession } from './company-session';
import { companyId, serviceKeyOf, summary, type CompanyRecord } from './company-record';
import { createConnectFlows, readIdentity } from './connect-flow';
import { createRevoker, issuerOf, type RevokeOutcome } from './revocation';

export interface RegistryOptions {
  store: KeyValueStore;
  vault: SecretVault;
  clock: Clock;
  fetch?: FetchLike;
  /** The configured service, or the demo sandbox (started on first use) when demo is true. */
  resolveService(demo: boolean): Promise<ServiceConfig>;
  /** Opens a URL in the user's browser (shell.openExternal, checked by the caller). */
  openExternal(url: string): Promise<void>;
  emit<E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]): void;
  log(message: string, error?: unknown): void;
  /** Loopback timeout; 5 minutes by default. */
  connectTimeoutMs?: number;
}

const COMPANIES_KEY = 'companies';
const ACTIVE_KEY = 'activeCompanyId';

interface Live {
  session: CompanySession;
  tokens: TokenManager;
  config: ServiceConfig;
  unsubscribe: Array<() => void>;
}

export function createCompanyRegistry(options: RegistryOptions) {
  const { store, vault, clock } = options;
  const live = new Map<string, Live>();
  const starting = new Map<string, Promise<Live>>();

  const records = (): CompanyRecord[] => (store.get(COMPANIES_KEY) as CompanyRecord[] | undefined) ?? [];
  const saveRecords = (list: CompanyRecord[]) => store.set(COMPANIES_KEY, list);
  const activeId = (): string | null => {
    const id = store.get(ACTIVE_KEY) as string | undefined;
    return id && records().some((r) => r.id === id) ? id : (records()[0]?.id ?? null);
  };
  const list = (): CompanyList => ({ companies: records().map(summary), activeId: activeId() });
  const changed = () => options.emit('companies:changed', list());
  const find = (id: string): CompanyRecord => {
    const record = records().find((r) => r.id === id);
    if (!record) throw new ApiError('bad-request', { message: 'That company is not connected.', remedy: 'Choose a company from the list.' });
    return record;
  };
  function setStatus(id: string, status: CompanyStatus): void {
    const all = records();
    const record = all.find((r) => r.id === id);
    if (!record || record.status === status) return;
    record.status = status;
    saveRecords(all);
    changed();
  }

  function tokenClientFor(config: ServiceConfig) {
    return createTokenClient({
      authUrl: config.authUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      clock,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  function createLive(record: Pick<CompanyRecord, 'id' | 'kind' | 'tenantId' | 'vaultKey'>, config: ServiceConfig, initial?: TokenSet): Live {
    const tokens = createTokenManager({
      grant: record.kind === 'service' ? { kind: 'client-credentials', tenantId: record.tenantId } : { kind: 'refresh-token', vaultKey: record.vaultKey },
      tokenClient: tokenClientFor(config),
      vault,
      clock,
      ...(initial ? { initial } : {}),
    });
    const session = createCompanySession({ apiUrl: config.apiUrl, tokenManager: tokens, clock, ...(options.fetch ? { fetch: options.fetch } : {}) });
    const unsubscribe = [
      tokens.onStateChange((state: TokenState) => setStatus(record.id, state)),
      session.limiter.onWaitingChange((waiting) => options.emit('company:rateLimit', { companyId: record.id, waiting })),
    ];
    return { session, tokens, config, unsubscribe };
  }

  function drop(id: string): void {
    const current = live.get(id);
    if (!current) return;
    for (const off of current.unsubscribe) off();
    current.session.close();
    live.delete(id);
  }

  async function liveFor(id: string): Promise<Live> {
    const existing = live.get(id);
    if (existing) return existing;
    const pending = starting.get(id);
    if (pending) return pending;
    const record = find(id);
    const promise = options.resolveService(record.demo).then((config) => {
      if (!record.demo && record.serviceKey !== undefined && record.serviceKey !== serviceKeyOf(config)) {
        setStatus(id, 'needs-reconnect');
        throw new ApiError('needs-reconnect', {
          message: 'The service settings changed since this company was connected, so its keys are not sent to the new service.',
          remedy: 'Reconnect the company (or restore the previous settings).',
        });
      }
      const existing = live.get(id);
      if (existing) return existing; // adopt() created it while the service was resolving
      const created = createLive(record, config);
      live.set(id, created);
      return created;
    });
    starting.set(id, promise);
    try {
      return await promise;
    } finally {
      if (starting.get(id) === promise) starting.delete(id); // adopt() may have put its own there
    }
  }

  /**
   * Stores a newly approved company, or gives a reconnected one its new tokens. Every wait happens
   * first; the company list is then read, changed and written in one synchronous step, so a
   * disconnect or rename that happened meanwhile is not undone.
   */
  async function adopt(config: ServiceConfig, demo: boolean, kind: 'user' | 'service', tokens: TokenSet, info: CompanyInformation): Promise<CompanyRecord> {
    if (!info.tenantId) {
      throw new ApiError('unavailable', { message: 'The service did not say which company this is (no DatabaseNumber), so it was not added.', retryable: false });
    }
    const id = companyId(demo, kind, info.tenantId);
    const hasInvoiceScope = tokens.scopes.length === 0 || tokens.scopes.includes('invoice');
    const status: CompanyStatus = hasInvoiceScope ? 'connected' : 'scope-missing';
    const replacedRecord = records().find((r) => r.id === id);
    const vaultKey = replacedRecord?.vaultKey ?? `refresh-token:${randomUUID()}`;
    const serviceKey = demo ? undefined : serviceKeyOf(config);
    const replaced = live.get(id) ?? (await starting.get(id)?.catch(() => undefined));
    // A reconnected company gets a fresh session (its old one, and any export on it, stops).
    // Until it exists, callers wait for it here rather than start one on the old token.
    let install!: (created: Live) => void;
    let abandon!: (error: unknown) => void;
    const replacing = new Promise<Live>((resolve, reject) => ((install = resolve), (abandon = reject)));
    replacing.catch(() => undefined);
    starting.set(id, replacing);
    drop(id);
    let replacedToken: string | undefined;
    try {
      // The old token manager is closed before the new token is stored: a refresh it has in
      // flight would otherwise write its rotated token over the new one.
      const newest = replaced ? await replaced.tokens.close() : undefined;
      if (replacedRecord?.kind === 'user') replacedToken = newest ?? (await vault.get(vaultKey).catch(() => undefined));
      // The refresh token is on disk (encrypted) before the company exists anywhere else.
      if (kind === 'user' && tokens.refreshToken) await vault.set(vaultKey, tokens.refreshToken);
      const created = createLive({ id, kind, tenantId: info.tenantId, vaultKey }, config, tokens);
      live.set(id, created);
      install(created);
    } catch (error) {
      abandon(error);
      throw error;
    } finally {
      if (starting.get(id) === replacing) starting.delete(id);
    }
    const all = records();
    const index = all.findIndex((r) => r.id === id);
    const previous = index >= 0 ? all[index] : undefined;
    const record: CompanyRecord = {
      id,
      name: previous?.name ?? (info.name || `Company ${info.tenantId}`),
      organisationNumber: info.organisationNumber,
      tenantId: info.tenantId,
      kind,
      demo,
      status,
      vaultKey,
      ...(serviceKey ? { serviceKey, issuer: issuerOf(config) } : {}),
    };
    if (index >= 0) all[index] = record;
    else all.push(record);
    saveRecords(all);
    // Now that the new token is stored, the one it replaces is revoked where it was issued (in
    // the background: the user need not wait for it; a failure is logged by the revoker).
    if (replacedRecord && replacedToken && replacedToken !== tokens.refreshToken) void revoke(replacedRecord, replacedToken);
    return record;
  }

  /** Revokes a company's refresh token where it was issued (see revocation.ts). */
  const revoke = createRevoker({ resolveService: options.resolveService, tokenClientFor, log: options.log });

  const connectFlows = createConnectFlows({
    resolveService: options.resolveService,
    openExternal: options.openExternal,
    emit: options.emit,
    log: options.log,
    tokenClientFor,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
    async adopt(config, demo, tokens, info, reconnectCompanyId) {
      if (reconnectCompanyId && companyId(demo, 'user', info.tenantId) !== reconnectCompanyId) {
        const expected = records().find((r) => r.id === reconnectCompanyId)?.name ?? 'the company';
        throw new ApiError('bad-request', {
          message: `You approved ${info.name || info.tenantId}, not ${expected}. Nothing was changed.`,
          remedy: `Reconnect again and choose ${expected} on the consent page, or add ${info.name || 'the other company'} as a new company.`,
        });
      }
      const record = await adopt(config, demo, 'user', tokens, info);
      store.set(ACTIVE_KEY, record.id);
      changed();
      return record.id;
    },
  });

  return {
    list,
    record: find,
    async setActive(id: string): Promise<CompanyList> {
      find(id);
      store.set(ACTIVE_KEY, id);
      changed();
      return list();
    },
    async rename(id: string, name: string): Promise<CompanyList> {
      const all = records();
      const record = all.find((r) => r.id === id);
      if (!record) find(id);
      record!.name = name.trim();
      saveRecords(all);
      changed();
      return list();
    },
    /**
     * Removes the company and its secrets, and revokes its refresh token at the service that
     * issued it. The company goes whatever the service says; if the token could not be revoked
     * the result carries a warning for the user (the service may still list the integration).
     */
    async disconnect(id: string): Promise<DisconnectResult> {
      const record = find(id);
      const current = live.get(id) ?? (await starting.get(id)?.catch(() => undefined));
      // Stop the company's requests first (grid, prefetch, export); closing its token manager
      // then waits for a refresh in flight and hands over the newest refresh token.
      drop(id);
      const newest = current ? await current.tokens.close() : undefined;
      const refreshToken = record.kind === 'user' ? (newest ?? (await vault.get(record.vaultKey).catch(() => undefined))) : undefined;
      const outcome: RevokeOutcome = refreshToken ? await revoke(record, refreshToken) : { revoked: true };
      await vault.delete(record.vaultKey);
      saveRecords(records().filter((r) => r.id !== id));
      if (store.get(ACTIVE_KEY) === id) store.delete(ACTIVE_KEY);
      changed();
      return { ...list(), ...(outcome.revoked ? {} : { revokeWarning: { companyName: record.name, reason: outcome.reason } }) };
    },
    /** Starts the browser flow (the newest start wins); progress arrives as 'connect:progress' events. */
    startConnect: (demo: boolean, reconnectCompanyId?: string): Promise<ConnectStarted> => connectFlows.start(demo, reconnectCompanyId),
    cancelConnect: (flowId: string): void => connectFlows.cancel(flowId),
    /** A service account: client credentials with a TenantId, no browser. */
    async connectServiceAccount(tenantId: string, demo: boolean): Promise<CompanySummary> {
      const config = await options.resolveService(demo);
      const signal = AbortSignal.timeout(60_000);
      const tokens = await tokenClientFor(config).clientCredentials(tenantId, signal);
      const info = await readIdentity(options.fetch ?? fetch, config, tokens, signal);
      const record = await adopt(config, demo, 'service', tokens, { ...info, tenantId: info.tenantId || tenantId });
      store.set(ACTIVE_KEY, record.id);
      changed();
      return summary(record);
    },
    /** The company's live session (its limiter is shared by the grid and exports). */
    async session(id: string): Promise<CompanySession> {
      return (await liveFor(id)).session;
    },
    /** An error seen elsewhere (an export) that changes what the company needs. */
    reportError(id: string, kind: string): void {
      if (!records().some((r) => r.id === id)) return;
      if (kind === 'scope-missing' || kind === 'licence-missing' || kind === 'needs-reconnect') setStatus(id, kind);
    },
    /** Runs a request on a company's session and keeps its status in step with the outcome. */
    async withSession<T>(id: string, work: (session: CompanySession) => Promise<T>): Promise<T> {
      const current = await liveFor(id);
      try {
        const result = await work(current.session);
        if (find(id).status !== 'connected' && current.tokens.state() === 'connected') setStatus(id, 'connected');
        return result;
      } catch (error) {
        if (isApiError(error) && (error.kind === 'scope-missing' || error.kind === 'licence-missing' || error.kind === 'needs-reconnect')) {
          setStatus(id, error.kind);
        }
        throw error;
      }
    },
    /** The service settings changed: live sessions of configured companies are rebuilt on next use. */
    resetConfiguredSessions(): void {
      for (const record of records()) if (!record.demo) drop(record.id);
    },
    async close(): Promise<void> {
      await connectFlows.close();
      for (const id of [...live.keys()]) drop(id);
    },
  };
}

export type CompanyRegistry = ReturnType<typeof createCompanyRegistry>;
