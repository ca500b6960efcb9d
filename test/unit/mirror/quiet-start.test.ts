// A firm's start: the company on screen syncs at once, the others only after the quiet
// seconds, so that their syncs do not take the cores the window needs for its first screen; a
// company opened meanwhile syncs when it is opened.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyList } from '../../../electron/common/companies';
import type { ListPage } from '../../../electron/api/list-response';
import type { ResourceId, ResourceItems } from '../../../electron/common/resources';
import { createFakeClock, type FakeClock } from '../../../electron/kernel/clock';
import { createMirrorManager, type MirrorManager } from '../../../electron/mirror/sync/mirror-manager';
import { QUIET_START_MS } from '../../../electron/mirror/sync/sync-scheduler';
import type { PageSource } from '../../../electron/mirror/sync/sync-engine';
import { invoice } from '../export/helpers';

const ids = ['c1', 'c2', 'c3'];
const list: CompanyList = { activeId: 'c1', companies: ids.map((id) => ({ id, name: id, organisationNumber: '', tenantId: id, kind: 'service', status: 'connected', demo: false })) };

let dir: string;
let clock: FakeClock;
let read: string[];
let manager: MirrorManager;

/** Each company's customer invoices, one page; its other lists empty. */
const sourceOf = (companyId: string): PageSource => ({
  listPages: <R extends ResourceId>(resource: R) => ({
    async *[Symbol.asyncIterator](): AsyncGenerator<ListPage<ResourceItems[R]>> {
      if (resource === 'invoices') read.push(companyId);
      const items = resource === 'invoices' ? [invoice({ documentNumber: '1' })] : [];
      yield { items: items as ResourceItems[R][], currentPage: 1, totalPages: items.length ? 1 : 0, totalResources: items.length, serviceTime: clock.now() };
    },
  }),
});

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quiet-start-'));
  clock = createFakeClock(Date.parse('2026-11-27T13:00:00Z'));
  read = [];
  manager = createMirrorManager({
    dir,
    clock,
    enabled: () => true,
    withSession: (companyId, run) => run(sourceOf(companyId)),
    probe: async () => undefined,
    emit: () => undefined,
    toUserError: (error) => ({ kind: 'internal', message: String(error) }),
    log: () => undefined,
    quietStartMs: QUIET_START_MS,
  });
});

afterEach(async () => {
  await manager.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a quiet start', () => {
  it('syncs the company on screen at once and the others after the quiet seconds', async () => {
    manager.start(list);
    await vi.waitFor(() => expect(manager.statusOf('c1')).toMatchObject({ phase: 'idle', resources: { invoices: { ready: true } } }));
    expect(read).toEqual(['c1']);
    expect(manager.syncCounts()).toMatchObject({ running: 0, queued: 2 }); // the sidebar says they wait
    await clock.advance(QUIET_START_MS);
    await vi.waitFor(() => expect(new Set(read)).toEqual(new Set(ids)));
  });

  it('a company opened during the quiet seconds syncs when it is opened', async () => {
    manager.start(list);
    await vi.waitFor(() => expect(read).toEqual(['c1']));
    manager.activeChanged('c3');
    await vi.waitFor(() => expect(read).toEqual(['c1', 'c3']));
    expect(read).not.toContain('c2');
  });
});
