/**
 * The OAuth redirect target (RFC 8252 section 7.3): an HTTP server on 127.0.0.1 only, on an
 * ephemeral port by default or a configured fixed one, that accepts exactly one callback carrying
 * the expected `state` and the exact `Host` 127.0.0.1:PORT, answers the browser tab with a plain
 * page, and closes: after success, after an error, on cancel, and after a timeout (5 minutes by
 * default). Modelled on VS Code's loopback sign-in server (port 0, a nonce, a timeout, the server
 * closed in `finally`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../kernel/errors';

export const CALLBACK_PATH = '/callback';
export const DEFAULT_TIMEOUT_MS = 5 * 60_000;

export interface LoopbackOptions {
  expectedState: string;
  /** 0 (default) for an ephemeral port. */
  port?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface LoopbackRedirect {
  /** http://127.0.0.1:PORT/callback */
  redirectUri: string;
  port: number;
  /** Resolves with the authorization code; rejects with an ApiError (denied, licence, state, timeout, cancel). */
  code: Promise<string>;
  /** Whether the server is still listening. */
  isOpen(): boolean;
  close(): Promise<void>;
}

function sameState(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function page(title: string, body: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:15vh auto;padding:0 1rem;line-height:1.5}</style>
</head><body><h1>${escape(title)}</h1><p>${escape(body)}</p><p>You can close this tab and return to Invoice Desk.</p></body></html>`;
}

function callbackError(error: string, description: string | null): ApiError {
  if (error === 'access_denied') {
    return new ApiError('cancelled', {
      message: 'You denied Invoice Desk access in the browser. Nothing was connected.',
      remedy: 'Connect again and choose Approve when you are ready.',
    });
  }
  if (error === 'error_missing_app_license') {
    return new ApiError('licence-missing', {
      message: 'The company has no licence for this integration.',
      serviceMessage: description ?? undefined,
    });
  }
  return new ApiError('unauthorized', {
    message: `The service refused the sign-in (${error}${description ? `: ${description}` : ''}).`,
    remedy: 'Check the integration settings and connect again.',
  });
}

export async function startLoopbackRedirect(options: LoopbackOptions): Promise<LoopbackRedirect> {
  let settle!: { resolve: (code: string) => void; reject: (error: unknown) => void };
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  code.catch(() => undefined); // the caller observes it; never an unhandled rejection
  let done = false;
  let open = true;
  /** Known once listening; no request can arrive before. */
  let port = 0;

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // DNS rebinding: a web page can point its own host name at 127.0.0.1 and then reach this
    // port from the browser; its requests carry its host name in Host. Only the exact address the
    // service redirects to is ours. Refused before anything else, so it never ends the flow.
    if (req.headers.host !== `127.0.0.1:${port}`) {
      res.writeHead(421, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
      res.end(page('Wrong address', `Invoice Desk's sign-in listener answers only at http://127.0.0.1:${port}.`));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH || done) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const state = url.searchParams.get('state') ?? '';
    const send = (status: number, title: string, body: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
      res.end(page(title, body));
    };
    if (!sameState(state, options.expectedState)) {
      // Not the answer to our request (a forged or stale link, or another page probing the
      // port): refuse it, store nothing, and keep waiting for the real one. Failing the flow here
      // would let any local page cancel the user's sign-in with one request.
      send(400, 'Sign-in refused', 'This answer does not belong to the sign-in Invoice Desk started.');
      return;
    }
    let outcome: { code: string } | { error: ApiError };
    if (url.searchParams.get('error')) {
      outcome = { error: callbackError(url.searchParams.get('error')!, url.searchParams.get('error_description')) };
      send(200, 'Not connected', outcome.error.message);
    } else if (url.searchParams.get('code')) {
      outcome = { code: url.searchParams.get('code')! };
      send(200, 'Connected', 'Invoice Desk received the approval and is finishing the connection.');
    } else {
      outcome = { error: new ApiError('bad-request', { message: 'The sign-in answer carried neither a code nor an error.' }) };
      send(400, 'Sign-in failed', outcome.error.message);
    }
    done = true;
    if ('code' in outcome) settle.resolve(outcome.code);
    else settle.reject(outcome.error);
    void shutdown();
  });

  const shutdown = async (): Promise<void> => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (!open) return;
    open = false;
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const fail = (error: ApiError) => {
    if (done) return;
    done = true;
    settle.reject(error);
    void shutdown();
  };
  const onAbort = () => fail(new ApiError('cancelled', { message: 'Connecting was cancelled.' }));
  const timer = setTimeout(
    () =>
      fail(
        new ApiError('cancelled', {
          message: 'No answer came from the browser within 5 minutes, so connecting stopped.',
          remedy: 'Connect again and approve in the browser.',
        }),
      ),
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  timer.unref?.();

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      open = false;
      reject(
        error.code === 'EADDRINUSE'
          ? new ApiError('unavailable', {
              message: `The redirect port ${options.port} is in use by another program.`,
              remedy: 'Close the program using it, or change INVOICE_DESK_REDIRECT_PORT / the redirect port setting.',
              retryable: false,
            })
          : error,
      );
    });
    // 127.0.0.1 only: not 0.0.0.0 (other machines), not 'localhost' (may resolve to ::1 or be remapped).
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.removeAllListeners('error');
  server.on('error', (error) => fail(new ApiError('unavailable', { message: 'The sign-in listener stopped unexpectedly.', cause: error })));
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  port = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    port,
    code,
    isOpen: () => open,
    close: async () => {
      fail(new ApiError('cancelled', { message: 'Connecting was cancelled.' }));
      await shutdown();
    },
  };
}
