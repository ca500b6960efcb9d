import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Sandbox } from '../../../electron/sandbox/index';
import { connectCompany, serviceEnv } from '../../e2e/helpers/connect';
import { launchApp, projectRoot } from '../../harness/launch-app';
import { round, type BenchContext, type Scenario, type ScenarioResult } from '../lib';

const SAMPLES = 12;
const PAGE_SIZES = [50, 500] as const;

/**
 * Time from a page click to the page's rows painted in the running app (harness: the real main
 * process and renderer bundle in Chromium) against a sandbox with the bench's latency (50-400 ms)
 * and transit jitter. Two kinds of click:
 *   cached    "next" once the grid's prefetch of the next page has arrived: served from react-query's
 *             cache, no request;
 *   uncached  a jump to a page nobody asked for: one request through IPC, the company's limiter and
 *             the service.
 * "Painted": the grid shows the page (not the previous one as a placeholder) and a frame has been
 * painted since (requestAnimationFrame, then a task, which runs after that frame's paint).
 * `requests`, `seconds` and `http429` are the service's counters over the measurements; the
 * request rate is not this scenario's figure (ratioToCeiling 0).
 */
export const gridPaint: Scenario = {
  name: 'grid-paint',
  description: `page click to rows painted, cached and uncached, ${SAMPLES} samples each, pages of ${PAGE_SIZES.join(' and ')} rows`,
  async run(context) {
    if (!existsSync(path.join(projectRoot, 'dist', 'index.html')) || !existsSync(path.join(projectRoot, 'dist-electron', 'main.cjs'))) {
      context.log('  grid-paint: skipped, the app is not built (npm run build)');
      return [{ name: this.name, requests: 0, seconds: 0, http429: 0, ratioToCeiling: 0, skipped: 'npm run build first' }];
    }
    const sandbox = await context.sandbox({ largeInvoiceCount: 50_000 });
    const large = sandbox.companies.find((c) => c.key === 'large');
    if (!large) throw new Error('the sandbox has no large company');
    const app = await launchApp({ env: serviceEnv(sandbox) });
    try {
      await connectCompany(app, { company: large.name });
      await settledOn(app.page, 1);
      // tsx compiles with keepNames: functions passed to page.evaluate call esbuild's __name helper,
      // which the page does not have.
      await app.page.evaluate('globalThis.__name = (fn) => fn');
      const results: ScenarioResult[] = [];
      for (const size of PAGE_SIZES) results.push(await measure(app.page, sandbox, size, context));
      return results;
    } finally {
      await app.close();
    }
  },
};

async function measure(page: Page, sandbox: Sandbox, size: number, context: BenchContext): Promise<ScenarioResult> {
  if ((await page.getByTestId('pager-size').inputValue()) !== String(size)) {
    await page.getByTestId('pager-size').selectOption(String(size));
    await settledOn(page, 1);
  }
  const totalPages = Number(await page.locator('[data-testid="pager-jump"]').getAttribute('max'));
  sandbox.control.resetCounters();
  const started = performance.now();

  const cached: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    await serviceQuiet(sandbox); // the prefetch of the next page has arrived
    const current = Number(await page.locator('table[role="grid"]').getAttribute('data-page'));
    cached.push(await clickToPaint(page, { kind: 'next' }, current + 1));
  }

  const uncached: number[] = [];
  // Far pages in a fixed spread: never shown, never prefetched.
  const targets = Array.from({ length: SAMPLES }, (_, i) => Math.floor(((i + 1) * (totalPages - 40)) / (SAMPLES + 1)) + 30);
  for (const target of targets) {
    await serviceQuiet(sandbox);
    uncached.push(await clickToPaint(page, { kind: 'jump', page: target }, target));
  }

  const counters = sandbox.control.counters();
  const figures = {
    cachedMedianMs: median(cached),
    cachedP90Ms: percentile(cached, 0.9),
    uncachedMedianMs: median(uncached),
    uncachedP90Ms: percentile(uncached, 0.9),
  };
  context.log(`  ${size} rows: cached median ${figures.cachedMedianMs} ms, uncached median ${figures.uncachedMedianMs} ms`);
  return {
    name: `grid-paint-${size}`,
    requests: counters.requests,
    seconds: round((performance.now() - started) / 1000, 2),
    http429: counters.http429,
    ratioToCeiling: 0,
    rowsPerPage: size,
    samples: SAMPLES,
    ...figures,
  };
}

/** Clicks in the page itself (no test-driver latency in the figure) and resolves after the paint. */
async function clickToPaint(page: Page, action: { kind: 'next' } | { kind: 'jump'; page: number }, target: number): Promise<number> {
  const ms = await page.evaluate(
    ({ action, target }) =>
      new Promise<number>((resolve, reject) => {
        const table = () => document.querySelector<HTMLElement>('table[role="grid"]');
        const shows = () => {
          const t = table();
          return t?.dataset.page === String(target) && t.dataset.placeholder === 'false' && document.querySelector('[data-testid="grid-rows"] tr[data-index="0"]') !== null;
        };
        let start: number;
        if (action.kind === 'jump') {
          const input = document.querySelector<HTMLInputElement>('[data-testid="pager-jump"]');
          if (!input?.form) return reject(new Error('no page box'));
          // React's onChange listens to input events; the native setter bypasses React's own value tracking.
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, String(action.page));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          start = performance.now();
          input.form.requestSubmit();
        } else {
          const next = document.querySelector<HTMLButtonElement>('button[aria-label="Nästa sida"], button[aria-label="Next page"]');
          if (!next) return reject(new Error('no next button'));
          start = performance.now();
          next.click();
        }
        const deadline = start + 60_000;
        const check = () => {
          if (shows()) {
            // The frame with the rows is painted after this rAF callback; the task runs after the paint.
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          } else if (performance.now() > deadline) reject(new Error(`page ${target} did not show`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { action, target },
  );
  return round(ms, 1);
}

async function settledOn(page: Page, pageNumber: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const t = document.querySelector<HTMLElement>('table[role="grid"]');
      return t?.dataset.page === String(wanted) && t.dataset.placeholder === 'false' && t.getAttribute('aria-busy') === 'false';
    },
    pageNumber,
    { timeout: 60_000 },
  );
}

/** Every request that arrived has been answered, and nothing new arrived for a moment. */
async function serviceQuiet(sandbox: Sandbox): Promise<void> {
  let last = -1;
  for (let i = 0; i < 200; i++) {
    const c = sandbox.control.counters();
    if (c.requests === last && c.served + c.http429 >= c.requests) break;
    last = c.requests;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 100)); // the answer's trip back through IPC
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? (sorted[Math.floor(mid)] ?? 0) : round(((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2, 1);
}
