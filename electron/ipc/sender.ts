/**
 * Which IPC senders are trusted: the app's own window, showing the app's own page, from its main
 * frame. Pure (no Electron import) so it is unit-tested; handlers.ts feeds it Electron's event.
 */
import { APP_SCHEME } from '../app-protocol';

export interface SenderFacts {
  /** The webContents id the message came from. */
  webContentsId: number;
  /** The URL of the frame that sent it (undefined when the frame is gone). */
  frameUrl: string | undefined;
  /** Whether that frame is the top-level frame of its webContents. */
  isMainFrame: boolean;
}

export interface TrustPolicy {
  /** Ids of the app's own windows' webContents. */
  trustedWebContentsIds(): Iterable<number>;
  /** The renderer entry: app://invoice-desk/index.html in production, the dev server's URL in dev. */
  rendererUrl: string;
}

/**
 * Whether a URL is the app's own page. The production renderer is app://invoice-desk/ (see
 * app-protocol.ts): same scheme and exactly the same host, no port, no credentials. Node's URL gives
 * every custom-scheme URL the opaque origin "null", so origins cannot be compared for app: (any
 * app://other-host/ would match). The dev server: the same http(s) origin. file: is never the app:
 * any file on the disk can be a file:// page, and the app's own page is not one.
 */
export function isAppUrl(candidate: string, rendererUrl: string): boolean {
  let url: URL;
  let app: URL;
  try {
    url = new URL(candidate);
    app = new URL(rendererUrl);
  } catch {
    return false;
  }
  if (url.protocol !== app.protocol) return false;
  if (app.protocol === `${APP_SCHEME}:`) {
    return url.host === app.host && url.host !== '' && url.username === '' && url.password === '';
  }
  if (app.protocol === 'http:' || app.protocol === 'https:') return url.origin === app.origin;
  return false;
}

export function isTrustedSender(facts: SenderFacts, policy: TrustPolicy): boolean {
  if (!facts.isMainFrame || facts.frameUrl === undefined) return false;
  if (![...policy.trustedWebContentsIds()].includes(facts.webContentsId)) return false;
  return isAppUrl(facts.frameUrl, policy.rendererUrl);
}
