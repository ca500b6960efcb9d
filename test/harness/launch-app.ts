/**
 * launchApp(): the app under test.
 *
 * Default driver ("harness"): runs the real built main process (dist-electron/main.cjs) and the
 * real preload (dist-electron/preload.cjs) in this Node process with 'electron' replaced by
 * fake-electron.ts, and shows the real renderer bundle (dist/) in Debian's Chromium. A second
 * browser context, `systemBrowser`, receives every shell.openExternal URL: there a test acts as
 * the user in their own browser (sign in, approve consent). The page is served by the app's own
 * app:// handler; Chromium shows it at a stand-in https origin (fake-protocol.ts explains why).
 *
 * E2E_DRIVER=electron: launches the real Electron binary through Playwright's _electron with the
 * same return shape (for machines where Electron can be downloaded).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { APP_ENTRY_URL, APP_ORIGIN } from '../../electron/app-protocol';
import { launchChromium } from './chromium';
import { createFakeElectron, type DialogAnswer, type FakeElectron } from './fake-electron';

export const projectRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const mainPath = path.join(projectRoot, 'dist-electron', 'main.cjs');
const preloadPath = path.join(projectRoot, 'dist-electron', 'preload.cjs');
const rendererIndex = path.join(projectRoot, 'dist', 'index.html');

export interface LaunchOptions {
  /** Environment variables the app sees (merged over this process's). */
  env?: Record<string, string | undefined>;
  /** An existing userData folder (restart tests); a new temporary one when absent. */
  userDataDir?: string;
  headed?: boolean;
  /** Answers for dialog.showSaveDialog/showOpenDialog, used in order. */
  dialogAnswers?: DialogAnswer[];
  /** Buttons the user picks in message boxes (confirmations), in order; the first button otherwise. */
  messageBoxAnswers?: number[];
  /** The OS keyring the app finds (harness driver only). */
  keyring?: 'os' | 'basic_text' | 'none';
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Print the app's console and the renderer's console to stderr. */
  verbose?: boolean;
}

export interface LaunchedApp {
  page: Page;
  systemBrowser: BrowserContext;
  userDataDir: string;
  /** The origin the page reports for app://invoice-desk: itself on Electron, its stand-in under the harness. */
  appOrigin: string;
  /** The URL to give page.goto for an app:// URL (the same URL on Electron). */
  pageUrl(appUrl: string): string;
  /** URLs the app opened with shell.openExternal, in order. */
  openedExternal: () => string[];
  /** The fake Electron (harness driver only): windows, dialogs, session hooks. */
  fake: FakeElectron['inspect'] | undefined;
  /** Everything the app and its renderer logged. */
  logs: string[];
  /** Where the launch's time went, in ms (harness driver only): the benches report it. */
  launchParts?: LaunchParts;
  /** Quits the app; the userData folder is deleted when launchApp created it, unless kept. */
  close(options?: { keepUserData?: boolean }): Promise<void>;
}

/**
 * The harness's launch in parts: its Chromium started (and the app's browser contexts made), the
 * main process's code run (main.cjs evaluated, until its first window is asked for), the window
 * made, its page loaded (the renderer's bundle parsed and run to DOMContentLoaded).
 */
export interface LaunchParts {
  browserMs: number;
  mainMs: number;
  windowMs: number;
  pageMs: number;
}

/**
 * The window's localStorage between launches of one userData folder, as Electron keeps it there
 * ("Local Storage"): what the window remembers (a company's tab, the view it was left on) survives
 * a restart. Each launch is a new browser context, so the harness saves the page's items at close
 * and puts them back before the page's first script. Not Playwright's storageState: loading one
 * opens and navigates a page of its own, about 0.4 s of every start the benches measure.
 */
const storageFile = (userDataDir: string): string => path.join(userDataDir, 'Local Storage', 'harness-storage.json');

interface SavedStorage {
  origin: string;
  items: [string, string][];
}

