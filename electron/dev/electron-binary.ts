/**
 * Is Electron's binary here, and if not, can it be fetched? Electron's npm package downloads its
 * binary on first launch; offline or behind a proxy that download fails with a stack trace. This
 * checks first and says what to do instead, naming the network error behind the failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ElectronBinary {
  ok: boolean;
  /** The executable, when ok. */
  executable?: string;
  /** What to do, when not ok: a few lines for the terminal. */
  advice?: string;
}

/** Where the package says its binary is (undefined until it was downloaded). */
export function installedExecutable(electronDir: string): string | undefined {
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const executable = path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(executable) ? executable : undefined;
}

/** The advice when the download failed; `detail` is the installer's last line; `command` the one that needed it. */
export function downloadAdvice(detail: string, env: Record<string, string | undefined>, command = 'npm start'): string {
  const proxy = env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy;
  return [
    `Electron's binary is not installed and could not be downloaded (${detail || 'no detail'}).`,
    `  - Behind a proxy: set HTTPS_PROXY (and NO_PROXY) before ${command}` + (proxy ? ` (HTTPS_PROXY is ${proxy}).` : '.'),
    '  - Through a mirror: set ELECTRON_MIRROR, e.g. ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/',
    `  - Then try again: ${command} (the binary is downloaded once).`,
    '  - To see the app without Electron: npm run harness (the real app in Chromium through the test harness).',
  ].join('\n');
}

export interface EnsureOptions {
  /** The installer's environment (proxy, mirror); process.env by default. */
  env?: Record<string, string | undefined>;
  /** The command that needs the binary, named in the advice. */
  command?: string;
  /** Where progress goes ("Downloading ..."): the terminal by default. */
  say?: (line: string) => void;
}

/**
 * Loaded into the installer: a failed fetch there says which network error is behind it (the
 * installer prints only "TypeError: fetch failed"). Beside this file in the repository; plain
 * CommonJS, so it runs on whatever Node runs the installer.
 */
const fetchCauseHook = path.join(import.meta.dirname, 'fetch-cause-hook.cjs');

/** Finds the binary, downloading it with Electron's own installer when it is missing. */
export function ensureElectronBinary(electronDir: string, options: EnsureOptions = {}): ElectronBinary {
  const { env = process.env, command = 'npm start', say = (line: string) => void process.stdout.write(`${line}\n`) } = options;
  const present = installedExecutable(electronDir);
  if (present) return { ok: true, executable: present };
  say("Downloading Electron's binary (once)...");
  const result = spawnSync(process.execPath, ['--require', fetchCauseHook, path.join(electronDir, 'install.js')], { encoding: 'utf8', env, timeout: 10 * 60_000 });
  const downloaded = installedExecutable(electronDir);
  if (result.status === 0 && downloaded) return { ok: true, executable: downloaded };
  const lines = `${result.stderr ?? ''}\n${result.error?.message ?? ''}`.split('\n').map((line) => line.trim());
  const detail = lines.find((line) => /error/i.test(line) && !line.startsWith('at ')) ?? lines.find((line) => line !== '') ?? '';
  return { ok: false, advice: downloadAdvice(detail.slice(0, 200), env, command) };
}
