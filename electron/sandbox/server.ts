// The HTTP server: one node:http server on 127.0.0.1 carrying both base URLs ({auth_url} under
// /apps, {base_url} under /api) and, when enabled, the control routes under /sandbox/.
//
// Each service request goes through the same pipeline:
//   received -> transit delay -> ARRIVAL (counted; the rate limiter counts it now) -> faults ->
//   route handler -> latency -> response written.
// The transit delay models the network between client and service: the limiter sees a request
// when it arrives, not when the client sent it.

import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES, errorReply, htmlErrorPage, messageFor, tooManyRequests } from './errors';
import type { FaultDecision } from './faults';
import { BodyTooLargeError, jsonReply, readBody, type Reply } from './http';
import { createOAuthRoutes } from './oauth-routes';
import { uniformMs } from './prng';
import { dispatchResource, endpointOf, routeOf, type RouteName } from './resource-routes';
import { API_PREFIX, type ServiceState } from './state';
import type { SandboxControl } from './types';

export interface ServerOptions {
  port: number;
  latencyMs: readonly [number, number] | undefined;
  transitMs: readonly [number, number] | undefined;
  controlRoutes: boolean;
  /** Called once, when the first service request is received (starts the data warm-up). */
  onFirstRequest?: () => void;
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

function methodNotAllowed(allowed: string): Reply {
  return jsonReply(405, { message: 'Method Not Allowed' }, { Allow: allowed });
}

/** setTimeout that close() can cancel, and no timer at all for 0 ms (keeps bursts tight). */
class Delays {
  private readonly timers = new Set<NodeJS.Timeout>();

  wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Pending waits never resolve after this; their requests are dropped with the connections. */
  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

export async function startServer(state: ServiceState, control: SandboxControl, options: ServerOptions): Promise<RunningServer> {
  // Loaded only when enabled: the control routes pull in zod, which costs ~150 ms of start-up.
  const controlRoutes = options.controlRoutes ? await import('./control-routes') : null;
  const oauth = createOAuthRoutes(state);
  const delays = new Delays();
  let closed = false;

  function dispatch(route: RouteName, req: IncomingMessage, url: URL, body: string): Reply {
    const method = req.method ?? 'GET';
    const authorization = req.headers.authorization;
    const apiPath = url.pathname.slice(API_PREFIX.length);
    switch (route) {
      case 'auth':
        if (method === 'GET') return oauth.authorizeGet(url.searchParams);
        if (method === 'POST') return oauth.authorizePost(body);
        return methodNotAllowed('GET, POST');
      case 'token':
      case 'revoke': {
        if (method !== 'POST') return methodNotAllowed('POST');
        const headers = { authorization, contentType: req.headers['content-type'], tenantId: headerValue(req, 'tenantid') };
        return route === 'token' ? oauth.token(headers, body) : oauth.revoke(headers, body);
      }
      case 'invoices':
      case 'companyinformation':
      case 'supplierinvoices':
      case 'supplierinvoicefileconnections':
      case 'archive':
      case 'customers':
      case 'suppliers':
      case 'invoicepayments':
      case 'supplierinvoicepayments':
        // Every /3/ resource answers GET only.
        if (method !== 'GET') return methodNotAllowed('GET');
        return dispatchResource(state, route, apiPath, authorization, url.searchParams);
      case 'other':
        return jsonReply(404, { message: 'Not Found' });
    }
  }

  function write(res: ServerResponse, reply: Reply): void {
    if (res.destroyed || res.writableEnded) return;
    // The service's own clock in the Date header (the local copy takes its checkpoints from it).
    res.writeHead(reply.status, { Date: new Date(state.clock.now()).toUTCString(), ...reply.headers, 'Content-Length': String(Buffer.byteLength(reply.body)) });
    res.end(reply.body);
  }

  let firstRequestSeen = false;

  async function handleService(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!firstRequestSeen) {
      firstRequestSeen = true;
      options.onFirstRequest?.();
    }
    const route = routeOf(url.pathname);
    // Start reading the body at once; it is needed only after the arrival.
    const bodyPromise = req.method === 'POST' || req.method === 'PUT' ? readBody(req) : Promise.resolve('');
    bodyPromise.catch(() => undefined);

    await delays.wait(uniformMs(options.transitMs));
    if (closed) return;
    state.counters.arrival(route, endpointOf(route, url.pathname.slice(API_PREFIX.length)));

    const fault = route === 'other' ? null : state.faults.decide(route);
    if (fault?.reset) {
      // A TCP reset (not a clean close), as a dropped connection looks to a client.
      const socket = req.socket;
      if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else socket.destroy();
      return;
    }

    let reply: Reply;
    if (fault?.burst429) {
      reply = tooManyRequests();
    } else if (fault && fault.errorStatus !== null) {
      reply = faultReply(fault.errorStatus, fault.errorBody);
    } else {
      let body = '';
      try {
        body = await bodyPromise;
      } catch (error) {
        reply = error instanceof BodyTooLargeError ? jsonReply(413, { message: error.message }) : jsonReply(400, { message: 'Bad Request' });
        return finish(res, reply, fault?.extraLatency);
      }
      try {
        reply = dispatch(route, req, url, body);
      } catch (error) {
        console.error('[sandbox] handler failed:', error);
        reply = errorReply(500, ERROR_CODES.systemException, 'Ett systemfel har uppstått.');
      }
      if (fault?.malformedJson && reply.json && typeof reply.body === 'string') {
        // The service's real answer cut in the middle: status and headers say JSON, the body is not.
        reply = { ...reply, body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length / 2))) };
      }
    }
    await finish(res, reply, fault?.extraLatency);
  }

  async function finish(res: ServerResponse, reply: Reply, extraLatency: readonly [number, number] | undefined): Promise<void> {
    await delays.wait(uniformMs(options.latencyMs) + uniformMs(extraLatency));
    if (closed || res.destroyed) return;
    state.counters.responded(reply.status);
    write(res, reply);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/sandbox' || url.pathname.startsWith('/sandbox/')) {
      // Control routes: no transit, latency, faults or counters; absent unless enabled.
      if (!controlRoutes) return write(res, jsonReply(404, { message: 'Not Found' }));
      let body = '';
      try {
        body = await readBody(req, 1024 * 1024);
      } catch {
        return write(res, jsonReply(413, { error: 'body too large' }));
      }
      return write(res, controlRoutes.handleControl(control, req.method ?? 'GET', url.pathname, body));
    }
    await handleService(req, res, url);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[sandbox] request failed:', error);
      if (!res.headersSent && !res.destroyed) write(res, errorReply(500, ERROR_CODES.systemException, 'Ett systemfel har uppstått.'));
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // 127.0.0.1 only: the sandbox is for this machine, never the network.
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            if (closed) return done();
            closed = true;
            delays.cancelAll();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** The answer of an error fault: the service's ErrorInformation for a code, or a proxy's empty or HTML answer. */
function faultReply(status: number, errorBody: FaultDecision['errorBody']): Reply {
  if (errorBody.code !== undefined) return errorReply(status, errorBody.code, errorBody.message ?? messageFor(errorBody.code));
  const reason = STATUS_CODES[status] ?? 'Error';
  if (errorBody.body === 'html') return htmlErrorPage(status, reason);
  if (errorBody.body === 'empty') return { status, headers: {}, body: '', json: false };
  return jsonReply(status, { message: reason });
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
