import { systemClock, type Clock } from '../../electron/kernel/clock';
import { requestedScopes } from '../../electron/auth/scopes';
import type { FetchLike } from '../../electron/kernel/http';
import { createMemoryVault } from '../../electron/auth/secret-vault';
import { createTokenClient } from '../../electron/auth/token-client';
import { createTokenManager } from '../../electron/auth/token-manager';
import { createCompanySession, type CompanySession, type CompanySessionOptions } from '../../electron/companies/company-session';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox/index';

/** One line of the benchmark's output. `ratioToCeiling` is there for every scenario that reads the service at its rate. */
export interface ScenarioResult {
  name: string;
  requests: number;
  seconds: number;
  http429: number;
  ratioToCeiling?: number;
  [figure: string]: string | number | boolean | undefined;
}

export interface BenchContext {
  /** A fresh sandbox with the benchmark's latency and transit jitter; closed by the runner. */
  sandbox(overrides?: SandboxOptions): Promise<Sandbox>;
  /** Progress text for people (stderr, never in --json output). */
  log(message: string): void;
  /** `--invoices N`: the size of the company the mirror scenarios read (their default without it). */
  invoices?: number;
  /** `--companies N`: the firm scenarios' client companies (300 without it). */
  companies?: number;
}

/** A line of the window's speed (firm-start, firm-overview, firm-switch): its own figures, no requests of its own. */
export interface FigureLine {
  name: string;
  [figure: string]: string | number | boolean | readonly number[] | undefined;
}

export interface Scenario {
  name: string;
  /** The names of its lines when they do not start with its own name and a dash (`--only` finds them so). */
  lines?: readonly string[];
  description: string;
  run(context: BenchContext): Promise<Array<ScenarioResult | FigureLine>>;
}

export const BENCH_SANDBOX: SandboxOptions = { latencyMs: [50, 400], transitMs: [0, 50], seed: 'bench' };

export interface RequestRecord {
  url: URL;
  /** performance.now() when fetch was called: the request's start. */
  start: number;
  end?: number;
  status?: number;
}

/** Global fetch, recording every request's start, end and status. */
export function recordingFetch(): { fetch: FetchLike; log: RequestRecord[] } {
  const log: RequestRecord[] = [];
  const recorded: FetchLike = async (input, init) => {
    const entry: RequestRecord = { url: new URL(input), start: performance.now() };
    log.push(entry);
    try {
      const response = await fetch(input, init);
      entry.status = response.status;
      return response;
    } finally {
      entry.end = performance.now();
    }
  };
  return { fetch: recorded, log };
}

/** The sustained start rate against the ceiling of 5 a second: (N - 1) / (5 x (t_N - t_1)). */
export function ratioToCeiling(startsMs: number[]): number {
  if (startsMs.length < 2) return 0;
  const sorted = [...startsMs].sort((a, b) => a - b);
  const seconds = ((sorted.at(-1) as number) - (sorted[0] as number)) / 1000;
  return seconds > 0 ? (sorted.length - 1) / (5 * seconds) : 0;
}

/** Summary figures of the resource requests in a log. */
export function summarise(log: RequestRecord[]): { requests: number; seconds: number; http429: number; ratioToCeiling: number } {
  const resource = log.filter((r) => r.url.pathname.includes('/3/'));
  const starts = resource.map((r) => r.start);
  const first = Math.min(...starts);
  const last = Math.max(...resource.map((r) => r.end ?? r.start));
  return {
    requests: resource.length,
    seconds: round((last - first) / 1000, 2),
    http429: resource.filter((r) => r.status === 429).length,
    ratioToCeiling: round(ratioToCeiling(starts), 3),
  };
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export async function withSandboxes<T>(run: (context: BenchContext) => Promise<T>, log: (message: string) => void, invoices?: number, companies?: number): Promise<T> {
  const open: Sandbox[] = [];
  const context: BenchContext = {
    async sandbox(overrides = {}) {
      const sandbox = await startSandbox({ ...BENCH_SANDBOX, ...overrides });
      open.push(sandbox);
      return sandbox;
    },
    log,
    ...(invoices !== undefined ? { invoices } : {}),
    ...(companies !== undefined ? { companies } : {}),
  };
  try {
    return await run(context);
  } finally {
    await Promise.all(open.map((s) => s.close()));
  }
}

/** A session on one sandbox company, connected as the app connects (authorization code), over `fetch`. */
export async function connectedSession(sandbox: Sandbox, tenantId: string, fetch: FetchLike, clock: Clock = systemClock, limiterOptions?: CompanySessionOptions['limiterOptions']): Promise<CompanySession> {
  const tokenClient = createTokenClient({ authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, fetch, clock });
  const redirectUri = 'http://127.0.0.1:53682/callback';
  // The scopes the app asks for (customer and supplier invoices, their scans).
  const code = sandbox.control.authorize({ tenantId, scopes: requestedScopes(true), redirectUri });
  const initial = await tokenClient.exchangeCode(code, redirectUri);
  const tokenManager = createTokenManager({ grant: { kind: 'refresh-token', vaultKey: `company:${tenantId}` }, tokenClient, vault: createMemoryVault(), clock, initial });
  return createCompanySession({ apiUrl: sandbox.apiUrl, tokenManager, clock, fetch, ...(limiterOptions ? { limiterOptions } : {}) });
}

/**
 * A user browsing the grid during a bulk read: one interactive request (`limit` rows, which tells
 * it apart in the log) every `everyMs`, each waited for before the next. `waits` holds how long
 * each waited for its start, `totals` how long each took.
 */
export function browsingUser(session: CompanySession, log: RequestRecord[], options: { everyMs: number; limit: number; clock?: Clock }) {
  const clock = options.clock ?? systemClock;
  const waits: number[] = [];
  const totals: number[] = [];
  let browsing = true;
  const done = (async () => {
    let page = 1;
    while (browsing) {
      await clock.sleep(options.everyMs);
      if (!browsing) break;
      const asked = performance.now();
      const before = log.length;
      await session.listPage('invoices', { limit: options.limit, page, sortby: 'customername' }, { priority: 'interactive' });
      const mine = log.slice(before).find((r) => r.url.searchParams.get('limit') === String(options.limit));
      if (mine) waits.push(mine.start - asked);
      totals.push(performance.now() - asked);
      page += 1;
    }
  })();
  return {
    waits,
    totals,
    async stop(): Promise<void> {
      browsing = false;
      await done;
    },
  };
}
