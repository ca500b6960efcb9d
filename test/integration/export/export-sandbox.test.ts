// The export engine against the sandbox over real HTTP: the whole large company, cancel and an
// injected failure halfway, the Swedish Excel format and formula neutralisation.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import { ApiError } from '../../../electron/kernel/errors';
import type { CompanySession } from '../../../electron/companies/company-session';
import { listColumns } from '../../../electron/export/columns';
import { runExport, type ExportOptions, type ExportProgress } from '../../../electron/export/export-job';
import { exportResources } from '../../../electron/export/export-resources';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { steadyServiceTime } from '../../support/service-time';
import { company, FAST_LIMITER, parseCsv, serviceSession, tempDir } from './helpers';

let sandbox: Sandbox;
const serviceNow = steadyServiceTime();
let dir: string;
const sessions: CompanySession[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ now: serviceNow });
  // None of these tests is about the rate limit: lift it on both sides to keep the suite fast.
  sandbox.control.setRateLimits(false);
});
afterAll(async () => {
  for (const s of sessions) s.close();
  await sandbox.close();
});
beforeEach(async () => {
  dir = await tempDir('export-it-');
  sandbox.control.clearFaults();
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function session(key: 'small' | 'large', clientOptions?: Parameters<typeof serviceSession>[3]): CompanySession {
  const s = serviceSession(sandbox, key, FAST_LIMITER, clientOptions);
  sessions.push(s);
  return s;
}

function base(s: CompanySession, overrides: Partial<ExportOptions> = {}): ExportOptions {
  return {
    resource: exportResources.invoices,
    session: s,
    query: { limit: 500 },
    pages: 'all',
    columns: listColumns('invoices', 'en'),
    format: 'standard',
    target: path.join(dir, 'invoices.csv'),
    clock: systemClock,
    today: serviceDate(serviceNow()),
    ...overrides,
  };
}

describe('export against the sandbox', () => {
  it('all pages of the large company: one row per invoice, unique DocumentNumbers, in the view order', async () => {
    const large = company(sandbox, 'large');
    const s = session('large');
    const first = await s.listPage('invoices', { limit: 500 }, { priority: 'interactive' });
    const events: ExportProgress[] = [];
    const result = await runExport(base(s, { query: { limit: 500, sortby: 'total', sortorder: 'descending' }, onProgress: (p) => events.push(p) }));

    expect(result.rows).toBe(first.totalResources);
    expect(result.rows).toBe(large.invoices);
    expect(result.pages).toBe(Math.ceil(large.invoices / 500));
    const rows = parseCsv(await fs.readFile(result.target, 'utf8'));
    expect(rows[0]).toEqual(listColumns('invoices', 'en').map((c) => c.header));
    const body = rows.slice(1);
    expect(body).toHaveLength(first.totalResources);
    const numbers = body.map((r) => r[0] as string);
    expect(new Set(numbers).size).toBe(numbers.length);

    // The view's order: total descending (ties: the service's stable order, reversed).
    const expected = sandbox.control
      .invoicesOf(large.tenantId)
      .map((inv) => ({ no: inv.DocumentNumber, total: inv.Total }))
      .sort((a, b) => a.total - b.total || Number(a.no) - Number(b.no))
      .reverse()
      .map((inv) => inv.no);
    expect(numbers).toEqual(expected);
    expect(events.at(-1)).toMatchObject({ pagesDone: result.pages, pagesTotal: result.pages, rows: result.rows });
    expect(await fs.readdir(dir)).toEqual(['invoices.csv']);
  });

  it('selected pages of a filtered view, in page order', async () => {
    const s = session('large');
    const query = { limit: 100, filter: 'unpaid' as const, sortby: 'customername' as const };
    const result = await runExport(base(s, { query, pages: [5, 2] }));
    const numbers = parseCsv(await fs.readFile(result.target, 'utf8')).slice(1).map((r) => r[0]);
    const p2 = await s.listPage('invoices', { ...query, page: 2 }, { priority: 'interactive' });
    const p5 = await s.listPage('invoices', { ...query, page: 5 }, { priority: 'interactive' });
    expect(numbers).toEqual([...p2.items, ...p5.items].map((i) => i.documentNumber));
  });

  it('cancelling halfway leaves no file and no temporary file', async () => {
    const s = session('large');
    const controller = new AbortController();
    const target = path.join(dir, 'cancelled.csv');
    const done = runExport(
      base(s, {
        target,
        query: { limit: 100 },
        signal: controller.signal,
        onProgress: (p) => {
          if (p.pagesDone === 100) controller.abort();
        },
      }),
    );
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('cancelled');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('an injected failure halfway leaves no file and rejects with the ApiError', async () => {
    // Short backoff: the three retries still happen, in milliseconds instead of seconds.
    const s = session('large', { retry: { minDelayMs: 20, maxDelayMs: 80 }, breaker: { openMs: 50 } });
    const target = path.join(dir, 'failed.csv');
    let injected = false;
    const error = await runExport(
      base(s, {
        target,
        query: { limit: 200 },
        onProgress: (p) => {
          if (p.pagesDone === 50 && !injected) {
            injected = true;
            // A 500 on every invoice request from now on: the retries run out.
            sandbox.control.injectFault('invoices', { status: 500 });
          }
        },
      }),
    ).catch((e: unknown) => e);
    expect(injected).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('unavailable');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('a licence error is an ApiError too, and no file is left', async () => {
    const unlicensed = serviceSession(sandbox, 'unlicensed', FAST_LIMITER);
    sessions.push(unlicensed);
    const error = await runExport(base(unlicensed)).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'licence-missing' });
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('excel-sv parses with ";" into the right columns with decimal commas and a BOM; formulas arrive neutralised', async () => {
    const small = company(sandbox, 'small');
    const s = session('small');
    const result = await runExport(base(s, { format: 'excel-sv', columns: listColumns('invoices', 'sv'), query: { limit: 100 } }));
    const bytes = await fs.readFile(result.target);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.includes('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '').includes('\n')).toBe(false);
    const rows = parseCsv(text, ';');
    const headers = listColumns('invoices', 'sv').map((c) => c.header);
    expect(rows[0]).toEqual(headers);
    const records = sandbox.control.invoicesOf(small.tenantId);
    expect(rows).toHaveLength(records.length + 1);
    const col = (name: string): number => headers.indexOf(name);
    const byNumber = new Map(records.map((r) => [r.DocumentNumber, r]));
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(headers.length);
      const record = byNumber.get(row[col('Fakturanr')] as string);
      expect(record).toBeDefined();
      if (!record) continue;
      expect(row[col('Totalt')]).toMatch(/^-?\d+,\d{2,}$/);
      expect(Number((row[col('Totalt')] as string).replace(',', '.'))).toBeCloseTo(record.Total, 6);
      expect(Number((row[col('Saldo')] as string).replace(',', '.'))).toBeCloseTo(record.Balance, 6);
      expect(row[col('Fakturadatum')]).toBe(record.InvoiceDate);
      expect(row[col('Valuta')]).toBe(record.Currency);
      if (record.CustomerName.startsWith('=')) expect(row[col('Kund')]).toBe(`'${record.CustomerName}`);
      else expect(row[col('Kund')]).toBe(record.CustomerName);
    }
    const names = rows.slice(1).map((r) => r[col('Kund')]);
    expect(names).toContain(`'=HYPERLINK("x")`);
    expect(names).toContain('Berg, "Hörnan" & Co; Malmö');
    expect(names.some((n) => n?.startsWith('='))).toBe(false);
  });
});
