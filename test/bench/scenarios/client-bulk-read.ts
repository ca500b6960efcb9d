import { systemClock } from '../../../electron/api/clock';
import { createMemoryVault } from '../../../electron/auth/secret-vault';
import { createTokenClient } from '../../../electron/auth/token-client';
import { createTokenManager } from '../../../electron/auth/token-manager';
import { createCompanySession } from '../../../electron/companies/company-session';
import { recordingFetch, round, summarise, type Scenario } from '../lib';

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
    const clock = systemClock;
    const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, fetch, clock });
    const redirectUri = 'http://127.0.0.1:53682/callback';
    const code = sandbox.control.authorize({ tenantId: large.tenantId, scopes: ['invoice', 'companyinformation'], redirectUri });
    const initial = await tokenClient.exchangeCode(code, redirectUri);
    const tokenManager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: `company:${large.tenantId}` }, tokenClient, vault: createMemoryVault(), clock, initial });
    const session = createCompanySession({ apiUrl: sandbox.apiUrl, tokenManager, clock, fetch });
    sandbox.control.resetCounters();

    // The user: one interactive request every few seconds, each waited for before the next.
    const waits: number[] = [];
    const totals: number[] = [];
    let browsing = true;
    const user = (async () => {
      let page = 1;
      while (browsing) {
        await clock.sleep(INTERACTIVE_EVERY_MS);
        if (!browsing) break;
        const asked = performance.now();
        const before = log.length;
        await session.listInvoices({ limit: INTERACTIVE_LIMIT, page, sortby: 'customername' }, { priority: 'interactive' });
        const mine = log.slice(before).find((r) => r.url.searchParams.get('limit') === String(INTERACTIVE_LIMIT));
        if (mine) waits.push(mine.start - asked);
        totals.push(performance.now() - asked);
        page += 1;
      }
    })();

    let pages = 0;
    let invoices = 0;
    const seen = new Set<string>();
    let duplicates = 0;
    try {
      for await (const p of session.invoicePages({ limit: PAGE_LIMIT, sortby: 'documentnumber' }, { priority: 'export' })) {
        pages += 1;
        for (const invoice of p.invoices) {
          if (seen.has(invoice.documentNumber)) duplicates += 1;
          seen.add(invoice.documentNumber);
          invoices += 1;
        }
        if (pages % 50 === 0) context.log(`  client: ${pages} pages`);
      }
    } finally {
      browsing = false;
      await user;
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
        interactiveRequests: waits.length,
        interactiveWaitMs: round(Math.max(0, ...waits), 1),
        interactiveTotalMs: round(Math.max(0, ...totals), 1),
        maxPer5sByToken: counters.maxPer5sByToken,
      },
    ];
  },
};
