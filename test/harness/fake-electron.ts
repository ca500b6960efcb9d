/**
 * The Electron APIs the app uses, implemented for the harness: the real main process and the real
 * preload run in Node against these, and every BrowserWindow is a Playwright page in Chromium.
 *
 * Faithful where the app's behaviour depends on it: ipcRenderer.invoke copies its arguments and
 * its result (structured clone) and gives handlers an event with sender and senderFrame; the
 * preload's object reaches the page through ContextBridgeEmulation; will-navigate and
 * setWindowOpenHandler are consulted before a navigation or popup is allowed; safeStorage really
 * encrypts (AES-256-GCM with a per-userData key, standing in for the OS keyring); the app's
 * protocol.handle handler serves its pages (fake-protocol.ts: how app:// reaches Chromium).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ContextBridgeEmulation } from './context-bridge';
import { createFakeProtocol } from './fake-protocol';

export interface DialogAnswer {
  canceled: boolean;
  filePath?: string;
  filePaths?: string[];
}

export interface FakeElectronOptions {
  userDataDir: string;
  appContext: BrowserContext;
  systemBrowser: BrowserContext;
  version: string;
  productName: string;
  /** 'os' (a keyring), 'basic_text' (Linux without one) or 'none' (encryption unavailable). */
  keyring: 'os' | 'basic_text' | 'none';
  dialogAnswers: DialogAnswer[];
  /** Buttons chosen in dialog.showMessageBox, in order; the first button when none is left. */
  messageBoxAnswers: number[];
  preloadSource: string;
  preloadPath: string;
  log: (line: string) => void;
}

/** The bridge's one function that returns synchronously (events.on returns its unsubscribe). */
const SYNC_BRIDGE_PATHS = ['events.on'];

type IpcHandler = (event: unknown, ...args: unknown[]) => unknown;

class FakeWebContents extends EventEmitter {
  private static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  page: Page | undefined;
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | undefined;
  destroyed = false;
  /** Listeners the preload registered with ipcRenderer.on, by channel. */
  readonly rendererListeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  readonly mainFrame: { readonly url: string | undefined; readonly parent: null; top: unknown };
  readonly session: unknown;
  /** Until its page has loaded (did-finish-load), as Electron's. */
  loading = true;

  isLoading(): boolean {
    return this.loading;
  }

  /** toAppUrl: the page's stand-in URL back to the app:// URL Electron would report. */
  constructor(session: unknown, toAppUrl: (pageUrl: string) => string) {
    super();
    this.session = session;
    const currentUrl = () => (this.page && !this.page.isClosed() ? toAppUrl(this.page.url()) : undefined);
    this.mainFrame = {
      get url() {
        return currentUrl();
      },
      parent: null,
      top: null,
    };
    this.mainFrame.top = this.mainFrame;
  }

  send(channel: string, payload: unknown): void {
    if (this.destroyed) return;
    const copy = structuredClone(payload);
    this.emit('ipc-sent', channel, copy);
    for (const listener of this.rendererListeners.get(channel) ?? []) listener({ sender: null }, copy);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.mainFrame.url ?? '';
  }
  focus(): void {}
  openDevTools(): void {}
}

