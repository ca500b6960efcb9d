/**
 * The browser connect flow (seed 5.3, RFC 8252): a loopback redirect server, the authorization URL
 * with a random state and a PKCE challenge, the system browser, the code exchange with the
 * verifier, and the company's identity. One flow at a time: pressing Connect again (or twice in a
 * row) replaces the earlier flow and closes its server, so no forgotten server holds a port.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, classifyResourceError, isApiError } from '../api/errors';
import type { FetchLike } from '../api/http';
import { buildAuthorizationUrl, randomState } from '../auth/authorization-url';
import { startLoopbackRedirect, type LoopbackRedirect } from '../auth/loopback-redirect';
import { createPkce } from '../auth/pkce';
import type { TokenClient, TokenSet } from '../auth/token-client';
import type { ConnectProgress, ConnectStarted, EventPayloads } from '../ipc/contract';
import type { ServiceConfig } from '../settings/settings-service';
import { parseCompanyInformation, type CompanyInformation } from './company-session';

export interface ConnectFlowOptions {
  resolveService(demo: boolean): Promise<ServiceConfig>;
  openExternal(url: string): Promise<void>;
  emit<E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]): void;
  log(message: string, error?: unknown): void;
  /** Loopback timeout; 5 minutes by default. */
  connectTimeoutMs?: number;
  tokenClientFor(config: ServiceConfig): TokenClient;
  fetch?: FetchLike;
  /** Stores the approved company (or gives the reconnected one its tokens); resolves with its id.
   * Once it resolves the tokens are the company's; if it throws they are revoked here. */
  adopt(config: ServiceConfig, demo: boolean, tokens: TokenSet, info: CompanyInformation, reconnectCompanyId: string | undefined): Promise<string>;
}

interface Flow {
  controller: AbortController;
  closeServer: () => Promise<void>;
}

