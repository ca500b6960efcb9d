import { browsingUser, connectedSession, recordingFetch, round, summarise, type Scenario } from '../lib';

const PAGE_LIMIT = 250;
const MIN_PAGES = 200;
const INTERACTIVE_EVERY_MS = 3000;
const INTERACTIVE_LIMIT = 20; // distinguishes the interactive requests in the log

/**
 * This client reading the large company page by page (export priority) while a user browses:
 * an interactive request every few seconds. Figures: the sustained rate against the ceiling, 429s,
 * and the longest time an interactive request waited for its start.
 */
export const clientBulkRead: Scenario = {
  name: 'client-bulk-read',
  description: `>= ${MIN_PAGES} pages of ${PAGE_LIMIT} with this client, an interactive request every ${INTERACTIVE_EVERY_MS / 1000} s`,
  async run(context) {
    const sandbox = await context.sandbox({ largeInvoiceCount: MIN_PAGES * PAGE_LIMIT });
    const large = sandbox.companies.find((c) => c.key === 'large');
    if (!large) throw new Error('the sandbox has no large company');
    const { fetch, log } = recordingFetch();
    const session = await connectedSession(sandbox, large.tenantId, fetch);
    sandbox.control.resetCounters();
    const user = browsingUser(session, log, { everyMs: INTERACTIVE_EVERY_MS, limit: INTERACTIVE_LIMIT });

    let pages = 0;
    let invoices = 0;
    const seen = new Set<string>();
    let duplicates = 0;
    try {
      for await (const p of session.listPages('invoices', { limit: PAGE_LIMIT, sortby: 'documentnumber' }, { priority: 'export' })) {
        pages += 1;
        for (const invoice of p.items) {
          if (seen.has(invoice.documentNumber)) duplicates += 1;
          seen.add(invoice.documentNumber);
          invoices += 1;
        }
        if (pages % 50 === 0) context.log(`  client: ${pages} pages`);
      }
    } finally {
      await user.stop();
      session.close();
    }
    const counters = sandbox.control.counters();
    const summary = summarise(log);
    return [
      {
        name: this.name,
        ...summary,
        http429: Math.max(summary.http429, counters.http429),
        pages,
        invoices,
        missing: large.invoices - seen.size,
        duplicates,
        interactiveRequests: user.waits.length,
        interactiveWaitMs: round(Math.max(0, ...user.waits), 1),
        interactiveTotalMs: round(Math.max(0, ...user.totals), 1),
        maxPer5sByToken: counters.maxPer5sByToken,
      },
    ];
  },
};
