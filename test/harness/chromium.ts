/** Debian's Chromium, launched the way this machine needs (see the README's "Testing"). */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchChromium(options: { headed?: boolean; extraArgs?: string[] } = {}): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: !options.headed,
    args: [...chromiumArgs, ...(options.extraArgs ?? [])],
  });
}
