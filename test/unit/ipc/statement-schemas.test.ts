/** receivables:statement and receivables:exportStatement: a CustomerNumber and a real calendar day, nothing else. */
import { describe, expect, it } from 'vitest';
import { invokeSchemas } from '../../../electron/ipc/schemas';

describe('receivables:statement arguments', () => {
  it('take a company, a CustomerNumber and a day; the export a format too', () => {
    expect(invokeSchemas['receivables:statement'].safeParse(['c1', '1001', '2026-06-30']).success).toBe(true);
    expect(invokeSchemas['receivables:statement'].safeParse(['c1', 'K-12_a.b', '2024-02-29']).success).toBe(true);
    expect(invokeSchemas['receivables:exportStatement'].safeParse(['c1', '1001', '2026-06-30', 'excel-sv']).success).toBe(true);
  });

  it('refuse a day that is not one, a number a path or terminal would act on, and a format of their own', () => {
    for (const args of [
      ['c1', '1001', '2026-02-30'],
      ['c1', '1001', '2026-13-01'],
      ['c1', '1001', '26-06-30'],
      ['c1', '1001', '0000-01-01'],
      ['c1', '../1001', '2026-06-30'],
      ['c1', '1001\u001b[31m', '2026-06-30'],
      ['c1', '', '2026-06-30'],
      ['c1', 'x'.repeat(51), '2026-06-30'],
      ['c1', 1001, '2026-06-30'],
      ['c1', '1001'],
    ]) {
      expect(invokeSchemas['receivables:statement'].safeParse(args).success, JSON.stringify(args)).toBe(false);
    }
    expect(invokeSchemas['receivables:exportStatement'].safeParse(['c1', '1001', '2026-06-30', 'xlsx']).success).toBe(false);
  });

  it('lists:page takes DSO\'s and DPO\'s month end as a day on either invoice list', () => {
    expect(invokeSchemas['lists:page'].safeParse(['invoices', 'c1', { page: 1, limit: 25, openat: '2026-05-31' }, 'interactive']).success).toBe(true);
    expect(invokeSchemas['lists:page'].safeParse(['supplierinvoices', 'c1', { page: 1, limit: 25, openat: '2026-05-31' }, 'interactive']).success).toBe(true);
    expect(invokeSchemas['lists:page'].safeParse(['invoices', 'c1', { page: 1, limit: 25, openat: 'May' }, 'interactive']).success).toBe(false);
  });
});
