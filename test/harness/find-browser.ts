/**
 * Which browser the end-to-end tests run in, found in this order: CHROMIUM_PATH; a chromium or
 * chromium-browser on the PATH, or /usr/bin/chromium; a Chromium that Playwright installed; the
 * system's Chrome or Edge (Playwright's channels). Pure: the file system, the PATH and Playwright
 * are passed in, so each source is tested present and absent.
 */
import path from 'node:path';

export type BrowserChoice =
  | { kind: 'executable'; executablePath: string; source: string }
  | { kind: 'channel'; channel: 'chrome' | 'msedge'; executablePath: string; source: string };

export interface BrowserSources {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists(file: string): boolean;
  /** Playwright's own Chromium (`chromium.executablePath()`), installed or not. */
  playwrightChromium(): string | undefined;
}

/** The system's Chrome and Edge where Playwright's channels look for them. */
function channelCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): Array<{ channel: 'chrome' | 'msedge'; file: string }> {
  if (platform === 'darwin') {
    return [
      { channel: 'chrome', file: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome' },
      { channel: 'msedge', file: '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge' },
    ];
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((root): root is string => Boolean(root));
    return [
      ...roots.map((root) => ({ channel: 'chrome' as const, file: path.win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe') })),
      ...roots.map((root) => ({ channel: 'msedge' as const, file: path.win32.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe') })),
    ];
  }
  return [
    { channel: 'chrome', file: '/opt/google/chrome/chrome' },
    { channel: 'msedge', file: '/opt/microsoft/msedge/msedge' },
  ];
}

function onPath(name: string, sources: BrowserSources): string | undefined {
  const separator = sources.platform === 'win32' ? ';' : ':';
  const extensions = sources.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (sources.env.PATH ?? sources.env.Path ?? '').split(separator).filter(Boolean)) {
    for (const extension of extensions) {
      const file = path.join(dir, `${name}${extension}`);
      if (sources.exists(file)) return file;
    }
  }
  return undefined;
}

/** Who needs the browser: named in the message, so the reader knows which command stopped. */
export type BrowserUser = 'tests' | 'harness';

/** The one command that gets a browser on this OS. */
export function browserInstallCommand(platform: NodeJS.Platform): string {
  return platform === 'linux' ? 'sudo apt-get install -y chromium' : 'npx playwright install chromium';
}

/** The one line to print when no browser exists: who needed it, and the command that gets one. */
export function noBrowserMessage(platform: NodeJS.Platform, user: BrowserUser = 'tests'): string {
  const who = user === 'harness' ? 'the harness (npm run harness)' : 'the end-to-end tests';
  const where = platform === 'linux' ? ' (Debian/Ubuntu; elsewhere `npx playwright install chromium`)' : '';
  return `No browser for ${who}: run \`${browserInstallCommand(platform)}\`${where}, or set CHROMIUM_PATH to a Chromium, Chrome or Edge.`;
}

export function findBrowser(sources: BrowserSources, user: BrowserUser = 'tests'): BrowserChoice | { kind: 'none'; message: string } {
  const explicit = sources.env.CHROMIUM_PATH;
  if (explicit) {
    if (sources.exists(explicit)) return { kind: 'executable', executablePath: explicit, source: 'CHROMIUM_PATH' };
    return { kind: 'none', message: `CHROMIUM_PATH is set to ${explicit}, which does not exist.` };
  }
  for (const name of ['chromium', 'chromium-browser']) {
    const found = onPath(name, sources);
    if (found) return { kind: 'executable', executablePath: found, source: `${name} on the PATH` };
  }
  if (sources.platform !== 'win32' && sources.exists('/usr/bin/chromium')) {
    return { kind: 'executable', executablePath: '/usr/bin/chromium', source: '/usr/bin/chromium' };
  }
  const playwright = sources.playwrightChromium();
  if (playwright && sources.exists(playwright)) return { kind: 'executable', executablePath: playwright, source: "Playwright's Chromium" };
  for (const candidate of channelCandidates(sources.platform, sources.env)) {
    if (sources.exists(candidate.file)) {
      const name = candidate.channel === 'chrome' ? 'Google Chrome' : 'Microsoft Edge';
      return { kind: 'channel', channel: candidate.channel, executablePath: candidate.file, source: `the system's ${name}` };
    }
  }
  return { kind: 'none', message: noBrowserMessage(sources.platform, user) };
}
