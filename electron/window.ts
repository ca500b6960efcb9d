/**
 * The one BrowserWindow: context isolation, sandbox, no Node integration, a strict CSP, and no
 * navigation, new windows, webviews or permissions beyond the app's own page.
 */
import { BrowserWindow, protocol, session } from 'electron';
import { APP_SCHEME, appSchemePrivileges, serveAppRequest } from './app-protocol';
import { developmentCsp, productionCsp } from './csp';
import { isAppUrl } from './ipc/sender';

export interface MainWindowOptions {
  preloadPath: string;
  /** app://invoice-desk/index.html (served from distDir), or the Vite dev server's URL. */
  rendererUrl: string;
  isDevServer: boolean;
  /** The renderer bundle's folder, the only one app:// serves from. */
  distDir: string;
}

/**
 * app:// as a standard, secure scheme (see app-protocol.ts for the privileges and why). Electron
 * accepts this only before the app is ready, so main.ts calls it at start-up.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...appSchemePrivileges } }]);
}

export function hardenSession(options: MainWindowOptions): void {
  const csp = options.isDevServer ? developmentCsp(new URL(options.rendererUrl).origin) : productionCsp;
  // The renderer's files, on the default session (the window's): only what lies inside dist/, each
  // answer with the CSP header as well as index.html's meta tag.
  if (!options.isDevServer) {
    session.defaultSession.protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, { distDir: options.distDir, csp }));
  }
  // Every other response (the dev server's pages in development) gets the policy as a header too.
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders, 'Content-Security-Policy': [csp] }; // eng-disable CSP_JS_CHECK -- the strict policy of csp.ts, asserted in the page by the e2e CSP test
    callback({ responseHeaders: headers });
  });
  // The app needs no camera, notifications, geolocation, ...: refuse every permission.
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'Invoice Desk',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: options.preloadPath, // eng-disable PRELOAD_JS_CHECK -- the sandboxed preload only exposes the typed contract via contextBridge (ipc/bridge.ts)
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click would otherwise open links in a new window (denied anyway by the handler below).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  win.once('ready-to-show', () => win.show());

  const contents = win.webContents;
  // Links and scripts may not take the window anywhere but the app's own page.
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, options.rendererUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, options.rendererUrl)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());

  void win.loadURL(options.rendererUrl);
  return win;
}
