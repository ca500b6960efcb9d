/**
 * The browser connect flow (seed 4.1, RFC 8252): a loopback redirect server, the authorization URL
 * opened in the user's browser, the code exchanged for tokens, then handed to `adopt` (the
 * companies layer reads the company and stores it). One flow at a time: a new start closes the
 * previous one, so a forgotten flow never holds a fixed redirect port. Progress goes out as
 * 'connect:progress' events; tokens of a flow that then fails are revoked, not left alive.
 */
import { randomUUID } from 'node:crypto';
import type { ConnectProgress, ConnectStarted } from '../common/companies';
import { ApiError, isApiError, toUserError } from '../kernel/errors';
import { buildAuthorizationUrl, pkcePair, randomState } from './authorization-url';
import { startLoopbackRedirect } from './loopback-redirect';
import type { TokenClient, TokenSet } from './token-client';

export interface ConnectTarget {
  authUrl: string;
  clientId: string;
  scopes: string[];
  /** A fixed loopback port, or null for an ephemeral one. */
  redirectPort: number | null;
  tokenClient: TokenClient;
}

export interface ConnectFlowPorts {
  /** Opens a URL in the user's browser (shell.openExternal, checked by the caller). */
  openExternal(url: string): Promise<void>;
  progress(progress: ConnectProgress): void;
  log(message: string, error?: unknown): void;
  /** Loopback timeout; 5 minutes by default. */
  timeoutMs?: number;
}

/** Stores what the tokens give access to; resolves with the company's id. */
export type Adopt = (tokens: TokenSet, signal: AbortSignal) => Promise<string>;

interface Flow {
  controller: AbortController;
  closeServer: () => Promise<void>;
}

export function createConnectFlows(ports: ConnectFlowPorts) {
  const flows = new Map<string, Flow>();

  async function closeAll(): Promise<void> {
    for (const flow of flows.values()) flow.controller.abort();
    await Promise.all([...flows.values()].map((flow) => flow.closeServer()));
  }

  async function run(flowId: string, target: ConnectTarget, redirect: Awaited<ReturnType<typeof startLoopbackRedirect>>, codeVerifier: string, signal: AbortSignal, adopt: Adopt): Promise<void> {
    const progress = (update: Omit<ConnectProgress, 'flowId'>) => ports.progress({ flowId, ...update });
    let tokens: TokenSet | undefined;
    try {
      const code = await redirect.code;
      progress({ phase: 'exchanging' });
      tokens = await target.tokenClient.exchangeCode(code, redirect.redirectUri, signal, codeVerifier);
      progress({ phase: 'reading-company' });
      const companyId = await adopt(tokens, signal);
      tokens = undefined; // adopted: no longer ours to revoke
      progress({ phase: 'done', companyId });
    } catch (error) {
      if (tokens?.refreshToken) void target.tokenClient.revoke(tokens.refreshToken).catch(() => undefined);
      const apiError = isApiError(error) ? error : new ApiError('unavailable', { message: 'Connecting failed.', cause: error });
      if (!isApiError(error)) ports.log('Connect flow failed', error);
      progress({ phase: apiError.kind === 'cancelled' && signal.aborted ? 'cancelled' : 'failed', error: toUserError(apiError.toInfo()) });
    } finally {
      await redirect.close();
      flows.delete(flowId);
    }
  }

  return {
    /** Starts a flow; its outcome arrives as progress events. */
    async start(target: ConnectTarget, adopt: Adopt): Promise<ConnectStarted> {
      await closeAll();
      const flowId = randomUUID();
      const controller = new AbortController();
      const state = randomState();
      const pkce = pkcePair();
      const redirect = await startLoopbackRedirect({
        expectedState: state,
        port: target.redirectPort ?? 0,
        signal: controller.signal,
        ...(ports.timeoutMs ? { timeoutMs: ports.timeoutMs } : {}),
      });
      let authorizationUrl: string;
      try {
        authorizationUrl = buildAuthorizationUrl({
          authUrl: target.authUrl,
          clientId: target.clientId,
          redirectUri: redirect.redirectUri,
          scopes: target.scopes,
          state,
          codeChallenge: pkce.challenge,
        });
        flows.set(flowId, { controller, closeServer: redirect.close });
        ports.progress({ flowId, phase: 'waiting-for-browser', authorizationUrl });
      } catch (error) {
        await redirect.close();
        throw error;
      }
      void run(flowId, target, redirect, pkce.verifier, controller.signal, adopt);
      const opening = ports.openExternal(authorizationUrl); // eng-disable OPEN_EXTERNAL_JS_CHECK -- a port: main.ts passes platform/browser-opener, which allows only the auth origin
      opening.catch((error: unknown) => ports.log('Could not open the browser; the URL is shown to copy', error));
      return { flowId, authorizationUrl };
    },
    cancel(flowId: string): void {
      flows.get(flowId)?.controller.abort();
    },
    close: closeAll,
  };
}

export type ConnectFlows = ReturnType<typeof createConnectFlows>;
