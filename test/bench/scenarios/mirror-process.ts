// The large company's first sync with the service in a process of its own: the same read as
// mirror-first-sync (every list, as the app syncs a company, into the copy in its worker thread),
// but the sandbox's heap and event loop are not this process's, so this process's garbage
// collection cannot bunch the service's answers (in process, a few 429s at 500,000 invoices). `--invoices N` its size (default 50,000); the line:
//   mirror-first-sync-process  requests, seconds, 429s, ratioToCeiling, invoices, eventLoopP99Ms
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { systemClock } from '../../../electron/kernel/clock';
import { openServiceSession } from '../../../electron/cli/service-session';
import { openWorkerMirror } from '../../../electron/mirror/access/mirror-pool';
import { readLists, syncCompany, syncResources, type SyncResult } from '../../../electron/mirror/sync/sync-engine';
import { resourceIds } from '../../../electron/common/resources';
import { recordingFetch, round, summarise, type Scenario } from '../lib';
import { startSandboxProcess } from '../sandbox-process';

const WORKER = path.resolve('dist-electron/mirror-worker.cjs');

export const mirrorProcess: Scenario = {
  name: 'mirror-process',
  lines: ['mirror-first-sync-process'],
  description: 'the large company (--invoices N, default 50,000) read first, every list, with the sandbox in a process of its own',
  async run(context) {
    const invoices = context.invoices ?? 50_000;
    const sandbox = await startSandboxProcess(['--large-invoices', String(invoices), '--latency', '50-400', '--transit', '0-50', '--seed', 'bench']);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-mirror-process-'));
    const mirror = openWorkerMirror(path.join(dir, 'large.sqlite'), WORKER);
    try {
      const large = sandbox.companies.reduce((a, b) => (b.invoices > a.invoices ? b : a));
      context.log(`  the sandbox (pid of its own): ${large.invoices.toLocaleString('en')} customer and ${large.supplierInvoices.toLocaleString('en')} supplier invoices; first sync ...`);
      const recorder = recordingFetch();
      const session = openServiceSession({ tenantId: large.tenantId, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, authUrl: sandbox.authUrl, apiUrl: sandbox.apiUrl }, systemClock, recorder.fetch);
      const histogram = monitorEventLoopDelay({ resolution: 1 });
      histogram.enable();
      // As the app reads a company (sync-lists.ts): every list at once, the later ones in the slots the first leaves.
      const reads = readLists(resourceIds, (resource, priority, signal) => syncCompany({ resource: syncResources[resource], mirror, source: session, clock: systemClock, mode: 'auto', priority, ...(signal ? { signal } : {}) }), 'sync');
      const results = (await Promise.all(reads)) as SyncResult[];
      histogram.disable();
      session.close();
      const copied = Object.fromEntries(resourceIds.map((id, i) => [id, (results[i] as SyncResult).rows]));
      return [{ name: 'mirror-first-sync-process', ...summarise(recorder.log), invoices: copied.invoices, supplierInvoices: copied.supplierinvoices, eventLoopP99Ms: round(histogram.percentile(99) / 1e6, 1), eventLoopMaxMs: round(histogram.max / 1e6, 0) }];
    } finally {
      await mirror.close();
      await sandbox.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};
