/** Before the end-to-end tests: say which browser they run in, or stop with the one line that says how to get one. */
import { testBrowser } from '../harness/chromium';

export default function setup(): void {
  if (process.env.E2E_DRIVER === 'electron') {
    process.stdout.write('e2e: the real Electron app (E2E_DRIVER=electron)\n');
    return;
  }
  try {
    const browser = testBrowser();
    process.stdout.write(`e2e browser: ${browser.source} (${browser.executablePath})\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
