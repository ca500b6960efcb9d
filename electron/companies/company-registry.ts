/**
 * The connected companies, composed: their records (company-store), one live session each
 * (company-sessions), the browser connect flow (auth/connect-flow) and service accounts. This file
 * holds what joins them: adopting a newly approved company, and disconnecting one.
 * Plain Node: the Electron-specific ports (opener, store, vault) are passed in by app-services.
 */
import { randomUUID } from 'node:crypto';
import { createConnectFlows } from '../auth/connect-flow';
import { createMemoryVault, type SecretVault } from '../auth/secret-vault';
import type { TokenSet } from '../auth/token-client';
import type { EventPayloads } from '../ipc/contract';
import { companyNameOf, type ActiveCompany, type CompanyList, type CompanyStatus, type CompanySummary, type ConnectStarted, type DisconnectResult } from '../common/companies';
import type { Clock } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import type { FetchLike } from '../kernel/http';
import type { KeyValueStore } from '../kernel/key-value-store';
import type { ServiceConfig } from '../settings/settings-service';
import type { CompanyInformation } from './company-session';
import { createCompanySessions } from './company-sessions';
import { companyIdOf, createCompanyStore, serviceKeyOf, type ActiveChoice, type CompanyRecord } from './company-store';
import { createRevoker, issuerOf, type RevokeOutcome } from './revocation';

export { serviceKeyOf, type CompanyRecord } from './company-store';

export interface RegistryOptions {
  store: KeyValueStore;
  /** Where the active company is kept; in `store` without it. */
  active?: ActiveChoice;
  vault: SecretVault;
  clock: Clock;
  fetch?: FetchLike;
  /** The configured service, or the demo sandbox (started on first use) when demo is true. */
  resolveService(demo: boolean): Promise<ServiceConfig>;
  /** Opens a URL in the user's browser (shell.openExternal, checked by the caller). */
  openExternal(url: string): Promise<void>;
  emit<E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]): void;
  log(message: string, error?: unknown): void;
  /** Whether a secret under this vault key survives a restart (false without a real keyring). */
  keysPersist?(vaultKey: string): boolean;
  /** Loopback timeout; 5 minutes by default. */
  connectTimeoutMs?: number;
  /** A request of this company's ended without reaching the service (the local copy says "Offline"). */
  onNetworkFailure?(companyId: string): void;
}