/** Reads the company's identity with a fresh token, without touching any stored company. */
export async function readIdentity(fetchImpl: FetchLike, config: ServiceConfig, tokens: TokenSet, signal: AbortSignal): Promise<CompanyInformation> {
  let response: Response;
  try {
    response = await fetchImpl(`${config.apiUrl.replace(/\/+$/, '')}/3/companyinformation`, {
      headers: { Authorization: `Bearer ${tokens.accessToken}`, Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
    });
  } catch (error) {
    throw new ApiError('unavailable', { message: 'The service could not be reached to read the company.', cause: error });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw classifyResourceError(response.status, body);
  return parseCompanyInformation(body);
}

export function createConnectFlows(options: ConnectFlowOptions) {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const flows = new Map<string, Flow>();
  /** Bumped by every start and by close(): a start that is no longer the newest gives way. */
  let generation = 0;
  /** The newest start's setup. The next start waits for it, so it can close the server it opened:
   * without this, two starts in the same instant would each see no flow and both listen. */
  let settingUp: Promise<void> = Promise.resolve();
  let newest: Promise<ConnectStarted> | undefined;
  let closed = false;

  async function stopAll(): Promise<void> {
    for (const flow of flows.values()) flow.controller.abort();
    await Promise.all([...flows.values()].map((flow) => flow.closeServer()));
  }

  async function runFlow(flowId: string, demo: boolean, config: ServiceConfig, redirect: LoopbackRedirect, codeVerifier: string, signal: AbortSignal, reconnectCompanyId: string | undefined) {
    const progress = (update: Omit<ConnectProgress, 'flowId'>) => options.emit('connect:progress', { flowId, ...update });
    let tokens: TokenSet | undefined;
    try {
      const code = await redirect.code;
      progress({ phase: 'exchanging' });
      tokens = await options.tokenClientFor(config).exchangeCode(code, redirect.redirectUri, { codeVerifier, signal });
      progress({ phase: 'reading-company' });
      const info = await readIdentity(fetchImpl, config, tokens, signal);
      const companyId = await options.adopt(config, demo, tokens, info, reconnectCompanyId);
      tokens = undefined; // adopted: no longer ours to revoke
      progress({ phase: 'done', companyId });
    } catch (error) {
      // Tokens obtained for a flow that then failed are revoked, not left alive at the service.
      if (tokens?.refreshToken) void options.tokenClientFor(config).revoke(tokens.refreshToken).catch(() => undefined);
      const apiError = isApiError(error) ? error : new ApiError('unavailable', { message: 'Connecting failed.', cause: error });
      if (!isApiError(error)) options.log('Connect flow failed', error);
      const info = apiError.toInfo();
      progress({
        phase: apiError.kind === 'cancelled' && signal.aborted ? 'cancelled' : 'failed',
        error: {
          kind: info.kind,
          message: info.message,
          ...(info.remedy ? { remedy: info.remedy } : {}),
          ...(info.serviceMessage ? { serviceMessage: info.serviceMessage } : {}),
        },
      });
    } finally {
      await redirect.close();
      flows.delete(flowId);
    }
  }

  async function open(ticket: number, demo: boolean, reconnectCompanyId: string | undefined): Promise<ConnectStarted | undefined> {
    await stopAll();
    const config = await options.resolveService(demo);
    if (ticket !== generation) return undefined;
    const controller = new AbortController();
    const state = randomState();
    const pkce = createPkce();
    const redirect = await startLoopbackRedirect({
      expectedState: state,
      port: config.redirectPort ?? 0,
      signal: controller.signal,
      ...(options.connectTimeoutMs ? { timeoutMs: options.connectTimeoutMs } : {}),
    });
    const flowId = randomUUID();
    let authorizationUrl: string;
    try {
      // A newer start came while this one was listening: close before the browser opens.
      if (ticket !== generation) {
        await redirect.close();
        return undefined;
      }
      authorizationUrl = buildAuthorizationUrl({
        authUrl: config.authUrl,
        clientId: config.clientId,
        redirectUri: redirect.redirectUri,
        scopes: config.scopes,
        state,
        codeChallenge: pkce.challenge,
      });
      flows.set(flowId, { controller, closeServer: redirect.close });
      options.emit('connect:progress', { flowId, phase: 'waiting-for-browser', authorizationUrl });
    } catch (error) {
      await redirect.close();
      throw error;
    }
    void runFlow(flowId, demo, config, redirect, pkce.verifier, controller.signal, reconnectCompanyId);
    const opening = options.openExternal(authorizationUrl); // eng-disable OPEN_EXTERNAL_JS_CHECK -- a port: main.ts passes platform/browser-opener, which allows only the auth origin
    opening.catch((error: unknown) => options.log('Could not open the browser; the URL is shown to copy', error));
    return { flowId, authorizationUrl };
  }

  return {
    /**
     * Starts the browser flow; progress arrives as 'connect:progress' events. The newest call
     * wins: an earlier flow is cancelled and its server closed, and an earlier call still setting
     * up gives way and resolves with the newest flow (a double click yields one flow, one browser
     * tab, no error).
     */
    start(demo: boolean, reconnectCompanyId?: string): Promise<ConnectStarted> {
      const ticket = ++generation;
      const previous = settingUp;
      // Settles when this start's own setup is over (not with its result, which may be the
      // newer start's: waiting on that would deadlock the two).
      let setUp!: () => void;
      settingUp = new Promise<void>((resolve) => (setUp = resolve));
      const attempt = (async (): Promise<ConnectStarted> => {
        await previous;
        let started: ConnectStarted | undefined;
        try {
          started = ticket === generation && !closed ? await open(ticket, demo, reconnectCompanyId) : undefined;
        } finally {
          setUp();
        }
        if (started) return started;
        if (closed || !newest) throw new ApiError('cancelled', { message: 'Connecting was cancelled.' });
        return newest;
      })();
      newest = attempt;
      return attempt;
    },
    cancel(flowId: string): void {
      flows.get(flowId)?.controller.abort();
    },
    async close(): Promise<void> {
      closed = true;
      generation += 1;
      await settingUp;
      await stopAll();
    },
  };
}
