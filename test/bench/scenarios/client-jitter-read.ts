import { connectedSession, recordingFetch, summarise, type Scenario } from '../lib';

const PAGE_LIMIT = 250;
/** Pages read each time; `--invoices N` reads N invoices instead (a longer read shows more). */
const PAGES = 150;
/** Arrival delays that differ by up to a second, far more than the sandbox's usual 0-50 ms. */
const TRANSIT_MS: [number, number] = [0, 1000];

/**
 * The same long read over a network whose delays vary by up to a second, twice in one run: with
 * the limiter's margin held at 150 ms (the client before it learnt from 429s) and with it learning
 * (rate-limiter.ts, learning-margin.ts). Figures: 429s, the pace against the ceiling, the margin
 * at the end.
 */
export const clientJitterRead: Scenario = {
  name: 'client-jitter-read',
  description: `${PAGES} pages of ${PAGE_LIMIT} (or --invoices N) with arrivals jittered by ${TRANSIT_MS[0]}-${TRANSIT_MS[1]} ms: a fixed margin, then a learning one`,
  lines: ['client-jitter-read'],
  async run(context) {
    const sandbox = await context.sandbox({ largeInvoiceCount: context.invoices ?? PAGES * PAGE_LIMIT, transitMs: TRANSIT_MS, latencyMs: [20, 80] });
    const large = sandbox.companies.find((c) => c.key === 'large');
    if (!large) throw new Error('the sandbox has no large company');
    const lines = [];
    for (const margin of ['fixed', 'learning'] as const) {
      const { fetch, log } = recordingFetch();
      const session = await connectedSession(sandbox, large.tenantId, fetch, undefined, margin === 'fixed' ? { maxMarginMs: 150 } : undefined);
      sandbox.control.resetCounters();
      let invoices = 0;
      try {
        for await (const page of session.listPages('invoices', { limit: PAGE_LIMIT, sortby: 'documentnumber' }, { priority: 'export' })) invoices += page.items.length;
      } finally {
        session.close();
      }
      const summary = summarise(log);
      const stats = session.limiter.stats();
      lines.push({ name: this.name, margin, ...summary, http429: Math.max(summary.http429, sandbox.control.counters().http429), invoices, finalMarginMs: stats.marginMs });
      context.log(`  ${margin}: ${summary.requests} requests, ${sandbox.control.counters().http429} x 429, margin ${stats.marginMs} ms`);
    }
    return lines;
  },
};