/** Reads what an earlier launch saved; nothing when there is no file or it is not one of ours. */
function readSavedStorage(file: string): SavedStorage | undefined {
  if (!existsSync(file)) return undefined;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedStorage>;
  const items = Array.isArray(saved.items) ? saved.items.filter((item): item is [string, string] => Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'string') : [];
  return typeof saved.origin === 'string' ? { origin: saved.origin, items } : undefined;
}

async function saveStorage(page: Page, file: string): Promise<void> {
  if (page.isClosed()) return;
  const saved: SavedStorage = await page.evaluate(() => ({ origin: location.origin, items: Object.entries(localStorage) }));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(saved));
}

/** Puts the items back at the first load of the app's origin in this launch (a reload keeps what the page changed since). */
const restoreStorageScript = (saved: SavedStorage): string =>
  `(() => { const saved = ${JSON.stringify(saved)}; if (location.origin !== saved.origin || sessionStorage.getItem('harness:restored')) return; for (const [key, value] of saved.items) localStorage.setItem(key, value); sessionStorage.setItem('harness:restored', '1'); })();`;

function assertBuilt(): void {
  for (const file of [mainPath, preloadPath, rendererIndex]) {
    if (!existsSync(file)) throw new Error(`${path.relative(projectRoot, file)} is missing: run \`npm run build\` first.`);
  }
}

