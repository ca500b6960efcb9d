// The local copy on the large company (50,000 customer and 20,000 supplier invoices, and its
// customer register), eight result lines with fixed names (other tools read them): mirror-first-sync
// and mirror-incremental (every list, as the app syncs them), mirror-query, mirror-query-supplier
// (supplier invoices), mirror-query-customers, mirror-digest, mirror-statement (a customer's statement
// as at a day, DSO and DPO), mirror-overview (receivables, payables, outlook), mirror-export. The syncs read
// the payments of both sides too.
// The copy runs in its worker thread as in the app (dist-electron/mirror-worker.cjs, built by
// `npm run bench`), so eventLoopP99Ms is the main thread's delay while the database works.
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { systemClock } from '../../../electron/kernel/clock';
import type { GridQueryOf } from '../../../electron/common/lists/grid-types';
import { filterIdsOf, sortFieldsOf } from '../../../electron/common/lists/registry';
import { listColumns } from '../../../electron/export/columns';
import { runExport } from '../../../electron/export/export-job';
import { exportResources } from '../../../electron/export/export-resources';
import { serviceDate } from '../../../electron/common/invoice-status';
import { localExportSession } from '../../../electron/mirror/access/local-export';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { openWorkerMirror } from '../../../electron/mirror/access/mirror-pool';
import { readLists, syncCompany, syncResources, type PageSource, type SyncResult } from '../../../electron/mirror/sync/sync-engine';
import { createRng } from '../../../electron/sandbox/prng';
import { connectedSession, recordingFetch, round, summarise, type Scenario, type ScenarioResult } from '../lib';

/** The default company: 50,000 customer invoices; `--invoices N` another size. Supplier invoices in the demo's proportion (2 to 5). */
const DEFAULT_INVOICES = 50_000;
const supplierCountFor = (invoices: number): number => Math.round(invoices * 0.4);
const WORKER = path.resolve('dist-electron/mirror-worker.cjs');
/** The random views' sorts and filters: each list's own (the copy sorts by any of them). */
const [localSortFields, filters] = [sortFieldsOf('invoices'), filterIdsOf('invoices')];
const [supplierSortFields, supplierFilters] = [sortFieldsOf('supplierinvoices'), filterIdsOf('supplierinvoices')];
const [customerSortFields, customerFilters] = [sortFieldsOf('customers'), filterIdsOf('customers')];

function exposeGc(): () => void {
  v8.setFlagsFromString('--expose_gc');
  return vm.runInNewContext('gc') as () => void;
}

/** The main thread's event-loop delay while `work` runs: p99 and the longest stall, in ms. */
async function loopDelay<T>(work: () => Promise<T>): Promise<{ result: T; eventLoopP99Ms: number; eventLoopMaxMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  try {
    const result = await work();
    return { result, eventLoopP99Ms: round(histogram.percentile(99) / 1e6, 1), eventLoopMaxMs: round(histogram.max / 1e6, 0) };
  } finally {
    histogram.disable();
  }
}

/** Every row of a view, 50,000 at a time. */
async function readAll<Row>(read: (offset: number, limit: number) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 50_000) {
    const chunk = await read(offset, 50_000);
    rows.push(...chunk);
    if (chunk.length < 50_000) return rows;
  }
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

