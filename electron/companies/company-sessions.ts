/**
 * One live session per connected company (token manager + limiter + client: nothing shared), made
 * on first use from the stored record and the service it was connected to, and the company's
 * status kept in step with what its requests and tokens learn.
 */
import type { SecretVault } from '../auth/secret-vault';
import { createTokenClient, type TokenSet } from '../auth/token-client';
import { createTokenManager, type TokenManager, type TokenState } from '../auth/token-manager';
import { resourceIds, type ResourceId } from '../common/resources';
import type { EventPayloads } from '../ipc/contract';
import type { Clock } from '../kernel/clock';
import { ApiError, isApiError, isNetworkFailure } from '../kernel/errors';
import type { FetchLike } from '../kernel/http';
import type { ServiceConfig } from '../settings/settings-service';
import { createCompanySession, type CompanySession } from './company-session';
import { serviceKeyOf, type CompanyRecord, type CompanyStore } from './company-store';

export interface Live {
  session: CompanySession;
  tokens: TokenManager;
  config: ServiceConfig;
  unsubscribe: Array<() => void>;
}

export interface SessionsOptions {
  companies: CompanyStore;
  vault: SecretVault;
  clock: Clock;
  fetch?: FetchLike;
  /** The configured service, or the demo sandbox (started on first use) when demo is true. */
  resolveService(demo: boolean): Promise<ServiceConfig>;
  emit<E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]): void;
  /** A request's own retries ended without reaching the service (refused, name lookup, timeout). */
  onNetworkFailure?(companyId: string): void;
}

