/**
 * Electron's `protocol` for the harness: registerSchemesAsPrivileged and handle, with Electron's
 * timing rules, and the routing that lets Chromium show the pages a handler serves.
 *
 * Stock Chromium does not know app:// and starts no request for it that Playwright could route
 * (page.goto('app://…') fails with net::ERR_ABORTED before any route sees it). So each handled
 * standard scheme gets a stand-in origin, app://HOST/… ⇄ https://HOST.<scheme>.localhost/…: the
 * harness navigates the page there, and a context route hands every request for the stand-in,
 * translated back to its app:// URL, to the very handler the main process gave protocol.handle,
 * refusal rules included. The main process never sees a stand-in URL: webContents.getURL(),
 * senderFrame.url and will-navigate report the app:// URL, as Electron would. https and .localhost
 * keep the stand-in a secure context, as `secure: true` makes app:// in Electron; the page's
 * 'self' (CSP) is the stand-in origin.
 */
import type { BrowserContext } from 'playwright-core';

type Handler = (request: Request) => Response | Promise<Response>;
interface CustomScheme {
  scheme: string;
  privileges?: { standard?: boolean; secure?: boolean; bypassCSP?: boolean; [key: string]: boolean | undefined };
}

export interface ServedRequest {
  url: string;
  method: string;
  status: number;
  headers: Record<string, string>;
}

const STAND_IN_SUFFIX = '.localhost';

export function createFakeProtocol(isReady: () => boolean) {
  const privileged = new Map<string, CustomScheme['privileges']>();
  const handlers = new Map<string, Handler>();
  /** Every request a handler answered through the stand-in, for tests. */
  const served: ServedRequest[] = [];

  const protocol = {
    registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
      if (isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
      for (const { scheme, privileges } of schemes) privileged.set(scheme, { ...privileges });
    },
    handle(scheme: string, handler: Handler): void {
      if (!isReady()) throw new Error('protocol.handle can only be used after the app is ready');
      if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
      handlers.set(scheme, handler);
    },
    unhandle(scheme: string): void {
      handlers.delete(scheme);
    },
    isProtocolHandled: (scheme: string) => handlers.has(scheme),
  };

  /** Only a standard scheme has hosts, hence a stand-in origin. */
  const mapped = (scheme: string) => handlers.has(scheme) && privileged.get(scheme)?.standard === true;

  /** app://HOST/path → https://HOST.app.localhost/path; any other URL unchanged. */
  function toPageUrl(appUrl: string): string {
    let url: URL;
    try {
      url = new URL(appUrl);
    } catch {
      return appUrl;
    }
    const scheme = url.protocol.slice(0, -1);
    if (!mapped(scheme) || url.hostname === '') return appUrl;
    const authority = `${scheme}://${url.host}`;
    const standIn = `https://${url.hostname}.${scheme}${STAND_IN_SUFFIX}${url.port ? `:${url.port}` : ''}`;
    return url.href.startsWith(authority) ? standIn + url.href.slice(authority.length) : appUrl;
  }

  /** https://HOST.app.localhost/path → app://HOST/path; any other URL unchanged. */
  function toAppUrl(pageUrl: string): string {
    let url: URL;
    try {
      url = new URL(pageUrl);
    } catch {
      return pageUrl;
    }
    const found = standInOf(url);
    if (!found) return pageUrl;
    const authority = `${url.protocol}//${url.host}`;
    return `${found.scheme}://${found.host}${url.port ? `:${url.port}` : ''}${url.href.slice(authority.length)}`;
  }

  function standInOf(url: URL): { scheme: string; host: string } | undefined {
    if (url.protocol !== 'https:' || !url.hostname.endsWith(STAND_IN_SUFFIX)) return undefined;
    const labels = url.hostname.slice(0, -STAND_IN_SUFFIX.length).split('.');
    const scheme = labels.pop();
    if (scheme === undefined || labels.length === 0 || !mapped(scheme)) return undefined;
    return { scheme, host: labels.join('.') };
  }

  /** Routes every stand-in request of `context` to its scheme's handler. */
  async function route(context: BrowserContext): Promise<void> {
    await context.route(
      (url) => url.protocol === 'https:' && url.hostname.endsWith(STAND_IN_SUFFIX),
      async (route) => {
        const request = route.request();
        const found = standInOf(new URL(request.url()));
        const handler = found && handlers.get(found.scheme);
        // As Chromium does for a scheme nobody handles.
        if (!handler) return route.abort('failed');
        const method = request.method();
        const posted = method === 'GET' || method === 'HEAD' ? null : request.postDataBuffer();
        const body = posted === null ? undefined : new Uint8Array(posted);
        const appRequest = new Request(toAppUrl(request.url()), { method, headers: await request.allHeaders(), body });
        const response = await handler(appRequest);
        const headers = Object.fromEntries(response.headers);
        served.push({ url: appRequest.url, method, status: response.status, headers });
        return route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
      },
    );
  }

  return {
    protocol,
    route,
    toPageUrl,
    toAppUrl,
    inspect: {
      served,
      privileges: (scheme: string) => privileged.get(scheme),
      handled: () => [...handlers.keys()],
    },
  };
}

export type FakeProtocol = ReturnType<typeof createFakeProtocol>;
