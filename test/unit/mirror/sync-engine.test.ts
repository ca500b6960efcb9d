import { describe, expect, it } from 'vitest';
import { formatLastModified } from '../../../electron/mirror/sync-engine';
import { ftsQuery, orderClause } from '../../../electron/mirror/mirror-query';

describe('the sync engine and the query builder', () => {
  it('formats lastmodified in Swedish local time, summer and winter', () => {
    expect(formatLastModified(Date.parse('2026-07-01T10:30:05Z'))).toBe('2026-07-01 12:30:05'); // CEST, +2
    expect(formatLastModified(Date.parse('2026-11-23T23:30:00Z'))).toBe('2026-11-24 00:30:00'); // CET, +1, the next day
  });

  it('turns the search box into FTS prefix terms, never FTS syntax', () => {
    expect(ftsQuery('Örebro bygg')).toBe('"Örebro"* "bygg"*');
    expect(ftsQuery('a" OR "b* NEAR(x)')).toBe('"a"* "OR"* "b"* "NEAR"* "x"*');
    expect(ftsQuery(' -*" ')).toBeNull();
  });

  it('breaks ties on DocumentNumber in the sort direction, as the service does', () => {
    expect(orderClause({ sortby: 'invoicedate', sortorder: 'descending' })).toBe('ORDER BY invoice_date DESC, doc_no DESC');
    expect(orderClause({ sortby: 'total', sortorder: 'descending' })).toBe('ORDER BY total_sek DESC, doc_no DESC');
    expect(orderClause({})).toBe('ORDER BY doc_no ASC');
  });
});
