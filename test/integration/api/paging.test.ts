import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/api/list-response';
import type { Invoice } from '../../../electron/common/invoices';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { connect, ratioToCeiling } from './helpers';

type InvoicePage = ListPage<Invoice>;

describe('paging the large company under latency jitter', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 5000, latencyMs: [50, 400], transitMs: [0, 50], seed: 'paging-test' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('reads 100 pages with 0 x 429, every invoice exactly once, near the rate ceiling', async () => {
    const c = await connect(sandbox, 'large');
    sandbox.control.resetCounters();
    const pages: InvoicePage[] = [];
    for await (const page of c.session.listPages('invoices', { limit: 50, sortby: 'documentnumber', sortorder: 'ascending' }, { priority: 'export' })) {
      pages.push(page);
    }
    expect(pages).toHaveLength(100);
    expect(pages.map((p) => p.currentPage)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const seen = pages.flatMap((p) => p.items.map((i) => i.documentNumber));
    const expected = sandbox.control.invoicesOf(c.company.tenantId).map((i) => i.DocumentNumber);
    expect(seen.length).toBe(expected.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...expected].sort());

    const counters = sandbox.control.counters();
    expect(counters.http429).toBe(0);
    expect(counters.maxPer5sByToken).toBeLessThanOrEqual(25);
    const starts = c.log.filter((r) => r.url.pathname.endsWith('/3/invoices')).map((r) => r.start);
    expect(starts).toHaveLength(100);
    // A figure, loosely bounded here (the benchmark reports it): pacing keeps it just under 1.
    expect(ratioToCeiling(starts)).toBeGreaterThan(0.85);
    expect(ratioToCeiling(starts)).toBeLessThanOrEqual(1.0);
    c.session.close();
  });

  it('the empty company reads as one empty page', async () => {
    const c = await connect(sandbox, 'empty');
    const pages: InvoicePage[] = [];
    for await (const page of c.session.listPages('invoices', {}, { priority: 'interactive' })) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ items: [], totalPages: 0, totalResources: 0 });
    c.session.close();
  });
});
