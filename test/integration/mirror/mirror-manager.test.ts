// The app's local copies (mirror-manager) against the sandbox: a connected company gets its copy
// and a sync; disconnecting deletes its files; turning copies off deletes them all; the sidebar's
// states (syncing with progress, synced, offline with the error's kind) come as events.
import { existsSync, promises as fs, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/kernel/clock';
import type { CompanyList } from '../../../electron/common/companies';
import type { SyncStatus } from '../../../electron/common/sync';
import { createMirrorManager } from '../../../electron/mirror/sync/mirror-manager';
import { serviceDate } from '../../../electron/common/invoice-status';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { FAST_LIMITER, serviceSession, tempDir } from '../export/helpers';
import { connect } from '../api/helpers';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 1_200 });
  sandbox.control.setRateLimits(false);
  dir = await tempDir('mirror-manager-');
});
afterAll(async () => {
  await sandbox.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const list = (...ids: string[]): CompanyList => ({
  activeId: ids[0] ?? null,
  companies: ids.map((id) => ({ id, name: id, organisationNumber: '', tenantId: '', kind: 'service', status: 'connected', demo: false })),
});

describe('the local copies of the app', () => {
  it('syncs a connected company, reports its states, and deletes its files on disconnect and when turned off', async () => {
    let enabled = true;
    const events: SyncStatus[] = [];
    const sessions = { large: serviceSession(sandbox, 'large', FAST_LIMITER), small: serviceSession(sandbox, 'small', FAST_LIMITER) };
    const manager = createMirrorManager({
      dir,
      clock: systemClock,
      enabled: () => enabled,
      withSession: (id, run) => run(sessions[id as 'large' | 'small']),
      probe: (id, signal) => sessions[id as 'large' | 'small'].ping({ priority: 'sync', signal }),
      emit: (status) => events.push(status),
      toUserError: (error) => ({ kind: (error as { kind?: 'unavailable' }).kind ?? 'internal', message: String(error) }),
      log: () => undefined,
    });
    manager.start(list('large', 'small'));
    // A company that is not connected gets no copy: no worker, no file (a window cannot exhaust main).
    await expect(manager.syncNow('not-connected', false)).rejects.toMatchObject({ kind: 'bad-request' });
    expect(existsSync(path.join(dir, 'not-connected.sqlite'))).toBe(false);
    await manager.syncNow('large', false);
    await manager.syncNow('small', false);
    const large = events.filter((e) => e.companyId === 'large');
    expect(large.some((e) => e.phase === 'syncing' && e.progress?.done === 500 && e.progress.total === 1_200)).toBe(true);
    expect(large.at(-1)).toMatchObject({ phase: 'idle', resources: { invoices: { ready: true, count: 1_200 } }, offline: false });
    expect(statSync(path.join(dir, 'large.sqlite')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect((await manager.query('large', 'invoices', { page: 1, limit: 10, sortby: 'balance' }, '2026-11-23'))?.source).toBe('local');
    // The firm's row of the company is kept in its status after each sync: what the copy computes today.
    const today = serviceDate(Date.now());
    const copy = await manager.ready('large', 'invoices');
    expect(large.at(-1)?.summary).toEqual(await copy?.companySummary(today, true));
    expect(large.at(-1)?.summary).toMatchObject({ asOf: today, youOweSek: expect.any(Number), lowestWeek: { week: expect.any(String) } });

    // The service answers 503: an error the user can retry, but not offline (it answered).
    sandbox.control.injectFault('invoices', { errorRate: 1, status: 503, body: 'empty' });
    await manager.syncNow('large', false);
    expect(manager.statuses().find((s) => s.companyId === 'large')).toMatchObject({ phase: 'error', offline: false, resources: { invoices: { ready: true } } });

    // The connection is dropped without an answer: the copy still answers, the status says offline.
    sandbox.control.injectFault('invoices', { resetRate: 1 });
    await manager.syncNow('large', false);
    expect(manager.statuses().find((s) => s.companyId === 'large')).toMatchObject({ phase: 'error', offline: true, resources: { invoices: { ready: true } } });
    expect((await manager.query('large', 'invoices', { page: 2, limit: 10 }, '2026-11-23'))?.rows).toHaveLength(10);
    sandbox.control.clearFaults();

    // Disconnect: the company's files go.
    manager.companiesChanged(list('small'));
    await expect.poll(() => existsSync(path.join(dir, 'large.sqlite'))).toBe(false);
    expect(existsSync(path.join(dir, 'large.sqlite-wal'))).toBe(false);
    expect(await manager.query('large', 'invoices', { page: 1, limit: 10 }, '2026-11-23')).toBeUndefined();

    // Off: every copy goes, and the grid asks the service again.
    enabled = false;
    await manager.enabledChanged();
    expect(existsSync(path.join(dir, 'small.sqlite'))).toBe(false);
    expect(manager.statuses()).toEqual([expect.objectContaining({ companyId: 'small', phase: 'off' })]);
    expect(await manager.query('small', 'invoices', { page: 1, limit: 10 }, '2026-11-23')).toBeUndefined();
    await manager.close();
    sessions.large.close();
    sessions.small.close();
  });

  it('a company approved without the supplier invoice scope keeps its customer invoices, and says so on the supplier side only', async () => {
    // Connected before supplier invoices existed: its token has invoice and companyinformation only.
    const old = await connect(sandbox, 'small', { scopes: ['invoice', 'companyinformation'], session: { limiterOptions: FAST_LIMITER } });
    const events: SyncStatus[] = [];
    const resources: string[] = [];
    const manager = createMirrorManager({
      dir: path.join(dir, 'scopes'),
      clock: systemClock,
      enabled: () => true,
      withSession: (_id, run, resource) => (resources.push(resource), run(old.session)),
      probe: (_id, signal) => old.session.ping({ priority: 'sync', signal }),
      emit: (status) => events.push(status),
      toUserError: (error) => ({ kind: (error as { kind?: 'unavailable' }).kind ?? 'internal', message: String(error) }),
      log: () => undefined,
    });
    manager.start(list('small'));
    await manager.syncNow('small', false);
    const status = manager.statuses()[0];
    expect(status).toMatchObject({ phase: 'idle', offline: false, resources: { invoices: { ready: true }, supplierinvoices: { ready: false, error: { kind: 'scope-missing' } } } });
    expect(status?.error).toBeUndefined();
    // Customer invoices first (the supplier invoices alongside), and each side's requests name their resource (its errors are its own).
    expect(resources.slice(0, 2)).toEqual(['invoices', 'supplierinvoices']);
    expect((await manager.query('small', 'invoices', { page: 1, limit: 10 }, '2026-11-23'))?.source).toBe('local');
    expect(await manager.query('small', 'supplierinvoices', { page: 1, limit: 10 }, '2026-11-23')).toBeUndefined();
    await manager.close();
    old.session.close();
  });
});

describe('what a sync records', () => {
  it('a first read tells nothing; a sync the user did not ask for tells its events once; "Sync now" only counts them', async () => {
    const sub = await tempDir('mirror-manager-digest-');
    const told: Array<{ companyId: string; kinds: string[] }> = [];
    const events: SyncStatus[] = [];
    const session = serviceSession(sandbox, 'small', FAST_LIMITER);
    const managerIn = (folder: string) =>
      createMirrorManager({
        dir: folder,
        clock: systemClock,
        enabled: () => true,
        withSession: (_id, run) => run(session),
        probe: (_id, signal) => session.ping({ priority: 'sync', signal }),
        emit: (status) => events.push(status),
        toUserError: (error) => ({ kind: 'internal', message: String(error) }),
        log: () => undefined,
        intervalMs: 60 * 60_000,
        onEvents: (companyId, tallies) => told.push({ companyId, kinds: tallies.map((t) => `${t.kind}:${t.count}`).sort() }),
      });
    const manager = managerIn(sub);
    try {
      const tenant = sandbox.companies.find((c) => c.key === 'small')!.tenantId;
      manager.start(list('small'));
      await expect.poll(() => events.filter((e) => e.phase === 'idle' && e.resources.invoices.ready).length, { timeout: 60_000 }).toBeGreaterThan(0);
      await manager.syncNow('small', false); // joins or follows the first: still nothing to tell
      expect(told).toEqual([]);
      expect(events.at(-1)?.unseen).toBe(0);
      sandbox.control.addInvoice(tenant, { Total: 10 });
      sandbox.control.addInvoice(tenant, { Total: 20 });
      await manager.syncNow('small', false);
      expect(told).toEqual([]); // the user asked: the sidebar counts, no notification
      expect(events.at(-1)?.unseen).toBe(2);
      sandbox.control.addInvoice(tenant, { Total: 30 });
      manager.companiesChanged(list()); // disconnected: its copy and its events are gone
      await expect.poll(() => existsSync(path.join(sub, 'small.sqlite'))).toBe(false);
      manager.companiesChanged(list('small')); // connected again: a new copy, a first read
      await expect.poll(() => events.filter((e) => e.phase === 'idle').length, { timeout: 60_000 }).toBeGreaterThan(2);
      await manager.syncNow('small', false);
      expect(told).toEqual([]);
      expect(events.at(-1)?.unseen).toBe(0);
      await manager.close();
      // At the next start, the sync the app runs by itself tells what changed since.
      sandbox.control.addInvoice(tenant, { Total: 40 });
      const again = managerIn(sub);
      again.start(list('small'));
      await expect.poll(() => told, { timeout: 60_000 }).toEqual([{ companyId: 'small', kinds: ['invoice-new:1'] }]);
      await again.close();
    } finally {
      session.close();
      await fs.rm(sub, { recursive: true, force: true });
    }
  });
});
