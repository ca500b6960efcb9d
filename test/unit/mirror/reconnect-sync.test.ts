// A company that failed (its connection expired) and is reconnected syncs at once, whatever pause
// its failures earned in the scheduler; and the periodic sync leaves offline companies
// to the offline check.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyList, CompanyStatus } from '../../../electron/common/companies';
import type { SyncStatus } from '../../../electron/common/sync';
import type { ListPage } from '../../../electron/api/list-response';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import { createFakeClock, type FakeClock } from '../../../electron/kernel/clock';
import { ApiError } from '../../../electron/kernel/errors';
import { createMirrorManager, type MirrorManager } from '../../../electron/mirror/sync/mirror-manager';
import type { PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../export/helpers';

const list = (status: CompanyStatus): CompanyList => ({ activeId: 'c1', companies: [{ id: 'c1', name: 'Acme', organisationNumber: '', tenantId: '1', kind: 'user', status, demo: false }] });

let dir: string;
let clock: FakeClock;
let expired: boolean;
let reads: number;
let statuses: SyncStatus[];
let manager: MirrorManager;

const source: PageSource = {
  listPages: <R extends ResourceId>(resource: R) => ({
    async *[Symbol.asyncIterator](): AsyncGenerator<ListPage<ResourceItems[R]>> {
      if (resource === 'invoices') reads += 1;
      if (expired) throw new ApiError('needs-reconnect', { message: 'The connection expired.' });
      const items = resource === 'invoices' ? [invoice({ documentNumber: '1' })] : [];
      yield { items: items as ResourceItems[R][], currentPage: 1, totalPages: items.length ? 1 : 0, totalResources: items.length, serviceTime: clock.now() };
    },
  }),
};

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reconnect-'));
  clock = createFakeClock(Date.parse('2026-11-27T13:00:00Z'));
  expired = true;
  reads = 0;
  statuses = [];
  manager = createMirrorManager({
    dir,
    clock,
    enabled: () => true,
    withSession: (_id, run) => run(source),
    probe: async () => undefined,
    emit: (status) => statuses.push(status),
    toUserError: (error) => ({ kind: (error as ApiError).kind ?? 'internal', message: String((error as Error).message) }),
    log: () => undefined,
    intervalMs: 5 * 60_000,
  });
});
afterEach(async () => {
  await manager.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a reconnected company', () => {
  it('syncs at once after failing twice, not after its pause', async () => {
    manager.start(list('connected'));
    await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ phase: 'error', error: { kind: 'needs-reconnect' } }));
    await clock.advance(5 * 60_000); // the periodic sync: paused after the first failure
    expect(reads).toBe(1);
    manager.companiesChanged(list('needs-reconnect'));
    expired = false;
    manager.companiesChanged(list('connected'));
    await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ phase: 'idle', resources: { invoices: { ready: true, count: 1 } } }));
    expect(reads).toBe(2);
  });
});
