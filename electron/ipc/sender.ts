/**
 * Which IPC senders are trusted: the app's own window, showing the app's own page, from its main
 * frame. Pure (no Electron import) so it is unit-tested; handlers.ts feeds it Electron's event.
 */
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
  /** The renderer entry: a file:// URL of index.html in production, the dev server origin in dev. */
  rendererUrl: string;
}

/** Compares scheme, host, port and (for file:) the path: the query and hash may change freely. */
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
  if (app.protocol === 'file:') return url.pathname === app.pathname;
  return url.origin === app.origin;
}

export function isTrustedSender(facts: SenderFacts, policy: TrustPolicy): boolean {
  if (!facts.isMainFrame || facts.frameUrl === undefined) return false;
  if (![...policy.trustedWebContentsIds()].includes(facts.webContentsId)) return false;
  return isAppUrl(facts.frameUrl, policy.rendererUrl);
}
