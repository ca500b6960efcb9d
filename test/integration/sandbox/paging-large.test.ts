// Paging the large company (the default 50,000 invoices) at limit=500 returns every
// DocumentNumber exactly once, for every sortby x sortorder pair: the stable order (ties broken
// on DocumentNumber) means pages never overlap or skip.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { company, invoices, tokenFor } from './helpers';

let sandbox: Sandbox;
let token: string;
let expectedCount: number;

beforeAll(async () => {
  // Rate limits lifted: this test is about paging, not about the limiter (100 pages x 12 orders).
  sandbox = await startSandbox({ rateLimits: false });
  token = tokenFor(sandbox, 'large');
  expectedCount = company(sandbox, 'large').invoices;
});
afterAll(() => sandbox.close());

describe('paging the large company at limit=500', () => {
  it('has at least 50,000 invoices', () => {
    expect(expectedCount).toBeGreaterThanOrEqual(50_000);
  });

  const sortbys = ['documentnumber', 'customername', 'customernumber', 'invoicedate', 'ocr', 'total'];
  for (const sortby of sortbys) {
    for (const sortorder of ['ascending', 'descending']) {
      it(`sortby=${sortby}&sortorder=${sortorder} returns every DocumentNumber exactly once`, async () => {
        const seen = new Set<string>();
        let duplicates = 0;
        let page = 1;
        let totalPages = Infinity;
        while (page <= totalPages) {
          const res = await invoices(sandbox, token, { limit: 500, page, sortby, sortorder });
          expect(res.status).toBe(200);
          const meta = res.body.MetaInformation;
          expect(meta).toEqual({ '@TotalResources': expectedCount, '@TotalPages': Math.ceil(expectedCount / 500), '@CurrentPage': page });
          totalPages = meta['@TotalPages'];
          for (const item of res.body.Invoices) {
            if (seen.has(item.DocumentNumber)) duplicates += 1;
            seen.add(item.DocumentNumber);
          }
          page += 1;
        }
        expect(duplicates).toBe(0);
        expect(seen.size).toBe(expectedCount);
      });
    }
  }
});
