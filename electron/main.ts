/**
 * Composition root of the main process: app lifecycle, one window, the IPC handlers wired to the
 * services. Thin on purpose: the services live in plain-Node modules that tests run without Electron.
 */
import path from 'node:path';
import { app, ipcMain, shell, type BrowserWindow } from 'electron';
import { APP_ENTRY_URL } from './app-protocol';
import { createAppServices } from './app-services';
import type { EventPayloads } from './ipc/contract';
import { registerHandlers } from './ipc/handlers';
import { readAppInfo } from './platform/app-info';
import { createBrowserOpener } from './platform/browser-opener';
import { notificationBodyIsMarkup, showNotification } from './platform/notifier';
import { chooseExportFile, chooseDocumentFile, confirm } from './platform/dialogs';
import { openKeyring } from './platform/safe-storage-vault';
import { createSettingsStore } from './platform/settings-store';
import { createMainWindow, hardenSession, registerAppScheme } from './window';

function log(message: string, error: unknown): void {
  console.error(`[invoice-desk] ${message}`, error ?? '');
}

// The dev server only for an unpackaged app: a packaged one must never load a page named by an
// environment variable as its trusted renderer.
const devServerUrl = app.isPackaged ? undefined : process.env.VITE_DEV_SERVER_URL;
// The built renderer is served from dist/ through app:// (window.ts, app-protocol.ts), not file://.
const rendererUrl = devServerUrl ?? APP_ENTRY_URL;
const windowOptions = {
  preloadPath: path.join(__dirname, 'preload.cjs'),
  rendererUrl,
  isDevServer: devServerUrl !== undefined,
  distDir: path.join(__dirname, '..', 'dist'),
};

let mainWindow: BrowserWindow | null = null;

function showMainWindow(): void {
  if (mainWindow === null || mainWindow.isDestroyed()) {
    mainWindow = createMainWindow(windowOptions);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function send<E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel, payload);
}

async function start(): Promise<void> {
  hardenSession(windowOptions);
  const services = createAppServices({
    store: createSettingsStore(),
    keyring: await openKeyring((message) => log(message, undefined)),
    confirm: (question) => confirm(question, services.language()),
    env: process.env,
    openExternal: (url) => openExternal(url),
    emit: send,
    log,
    chooseExportFile: (defaultName) => chooseExportFile(defaultName, services.language()),
    chooseDocumentFile: (defaultName) => chooseDocumentFile(defaultName, services.language()),
    openPath: (file) => shell.openPath(file),
    dataDir: app.getPath('userData'),
    // Unpacked from the asar archive (electron-builder asarUnpack): a worker thread loads it by path.
    mirrorWorker: path.join(__dirname, 'mirror-worker.cjs').replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`),
    // A click brings the window forward (made anew where it was closed: macOS), then asks it to
    // show that company's digest, once its page has loaded and listens.
    notify: (note, onClick) =>
      showNotification(note, () => {
        showMainWindow();
        const contents = mainWindow?.webContents;
        if (contents?.isLoading()) contents.once('did-finish-load', onClick);
        else onClick();
      }),
    notificationMarkup: notificationBodyIsMarkup,
  });
  const openExternal = createBrowserOpener(services.allowedBrowserOrigins);
  // Quit waits (at most 5 s) for the services to finish: an in-flight refresh persists its new
  // refresh token, a cancelled export removes its temporary file, loopback servers close.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
    void Promise.race([services.close(), timeout])
      .catch((error: unknown) => log('Closing the services failed', error))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
  registerHandlers(
    ipcMain,
    {
      'app:getInfo': readAppInfo,
      ...services.handlers,
    },
    {
      trustedWebContentsIds: () => (mainWindow && !mainWindow.isDestroyed() ? [mainWindow.webContents.id] : []),
      rendererUrl,
    },
    log,
  );
  showMainWindow();
}

// One instance: a second launch focuses the first window instead of running a second app that
// would race the first for the same single-use refresh tokens.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Before ready: Electron accepts privileged schemes only then.
  registerAppScheme();
  app.on('second-instance', showMainWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', showMainWindow);
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log('Start-up failed', error);
      app.quit();
    });
}
