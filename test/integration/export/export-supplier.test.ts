// An export of supplier invoices as the window starts it (export:start with resource
// 'supplierinvoices': the IPC schema, the export service, the queue, the job) against the sandbox
// over real HTTP: from the service in its own order (pages cut out of 500-row reads, selected rows
// by GivenNumber, the statuses the list item cannot tell), from the local copy with a sort only
// the copy answers, a view the service cannot answer refused with a reason, and a cancel.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import type { CompanySession } from '../../../electron/companies/company-session';
import { columnIdsOf } from '../../../electron/common/lists/registry';
import { createExportService, type ExportServicePorts } from '../../../electron/export/export-service';
import type { ExportProgress, ExportRequest } from '../../../electron/ipc/contract';
import { invokeSchemas } from '../../../electron/ipc/schemas';
import { serviceDate } from '../../../electron/common/invoice-status';
import { localExportSession } from '../../../electron/mirror/access/local-export';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { syncCompany, syncResources } from '../../../electron/mirror/sync/sync-engine';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { company, FAST_LIMITER, parseCsv, serviceSession, tempDir } from './helpers';

let sandbox: Sandbox;
let dir: string;
let session: CompanySession;
const mirrors: MirrorApi[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 600, largeSupplierInvoiceCount: 1_240 });
  sandbox.control.setRateLimits(false);
  session = serviceSession(sandbox, 'large', FAST_LIMITER);
});
afterAll(async () => {
  session.close();
  await sandbox.close();
});
beforeEach(async () => {
  dir = await tempDir('export-supplier-');
  sandbox.control.resetCounters();
});
afterEach(async () => {
  for (const m of mirrors.splice(0)) await m.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const FINAL = new Set(['done', 'failed', 'cancelled']);

/** The export service as the app wires it, the save dialog answering `file`; `local` gives the supplier side of a copy. */
function exportService(file: string, options: { local?: MirrorApi; language?: 'sv' | 'en' } = {}) {
  const events: ExportProgress[] = [];
  const reported: string[] = [];
  const ports: ExportServicePorts = {
    clock: systemClock,
    session: async () => session,
    companyName: () => 'Storbolaget',
    language: async () => options.language ?? 'en',
    chooseFile: async (name) => {
      events.length = 0;
      defaultNames.push(name);
      return path.join(dir, file);
    },
    emit: (event) => events.push(event),
    reportError: (_companyId, kind) => reported.push(kind),
    log: () => undefined,
  };
  if (options.local) {
    const mirror = options.local;
    ports.localSource = async (_companyId, s, today, resource) => (resource === 'supplierinvoices' ? localExportSession({ upToDate: async () => mirror, limiter: s.limiter, today }) : undefined);
  }
  const exports = createExportService(ports);
  const settled = async (): Promise<ExportProgress> => {
    for (;;) {
      const last = events.at(-1);
      if (last && FINAL.has(last.state)) return last;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { exports, events, reported, settled };
}
const defaultNames: string[] = [];

/** export:start's argument as the window sends it, through the IPC schema. */
function request(input: Record<string, unknown>): ExportRequest {
  const [parsed] = invokeSchemas['export:start'].parse([{ companyId: 'c1', resource: 'supplierinvoices', format: 'standard', selection: { kind: 'all' }, columns: columnIdsOf('supplierinvoices'), query: { limit: 50 }, ...input }]);
  return parsed as ExportRequest;
}

/** GivenNumbers in the service's own order (raw HTTP, no app parsing). */
async function servedOrder(): Promise<string[]> {
  const token = sandbox.control.issueTokens({ tenantId: company(sandbox, 'large').tenantId, scopes: ['supplierinvoice'] }).access_token;
  const numbers: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${sandbox.apiUrl}/3/supplierinvoices?limit=500&page=${page}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { MetaInformation: { '@CurrentPage': number; '@TotalPages': number }; SupplierInvoices: Array<{ GivenNumber: string }> };
    numbers.push(...body.SupplierInvoices.map((i) => String(i.GivenNumber)));
    if (body.MetaInformation['@CurrentPage'] >= body.MetaInformation['@TotalPages']) return numbers;
  }
}

describe('export:start with resource supplierinvoices', () => {
  it('the schema takes a supplier query and columns, and refuses the customer ones with it (and the reverse)', () => {
    const parse = (input: Record<string, unknown>) => invokeSchemas['export:start'].safeParse([{ companyId: 'c1', format: 'standard', selection: { kind: 'all' }, ...input }]);
    expect(parse({ resource: 'supplierinvoices', query: { limit: 50, filter: 'authorizepending', sortby: 'duedate' }, columns: ['givenNumber', 'supplierName'] }).success).toBe(true);
    expect(parse({ resource: 'invoices', query: { limit: 50, filter: 'unpaid' }, columns: ['documentNumber'] }).success).toBe(true);
    // No resource is a default: a request that names none is refused.
    expect(parse({ query: { limit: 50, filter: 'unpaid' }, columns: ['documentNumber'] }).success).toBe(false);
    expect(parse({ resource: 'invoices', query: { limit: 50 }, columns: ['documentNumber'] }).success).toBe(true);
    expect(parse({ resource: 'supplierinvoices', query: { limit: 50 }, columns: ['documentNumber'] }).success).toBe(false);
    expect(parse({ resource: 'supplierinvoices', query: { limit: 50, filter: 'unbooked', scope: 'open' }, columns: ['givenNumber'] }).success).toBe(false);
    expect(parse({ resource: 'invoices', query: { limit: 50, filter: 'authorizepending' }, columns: ['documentNumber'] }).success).toBe(false);
    expect(parse({ resource: 'invoices', query: { limit: 50 }, columns: ['givenNumber'] }).success).toBe(false);
    expect(parse({ resource: 'customers', query: { limit: 50 }, columns: ['documentNumber'] }).success).toBe(false);
  });

  it('from the service: a page range of a 50-row view in the service order, in Swedish, with the approval and payment states', async () => {
    const { exports, settled, events } = exportService('lev.csv', { language: 'sv' });
    const started = await exports.start(request({ query: { limit: 50, sortorder: 'ascending' }, selection: { kind: 'range', from: 3, to: 14 }, format: 'excel-sv' }));
    expect(started?.jobId).toBeTruthy();
    const done = await settled();
    expect(done).toMatchObject({ state: 'done', fileName: 'lev.csv', rows: 600, pagesDone: 12, pagesTotal: 12 });
    expect(events.some((e) => e.state === 'running')).toBe(true);
    expect(defaultNames.at(-1)).toBe(`Storbolaget leverantörsfakturor ${serviceDate(Date.now())}.csv`);
    // Rows 101-700 were read as two 500-row pages, plus the two filtered lists.
    expect(sandbox.control.counters().byRoute.supplierinvoices).toBe(4);
    const rows = parseCsv(await fs.readFile(path.join(dir, 'lev.csv'), 'utf8'), ';');
    expect(rows[0]?.slice(0, 3)).toEqual(['Löpnr', 'Lev.nr', 'Leverantör']);
    const order = await servedOrder();
    expect(rows.slice(1).map((r) => r[0])).toEqual(order.slice(100, 700));
    const records = new Map(sandbox.control.supplierInvoicesOf(company(sandbox, 'large').tenantId).map((r) => [r.GivenNumber, r]));
    const status = rows[0]?.indexOf('Status') as number;
    for (const row of rows.slice(1)) {
      const record = records.get(row[0] as string);
      if (!record || record.Cancelled || record.Balance === 0) continue;
      if (record.PaymentPending) expect(row[status]).toBe('Betalning pågår');
      else if (record.AuthorizePending) expect(row[status]).toBe('Att attestera');
      else expect(['Förfallen', 'Delbetald', 'Obetald']).toContain(row[status]);
    }
  });

  it('selected rows by GivenNumber, in the chosen columns', async () => {
    const order = await servedOrder();
    const wanted = [order[52], order[60], order[99]] as string[];
    const { exports, settled } = exportService('rows.csv');
    await exports.start(request({ query: { limit: 50 }, selection: { kind: 'rows', page: 2, documentNumbers: wanted }, columns: ['supplierName', 'givenNumber', 'balance'] }));
    expect(await settled()).toMatchObject({ state: 'done', rows: 3 });
    const rows = parseCsv(await fs.readFile(path.join(dir, 'rows.csv'), 'utf8'));
    expect(rows[0]).toEqual(['Supplier', 'Given no.', 'Balance']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(wanted);
  });

  it('without a copy, a sort or a search the service cannot answer fails with the reason, before any file or request', async () => {
    const { exports, settled, reported } = exportService('sorted.csv');
    await exports.start(request({ query: { limit: 50, sortby: 'suppliername' } }));
    const failed = await settled();
    expect(failed.state).toBe('failed');
    expect(failed.error?.kind).toBe('bad-request');
    expect(failed.error?.message).toMatch(/cannot sort supplier invoices.*local copy/);
    expect(await fs.readdir(dir)).toEqual([]);
    expect(sandbox.control.counters().byRoute.supplierinvoices ?? 0).toBe(0);
    // Not the company's problem: its status is not touched.
    expect(reported).toEqual([]);
  });

  it('from the local copy: the sort only the copy answers, the whole list, no list request per page', async () => {
    const mirror = openInlineMirror(path.join(dir, 'copy.sqlite'));
    mirrors.push(mirror);
    await syncCompany({ resource: syncResources.supplierinvoices, mirror, source: session, clock: systemClock, mode: 'auto', priority: 'sync' });
    sandbox.control.resetCounters();
    const { exports, settled } = exportService('copy.csv', { local: mirror });
    await exports.start(request({ query: { limit: 100, sortby: 'suppliername', sortorder: 'descending', filter: 'unpaid' } }));
    const done = await settled();
    expect(done, JSON.stringify(done.error)).toMatchObject({ state: 'done' });
    expect(sandbox.control.counters().byRoute.supplierinvoices ?? 0).toBe(0);
    const rows = parseCsv(await fs.readFile(path.join(dir, 'copy.csv'), 'utf8')).slice(1);
    const tenantId = company(sandbox, 'large').tenantId;
    const unpaid = sandbox.control.supplierInvoicesOf(tenantId).filter((r) => !r.Cancelled && r.Balance !== 0);
    expect(rows.map((r) => r[0]).sort()).toEqual(unpaid.map((r) => r.GivenNumber).sort());
    const names = rows.map((r) => (r[2] as string).replace(/^'/, ''));
    const collator = new Intl.Collator('sv');
    for (let i = 1; i < names.length; i += 1) expect(collator.compare(names[i - 1] as string, names[i] as string)).toBeGreaterThanOrEqual(0);
  });

  it('cancelled while it reads: no file and no temporary file; retry exports the same view again', async () => {
    const { exports, settled, events } = exportService('cancel.csv');
    const started = await exports.start(request({ query: { limit: 10 } }));
    const jobId = started?.jobId as string;
    expect(events.at(-1)?.state).toBe('running');
    exports.cancel(jobId);
    expect((await settled()).state).toBe('cancelled');
    expect(await fs.readdir(dir)).toEqual([]);
    const retried = await exports.retry(jobId);
    events.length = 0;
    while (!events.some((e) => e.jobId === retried.jobId && FINAL.has(e.state))) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.at(-1)).toMatchObject({ state: 'done', rows: 1_240 });
    const rows = parseCsv(await fs.readFile(path.join(dir, 'cancel.csv'), 'utf8'));
    expect(rows[0]?.[0]).toBe('Given no.');
    expect(rows).toHaveLength(1_241);
  });
});