export function createFakeElectron(options: FakeElectronOptions) {
  const appEvents = new EventEmitter();
  const handlers = new Map<string, IpcHandler>();
  const windows = new Set<FakeBrowserWindow>();
  const openedExternal: string[] = [];
  /** Files the app handed to the system's viewer (shell.openPath), in order. */
  const openedPaths: string[] = [];
  /** Every IPC message that crossed to the renderer (invoke results and events), for leak tests. */
  const ipcLog: Array<{ channel: string; kind: 'result' | 'event'; payload: unknown }> = [];
  /** Every invoke as the main process received it, in that order, with its arguments (what the window asked, and when). */
  const ipcAsked: Array<{ channel: string; args: unknown[] }> = [];
  const dialogCalls: unknown[] = [];
  /** Desktop notifications the app showed, in order; `click()` is the user clicking one. */
  const notifications: Array<{ title: string; body: string; click: () => void }> = [];
  class FakeNotification extends EventEmitter {
    static isSupported(): boolean {
      return true;
    }
    constructor(private readonly options: { title: string; body: string }) {
      super();
    }
    show(): void {
      notifications.push({ title: this.options.title, body: this.options.body, click: () => this.emit('click', {}) });
    }
  }
  const paths: Record<string, string> = {
    userData: options.userDataDir,
    appData: path.dirname(options.userDataDir),
    temp: path.join(options.userDataDir, '..'),
    downloads: path.join(options.userDataDir, 'Downloads'),
    documents: path.join(options.userDataDir, 'Documents'),
    home: options.userDataDir,
    logs: path.join(options.userDataDir, 'logs'),
  };
  let quitting = false;
  let quitted = false;
  // Ready one tick after the main process's top level ran, as in Electron: protocol.registerSchemesAsPrivileged
  // only works before, protocol.handle only after.
  let ready = false;
  const whenReady = Promise.resolve().then(() => {
    ready = true;
  });
  const fakeProtocol = createFakeProtocol(() => ready);
  const routed = fakeProtocol.route(options.appContext);
  let resolveQuit!: () => void;
  const quit = new Promise<void>((resolve) => {
    resolveQuit = resolve;
  });
  const windowCreated = new EventEmitter();

  const session = {
    webRequest: {
      headerHook: undefined as unknown,
      onHeadersReceived(hook: unknown) {
        this.headerHook = hook;
      },
    },
    permissionRequestHandler: undefined as unknown,
    permissionCheckHandler: undefined as unknown,
    setPermissionRequestHandler(handler: unknown) {
      this.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: unknown) {
      this.permissionCheckHandler = handler;
    },
    protocol: fakeProtocol.protocol,
  };

  // The stand-in for the OS keyring: a key per userData folder, so a restart with the same folder
  // can decrypt what the previous run stored (as the real keyring would).
  const keyringKey = createHash('sha256').update(`invoice-desk-harness-keyring:${path.resolve(options.userDataDir)}`).digest();

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents: FakeWebContents;
    readonly options: Record<string, unknown>;
    readonly ready: Promise<Page>;
    private destroyed = false;

    static getAllWindows(): FakeBrowserWindow[] {
      return [...windows];
    }

    constructor(windowOptions: Record<string, unknown> = {}) {
      super();
      this.options = windowOptions;
      this.webContents = new FakeWebContents(session, fakeProtocol.toAppUrl);
      windows.add(this);
      this.webContents.on('ipc-sent', (channel: string, payload: unknown) => ipcLog.push({ channel, kind: 'event', payload }));
      this.ready = this.createPage();
      windowCreated.emit('window', this);
    }

    private async createPage(): Promise<Page> {
      await routed;
      const page = await options.appContext.newPage();
      this.webContents.page = page;
      const webPreferences = (this.options.webPreferences ?? {}) as Record<string, unknown>;
      if (typeof webPreferences.preload === 'string') {
        const bridge = new ContextBridgeEmulation(() => this.webContents.page);
        runPreload(options.preloadSource, options.preloadPath, {
          contextBridge: {
            exposeInMainWorld: (key: string, api: unknown) => bridge.expose(key, api, SYNC_BRIDGE_PATHS),
          },
          ipcRenderer: createIpcRenderer(this.webContents),
        });
        await bridge.install(page);
      }
      // will-navigate: consulted for every top-level navigation the page starts itself.
      await page.route('**/*', async (route) => {
        const request = route.request();
        if (request.isNavigationRequest() && request.frame() === page.mainFrame() && this.navigationStarted) {
          let prevented = false;
          this.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, fakeProtocol.toAppUrl(request.url()));
          // A 204 answer to a navigation leaves the current document in place, as Electron does
          // when will-navigate is prevented (an abort would show Chromium's error page).
          if (prevented) return route.fulfill({ status: 204 });
        }
        // fallback, not continue: app:// stand-in requests go on to the context's protocol route.
        return route.fallback();
      });
      // setWindowOpenHandler: a popup the handler denies is closed before it can load anything.
      page.on('popup', (popup) => {
        const decision = this.webContents.windowOpenHandler?.({ url: fakeProtocol.toAppUrl(popup.url()) }) ?? { action: 'allow' };
        if (decision.action === 'deny') void popup.close();
      });
      page.on('close', () => this.close());
      page.on('console', (message) => options.log(`[renderer:${message.type()}] ${message.text()}`));
      page.on('pageerror', (error) => options.log(`[renderer:pageerror] ${error.message}`));
      return page;
    }

    private navigationStarted = false;

    async loadURL(url: string): Promise<void> {
      const page = await this.ready;
      await page.goto(fakeProtocol.toPageUrl(url), { waitUntil: 'domcontentloaded' });
      this.navigationStarted = true;
      this.emit('ready-to-show');
      this.webContents.loading = false;
      this.webContents.emit('did-finish-load');
    }
    async loadFile(file: string): Promise<void> {
      await this.loadURL(`file://${path.resolve(file)}`);
    }
    show(): void {}
    focus(): void {}
    restore(): void {}
    isMinimized(): boolean {
      return false;
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
    close(): void {
      if (this.destroyed) return;
      this.destroyed = true;
      this.webContents.destroyed = true;
      windows.delete(this);
      const page = this.webContents.page;
      if (page && !page.isClosed()) void page.close().catch(() => undefined);
      this.emit('closed');
      if (windows.size === 0 && !quitting && !quitted) appEvents.emit('window-all-closed');
    }
    destroy(): void {
      this.close();
    }
  }

  function createIpcRenderer(webContents: FakeWebContents) {
    return {
      async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
        const event = { sender: webContents, senderFrame: webContents.mainFrame, frameId: 1, processId: 1 };
        ipcAsked.push({ channel, args: structuredClone(args) });
        // Electron copies arguments and results with the structured clone algorithm.
        const result = structuredClone(await handler(event, ...structuredClone(args)));
        ipcLog.push({ channel, kind: 'result', payload: result });
        return result;
      },
      on(channel: string, listener: (event: unknown, payload: unknown) => void) {
        let set = webContents.rendererListeners.get(channel);
        if (!set) webContents.rendererListeners.set(channel, (set = new Set()));
        set.add(listener);
        return this;
      },
      removeListener(channel: string, listener: (event: unknown, payload: unknown) => void) {
        webContents.rendererListeners.get(channel)?.delete(listener);
        return this;
      },
      send(): void {
        throw new Error('ipcRenderer.send is not used by Invoice Desk');
      },
    };
  }

  const app = {
    getName: () => options.productName,
    getVersion: () => options.version,
    getPath(name: string): string {
      const value = paths[name];
      if (!value) throw new Error(`app.getPath('${name}') is not known to the harness`);
      mkdirSync(value, { recursive: true });
      return value;
    },
    setPath(name: string, value: string) {
      paths[name] = value;
    },
    getAppPath: () => path.resolve(options.preloadPath, '..', '..'),
    getLocale: () => 'sv-SE',
    isPackaged: false,
    isReady: () => ready,
    whenReady: () => whenReady,
    requestSingleInstanceLock: () => true,
    releaseSingleInstanceLock: () => undefined,
    on(event: string, listener: (...args: unknown[]) => void) {
      appEvents.on(event, listener);
      return app;
    },
    once(event: string, listener: (...args: unknown[]) => void) {
      appEvents.once(event, listener);
      return app;
    },
    /** As Electron: before-quit, windows close, will-quit (which may preventDefault and quit again later), quit. */
    quit() {
      if (quitting || quitted) return;
      quitting = true;
      appEvents.emit('before-quit', { preventDefault() {} });
      for (const win of [...windows]) win.close();
      let prevented = false;
      appEvents.emit('will-quit', {
        preventDefault() {
          prevented = true;
        },
      });
      quitting = false;
      if (prevented) return;
      quitted = true;
      appEvents.emit('quit');
      resolveQuit();
    },
    exit() {
      quitted = true;
      appEvents.emit('quit');
      resolveQuit();
    },
    focus() {},
    setAppUserModelId() {},
  };

  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain: {
      handle(channel: string, handler: IpcHandler) {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, handler);
      },
      removeHandler(channel: string) {
        handlers.delete(channel);
      },
      on() {},
      removeAllListeners() {},
    },
    shell: {
      /** The system's viewer: records the file (tests read it) and reports success. */
      async openPath(file: string): Promise<string> {
        openedPaths.push(file);
        return '';
      },
      async openExternal(url: string): Promise<void> {
        openedExternal.push(url);
        const page = await options.systemBrowser.newPage();
        await page.goto(url).catch((error: unknown) => options.log(`[system-browser] ${String(error)}`));
      },
    },
    safeStorage: {
      isEncryptionAvailable: () => options.keyring !== 'none',
      isAsyncEncryptionAvailable: async () => options.keyring !== 'none',
      getSelectedStorageBackend: () => (options.keyring === 'os' ? 'gnome_libsecret' : 'basic_text'),
      setUsePlainTextEncryption() {},
      encryptString(plain: string): Buffer {
        if (options.keyring === 'none') throw new Error('Encryption is not available.');
        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', keyringKey, iv);
        const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
        return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), body]);
      },
      decryptString(encrypted: Buffer): string {
        if (options.keyring === 'none') throw new Error('Decryption is not available.');
        if (encrypted.subarray(0, 3).toString() !== 'v11') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
        const iv = encrypted.subarray(3, 15);
        const tag = encrypted.subarray(15, 31);
        const decipher = createDecipheriv('aes-256-gcm', keyringKey, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8');
      },
      async encryptStringAsync(plain: string): Promise<Buffer> {
        return electron.safeStorage.encryptString(plain);
      },
      async decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
        return { result: electron.safeStorage.decryptString(encrypted), shouldReEncrypt: false };
      },
    },
    dialog: {
      async showSaveDialog(...args: unknown[]): Promise<DialogAnswer> {
        dialogCalls.push(args);
        return options.dialogAnswers.shift() ?? { canceled: true };
      },
      async showOpenDialog(...args: unknown[]): Promise<DialogAnswer> {
        dialogCalls.push(args);
        return options.dialogAnswers.shift() ?? { canceled: true, filePaths: [] };
      },
      async showMessageBox(...args: unknown[]) {
        dialogCalls.push(args);
        return { response: options.messageBoxAnswers.shift() ?? 0, checkboxChecked: false };
      },
      showErrorBox(title: string, content: string) {
        options.log(`[dialog:error] ${title}: ${content}`);
      },
    },
    session: { defaultSession: session },
    Notification: FakeNotification,
    protocol: fakeProtocol.protocol,
    nativeTheme: { shouldUseDarkColors: false, themeSource: 'system', on() {} },
    Menu: { setApplicationMenu() {}, buildFromTemplate: () => ({}) },
  };

  return {
    electron,
    /** What the harness and tests inspect. */
    inspect: {
      windows: () => [...windows],
      openedExternal,
      openedPaths,
      dialogCalls,
      notifications,
      ipcLog,
      ipcAsked,
      session,
      protocol: fakeProtocol.inspect,
      /** app:// URL → the URL the page shows for it in Chromium, and back. */
      toPageUrl: fakeProtocol.toPageUrl,
      toAppUrl: fakeProtocol.toAppUrl,
      channels: () => [...handlers.keys()],
      isQuitting: () => quitting,
      /** Resolves once the app has really quit (after will-quit handlers let it). */
      quit,
      nextWindow: () => new Promise<FakeBrowserWindow>((resolve) => windowCreated.once('window', resolve)),
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

/** Runs the preload bundle as the sandboxed preload runs: its only require is 'electron'. */
function runPreload(source: string, file: string, electronForPreload: unknown): void {
  const module = { exports: {} as unknown };
  const sandboxedRequire = (id: string) => {
    if (id === 'electron') return electronForPreload;
    throw new Error(`module not found: ${id} (a sandboxed preload can only require 'electron')`);
  };
  const run = new Function('exports', 'require', 'module', '__filename', '__dirname', source);
  run(module.exports, sandboxedRequire, module, file, path.dirname(file));
}
