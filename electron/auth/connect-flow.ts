/**
 * The browser connect flow (docs/service.md, Authorization; RFC 8252): a loopback redirect server, the authorization URL
 * with a random state and a PKCE challenge, the user's browser, the code exchanged with the
 * verifier, then `adopt` (the companies layer reads the company and stores it). One flow at a
 * time: pressing Connect again (or twice in a row) replaces the earlier flow and closes its
 * server, so no forgotten server holds a port. Progress goes out as 'connect:progress' events;
 * tokens of a flow that then fails are revoked, not left alive.
 */
import { randomUUID } from 'node:crypto';
import type { ConnectProgress, ConnectStarted } from '../common/companies';
import { ApiError, isApiError } from '../kernel/errors';
import { toUserError } from '../kernel/user-error';
import { buildAuthorizationUrl, randomState } from './authorization-url';
import { startLoopbackRedirect, type LoopbackRedirect } from './loopback-redirect';
import { createPkce } from './pkce';
import type { TokenClient, TokenSet } from './token-client';

export interface ConnectTarget {
  authUrl: string;
  clientId: string;
  scopes: string[];
  /** A fixed loopback port, or null for an ephemeral one. */
  redirectPort: number | null;
  tokenClient: TokenClient;
  /** 'service': the administrator's approval of a service account (account_type=service). */
  accountType?: 'service';
}

export interface ConnectFlowPorts {
  /** Opens a URL in the user's browser (shell.openExternal, checked by the caller). */
  openExternal(url: string): Promise<void>;
  progress(progress: ConnectProgress): void;
  log(message: string, error?: unknown): void;
  /** Loopback timeout; 5 minutes by default. */
  timeoutMs?: number;
}

/** Stores what the tokens give access to; resolves with the company's id. Once it resolves the
 * tokens are the company's; if it throws they are revoked here. */
export type Adopt = (tokens: TokenSet, signal: AbortSignal) => Promise<string>;

interface Flow {
  controller: AbortController;
  closeServer: () => Promise<void>;
}

export function createConnectFlows(ports: ConnectFlowPorts) {
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

  async function run(flowId: string, target: ConnectTarget, redirect: LoopbackRedirect, codeVerifier: string, signal: AbortSignal, adopt: Adopt): Promise<void> {
    const progress = (update: Omit<ConnectProgress, 'flowId'>) => ports.progress({ flowId, ...update });
    let tokens: TokenSet | undefined;
    try {
      const code = await redirect.code;
      progress({ phase: 'exchanging' });
      tokens = await target.tokenClient.exchangeCode(code, redirect.redirectUri, { codeVerifier, signal }).catch((error: unknown) => {
        // invalid_grant on a fresh code is not "the saved connection expired": there is none yet.
        if (isApiError(error) && error.kind === 'needs-reconnect') {
          throw new ApiError('unauthorized', {
            message: 'The service did not accept the sign-in (invalid_grant): the approval may have expired (after 10 minutes) or been used already.',
            remedy: 'Connect again and approve in the browser.',
            ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}),
            cause: error,
          });
        }
        throw error;
      });
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

  async function open(ticket: number, resolveTarget: () => Promise<ConnectTarget>, adopt: Adopt): Promise<ConnectStarted | undefined> {
    await stopAll();
    const target = await resolveTarget();
    if (ticket !== generation) return undefined;
    const controller = new AbortController();
    const state = randomState();
    const pkce = createPkce();
    const redirect = await startLoopbackRedirect({
      expectedState: state,
      port: target.redirectPort ?? 0,
      signal: controller.signal,
      ...(ports.timeoutMs ? { timeoutMs: ports.timeoutMs } : {}),
    });
    const flowId = randomUUID();
    let authorizationUrl: string;
    try {
      // A newer start came while this one was opening its server: close before the browser opens.
      if (ticket !== generation) {
        await redirect.close();
        return undefined;
      }
      authorizationUrl = buildAuthorizationUrl({
        authUrl: target.authUrl,
        clientId: target.clientId,
        redirectUri: redirect.redirectUri,
        scopes: target.scopes,
        state,
        codeChallenge: pkce.challenge,
        ...(target.accountType ? { accountType: target.accountType } : {}),
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
  }

  return {
    /**
     * Starts a flow; its outcome arrives as progress events. The newest call wins: an earlier
     * flow is cancelled and its server closed, and an earlier call still setting up gives way and
     * resolves with the newest flow (a double click yields one flow, one browser tab, no error).
     */
    start(resolveTarget: () => Promise<ConnectTarget>, adopt: Adopt): Promise<ConnectStarted> {
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
          started = ticket === generation && !closed ? await open(ticket, resolveTarget, adopt) : undefined;
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
