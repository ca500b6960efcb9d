/**
 * npm run harness -- [--screenshot out.png] [--dark] [--lang sv|en] [--connect-demo "Company name" [--no-wait-synced]] [--width N --height N]
 *
 * Launches the app through the harness. With --screenshot it writes a picture of the running app
 * and exits; without, it opens a headed window (under Xvfb when there is no display) that stays
 * open until Ctrl-C. --connect-demo connects that demo company and waits until its local copy is
 * synced (every list), so the picture is the README's and not one mid-sync; --no-wait-synced takes
 * it at once. Extra INVOICE_DESK_* variables in the environment reach the app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { companyIdByName } from '../e2e/helpers/grid';
import { browserUser } from './chromium';
import { waitForCopySynced } from './copy-synced';
import { launchApp, type LaunchedApp } from './launch-app';

browserUser('harness');

async function prepare(app: LaunchedApp): Promise<void> {
  if (values.lang === 'en' || values.lang === 'sv') {
    await app.page.getByLabel(/Språk|Language/).selectOption(values.lang);
  }
  const company = values['connect-demo'];
  if (!company) return;
  const opened = app.systemBrowser.waitForEvent('page');
  await app.page.getByRole('main').getByRole('button', { name: /demo/i }).click();
  const consent = await opened;
  await consent.getByLabel(company, { exact: true }).check();
  await consent.getByRole('button', { name: 'Approve', exact: true }).click();
  await app.page.getByRole('navigation').getByRole('button', { name: new RegExp(company) }).waitFor({ timeout: 20_000 });
  await consent.close();
  if (values['wait-synced']) {
    process.stderr.write(`Waiting for the local copy of ${company} to sync (--no-wait-synced: no wait)...\n`);
    await waitForCopySynced(app.page, await companyIdByName(app.page, company));
  }
}

const { values } = parseArgs({
  allowNegative: true,
  options: {
    screenshot: { type: 'string' },
    dark: { type: 'boolean', default: false },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
    verbose: { type: 'boolean', default: false },
    // Connect this demo company first (approving consent in the harness's system browser).
    'connect-demo': { type: 'string' },
    // ... and wait until its local copy is synced (the default; --no-wait-synced: at once).
    'wait-synced': { type: 'boolean', default: true },
    lang: { type: 'string' },
  },
});

async function startXvfbIfNeeded(): Promise<ChildProcess | undefined> {
  if (process.env.DISPLAY) return undefined;
  const display = ':99';
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1400x900x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  xvfb.on('error', () => {
    process.stderr.write('Xvfb is not installed (apt-get install -y xvfb): use --screenshot for a headless run.\n');
    process.exit(1);
  });
  process.env.DISPLAY = display;
  await new Promise((resolve) => setTimeout(resolve, 500));
  return xvfb;
}

async function main(): Promise<void> {
  const viewport = { width: Number(values.width), height: Number(values.height) };
  const colorScheme = values.dark ? 'dark' : 'light';
  if (values.screenshot) {
    const app = await launchApp({ viewport, colorScheme, verbose: values.verbose });
    try {
      await prepare(app);
      await app.page.waitForLoadState('networkidle');
      await app.page.waitForTimeout(300); // let the first queries settle and paint
      await app.page.screenshot({ path: values.screenshot });
      process.stdout.write(`Wrote ${values.screenshot}\n`);
    } finally {
      await app.close();
    }
    return;
  }
  const xvfb = await startXvfbIfNeeded();
  const app = await launchApp({ viewport, colorScheme, headed: true, verbose: true });
  await prepare(app);
  process.stdout.write(`Invoice Desk is running in a headed window${xvfb ? ` on Xvfb ${process.env.DISPLAY}` : ''}. Ctrl-C to quit.\n`);
  const stop = async () => {
    await app.close();
    xvfb?.kill();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  app.page.on('close', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