export const mirrorScenarios: Scenario = {
  name: 'mirror',
  description: `the local copy of a company with ${DEFAULT_INVOICES.toLocaleString('en')} (or --invoices N) customer invoices and 40 % as many supplier invoices: first sync, incremental sync, 200 random views of each, the overview, export of every row`,
  async run(context) {
    const INVOICES = context.invoices ?? DEFAULT_INVOICES;
    const SUPPLIER_INVOICES = supplierCountFor(INVOICES);
    context.log(`  ${INVOICES.toLocaleString('en')} customer and ${SUPPLIER_INVOICES.toLocaleString('en')} supplier invoices`);
    const sandbox = await context.sandbox({ largeInvoiceCount: INVOICES, largeSupplierInvoiceCount: SUPPLIER_INVOICES });
    const tenantId = sandbox.companies.find((c) => c.key === 'large')?.tenantId as string;
    // The service's data in place before the clock starts (the sandbox shares this thread: its
    // warm-up, seconds at 500,000 invoices, would otherwise stall the reads it serves).
    sandbox.control.prepare(tenantId);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-mirror-'));
    const worker = existsSync(WORKER);
    if (!worker) context.log(`  ${WORKER} is not built: the copy runs in the main thread`);
    const mirror: MirrorApi = worker ? openWorkerMirror(path.join(dir, 'large.sqlite'), WORKER) : openInlineMirror(path.join(dir, 'large.sqlite'));
    const results: ScenarioResult[] = [];
    try {
      // Every list, customer invoices first, on one session (one limiter), as the app syncs a company.
      const syncBoth = async (source: PageSource, mode: 'auto' | 'full' = 'auto') => {
        // As the app reads them (sync-lists.ts): the lists at once, the later ones in the slots the first leaves.
        const [invoices, suppliers, customers, payments, supplierPayments] = readLists(
          ['invoices', 'supplierinvoices', 'customers', 'invoicepayments', 'supplierinvoicepayments'],
          (resource, priority, signal) => syncCompany({ resource: syncResources[resource], mirror, source, clock: systemClock, mode, priority, ...(signal ? { signal } : {}) }),
          'sync',
        );
        return {
          invoices: await (invoices as Promise<SyncResult>),
          suppliers: await (suppliers as Promise<SyncResult>),
          customers: await (customers as Promise<SyncResult>),
          payments: await (payments as Promise<SyncResult>),
          supplierPayments: await (supplierPayments as Promise<SyncResult>),
        };
      };

      // 1. The first sync: every invoice of both kinds, 500 a request, at the sync priority.
      let recorder = recordingFetch();
      let session = await connectedSession(sandbox, tenantId, recorder.fetch);
      context.log('  first sync ...');
      const first = await loopDelay(() => syncBoth(session));
      session.close();
      results.push({ name: 'mirror-first-sync', ...summarise(recorder.log), invoices: first.result.invoices.rows, supplierInvoices: first.result.suppliers.rows, customers: first.result.customers.rows, payments: first.result.payments.rows, supplierPayments: first.result.supplierPayments.rows, eventLoopP99Ms: first.eventLoopP99Ms, eventLoopMaxMs: first.eventLoopMaxMs });

      // An unchanged company (nothing modified since, nor within the 5-minute overlap): one request
      // for customer invoices, three for supplier invoices (the list, and its two filtered lists),
      // one for the customer register, one for each side's payments.
      recorder = recordingFetch();
      session = await connectedSession(sandbox, tenantId, recorder.fetch);
      await syncBoth(session);
      session.close();
      const unchangedRequests = summarise(recorder.log).requests;

      // 2. 1,000 modifications and 50 new invoices, then an incremental sync.
      const rng = createRng('bench-mirror');
      const before = sandbox.control.invoicesOf(tenantId);
      const changed = new Map<string, number>();
      for (let i = 0; i < 1_000; i += 1) {
        const invoice = before[rng.int(0, before.length - 1)] as { DocumentNumber: string; Total: number };
        const balance = round(rng.next() * invoice.Total, 2);
        sandbox.control.updateInvoice(tenantId, invoice.DocumentNumber, { Balance: balance });
        changed.set(invoice.DocumentNumber, balance);
      }
      for (let i = 0; i < 50; i += 1) sandbox.control.addInvoice(tenantId, { Total: 100 + i });
      // ... and 400 supplier invoices paid, 20 approved, 10 new bills.
      const suppliersBefore = sandbox.control.supplierInvoicesOf(tenantId);
      for (let i = 0; i < 400; i += 1) {
        const bill = suppliersBefore[rng.int(0, suppliersBefore.length - 1)] as { GivenNumber: string };
        sandbox.control.updateSupplierInvoice(tenantId, bill.GivenNumber, { Balance: 0, FinalPayDate: serviceDate(Date.now() + sandbox.control.clockOffsetMs), PaymentPending: false });
      }
      for (const bill of suppliersBefore.filter((b) => b.AuthorizePending && !b.Cancelled).slice(0, 20)) sandbox.control.updateSupplierInvoice(tenantId, bill.GivenNumber, { AuthorizePending: false, AuthorizerName: 'Bench' });
      for (let i = 0; i < 10; i += 1) sandbox.control.addSupplierInvoice(tenantId, {});
      recorder = recordingFetch();
      session = await connectedSession(sandbox, tenantId, recorder.fetch);
      context.log('  incremental sync ...');
      const incremental = (await syncBoth(session)).invoices;
      session.close();

      const today = serviceDate(Date.now() + sandbox.control.clockOffsetMs);
      // Read back in chunks (one message of 500,000 rows would weigh on the worker's heap, not the copy's speed).
      const all = await readAll((offset, limit) => mirror.listRows('invoices', { limit: 500 }, today, offset, limit));
      const service = sandbox.control.invoicesOf(tenantId);
      const byNumber = new Map(all.map((row) => [row.documentNumber, row]));
      const applied = [...changed].every(([doc, balance]) => byNumber.get(doc)?.balance === balance);
      const eachOnce = all.length === byNumber.size && byNumber.size === service.length && service.every((i) => byNumber.has(i.DocumentNumber));
      const suppliersNow = sandbox.control.supplierInvoicesOf(tenantId);
      const copied = await readAll((offset, limit) => mirror.listRows('supplierinvoices', { limit: 500 }, today, offset, limit));
      const suppliersSame = copied.length === suppliersNow.length && copied.every((row, i) => row.givenNumber === suppliersNow[i]?.GivenNumber && row.balance === suppliersNow[i]?.Balance && row.authorizePending === (suppliersNow[i]?.AuthorizePending === true && !suppliersNow[i]?.Cancelled));
      results.push({ name: 'mirror-incremental', ...summarise(recorder.log), kind: incremental.kind, invoices: incremental.rows, modified: changed.size, added: 50, changesApplied: applied, eachOnce, supplierInvoicesSame: suppliersSame, unchangedRequests });

      // 3. 200 random views: any sort column, filters, ranges, search, pages deep and shallow.
      const words = [...new Set(service.flatMap((i) => i.CustomerName.split(/\s+/)).filter((w) => w.length > 3))];
      const day = (offset: number) => serviceDate(Date.now() - offset * 86_400_000);
      const queries: GridQueryOf<'invoices'>[] = Array.from({ length: 200 }, () => {
        const query: GridQueryOf<'invoices'> = { page: 1, limit: [25, 50, 100, 250, 500][rng.int(0, 4)] as number, sortby: localSortFields[rng.int(0, localSortFields.length - 1)], sortorder: rng.next() < 0.5 ? 'ascending' : 'descending' };
        if (rng.next() < 0.5) query.filter = filters[rng.int(0, filters.length - 1)];
        if (rng.next() < 0.3) Object.assign(query, { fromdate: day(rng.int(200, 700)), todate: day(rng.int(0, 199)) });
        if (rng.next() < 0.2) Object.assign(query, { fromduedate: day(rng.int(100, 400)) });
        if (rng.next() < 0.3) query.text = (words[rng.int(0, words.length - 1)] as string).slice(0, rng.int(3, 6));
        if (rng.next() < 0.1) query.currency = 'EUR';
        return query;
      });
      const times: number[] = [];
      context.log('  200 random views ...');
      const viewed = await loopDelay(async () => {
        const timed = async (query: GridQueryOf<'invoices'>) => {
          const started = performance.now();
          const page = await mirror.listPage('invoices', query, today);
          times.push(performance.now() - started);
          return page;
        };
        for (const query of queries) {
          // Every view's first page, and for half of them a deep page too: the last, or the middle one.
          const first = await timed(query);
          if (rng.next() < 0.5 && first.totalPages > 1) await timed({ ...query, page: rng.next() < 0.5 ? first.totalPages : Math.ceil(first.totalPages / 2) });
        }
      });
      times.sort((a, b) => a - b);
      results.push({ name: 'mirror-query', requests: 0, http429: 0, seconds: round(times.reduce((n, t) => n + t, 0) / 1000, 2), views: queries.length, pageLoads: times.length, p50Ms: round(percentile(times, 50), 1), p95Ms: round(percentile(times, 95), 1), eventLoopP99Ms: viewed.eventLoopP99Ms });

      // 3a. 200 random views of the supplier invoices: any sort, the seven filters, search, pages deep and shallow.
      const supplierWords = [...new Set(suppliersNow.flatMap((i) => i.SupplierName.split(/\s+/)).filter((w) => w.length > 3))];
      const supplierQueries: GridQueryOf<'supplierinvoices'>[] = Array.from({ length: 200 }, () => {
        const query: GridQueryOf<'supplierinvoices'> = { page: 1, limit: [25, 50, 100, 250, 500][rng.int(0, 4)] as number, sortby: supplierSortFields[rng.int(0, supplierSortFields.length - 1)], sortorder: rng.next() < 0.5 ? 'ascending' : 'descending' };
        if (rng.next() < 0.5) query.filter = supplierFilters[rng.int(0, supplierFilters.length - 1)];
        if (rng.next() < 0.3) Object.assign(query, { fromdate: day(rng.int(200, 700)), todate: day(rng.int(0, 199)) });
        if (rng.next() < 0.2) Object.assign(query, { fromduedate: day(rng.int(100, 400)) });
        if (rng.next() < 0.3) query.text = (supplierWords[rng.int(0, supplierWords.length - 1)] as string).slice(0, rng.int(3, 6));
        if (rng.next() < 0.1) query.currency = 'EUR';
        return query;
      });
      const supplierTimes: number[] = [];
      context.log('  200 random supplier views ...');
      const supplierViewed = await loopDelay(async () => {
        const timed = async (query: GridQueryOf<'supplierinvoices'>) => {
          const started = performance.now();
          const page = await mirror.listPage('supplierinvoices', query, today);
          supplierTimes.push(performance.now() - started);
          return page;
        };
        for (const query of supplierQueries) {
          const first = await timed(query);
          if (rng.next() < 0.5 && first.totalPages > 1) await timed({ ...query, page: rng.next() < 0.5 ? first.totalPages : Math.ceil(first.totalPages / 2) });
        }
      });
      supplierTimes.sort((a, b) => a - b);
      results.push({
        name: 'mirror-query-supplier',
        requests: 0,
        http429: 0,
        seconds: round(supplierTimes.reduce((n, t) => n + t, 0) / 1000, 2),
        views: supplierQueries.length,
        pageLoads: supplierTimes.length,
        p50Ms: round(percentile(supplierTimes, 50), 1),
        p95Ms: round(percentile(supplierTimes, 95), 1),
        eventLoopP99Ms: supplierViewed.eventLoopP99Ms,
      });

      // 3c. 200 random views of the customer register: any sort (the figures from the
      // invoices too), the three chips, the search box, pages deep and shallow. The first view after
      // the incremental sync recounts the customers whose invoices changed: timed apart.
      const register = sandbox.control.customersOf(tenantId);
      const customerWords = [...new Set(register.flatMap((c) => [...String(c['Name'] ?? '').split(/\s+/), String(c['City'] ?? '')]).filter((w) => w.length > 3))];
      const customerQueries: GridQueryOf<'customers'>[] = Array.from({ length: 200 }, () => {
        const query: GridQueryOf<'customers'> = { page: 1, limit: [25, 50, 100, 250, 500][rng.int(0, 4)] as number, sortby: customerSortFields[rng.int(0, customerSortFields.length - 1)], sortorder: rng.next() < 0.5 ? 'ascending' : 'descending' };
        if (rng.next() < 0.5) query.filter = customerFilters[rng.int(0, customerFilters.length - 1)];
        if (rng.next() < 0.3) query.text = (customerWords[rng.int(0, customerWords.length - 1)] as string).slice(0, rng.int(3, 6));
        return query;
      });
      const recountStarted = performance.now();
      await mirror.listPage('customers', { page: 1, limit: 50, sortby: 'owed', sortorder: 'descending' }, today);
      const recountMs = performance.now() - recountStarted;
      const customerTimes: number[] = [];
      context.log('  200 random customer views ...');
      const customersViewed = await loopDelay(async () => {
        const timed = async (query: GridQueryOf<'customers'>) => {
          const started = performance.now();
          const page = await mirror.listPage('customers', query, today);
          customerTimes.push(performance.now() - started);
          return page;
        };
        for (const query of customerQueries) {
          const first = await timed(query);
          if (rng.next() < 0.5 && first.totalPages > 1) await timed({ ...query, page: rng.next() < 0.5 ? first.totalPages : Math.ceil(first.totalPages / 2) });
        }
      });
      customerTimes.sort((a, b) => a - b);
      results.push({
        name: 'mirror-query-customers',
        requests: 0,
        http429: 0,
        seconds: round(customerTimes.reduce((n, t) => n + t, 0) / 1000, 2),
        customers: register.length,
        views: customerQueries.length,
        pageLoads: customerTimes.length,
        p50Ms: round(percentile(customerTimes, 50), 1),
        p95Ms: round(percentile(customerTimes, 95), 1),
        firstViewAfterSyncMs: round(recountMs, 1),
        eventLoopP99Ms: customersViewed.eventLoopP99Ms,
      });

      // 3a'. A customer's statement as at a random day, 200 customers at random, and DSO
      //      and DPO at the 12 month ends, 50 times: each computed from the copy every time.
      const statementTimes: number[] = [];
      const daysTimes: number[] = [];
      const customerNumbers = [...new Set(all.map((row) => row.customerNumber))];
      const statementRng = createRng('bench-statement');
      const dayOf = (offsetDays: number) => serviceDate(Date.parse(`${today}T12:00:00Z`) - offsetDays * 86_400_000);
      let statementRows = 0;
      context.log('  statements x 200, DSO and DPO x 50 ...');
      const statements = await loopDelay(async () => {
        for (let i = 0; i < 200; i += 1) {
          const customer = customerNumbers[statementRng.int(0, customerNumbers.length - 1)] as string;
          const started = performance.now();
          const statement = await mirror.customerStatement(customer, dayOf(statementRng.int(0, 700)));
          statementTimes.push(performance.now() - started);
          statementRows += Object.values(statement?.currencies ?? {}).reduce((n, c) => n + c.rows.length, 0);
        }
        for (let i = 0; i < 50; i += 1) {
          const started = performance.now();
          await mirror.daysOutstanding(today, { dso: true, dpo: true });
          daysTimes.push(performance.now() - started);
        }
      });
      statementTimes.sort((a, b) => a - b);
      daysTimes.sort((a, b) => a - b);
      results.push({
        name: 'mirror-statement',
        requests: 0,
        http429: 0,
        seconds: round((statementTimes.reduce((n, t) => n + t, 0) + daysTimes.reduce((n, t) => n + t, 0)) / 1000, 2),
        invoices: all.length,
        payments: (await mirror.summary('invoicepayments')).rows,
        supplierPayments: (await mirror.summary('supplierinvoicepayments')).rows,
        statements: statementTimes.length,
        statementRows,
        statementP50Ms: round(percentile(statementTimes, 50), 1),
        statementP95Ms: round(percentile(statementTimes, 95), 1),
        daysRuns: daysTimes.length,
        daysP50Ms: round(percentile(daysTimes, 50), 1),
        daysP95Ms: round(percentile(daysTimes, 95), 1),
        eventLoopP99Ms: statements.eventLoopP99Ms,
      });

      // 3a''. "Since you last looked": the date-driven conditions read after a sync, the
      //       first time (the baseline), on each of 20 new days (the habits recomputed with the day),
      //       and again on the same day with nothing written (what the window's every read costs);
      //       and the window's digest, 50 times.
      const addDay = (days: number) => serviceDate(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000);
      const time = async (work: () => Promise<unknown>): Promise<number> => {
        const started = performance.now();
        await work();
        return performance.now() - started;
      };
      context.log('  digest: baseline, 20 new days, the same day x 20, the view x 50 ...');
      const digestBaselineMs = await time(() => mirror.noteDateEvents(today));
      const dayTimes: number[] = [];
      const sameDayTimes: number[] = [];
      const viewTimes: number[] = [];
      const digestRun = await loopDelay(async () => {
        for (let d = 1; d <= 20; d += 1) dayTimes.push(await time(() => mirror.noteDateEvents(addDay(d))));
        for (let i = 0; i < 20; i += 1) sameDayTimes.push(await time(() => mirror.noteDateEvents(addDay(20))));
        for (let i = 0; i < 50; i += 1) viewTimes.push(await time(() => mirror.digestView(addDay(20), { limit: 20 })));
      });
      for (const list of [dayTimes, sameDayTimes, viewTimes]) list.sort((a, b) => a - b);
      results.push({
        name: 'mirror-digest',
        requests: 0,
        http429: 0,
        seconds: round((digestBaselineMs + [...dayTimes, ...sameDayTimes, ...viewTimes].reduce((n, t) => n + t, 0)) / 1000, 2),
        invoices: all.length,
        events: await mirror.unseenCount(addDay(20)),
        baselineMs: round(digestBaselineMs, 1),
        newDayP50Ms: round(percentile(dayTimes, 50), 1),
        newDayP95Ms: round(percentile(dayTimes, 95), 1),
        sameDayP95Ms: round(percentile(sameDayTimes, 95), 1),
        viewP50Ms: round(percentile(viewTimes, 50), 1),
        viewP95Ms: round(percentile(viewTimes, 95), 1),
        eventLoopP99Ms: digestRun.eventLoopP99Ms,
      });

      // 3b. The overview of the whole company as a company's page opens it: receivables,
      // payables and the 12-week cash outlook with the customers' habits, each time
      // computed from the copy (nothing is kept between two runs).
      const overviewTimes: number[] = [];
      context.log('  overview (receivables, payables, outlook) x 50 ...');
      const overview = await loopDelay(async () => {
        for (let i = 0; i < 50; i += 1) {
          const started = performance.now();
          await mirror.receivables(today, true);
          overviewTimes.push(performance.now() - started);
        }
      });
      overviewTimes.sort((a, b) => a - b);
      results.push({ name: 'mirror-overview', requests: 0, http429: 0, seconds: round(overviewTimes.reduce((n, t) => n + t, 0) / 1000, 2), runs: overviewTimes.length, invoices: all.length, p50Ms: round(percentile(overviewTimes, 50), 1), p95Ms: round(percentile(overviewTimes, 95), 1), eventLoopP99Ms: overview.eventLoopP99Ms });

      // 4. Every row from the copy to CSV (after the incremental sync an export starts with), twice:
      //    once for the event loop's delay, once with a full GC every 10 chunks for the live heap
      //    (the forced GCs would otherwise count as delay).
      const gc = exposeGc();
      const exportAll = async (onChunk?: (chunksDone: number) => void) => {
        const recorder = recordingFetch();
        const session = await connectedSession(sandbox, tenantId, recorder.fetch);
        const started = performance.now();
        try {
          const result = await runExport({
            resource: exportResources.invoices,
            session: localExportSession({ upToDate: async () => (await syncCompany({ resource: syncResources.invoices, mirror, source: session, clock: systemClock, mode: 'auto', priority: 'export' }), mirror), limiter: session.limiter, today }),
            query: { limit: 50, sortby: 'duedate', sortorder: 'descending' },
            pages: 'all',
            columns: listColumns('invoices', 'en'),
            format: 'standard',
            target: path.join(dir, 'all.csv'),
            clock: systemClock,
            today,
            ...(onChunk ? { onProgress: (progress: { pagesDone: number }) => onChunk(progress.pagesDone) } : {}),
          });
          return { rows: result.rows, seconds: (performance.now() - started) / 1000, requests: summarise(recorder.log).requests };
        } finally {
          session.close();
        }
      };
      context.log('  export of every row ...');
      const timedExport = await loopDelay(() => exportAll());
      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      await exportAll((chunks) => {
        if (chunks % 10 !== 0) return;
        gc();
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      });
      const size = (await fs.stat(path.join(dir, 'all.csv'))).size;
      const { rows, seconds, requests } = timedExport.result;
      results.push({ name: 'mirror-export', requests, http429: 0, seconds: round(seconds, 2), rows, heapGrowthMb: round((heapPeak - heapBefore) / 2 ** 20, 1), fileMb: round(size / 2 ** 20, 1), eventLoopP99Ms: timedExport.eventLoopP99Ms });
      return results;
    } finally {
      await mirror.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};