export function createCompanySessions(options: SessionsOptions) {
  const { companies, vault, clock } = options;
  const live = new Map<string, Live>();
  const starting = new Map<string, Promise<Live>>();
  /** Sessions a reconnect closed (replace): a request cancelled by that close runs again on the new one. */
  const replaced = new WeakSet<Live>();

  function tokenClientFor(config: ServiceConfig) {
    return createTokenClient({ authUrl: config.authUrl, clientId: config.clientId, clientSecret: config.clientSecret, clock, ...(options.fetch ? { fetch: options.fetch } : {}) });
  }

  /** A session for a company, or (without `id` listeners) a short-lived one for fresh tokens. */
  function create(record: Pick<CompanyRecord, 'id' | 'kind' | 'tenantId' | 'vaultKey'>, config: ServiceConfig, initial?: TokenSet, tokenVault: SecretVault = vault): Live {
    const tokens = createTokenManager({
      ...(tokenVault === vault ? { onRefreshTokenSaved: (at: number) => companies.refreshTokenSaved(record.id, at) } : {}),
      grant: record.kind === 'service' ? { kind: 'client-credentials', tenantId: record.tenantId } : { kind: 'refresh-token', vaultKey: record.vaultKey },
      tokenClient: tokenClientFor(config),
      vault: tokenVault,
      clock,
      ...(initial ? { initial } : {}),
    });
    const session = createCompanySession({
      apiUrl: config.apiUrl,
      tokenManager: tokens,
      clock,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      // Counts and field names only, never values (they are the company's data).
      onOddity: (report) => console.warn(`[invoices] a list page of ${report.items} items: ${report.dropped} dropped (no DocumentNumber), ${report.fields} odd fields read as empty`, report.byField),
    });
    return { session, tokens, config, unsubscribe: [] };
  }

  function install(record: Pick<CompanyRecord, 'id' | 'kind' | 'tenantId' | 'vaultKey'>, config: ServiceConfig, initial?: TokenSet): Live {
    drop(record.id);
    const created = create(record, config, initial);
    created.unsubscribe.push(
      created.tokens.onStateChange((state: TokenState) => companies.setStatus(record.id, state)),
      created.session.limiter.onWaitingChange((waiting) => options.emit('company:rateLimit', { companyId: record.id, waiting })),
    );
    live.set(record.id, created);
    return created;
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
    const record = companies.find(id);
    const promise = options.resolveService(record.demo).then((config) => {
      if (!record.demo && record.serviceKey !== undefined && record.serviceKey !== serviceKeyOf(config)) {
        companies.setStatus(id, 'needs-reconnect');
        throw new ApiError('needs-reconnect', {
          message: 'The service settings changed since this company was connected, so its keys are not sent to the new service.',
          remedy: 'Reconnect the company (or restore the previous settings).',
        });
      }
      return live.get(id) ?? install(record, config); // a connect may have installed it meanwhile
    });
    starting.set(id, promise);
    try {
      return await promise;
    } finally {
      if (starting.get(id) === promise) starting.delete(id); // replace() may have put its own there
    }
  }

  return {
    tokenClientFor,
    create,
    install,
    drop,
    liveFor,
    current: (id: string): Live | undefined => live.get(id),
    /** The live session, or the one being made, without making one. */
    existing: async (id: string): Promise<Live | undefined> => live.get(id) ?? (await starting.get(id)?.catch(() => undefined)),
    /**
     * Replaces a company's session (a reconnect): callers that arrive meanwhile wait for the new
     * one instead of starting on the old token. `prepare` gets the old session (to close its
     * token manager and take its newest refresh token) and runs before the new one is made.
     */
    async replace(record: Pick<CompanyRecord, 'id' | 'kind' | 'tenantId' | 'vaultKey'>, config: ServiceConfig, tokens: TokenSet, prepare: (old: Live | undefined) => Promise<void>): Promise<Live> {
      const old = live.get(record.id) ?? (await starting.get(record.id)?.catch(() => undefined));
      if (old) replaced.add(old);
      let finish!: (created: Live) => void;
      let abandon!: (error: unknown) => void;
      const replacing = new Promise<Live>((resolve, reject) => ((finish = resolve), (abandon = reject)));
      replacing.catch(() => undefined);
      starting.set(record.id, replacing);
      live.delete(record.id);
      try {
        await prepare(old);
        if (old) {
          for (const off of old.unsubscribe) off();
          old.session.close(); // its requests (and an export on it) stop
        }
        const created = install(record, config, tokens);
        finish(created);
        return created;
      } catch (error) {
        abandon(error);
        throw error;
      } finally {
        if (starting.get(record.id) === replacing) starting.delete(record.id);
      }
    },
    /**
     * Runs a request on a company's session and keeps its status in step with the outcome. `owner`
     * says whose request it is: the company's own (its tokens, a probe) or a list's. The company's
     * status follows its own requests and its first list's (resourceIds[0], the grid it opens on):
     * a scope, licence or permission error of a later list is that list's own and is shown on its
     * side only (the sync status per list), and its successes never clear the company's. A lost
     * connection (needs-reconnect) is the tokens', so it marks the company whoever asked.
     */
    async withSession<T>(id: string, work: (session: CompanySession) => Promise<T>, owner: ResourceId | 'company'): Promise<T> {
      let current = await liveFor(id);
      const marksCompany = owner === 'company' || owner === resourceIds[0];
      try {
        const result = await work(current.session).catch(async (error: unknown) => {
          // A reconnect replaced the session while this ran on it (it started before the reconnect
          // knew the company), and closing the old one cancelled it: it runs once more on the new
          // session. Every caller only reads (a page, a document, a sync that resumes), so a second
          // run repeats nothing the service keeps.
          if (!(isApiError(error) && error.kind === 'cancelled' && replaced.has(current))) throw error;
          current = await liveFor(id);
          return work(current.session);
        });
        if (marksCompany && companies.find(id).status !== 'connected' && current.tokens.state() === 'connected') companies.setStatus(id, 'connected');
        return result;
      } catch (error) {
        if (isApiError(error) && (error.kind === 'needs-reconnect' || (marksCompany && (error.kind === 'scope-missing' || error.kind === 'licence-missing')))) {
          companies.setStatus(id, error.kind);
        }
        if (isNetworkFailure(error)) options.onNetworkFailure?.(id);
        throw error;
      }
    },
    /** The service settings changed: live sessions of configured companies are rebuilt on next use. */
    resetConfigured(): void {
      for (const record of companies.records()) if (!record.demo) drop(record.id);
    },
    close(): void {
      for (const id of [...live.keys()]) drop(id);
    },
  };
}

export type CompanySessions = ReturnType<typeof createCompanySessions>;
