import { describe, expect, it } from 'vitest';
import { findBrowser, noBrowserMessage, type BrowserSources } from '../../harness/find-browser';

/** Sources with exactly these files present. */
function sources(files: string[], overrides: Partial<BrowserSources> = {}): BrowserSources {
  const present = new Set(files);
  return {
    env: { PATH: '/usr/local/bin:/usr/bin' },
    platform: 'linux',
    exists: (file) => present.has(file),
    playwrightChromium: () => '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome',
    ...overrides,
  };
}

describe('the e2e browser', () => {
  it('takes CHROMIUM_PATH first, and says so when it points nowhere', () => {
    expect(findBrowser(sources(['/opt/my/chrome', '/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/opt/my/chrome' } }))).toMatchObject({ executablePath: '/opt/my/chrome', source: 'CHROMIUM_PATH' });
    expect(findBrowser(sources(['/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/nope' } }))).toEqual({ kind: 'none', message: 'CHROMIUM_PATH is set to /nope, which does not exist.' });
  });

  it('then a chromium or chromium-browser on the PATH, then /usr/bin/chromium', () => {
    expect(findBrowser(sources(['/usr/local/bin/chromium-browser', '/opt/google/chrome/chrome']))).toMatchObject({ executablePath: '/usr/local/bin/chromium-browser', source: 'chromium-browser on the PATH' });
    expect(findBrowser(sources(['/usr/bin/chromium'], { env: { PATH: '/bin' } }))).toMatchObject({ executablePath: '/usr/bin/chromium', source: '/usr/bin/chromium' });
  });

  it("then Playwright's Chromium when it is installed", () => {
    const playwright = '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
    expect(findBrowser(sources([playwright, '/opt/google/chrome/chrome']))).toMatchObject({ executablePath: playwright, source: "Playwright's Chromium" });
  });

  it("then the system's Chrome or Edge through Playwright's channels, on each OS", () => {
    expect(findBrowser(sources(['/opt/microsoft/msedge/msedge']))).toMatchObject({ kind: 'channel', channel: 'msedge' });
    expect(findBrowser(sources(['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'], { platform: 'darwin' }))).toMatchObject({ kind: 'channel', channel: 'chrome' });
    const edge = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe';
    const windows = sources([edge], { platform: 'win32', env: { Path: 'C:\\Windows', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)' } });
    expect(findBrowser(windows)).toMatchObject({ kind: 'channel', channel: 'msedge', executablePath: edge, source: "the system's Microsoft Edge" });
  });

  it('with none, one line naming who needed it and the one command that gets one, in backticks of its own', () => {
    expect(findBrowser(sources([]))).toEqual({ kind: 'none', message: noBrowserMessage('linux') });
    expect(noBrowserMessage('darwin')).toBe('No browser for the end-to-end tests: run `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium, Chrome or Edge.');
    expect(noBrowserMessage('linux')).toBe(
      'No browser for the end-to-end tests: run `sudo apt-get install -y chromium` (Debian/Ubuntu; elsewhere `npx playwright install chromium`), or set CHROMIUM_PATH to a Chromium, Chrome or Edge.',
    );
    expect(noBrowserMessage('win32')).not.toContain('\n');
    // Each quoted span is exactly one command a reader can paste.
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      for (const span of noBrowserMessage(platform).match(/`[^`]*`/g) ?? []) expect(span).toMatch(/^`(sudo apt-get install -y chromium|npx playwright install chromium)`$/);
    }
  });

  it('the harness says it is the harness, not the tests', () => {
    expect(findBrowser(sources([]), 'harness')).toEqual({ kind: 'none', message: noBrowserMessage('linux', 'harness') });
    expect(noBrowserMessage('linux', 'harness')).toMatch(/^No browser for the harness \(npm run harness\): run `sudo apt-get install -y chromium`/);
    expect(noBrowserMessage('linux', 'harness')).not.toMatch(/test/);
  });
});
