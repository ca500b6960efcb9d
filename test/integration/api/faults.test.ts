import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../electron/kernel/errors';
import type { ListPage } from '../../../electron/api/list-response';
import type { Invoice } from '../../../electron/common/invoices';
import type { CompanySession } from '../../../electron/companies/company-session';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { connect } from './helpers';

type InvoicePage = ListPage<Invoice>;

/** Reads all pages, calling `during(pageNumber)` after each page arrives. */
async function readAll(session: CompanySession, limit: number, during: (page: number) => void = () => undefined): Promise<InvoicePage[]> {
  const pages: InvoicePage[] = [];
  for await (const page of session.listPages('invoices', { limit, sortby: 'documentnumber' }, { priority: 'export' })) {
    pages.push(page);
    during(page.currentPage);
  }
  return pages;
}

function expectEveryInvoiceOnce(sandbox: Sandbox, tenantId: string, pages: InvoicePage[]): void {
  const seen = pages.flatMap((p) => p.items.map((i) => i.documentNumber));
  const expected = sandbox.control.invoicesOf(tenantId).map((i) => i.DocumentNumber);
  expect(new Set(seen).size).toBe(seen.length);
  expect([...seen].sort()).toEqual([...expected].sort());
}

// Shorter delays than the defaults (1-30 s backoff, 5 s breaker) keep the suite quick; the logic is the same.
const FAST = { retry: { minDelayMs: 100, maxDelayMs: 2000 }, breaker: { openMs: 800 } };

describe('surviving faults', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 1200, latencyMs: [20, 120], transitMs: [0, 30], seed: 'faults-test' });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    sandbox.control.clearFaults();
    sandbox.control.resetCounters();
  });

  it('a burst of 429s pauses the queue, backs off with jitter, and the read completes (default delays)', async () => {
    const c = await connect(sandbox, 'large', { via: 'issue' });
    const waiting: boolean[] = [];
    c.session.limiter.onWaitingChange((w) => waiting.push(w));
    const pages = await readAll(c.session, 60, (page) => {
      if (page === 3) sandbox.control.injectFault('invoices', { burst429: 6 });
    });
    expect(pages).toHaveLength(20);
    expectEveryInvoiceOnce(sandbox, c.company.tenantId, pages);
    expect(sandbox.control.counters().http429).toBe(6);
    expect(waiting).toContain(true); // the UI was told "waiting for the rate limit"
    // A 429 pauses the whole queue: after each 429 arrived, no request started for the minimum
    // backoff of 1 s (50 ms of slack for a start already granted when the 429 was being read).
    const invoiceCalls = c.log.filter((r) => r.url.pathname.endsWith('/3/invoices'));
    for (const limited of invoiceCalls.filter((r) => r.status === 429)) {
      const end = limited.end as number;
      const startedDuringPause = invoiceCalls.filter((r) => r.start > end + 50 && r.start < end + 1000);
      expect(startedDuringPause).toEqual([]);
    }
    c.session.close();
  });

  it('a 5xx storm: the breaker opens, probes half-open, closes, and the read completes', async () => {
    const c = await connect(sandbox, 'large', { via: 'issue', session: { clientOptions: FAST } });
    const states: string[] = [];
    c.session.client.breaker.onStateChange((s) => states.push(s));
    let stormStarted = false;
    const pages = await readAll(c.session, 60, (page) => {
      if (page === 4 && !stormStarted) {
        stormStarted = true;
        sandbox.control.injectFault('invoices', { errorRate: 1, status: 503 });
        setTimeout(() => sandbox.control.clearFaults(), 1200);
      }
    });
    expect(pages).toHaveLength(20);
    expectEveryInvoiceOnce(sandbox, c.company.tenantId, pages);
    expect(states.slice(0, 2)).toEqual(['open', 'half-open']);
    expect(states.at(-1)).toBe('closed');
    expect(c.log.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(5);
    c.session.close();
  });

  it('resets and malformed bodies are retried like 5xx', async () => {
    const c = await connect(sandbox, 'large', { via: 'issue', session: { clientOptions: FAST } });
    sandbox.control.injectFault('invoices', { resetRate: 0.15, malformedJsonRate: 0.15 });
    const pages = await readAll(c.session, 100);
    sandbox.control.clearFaults();
    expect(pages).toHaveLength(12);
    expectEveryInvoiceOnce(sandbox, c.company.tenantId, pages);
    c.session.close();
  });

  it('when the faults outlast the retries: a clear unavailable error', async () => {
    const c = await connect(sandbox, 'large', { via: 'issue', session: { clientOptions: FAST } });
    sandbox.control.injectFault('invoices', { errorRate: 1, status: 503 });
    const error = (await readAll(c.session, 100).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('unavailable');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/Gave up after 3 retries/);
    expect(error.remedy).toMatch(/Retry/);
    c.session.close();
  });

  it('a request timeout counts as a failure and is retried', async () => {
    const c = await connect(sandbox, 'large', { via: 'issue', session: { clientOptions: { ...FAST, timeoutMs: 500 } } });
    sandbox.control.injectFault('invoices', { latencyMs: [2000, 2000], count: 1 });
    await expect(c.session.listPage('invoices', { limit: 10 }, { priority: 'interactive' })).resolves.toMatchObject({ currentPage: 1 });
    expect(c.log.filter((r) => r.url.pathname.endsWith('/3/invoices'))).toHaveLength(2);
    c.session.close();
  });
});
