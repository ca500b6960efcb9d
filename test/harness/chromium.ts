/** The browser of the end-to-end tests (find-browser.ts says which), launched the way CI machines need. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { findBrowser, type BrowserChoice, type BrowserUser } from './find-browser';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

let choice: BrowserChoice | undefined;
let user: BrowserUser = 'tests';

/** Who the "no browser" message names (the harness CLI sets 'harness'). */
export function browserUser(who: BrowserUser): void {
  user = who;
}

/** The browser this run uses; throws the one-line message when there is none. */
export function testBrowser(): BrowserChoice {
  if (choice) return choice;
  const found = findBrowser({
    env: process.env,
    platform: process.platform,
    exists: existsSync,
    playwrightChromium: () => {
      try {
        return chromium.executablePath();
      } catch {
        return undefined;
      }
    },
  }, user);
  if (found.kind === 'none') throw new Error(found.message);
  choice = found;
  return found;
}

export async function launchChromium(options: { headed?: boolean; extraArgs?: string[] } = {}): Promise<Browser> {
  const browser = testBrowser();
  return chromium.launch({
    ...(browser.kind === 'channel' ? { channel: browser.channel } : { executablePath: browser.executablePath }),
    headless: !options.headed,
    args: [...chromiumArgs, ...(options.extraArgs ?? [])],
  });
}
