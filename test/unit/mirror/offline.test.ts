// "Offline" noticed at once: when a request's own retries end without reaching
// the service, the sidebar's status turns offline at that moment, not at the next sync five minutes
// later; while offline, one cheap request every 30 s (on the injected clock: no real waiting) asks
// whether the service is back, and the copy syncs when it answers. A 5xx is an answer, not offline.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyList } from '../../../electron/common/companies';
import { OFFLINE_CHECK_MS, type SyncStatus } from '../../../electron/common/sync';
import type { ListPage } from '../../../electron/api/list-response';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import { createFakeClock, type FakeClock } from '../../../electron/kernel/clock';
import { ApiError, networkError, timeoutError } from '../../../electron/kernel/errors';
import { createMirrorManager, type MirrorManager } from '../../../electron/mirror/sync/mirror-manager';
import type { PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../export/helpers';

const list: CompanyList = { activeId: 'c1', companies: [{ id: 'c1', name: 'Acme', organisationNumber: '', tenantId: '1', kind: 'service', status: 'connected', demo: false }] };

/** The service as the manager sees it: up, gone (no answer at all), or answering 503. */
type Service = 'up' | 'gone' | '503';

let dir: string;
let clock: FakeClock;
let service: Service;
let statuses: SyncStatus[];
let reads: number;
let probes: number;
let manager: MirrorManager;

const failure = (): ApiError => (service === 'gone' ? networkError(new Error('connect ECONNREFUSED 127.0.0.1:443')) : new ApiError('unavailable', { status: 503, message: 'Service Unavailable. Gave up after 3 retries.' }));

const source: PageSource = {
  listPages: <R extends ResourceId>(resource: R) => ({
    async *[Symbol.asyncIterator](): AsyncGenerator<ListPage<ResourceItems[R]>> {
      if (resource === 'invoices') reads += 1;
      if (service !== 'up') throw failure();
      // Two customer invoices; no supplier invoices (their reads are not what this test counts).
      const items = resource === 'invoices' ? [invoice({ documentNumber: '1' }), invoice({ documentNumber: '2' })] : [];
      yield { items: items as ResourceItems[R][], currentPage: 1, totalPages: items.length ? 1 : 0, totalResources: items.length, serviceTime: clock.now() };
    },
  }),
};

const last = (): SyncStatus => statuses[statuses.length - 1] as SyncStatus;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'offline-'));
  clock = createFakeClock(Date.parse('2026-11-23T13:00:00Z'));
  service = 'up';
  statuses = [];
  reads = 0;
  probes = 0;
  manager = createMirrorManager({
    dir,
    clock,
    enabled: () => true,
    withSession: (_id, run) => run(source),
    probe: async () => {
      probes += 1;
      if (service !== 'up') throw failure();
    },
    emit: (status) => statuses.push(status),
    toUserError: (error) => ({ kind: (error as ApiError).kind ?? 'internal', message: String((error as Error).message) }),
    log: () => undefined,
    intervalMs: 5 * 60_000,
  });
  manager.start(list);
  await vi.waitFor(() => expect(last()).toMatchObject({ phase: 'idle', resources: { invoices: { ready: true } }, offline: false }));
});

afterEach(async () => {
  await manager.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('offline, noticed at once', () => {
  it('a request that reached no service: "Offline" at that moment, with no time passing', async () => {
    service = 'gone';
    manager.serviceUnreachable('c1');
    expect(last()).toMatchObject({ offline: true, resources: { invoices: { ready: true } } });
    expect(probes).toBe(0);
  });

  it('while offline: one cheap request every 30 s, no sync until the service answers; then a sync clears "Offline"', async () => {
    service = 'gone';
    const readsBefore = reads;
    manager.serviceUnreachable('c1');
    manager.serviceUnreachable('c1'); // a second failure does not start a second round of checks
    await clock.advance(OFFLINE_CHECK_MS - 1);
    expect(probes).toBe(0);
    await clock.advance(1);
    await vi.waitFor(() => expect(probes).toBe(1));
    await clock.advance(OFFLINE_CHECK_MS);
    await vi.waitFor(() => expect(probes).toBe(2));
    expect(reads).toBe(readsBefore); // the checks are the probe's one request, not a sync's retries
    expect(last().offline).toBe(true);

    service = 'up';
    await clock.advance(OFFLINE_CHECK_MS);
    await vi.waitFor(() => expect(last()).toMatchObject({ phase: 'idle', offline: false }));
    expect(probes).toBe(3);
    expect(reads).toBe(readsBefore + 1);
    // Back online: no more checks.
    await clock.advance(3 * OFFLINE_CHECK_MS);
    expect(probes).toBe(3);
  });

  it('a sync that reaches no service (refused, or timed out) says "Offline" and checks back', async () => {
    service = 'gone';
    await manager.syncNow('c1', false);
    expect(last()).toMatchObject({ phase: 'error', offline: true });
    await clock.advance(OFFLINE_CHECK_MS);
    await vi.waitFor(() => expect(probes).toBe(1));
    expect(timeoutError(30_000).network).toBe(true);
  });

  it('a 5xx is the service answering: an error with its remedy, not "Offline", and no checks', async () => {
    service = '503';
    await manager.syncNow('c1', false);
    expect(last()).toMatchObject({ phase: 'error', offline: false, error: { kind: 'unavailable' } });
    await clock.advance(3 * OFFLINE_CHECK_MS);
    expect(probes).toBe(0);
  });
});
