import { describe, expect, it } from 'vitest';
import type { Priority } from '../../../electron/api/rate-limiter';
import { resourceIds, type ResourceId } from '../../../electron/common/resources';
import { ApiError } from '../../../electron/kernel/errors';
import { formatLastModified, readLists, type SyncResult } from '../../../electron/mirror/sync/sync-engine';
import { ftsQuery, orderClause } from '../../../electron/mirror/queries/mirror-query';

describe('the sync engine and the query builder', () => {
  it('formats lastmodified in Swedish local time, summer and winter', () => {
    expect(formatLastModified(Date.parse('2026-07-01T10:30:05Z'))).toBe('2026-07-01 12:30:05'); // CEST, +2
    expect(formatLastModified(Date.parse('2026-11-23T23:30:00Z'))).toBe('2026-11-24 00:30:00'); // CET, +1, the next day
  });

  it('reads the lists at once in sync order, the later ones at background priority, and stops them when the first read fails', async () => {
    const calls: Array<{ resource: ResourceId; priority: Priority; signal: AbortSignal | undefined }> = [];
    let failInvoices: (error: unknown) => void = () => undefined;
    const [invoices, suppliers, customers, ...payments] = readLists(resourceIds, (resource, priority, signal) => {
      calls.push({ resource, priority, signal });
      if (resource === 'invoices') return new Promise<SyncResult>((_, reject) => (failInvoices = reject));
      return new Promise<SyncResult>((_, reject) => signal?.addEventListener('abort', () => reject(new ApiError('cancelled', { message: 'stopped' }))));
    }, 'sync');
    expect(calls.map((c) => [c.resource, c.priority])).toEqual([
      ['invoices', 'sync'],
      ['supplierinvoices', 'background'],
      ['customers', 'background'],
      ['suppliers', 'background'],
      ['invoicepayments', 'background'],
      ['supplierinvoicepayments', 'background'],
    ]);
    expect(calls[1]?.signal?.aborted).toBe(false);
    failInvoices(new ApiError('unavailable', { message: 'down' }));
    await expect(invoices).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(suppliers).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(customers).rejects.toMatchObject({ kind: 'cancelled' });
    for (const read of payments) await expect(read).rejects.toMatchObject({ kind: 'cancelled' });
    expect(calls[1]?.signal?.aborted).toBe(true);
  });

  it('turns the search box into FTS prefix terms, never FTS syntax', () => {
    expect(ftsQuery('Örebro bygg')).toBe('"Örebro"* "bygg"*');
    expect(ftsQuery('a" OR "b* NEAR(x)')).toBe('"a"* "OR"* "b"* "NEAR"* "x"*');
    expect(ftsQuery(' -*" ')).toBeNull();
  });

  it('breaks ties on DocumentNumber in the sort direction, as the service does', () => {
    expect(orderClause('invoices', { sortby: 'invoicedate', sortorder: 'descending' })).toBe('ORDER BY invoice_date DESC, doc_no DESC');
    expect(orderClause('invoices', { sortby: 'total', sortorder: 'descending' })).toBe('ORDER BY total_sek DESC, doc_no DESC');
    expect(orderClause('invoices', {})).toBe('ORDER BY doc_no ASC');
  });
});
