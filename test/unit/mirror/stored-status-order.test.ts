// The company chosen in the sidebar has its copy opened at once (a switch's first page no longer
// waits for it). And a company's stored state (what its copy says of itself) is read a few copies at a time when a
// firm's companies are first asked about; a sync that starts before its turn waits for it, so the
// stored state never lands after the sync and puts back what the copy said before (a
// client company without its supplier scope would show no problem once a slow machine read its
// copy after its first sync).
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyList } from '../../../electron/common/companies';
import type { ListPage } from '../../../electron/api/list-response';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import { createFakeClock } from '../../../electron/kernel/clock';
import { ApiError } from '../../../electron/kernel/errors';
import { createMirrorManager, type MirrorManager } from '../../../electron/mirror/sync/mirror-manager';
import type { PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../export/helpers';

const COMPANIES = 24;
const ids = Array.from({ length: COMPANIES }, (_, i) => `c${i + 1}`);
const list: CompanyList = { activeId: 'c1', companies: ids.map((id) => ({ id, name: id, organisationNumber: '', tenantId: id, kind: 'service', status: 'connected', demo: false })) };

/** Customer invoices read; the supplier invoices refused for want of their scope; the rest empty. */
const source: PageSource = {
  listPages: <R extends ResourceId>(resource: R) => ({
    async *[Symbol.asyncIterator](): AsyncGenerator<ListPage<ResourceItems[R]>> {
      if (resource === 'supplierinvoices') throw new ApiError('scope-missing', { message: 'The supplier invoice scope was not approved.' });
      const items = resource === 'invoices' ? [invoice({ documentNumber: '1' })] : [];
      yield { items: items as ResourceItems[R][], currentPage: 1, totalPages: items.length ? 1 : 0, totalResources: items.length, serviceTime: Date.parse('2026-11-27T13:00:00Z') };
    },
  }),
};

let dir: string;
let enabled: boolean;
let reads: number;
let manager: MirrorManager;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stored-status-'));
  enabled = false;
  reads = 0;
  manager = createMirrorManager({
    dir,
    clock: createFakeClock(Date.parse('2026-11-27T13:00:00Z')),
    enabled: () => enabled,
    withSession: (_id, run) => ((reads += 1), run(source)),
    probe: async () => undefined,
    emit: () => undefined,
    toUserError: (error) => ({ kind: (error as ApiError).kind ?? 'internal', message: String((error as Error).message) }),
    log: () => undefined,
  });
});
afterEach(async () => {
  await manager.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a sync and its copy\'s stored state', () => {
  it('keeps a list\'s own error when the sync started before the copy\'s stored state was read', async () => {
    // Connected while syncing is off: nothing queued, so the user's sync below is the only one.
    manager.companiesChanged(list);
    enabled = true;
    // The window asks for every status: every copy's stored state is queued, a few at a time.
    expect(manager.statuses()).toHaveLength(COMPANIES);
    const last = ids.at(-1)!;
    await manager.syncNow(last, false);
    // Every stored state has been read by the time the copy can answer a page.
    await manager.ready(last, 'invoices');
    await Promise.all(ids.map((id) => manager.ready(id, 'invoices')));
    expect(manager.statusOf(last)).toMatchObject({
      phase: 'idle',
      resources: { invoices: { ready: true, count: 1 }, supplierinvoices: { ready: false, error: { kind: 'scope-missing' } } },
    });
  });

  it('opens the copy of the company chosen in the sidebar at once, before its grid asks, and syncs nothing for it', async () => {
    manager.companiesChanged(list);
    enabled = true;
    const file = path.join(dir, 'c7.sqlite');
    expect(existsSync(file)).toBe(false);
    manager.companiesChanged({ ...list, activeId: 'c7' });
    await vi.waitFor(() => expect(existsSync(file)).toBe(true));
    expect(reads).toBe(0);
  });
});