export async function launchApp(options: LaunchOptions = {}): Promise<LaunchedApp> {
  assertBuilt();
  const ownsUserData = options.userDataDir === undefined;
  const userDataDir = options.userDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-e2e-'));
  if (process.env.E2E_DRIVER === 'electron') return launchRealElectron(options, userDataDir, ownsUserData);

  const logs: string[] = [];
  const log = (line: string) => {
    logs.push(line);
    if (options.verbose) process.stderr.write(`${line}\n`);
  };
  let mark = performance.now();
  const lap = (): number => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  const browser: Browser = await launchChromium({ headed: options.headed });
  const contextOptions = {
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'sv-SE',
  } as const;
  const appContext = await browser.newContext(contextOptions);
  const saved = readSavedStorage(storageFile(userDataDir));
  if (saved) await appContext.addInitScript({ content: restoreStorageScript(saved) });
  const systemBrowser = await browser.newContext({ locale: 'sv-SE' });
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string; productName?: string };

  const fake = createFakeElectron({
    userDataDir,
    appContext,
    systemBrowser,
    version: pkg.version,
    productName: 'Invoice Desk',
    keyring: options.keyring ?? 'os',
    dialogAnswers: [...(options.dialogAnswers ?? [])],
    messageBoxAnswers: [...(options.messageBoxAnswers ?? [])],
    preloadSource: readFileSync(preloadPath, 'utf8'),
    preloadPath,
    log,
  });

  const browserMs = lap();
  const firstWindow = fake.inspect.nextWindow();
  runMainProcess(fake.electron, { ...process.env, ...options.env }, log);
  const win = await withTimeout(firstWindow, 15_000, 'The app did not open a window within 15 s.');
  const mainMs = lap();
  const page = await win.ready;
  const windowMs = lap();
  // The app's entry, as the main process sees it (the page itself shows the stand-in URL).
  await page.waitForURL((url) => fake.inspect.toAppUrl(url.href).startsWith(APP_ENTRY_URL), { timeout: 15_000, waitUntil: 'domcontentloaded' });
  const launchParts: LaunchParts = { browserMs, mainMs, windowMs, pageMs: lap() };

  return {
    page,
    launchParts,
    systemBrowser,
    userDataDir,
    appOrigin: new URL(fake.inspect.toPageUrl(APP_ENTRY_URL)).origin,
    pageUrl: fake.inspect.toPageUrl,
    openedExternal: () => [...fake.inspect.openedExternal],
    fake: fake.inspect,
    logs,
    async close(closeOptions) {
      const kept = !ownsUserData || closeOptions?.keepUserData === true;
      if (kept) await saveStorage(page, storageFile(userDataDir)).catch((error: unknown) => log(`The window's localStorage was not saved: ${String(error)}`));
      fake.electron.app.quit();
      // The app may hold the quit to finish its work (persisting a token, closing servers).
      await withTimeout(fake.inspect.quit, 10_000, 'The app did not quit within 10 s.').catch((error: unknown) => log(String(error)));
      await browser.close().catch(() => undefined);
      if (ownsUserData && !closeOptions?.keepUserData) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Evaluates dist-electron/main.cjs as Node would load a CommonJS file, with two differences:
 * require('electron') returns the fake, and `process.env` is this launch's environment (several
 * launches can live in one test process without seeing each other's variables).
 */
function runMainProcess(electron: unknown, env: Record<string, string | undefined>, log: (line: string) => void): void {
  const source = readFileSync(mainPath, 'utf8');
  const realRequire = createRequire(mainPath);
  const requireForMain = Object.assign((id: string) => (id === 'electron' ? electron : realRequire(id)), realRequire);
  const envCopy = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const processForMain = new Proxy(process, {
    get(target, key) {
      if (key === 'env') return envCopy;
      if (key === 'versions') return { ...target.versions, electron: `${pinnedElectronVersion()} (harness)` };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const consoleForMain = {
    ...console,
    log: (...args: unknown[]) => log(`[main] ${args.map(String).join(' ')}`),
    info: (...args: unknown[]) => log(`[main] ${args.map(String).join(' ')}`),
    warn: (...args: unknown[]) => log(`[main:warn] ${args.map(String).join(' ')}`),
    error: (...args: unknown[]) => log(`[main:error] ${args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')}`),
  };
  const module = { exports: {} as unknown };
  const run = new Function('exports', 'require', 'module', '__filename', '__dirname', 'process', 'console', source);
  run(module.exports, requireForMain, module, mainPath, path.dirname(mainPath), processForMain, consoleForMain);
}

function pinnedElectronVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** E2E_DRIVER=electron: the real app through Playwright's Electron driver, same shape. */
async function launchRealElectron(options: LaunchOptions, userDataDir: string, ownsUserData: boolean): Promise<LaunchedApp> {
  const electronPath = createRequire(import.meta.url)('electron') as unknown as string;
  const app = await _electron.launch({
    executablePath: electronPath,
    args: [projectRoot, `--user-data-dir=${userDataDir}`],
    env: { ...process.env, ...options.env } as Record<string, string>,
    colorScheme: options.colorScheme ?? 'light',
  });
  // Route shell.openExternal and dialogs to the test, as the harness driver does.
  await app.evaluate(({ shell, dialog }, answers) => {
    const g = globalThis as unknown as { __opened: string[] };
    g.__opened = [];
    shell.openExternal = async (url: string) => {
      g.__opened.push(url);
    };
    const queue = [...answers];
    dialog.showSaveDialog = (async () => queue.shift() ?? { canceled: true }) as typeof dialog.showSaveDialog;
  }, options.dialogAnswers ?? []);
  const browser = await launchChromium({ headed: options.headed });
  const systemBrowser = await browser.newContext();
  const seen = new Set<string>();
  const poll = setInterval(() => {
    void app
      .evaluate(() => (globalThis as unknown as { __opened: string[] }).__opened)
      .then(async (urls) => {
        for (const url of urls) {
          if (seen.has(url)) continue;
          seen.add(url);
          const tab = await systemBrowser.newPage();
          await tab.goto(url).catch(() => undefined);
        }
      })
      .catch(() => undefined);
  }, 200);
  const page = await app.firstWindow();
  await page.waitForURL((url) => url.href.startsWith(APP_ENTRY_URL), { timeout: 15_000, waitUntil: 'domcontentloaded' });
  return {
    page,
    systemBrowser,
    userDataDir,
    appOrigin: APP_ORIGIN,
    pageUrl: (appUrl) => appUrl,
    openedExternal: () => [...seen],
    fake: undefined,
    logs: [],
    async close(closeOptions) {
      clearInterval(poll);
      await app.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      if (ownsUserData && !closeOptions?.keepUserData) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
