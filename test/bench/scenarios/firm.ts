// An accounting firm's desk: N client companies (default 300, `--companies N`) read by
// the app's own mirror manager (its pool of worker threads, its scheduler: four at once), each as a
// service account with its own token and rate limit, against the sandbox in a process of its own.
// firm-first-sync: every company's first read of every list, from empty copies: requests, seconds,
// 429s, ratioToAllowed (the time the limits allow, the larger of all requests / (4 x 5 per second)
// and the largest company's requests / 5 per second, divided by the seconds it took), the main
// event loop's p99 while it ran, and the peak RSS of this process (main thread and the pool).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CompanyList } from '../../../electron/common/companies';
import { systemClock } from '../../../electron/kernel/clock';
import type { FetchLike } from '../../../electron/kernel/http';
import type { CompanySession } from '../../../electron/companies/company-session';
import { openServiceSession } from '../../../electron/cli/service-session';
import { createMirrorManager } from '../../../electron/mirror/sync/mirror-manager';
import { MAX_SYNCS_AT_ONCE } from '../../../electron/mirror/sync/sync-scheduler';
import { round, type Scenario, type ScenarioResult } from '../lib';
import { startSandboxProcess, type SandboxProcess } from '../sandbox-process';

const WORKER = path.resolve('dist-electron/mirror-worker.cjs');
/** The service's ceiling per company (docs/service.md, Rate limits: 25 requests per 5 s per token). */
const PER_COMPANY_PER_SECOND = 5;

interface Tally {
  requests: number;
  http429: number;
}

/** fetch, counting each company's resource requests and 429s. */
function countingFetch(tally: Tally): FetchLike {
  return async (input, init) => {
    const resource = new URL(input).pathname.includes('/3/');
    if (resource) tally.requests += 1;
    const response = await fetch(input, init);
    if (resource && response.status === 429) tally.http429 += 1;
    return response;
  };
}

/** The peak RSS of this process (its worker threads included) while sampling runs. */
function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return round(Math.max(peak, process.memoryUsage.rss()) / 2 ** 20, 0);
    },
  };
}

async function firstSync(sandbox: SandboxProcess, count: number, log: (message: string) => void): Promise<ScenarioResult> {
  const clients = sandbox.companies.filter((company) => Number(company.tenantId) >= 8_100_001).slice(0, count);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-firm-'));
  const tallies = new Map<string, Tally>();
  const sessions = new Map<string, CompanySession>();
  const sessionOf = (tenantId: string): CompanySession => {
    let session = sessions.get(tenantId);
    if (!session) {
      const tally: Tally = { requests: 0, http429: 0 };
      tallies.set(tenantId, tally);
      session = openServiceSession({ tenantId, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, authUrl: sandbox.authUrl, apiUrl: sandbox.apiUrl }, systemClock, countingFetch(tally));
      sessions.set(tenantId, session);
    }
    return session;
  };
  const manager = createMirrorManager({
    dir,
    workerScript: WORKER,
    clock: systemClock,
    enabled: () => true,
    withSession: (companyId, run) => run(sessionOf(companyId)),
    probe: (companyId, signal) => sessionOf(companyId).ping({ priority: 'sync', signal }),
    emit: () => undefined,
    toUserError: (error) => ({ kind: (error as { kind?: 'internal' }).kind ?? 'internal', message: String(error) }),
    log: () => undefined,
    intervalMs: 24 * 60 * 60_000,
  });
  const list: CompanyList = {
    activeId: clients[0]?.tenantId ?? null,
    companies: clients.map((c) => ({ id: c.tenantId, name: c.name, organisationNumber: '', tenantId: c.tenantId, kind: 'service', status: 'connected', demo: false })),
  };
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  // What this process held before the firm's copies and sessions (Node, the loaded modules): the
  // app's own share of the peak is the difference.
  const baselineRssMb = round(process.memoryUsage.rss() / 2 ** 20, 0);
  const rss = rssSampler();
  histogram.enable();
  const started = performance.now();
  manager.start(list);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = manager.syncCounts();
    const statuses = manager.statuses();
    // Done: its first read complete, or failed (an empty copy's first status is idle too).
    const done = statuses.filter((s) => s.phase === 'error' || (s.phase === 'idle' && s.resources.invoices.ready)).length;
    if (counts.running === 0 && counts.queued === 0 && done === statuses.length) break;
    if (Math.round(performance.now() - started) % 15_000 < 500) log(`  firm-first-sync: ${done} of ${statuses.length} companies done, ${counts.running} syncing, RSS ${round(process.memoryUsage.rss() / 2 ** 20, 0)} MB, main heap ${round(process.memoryUsage().heapTotal / 2 ** 20, 0)} MB`);
  }
  const seconds = (performance.now() - started) / 1000;
  histogram.disable();
  const peakRssMb = rss.stop();
  const failed = manager.statuses().filter((s) => s.phase === 'error').length;
  await manager.close();
  for (const session of sessions.values()) session.close();
  await fs.rm(dir, { recursive: true, force: true });
  const all = [...tallies.values()];
  const requests = all.reduce((sum, t) => sum + t.requests, 0);
  const largest = Math.max(...all.map((t) => t.requests));
  const allowedSeconds = Math.max(requests / (MAX_SYNCS_AT_ONCE * PER_COMPANY_PER_SECOND), largest / PER_COMPANY_PER_SECOND);
  return {
    name: 'firm-first-sync',
    companies: clients.length,
    requests,
    seconds: round(seconds, 1),
    http429: all.reduce((sum, t) => sum + t.http429, 0),
    ratioToAllowed: round(allowedSeconds / seconds, 3),
    eventLoopP99Ms: round(histogram.percentile(99) / 1e6, 1),
    peakRssMb,
    baselineRssMb,
    failed,
  };
}

export const firmScenarios: Scenario = {
  name: 'firm',
  description: 'an accounting firm: N client companies (--companies, default 300), the sandbox in its own process; firm-first-sync',
  async run(context) {
    const count = context.companies ?? 300;
    const sandbox = await startSandboxProcess(['--companies', String(count), '--latency', '50-400', '--transit', '0-50', '--seed', 'bench']);
    try {
      context.log(`  the sandbox (pid of its own) with ${count} client companies`);
      return [await firstSync(sandbox, count, context.log)];
    } finally {
      await sandbox.close();
    }
  },
};
