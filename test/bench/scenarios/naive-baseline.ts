import { recordingFetch, summarise, type Scenario } from '../lib';

const PAGE_LIMIT = 250;
const PAUSE_MS = 250;
const MAX_PAGES = 60;

/**
 * What many public clients do: one request at a time with a fixed pause between them. It reads
 * fewer pages (its rate, not its page count, is the figure); a 429 is counted and the page asked again.
 */
export const naiveBaseline: Scenario = {
  name: 'naive-baseline',
  description: `sequential requests with a fixed ${PAUSE_MS} ms pause, ${MAX_PAGES} pages of ${PAGE_LIMIT}`,
  async run(context) {
    const sandbox = await context.sandbox({ largeInvoiceCount: 200 * PAGE_LIMIT });
    const large = sandbox.companies.find((c) => c.key === 'large');
    if (!large) throw new Error('the sandbox has no large company');
    const pair = sandbox.control.issueTokens({ tenantId: large.tenantId, scopes: ['invoice'] });
    const { fetch, log } = recordingFetch();
    sandbox.control.resetCounters();
    let pages = 0;
    for (let page = 1; page <= MAX_PAGES; ) {
      const response = await fetch(`${sandbox.apiUrl}/3/invoices?limit=${PAGE_LIMIT}&page=${page}&sortby=documentnumber`, {
        headers: { Authorization: `Bearer ${pair.access_token}` },
      });
      await response.text();
      if (response.status === 200) {
        pages += 1;
        page += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    context.log(`  baseline: ${pages} pages`);
    const counters = sandbox.control.counters();
    const summary = summarise(log);
    return [{ name: this.name, ...summary, http429: Math.max(summary.http429, counters.http429), pages, maxPer5sByToken: counters.maxPer5sByToken }];
  },
};