export function createCompanyRegistry(options: RegistryOptions) {
  const { vault } = options;
  const companies = createCompanyStore({
    store: options.store,
    ...(options.active ? { active: options.active } : {}),
    now: () => options.clock.now(),
    changed: (list) => options.emit('companies:changed', list),
    activeChanged: (activeId) => options.emit('companies:active', { activeId }),
    ...(options.keysPersist ? { keysPersist: options.keysPersist } : {}),
  });
  const sessions = createCompanySessions({ companies, vault, clock: options.clock, resolveService: options.resolveService, emit: options.emit, ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.onNetworkFailure ? { onNetworkFailure: options.onNetworkFailure } : {}) });
  const flows = createConnectFlows({
    openExternal: options.openExternal,
    progress: (progress) => options.emit('connect:progress', progress),
    log: options.log,
    ...(options.connectTimeoutMs ? { timeoutMs: options.connectTimeoutMs } : {}),
  });

  /** Reads the company fresh tokens belong to, through a short-lived session's own API client. */
  async function identify(config: ServiceConfig, kind: 'user' | 'service', tokens: TokenSet, signal: AbortSignal): Promise<CompanyInformation> {
    // Its own memory vault: nothing it might rotate may land under another company's key.
    const probe = sessions.create({ id: 'probe', kind, tenantId: '', vaultKey: 'probe' }, config, tokens, createMemoryVault());
    try {
      return await probe.session.companyInformation({ priority: 'interactive', signal });
    } finally {
      probe.session.close();
    }
  }

  /** Revokes a company's refresh token where it was issued (see revocation.ts). */
  const revoke = createRevoker({ resolveService: options.resolveService, tokenClientFor: sessions.tokenClientFor, log: options.log });

  /**
   * Stores a newly approved company, or gives a reconnected one its new tokens. Every wait happens
   * first; the company list is then read, changed and written in one synchronous step, so a
   * disconnect or rename that happened meanwhile is not undone.
   */
  async function adopt(config: ServiceConfig, demo: boolean, kind: 'user' | 'service', tokens: TokenSet, info: CompanyInformation): Promise<CompanyRecord> {
    if (!info.tenantId) {
      throw new ApiError('unavailable', { message: 'The service did not say which company this is (no DatabaseNumber), so it was not added.', retryable: false });
    }
    const id = companyIdOf(demo, kind, info.tenantId);
    const hasInvoiceScope = tokens.scopes.length === 0 || tokens.scopes.includes('invoice');
    const status: CompanyStatus = hasInvoiceScope ? 'connected' : 'scope-missing';
    const replacedRecord = companies.records().find((r) => r.id === id);
    const vaultKey = replacedRecord?.vaultKey ?? `refresh-token:${randomUUID()}`;
    const serviceKey = demo ? undefined : serviceKeyOf(config);
    let replacedToken: string | undefined;
    // A reconnected company gets a fresh session (its old one, and any export on it, stops).
    await sessions.replace({ id, kind, tenantId: info.tenantId, vaultKey }, config, tokens, async (old) => {
      // The old token manager is closed before the new token is stored: a refresh it has in
      // flight would otherwise write its rotated token over the new one.
      const newest = old ? await old.tokens.close() : undefined;
      if (replacedRecord?.kind === 'user') replacedToken = newest ?? (await vault.get(vaultKey).catch(() => undefined));
      // The refresh token is in the vault before the company exists anywhere else.
      if (kind === 'user' && tokens.refreshToken) await vault.set(vaultKey, tokens.refreshToken);
    });
    const record = companies.upsert(
      {
        id,
        name: info.name || `Company ${info.tenantId}`,
        organisationNumber: info.organisationNumber,
        tenantId: info.tenantId,
        kind,
        demo,
        status,
        vaultKey,
        ...(serviceKey ? { serviceKey, issuer: issuerOf(config) } : {}),
        ...(kind === 'user' ? { refreshTokenSavedAt: options.clock.now() } : {}),
      },
      true,
    );
    // Now that the new token is stored, the one it replaces is revoked where it was issued (in
    // the background: the user need not wait for it; a failure is logged by the revoker).
    if (replacedRecord && replacedToken && replacedToken !== tokens.refreshToken) void revoke(replacedRecord, replacedToken);
    return record;
  }

  return {
    list: () => companies.list(),
    record: (id: string) => companies.find(id),
    setActive: async (id: string): Promise<ActiveCompany> => companies.setActive(id),
    rename: async (id: string, name: string): Promise<CompanyList> => companies.rename(id, name),
    setTags: (id: string, tags: readonly string[]): CompanyList => companies.setTags(id, tags),
    /**
     * Removes the company and its secrets, and revokes its refresh token at the service that
     * issued it. The company goes whatever the service says; if the token could not be revoked
     * the result carries a warning for the user (the service may still list the integration).
     */
    async disconnect(id: string): Promise<DisconnectResult> {
      const record = companies.find(id);
      const current = await sessions.existing(id);
      // Stop the company's requests first (grid, prefetch, export); closing its token manager
      // then waits for a refresh in flight and hands over the newest refresh token.
      sessions.drop(id);
      const newest = current ? await current.tokens.close() : undefined;
      const refreshToken = record.kind === 'user' ? (newest ?? (await vault.get(record.vaultKey).catch(() => undefined))) : undefined;
      const outcome: RevokeOutcome = refreshToken ? await revoke(record, refreshToken) : { revoked: true };
      await vault.delete(record.vaultKey);
      const list = companies.remove(id);
      return { ...list, ...(outcome.revoked ? {} : { revokeWarning: { companyName: record.name, reason: outcome.reason } }) };
    },
    /** Starts the browser flow; progress arrives as 'connect:progress' events. */
    async startConnect(demo: boolean, reconnectCompanyId?: string): Promise<ConnectStarted> {
      const config = await options.resolveService(demo);
      return flows.start(
        async () => ({ authUrl: config.authUrl, clientId: config.clientId, scopes: config.scopes, redirectPort: config.redirectPort, tokenClient: sessions.tokenClientFor(config) }),
        async (tokens, signal) => {
          const info = await identify(config, 'user', tokens, signal);
          if (reconnectCompanyId && companyIdOf(demo, 'user', info.tenantId) !== reconnectCompanyId) {
            const expected = companies.records().find((r) => r.id === reconnectCompanyId)?.name ?? 'the company';
            // The other company's name as the store would keep it: the window shows this message.
            const approved = companyNameOf(info.name);
            throw new ApiError('bad-request', {
              message: `You approved ${approved || info.tenantId}, not ${expected}. Nothing was changed.`,
              remedy: `Reconnect again and choose ${expected} on the consent page, or add ${approved || 'the other company'} as a new company.`,
            });
          }
          return (await adopt(config, demo, 'user', tokens, info)).id;
        },
      );
    },
    /**
     * Activates a service account: the company's administrator approves the integration as one in
     * the browser (account_type=service); then the company is added with client credentials for
     * its tenant. The user tokens of the approval are only used to learn the tenant, then revoked.
     */
    async startServiceActivation(demo: boolean): Promise<ConnectStarted> {
      const config = await options.resolveService(demo);
      const tokenClient = sessions.tokenClientFor(config);
      return flows.start(
        async () => ({ authUrl: config.authUrl, clientId: config.clientId, scopes: config.scopes, redirectPort: config.redirectPort, tokenClient, accountType: 'service' }),
        async (approval, signal) => {
          const info = await identify(config, 'user', approval, signal);
          const service = await tokenClient.clientCredentials(info.tenantId, signal);
          const record = await adopt(config, demo, 'service', service, info);
          if (approval.refreshToken) void tokenClient.revoke(approval.refreshToken).catch((error: unknown) => options.log('Revoking the approval\'s user token failed', error));
          return record.id;
        },
      );
    },
    cancelConnect: (flowId: string): void => flows.cancel(flowId),
    /** A service account: client credentials with a TenantId, no browser. */
    async connectServiceAccount(tenantId: string, demo: boolean): Promise<CompanySummary> {
      const config = await options.resolveService(demo);
      const signal = AbortSignal.timeout(60_000);
      const tokens = await sessions.tokenClientFor(config).clientCredentials(tenantId, signal);
      const info = await identify(config, 'service', tokens, signal);
      return companies.summary(await adopt(config, demo, 'service', tokens, { ...info, tenantId: info.tenantId || tenantId }));
    },
    /** The company's live session (its limiter is shared by the grid and exports). */
    session: async (id: string) => (await sessions.liveFor(id)).session,
    withSession: sessions.withSession,
    /** An error seen elsewhere (an export) that changes what the company needs. */
    reportError(id: string, kind: string): void {
      if (!companies.has(id)) return;
      if (kind === 'scope-missing' || kind === 'licence-missing' || kind === 'needs-reconnect') companies.setStatus(id, kind);
    },
    resetConfiguredSessions: () => sessions.resetConfigured(),
    /**
     * An app that runs now and then keeps its connections alive: a refresh token not renewed for
     * a week (or of unknown age) is renewed now, long before the service's 45 days run out.
     */
    async keepAlive(): Promise<void> {
      const now = options.clock.now();
      for (const record of companies.records()) {
        if (record.kind !== 'user' || record.status !== 'connected') continue;
        if (record.refreshTokenSavedAt !== undefined && now - record.refreshTokenSavedAt < 7 * 86_400_000) continue;
        await sessions
          .withSession(record.id, (session) => session.tokens.getAccessToken(), 'company')
          .catch((error: unknown) => options.log(`Renewing ${record.name}'s connection failed; it is tried again at the next start`, error));
      }
    },
    async close(): Promise<void> {
      await flows.close();
      sessions.close();
    },
  };
}

export type CompanyRegistry = ReturnType<typeof createCompanyRegistry>;
