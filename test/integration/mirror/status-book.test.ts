// A firm's app starts without opening its copies. Each company's last known status (its
// lists, the unseen count, the firm's row) is kept beside the copies (statuses.json); the next
// start shows it at once, before any copy is read; a snapshot of another day, of a copy that is
// gone, or a file that is not a snapshot is not used (the copies are read as before); a
// disconnected company leaves the file.
import { existsSync, promises as fs, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyList } from '../../../electron/common/companies';
import { serviceDate } from '../../../electron/common/invoice-status';
import type { SyncStatus } from '../../../electron/common/sync';
import { systemClock } from '../../../electron/kernel/clock';
import { createMirrorManager } from '../../../electron/mirror/sync/mirror-manager';
import { STATUS_BOOK_FILE } from '../../../electron/mirror/access/status-book';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { FAST_LIMITER, serviceSession, tempDir } from '../export/helpers';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 300 });
  sandbox.control.setRateLimits(false);
  dir = await tempDir('status-book-');
});
afterAll(async () => {
  await sandbox.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const list = (...ids: string[]): CompanyList => ({
  activeId: null,
  companies: ids.map((id) => ({ id, name: id, organisationNumber: '', tenantId: '', kind: 'service', status: 'connected', demo: false })),
});

/** A manager over `dir`; `offline` makes every sync fail at once (nothing read, the status kept). */
function manager(offline: boolean) {
  const events: SyncStatus[] = [];
  const sessions = { large: serviceSession(sandbox, 'large', FAST_LIMITER), small: serviceSession(sandbox, 'small', FAST_LIMITER) };
  const unreachable = Object.assign(new Error('unreachable'), { code: 'ECONNREFUSED' });
  const m = createMirrorManager({
    dir,
    clock: systemClock,
    enabled: () => true,
    withSession: (id, run) => (offline ? Promise.reject(unreachable) : run(sessions[id as 'large' | 'small'])),
    probe: () => new Promise(() => undefined),
    emit: (status) => void events.push(status),
    toUserError: () => ({ kind: 'unavailable', message: 'unreachable' }),
    log: () => undefined,
  });
  return { m, events, close: async () => (await m.close(), sessions.large.close(), sessions.small.close()) };
}

const book = () => JSON.parse(readFileSync(path.join(dir, STATUS_BOOK_FILE), 'utf8')) as { version: number; companies: Record<string, Partial<SyncStatus>> };

describe('the saved statuses', () => {
  it('a restart shows each company\'s lists, unseen count and figures at once, before any copy is read', async () => {
    const first = manager(false);
    first.m.start(list('large', 'small'));
    await first.m.syncNow('large', false);
    await first.m.syncNow('small', false);
    const synced = first.m.statuses();
    await first.close();
    expect(Object.keys(book().companies).sort()).toEqual(['large', 'small']);

    const second = manager(true);
    second.m.start(list('large', 'small'));
    // Synchronously after start: nothing could have been read from a copy yet.
    const shown = second.m.statuses();
    // Taken from the snapshot by the list that returns it: no event for it (a firm's 300 at start).
    expect(second.events.filter((e) => e.phase === 'idle')).toEqual([]);
    for (const id of ['large', 'small']) {
      const before = synced.find((s) => s.companyId === id)!;
      const now = shown.find((s) => s.companyId === id)!;
      expect(now.summary).toEqual(before.summary);
      expect(now.summary?.asOf).toBe(serviceDate(Date.now()));
      expect(now.resources).toEqual(before.resources);
      expect(now.unseen).toBe(before.unseen);
      // Its count is of today: All companies' digest skips its copy when it is 0.
      expect(second.m.nothingShown(id)).toBe(now.unseen === 0);
    }
    // The grid answers from the copy as the snapshot says it can.
    expect((await second.m.query('large', 'invoices', { page: 1, limit: 10 }, serviceDate(Date.now())))?.rows).toHaveLength(10);
    // Disconnected: its snapshot goes with its copy.
    second.m.companiesChanged(list('small'));
    await expect.poll(() => existsSync(path.join(dir, 'large.sqlite'))).toBe(false);
    await second.close();
    expect(Object.keys(book().companies)).toEqual(['small']);
  });

  it('a snapshot of another day, or a file that is not one, is not used: the copy is read', async () => {
    const saved = book();
    const small = saved.companies.small as { summary: { asOf: string } };
    writeFileSync(path.join(dir, STATUS_BOOK_FILE), JSON.stringify({ ...saved, companies: { small: { ...small, summary: { ...small.summary, asOf: '2000-01-03', owedSek: 1 } } } }));
    const yesterday = manager(true);
    yesterday.m.start(list('small'));
    expect(yesterday.m.statuses()[0]!.summary).toBeUndefined();
    expect(yesterday.m.nothingShown('small')).toBe(false); // not known today: its copy is read
    await yesterday.m.ready('small', 'invoices');
    await expect.poll(() => yesterday.m.statuses()[0]!.summary?.asOf).toBe(serviceDate(Date.now()));
    await yesterday.close();

    for (const garbage of ['{"version":1,"companies":{"small":{"resources":42}}}', 'not json', '{"version":2,"companies":{}}']) {
      writeFileSync(path.join(dir, STATUS_BOOK_FILE), garbage);
      const next = manager(true);
      next.m.start(list('small'));
      expect(next.m.statuses()[0]!.resources.invoices.ready, garbage).toBe(false);
      await next.m.ready('small', 'invoices');
      await expect.poll(() => next.m.statuses()[0]!.resources.invoices.ready).toBe(true);
      await next.close();
    }
    // A copy that is gone: its snapshot is not believed.
    await fs.rm(path.join(dir, 'small.sqlite'), { force: true });
    await fs.rm(path.join(dir, 'small.sqlite-wal'), { force: true });
    const gone = manager(true);
    gone.m.start(list('small'));
    expect(gone.m.statuses()[0]!.resources.invoices.ready).toBe(false);
    await gone.close();
  });
});
