// receivables:statement and :exportStatement: the statement once the invoices and the
// customer payments are read; until then which list it waits for, with that list's own error (a
// missing payment scope); the CSV written where the save dialog says, nothing when it is cancelled.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceId } from '../../../electron/common/resources';
import type { CustomerStatement, StatementAudience } from '../../../electron/common/statement';
import { unreadResources, type SyncStatus } from '../../../electron/common/sync';
import type { MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { overviewHandlers } from '../../../electron/overview/overview-handlers';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const statement: CustomerStatement = {
  customerNumber: '7',
  name: 'Berg AB',
  asOf: '2026-03-31',
  notPlacedMore: 0,
  currencies: { SEK: { balance: 600, rows: [{ date: '2026-01-05', kind: 'invoice', documentNumber: '1', amount: 600, balance: 600 }], ageing: { notDue: 0, d1_30: 0, d31_60: 600, d61_90: 0, d90plus: 0 }, notPlaced: [] } },
};

/** The owner's statement also lists payments whose invoice the copy does not know (they may be anyone's), and counts more. */
const ownersStatement: CustomerStatement = {
  ...statement,
  notPlacedMore: 250,
  currencies: { SEK: { ...statement.currencies['SEK']!, notPlaced: [{ number: '40', invoiceNumber: '404', paymentDate: '2026-02-01', amount: 75, currency: 'SEK', reason: 'invoice-unknown' }] } },
};

function handlers(ready: readonly ResourceId[], options: { error?: boolean; file?: string | null } = {}) {
  const mirror = { customerStatement: async (customer: string, _asOf: string, audience: StatementAudience) => (customer !== '7' ? null : audience === 'customer' ? statement : ownersStatement) } as unknown as MirrorApi;
  const resources = unreadResources();
  if (options.error) resources.invoicepayments.error = { kind: 'scope-missing', message: 'no payment scope' };
  const status: SyncStatus = { companyId: 'a', phase: 'idle', resources, progress: null, offline: false };
  return overviewHandlers({
    chooseFile: async () => options.file ?? null,
    language: () => 'sv',
    clock: { now: () => Date.parse('2026-03-31T10:00:00Z'), sleep: async () => undefined },
    companies: () => [],
    record: () => undefined,
    mirrors: { ready: async (_id, resource) => (ready.includes(resource) ? mirror : undefined), statusOf: () => status },
  });
}

describe('receivables:statement', () => {
  it('waits for the invoices, then the payments (with their error), then answers; an unknown customer says so', async () => {
    expect(await handlers([])['receivables:statement']('a', '7', '2026-03-31')).toEqual({ state: 'waiting', resource: 'invoices' });
    expect(await handlers(['invoices'], { error: true })['receivables:statement']('a', '7', '2026-03-31')).toEqual({ state: 'waiting', resource: 'invoicepayments', error: { kind: 'scope-missing', message: 'no payment scope' } });
    expect(await handlers(['invoices', 'invoicepayments'])['receivables:statement']('a', '7', '2026-03-31')).toEqual({ state: 'ready', statement: ownersStatement });
    expect(await handlers(['invoices', 'invoicepayments'])['receivables:statement']('a', '8', '2026-03-31')).toEqual({ state: 'unknown-customer' });
  });

  it('exports the customer\'s statement to the chosen file (the window learns its name only); cancelled or not ready: null and no file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-export-'));
    dirs.push(dir);
    const file = path.join(dir, 'utdrag.csv');
    expect(await handlers(['invoices', 'invoicepayments'], { file })['receivables:exportStatement']('a', '7', '2026-03-31', 'excel-sv')).toEqual({ fileName: 'utdrag.csv' });
    expect(readFileSync(file, 'utf8')).toBe('\uFEFFDatum;Typ;Faktura;Belopp;Valuta;Saldo\r\n"2026-01-05";"Faktura";"1";600,00;"SEK";600,00\r\n');
    expect(await handlers(['invoices', 'invoicepayments'], { file: null })['receivables:exportStatement']('a', '7', '2026-03-31', 'standard')).toBeNull();
    expect(await handlers(['invoices'], { file })['receivables:exportStatement']('a', '7', '2026-03-31', 'standard')).toBeNull();
  });
});
