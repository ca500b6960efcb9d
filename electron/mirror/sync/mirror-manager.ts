/**
 * Every connected company's local copy in the app: where the files live, when each syncs (at
 * start, on connect, every few minutes, on "Sync now"), its state for the sidebar, and whether the
 * grid and the export may answer from it (what one sync does: sync-lists.ts). Plain Node: the
 * Electron shell passes the ports.
 */
import type { CompanyList } from '../../common/companies';
import { resourceIds, type ResourceId, type ResourceViews } from '../../common/resources';
import { SYNC_INTERVAL_MS, unreadResources, type SyncStatus } from '../../common/sync';
import { ApiError, isNetworkFailure } from '../../kernel/errors';
import type { Priority } from '../../api/rate-limiter';
import type { MirrorApi } from '../access/mirror-api';
import { createAppCopies } from '../access/app-copies';
import { copyFigures, createGate, firmRow } from './copy-status';
import { createEntry, type Entry } from './company-entry';
import { createOfflineWatch } from './offline-watch';
import { createSyncScheduler } from './sync-scheduler';
import { syncLists } from './sync-lists';
import { noteSyncNews } from './sync-news';
import { serviceDate } from '../../common/invoice-status';
import type { MirrorManagerOptions } from './mirror-manager-options';

export type { MirrorManagerOptions };

export function createMirrorManager(options: MirrorManagerOptions) {
  const entries = new Map<string, Entry>();
  let connected: string[] = [];
  let live: string[] = []; // the ids whose status was 'connected' at the last change of the list
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let onScreen: string | null = null; // the company whose grid asked last (or the active one at start)

  const copies = createAppCopies({ ...options, urgent: (companyId) => companyId === onScreen });
  const atStart = createGate(4); // each copy's stored status, a few at a time
  const offStatus = (companyId: string): SyncStatus => ({ companyId, phase: 'off', resources: unreadResources(), progress: null, offline: false });
  const statusWhen = (enabled: boolean, companyId: string): SyncStatus => (enabled ? entryOf(companyId).status : offStatus(companyId));

  function update(entry: Entry, change: Partial<SyncStatus>): void {
    entry.status = { ...entry.status, ...change };
    if (change.unseen !== undefined) entry.unseenDay = serviceDate(options.clock.now());
    if (!('error' in change) && change.phase !== undefined && change.phase !== 'error') delete entry.status.error;
    // A dropped company's late answers (its sync ending) do not bring its snapshot back.
    if (('resources' in change || 'unseen' in change || 'summary' in change) && entries.get(entry.status.companyId) === entry) copies.book.put(entry.status);
    options.emit(entry.status);
  }

  /** The company on screen: its copy's calls go before the syncs' writes, its sync before theirs. */
  function show(companyId: string): void {
    onScreen = companyId;
    scheduler.onScreen(companyId);
  }

  function entryOf(companyId: string): Entry {
    let entry = entries.get(companyId);
    if (!entry) {
      entry = createEntry(companyId, { copies, gate: atStart, today: serviceDate(options.clock.now()), update, onScreen: () => onScreen, log: options.log, toUserError: options.toUserError });
      entries.set(companyId, entry);
    }
    return entry;
  }

  /** `tell`: a sync the user did not ask for (at start, periodic, after offline) may end in a desktop notification. */
  async function runSync(companyId: string, full: boolean, priority: Priority, tell = true): Promise<void> {
    const entry = entryOf(companyId);
    if (entry.running && full) entry.fullRequested = true;
    if (entry.running) return entry.running;
    const unhold = copies.hold(companyId); // open while the sync waits on the network between its calls
    const run = (async () => {
      // The copy's stored state first: read a few copies at a time, it could otherwise land after
      // this sync and put back what the copy said before it (a list's own error lost).
      await entry.opened;
      let mode: 'auto' | 'full' = full ? 'full' : 'auto';
      for (;;) {
        entry.fullRequested = false;
        update(entry, { phase: 'syncing', progress: { kind: mode === 'full' ? 'full' : 'incremental', done: 0, total: null, resource: resourceIds[0] } });
        const mirror = entry.mirror;
        try {
          await syncLists({
            companyId,
            resources: resourceIds,
            mirror,
            mode,
            priority,
            signal: entry.controller.signal,
            clock: options.clock,
            withSession: (run, resource) => options.withSession(companyId, run, resource),
            toUserError: options.toUserError,
            log: options.log,
            statusOf: (resource) => entry.status.resources[resource],
            onResource: (resource, status) => update(entry, { resources: { ...entry.status.resources, [resource]: status } }),
            onProgress: (progress) => update(entry, { progress }),
          });
          const news = await noteSyncNews(mirror, serviceDate(options.clock.now()), tell && priority !== 'export' ? (tallies) => options.onEvents?.(companyId, tallies) : undefined, (error) => options.log(`The digest of ${companyId} could not be brought up to date`, error));
          const row = await firmRow(mirror, serviceDate(options.clock.now()), entry.status.resources).catch((error: unknown) => (options.log(`The figures of ${companyId} could not be computed`, error), {}));
          update(entry, { phase: 'idle', progress: null, offline: false, ...news, ...row });
          scheduler.succeeded(companyId);
        } catch (error) {
          if (entry.controller.signal.aborted) return;
          const userError = options.toUserError(error);
          options.log(`Sync of ${companyId} failed`, error);
          // Offline is no answer at all (refused, name lookup, timeout); a 5xx is the service's answer.
          const offline = isNetworkFailure(error);
          update(entry, { phase: 'error', progress: null, error: userError, offline });
          void copyFigures(mirror, serviceDate(options.clock.now()), entry.status.resources).then((figures) => update(entry, figures), () => undefined);
          if (offline) watch.watch(companyId);
          return;
        }
        if (!entry.fullRequested) return;
        mode = 'full';
      }
    })().finally(() => {
      entry.running = null;
      unhold();
    });
    entry.running = run;
    return run;
  }

  /** The sidebar's unseen count from the copy (after the window marked events). */
  const refreshUnseen = async (companyId: string): Promise<void> => {
    const entry = entries.get(companyId);
    if (entry) update(entry, { unseen: await entry.mirror.unseenCount(serviceDate(options.clock.now())) });
  };

  // Background syncs four at once, the company on screen first; a failing company pauses (offline is the watch's).
  const scheduler = createSyncScheduler({
    clock: options.clock,
    pauseMs: options.intervalMs ?? SYNC_INTERVAL_MS,
    run: async (companyId) => {
      await runSync(companyId, false, 'sync');
      // A firm's hundreds of copies are not kept open after their sync: only the one on screen.
      if (companyId !== onScreen) await copies.release(companyId);
      return entries.get(companyId)?.status.phase !== 'error' || entries.get(companyId)?.status.offline === true;
    },
  });
  const watch = createOfflineWatch({
    clock: options.clock,
    probe: options.probe,
    stillOffline: (companyId) => {
      const entry = entries.get(companyId);
      return !closed && options.enabled() && entry !== undefined && entry.status.offline && !entry.running;
    },
    back: (companyIds) => companyIds.forEach(scheduler.want),
  });

  async function drop(companyId: string): Promise<void> {
    const entry = entries.get(companyId);
    entries.delete(companyId);
    entry?.controller.abort();
    scheduler.forget(companyId);
    watch.forget(companyId);
    // The handle dies at once (a reconnect gets a new one); the files go once its sync has stopped.
    const removing = copies.remove(companyId);
    removing.catch(() => undefined);
    await entry?.running?.catch(() => undefined);
    await removing;
  }

  const syncAll = (): void => {
    if (!options.enabled() || closed) return;
    // An offline company waits for the offline check, which brings them all back together.
    for (const id of connected) if (!entries.get(id)?.status.offline) scheduler.want(id);
  };

  return {
    statuses(): SyncStatus[] {
      const enabled = options.enabled(); // once: the settings are asked, not 300 times
      return connected.map((id) => statusWhen(enabled, id));
    },

    /** One company's status (undefined when it is not connected): without building all of a firm's. */
    statusOf(companyId: string): SyncStatus | undefined {
      return connected.includes(companyId) ? statusWhen(options.enabled(), companyId) : undefined;
    },

    /** "Sync now" / "Full refresh"; resolves when the sync has ended (its outcome is in the status). */
    async syncNow(companyId: string, full: boolean): Promise<void> {
      // Only a company that is or was connected has a copy: an unknown id would open a worker and
      // create a file for it (a window could exhaust the main process so).
      if (!connected.includes(companyId) && !entries.has(companyId)) {
        throw new ApiError('bad-request', { message: 'That company is not connected.', remedy: 'Choose a company from the list.' });
      }
      if (!options.enabled()) return;
      await runSync(companyId, full, 'sync', false);
    },

    /** The companies changed: new connected ones sync now, disconnected ones lose their copy. */
    companiesChanged(list: CompanyList): void {
      const now = list.companies.filter((c) => c.status === 'connected').map((c) => c.id);
      const gone = [...entries.keys()].filter((id) => !list.companies.some((c) => c.id === id));
      // Connected now and not before (new, or reconnected after needing it): its sync starts now,
      // whatever it failed with before.
      const added = now.filter((id) => !live.includes(id));
      live = now;
      connected = list.companies.map((c) => c.id).filter((id) => now.includes(id) || entries.has(id));
      for (const id of gone) void drop(id).catch((error: unknown) => options.log(`Removing the local copy of ${id} failed`, error));
      for (const id of added) scheduler.forget(id);
      if (options.enabled() && !closed) for (const id of added) scheduler.want(id);
      this.activeChanged(list.activeId);
    },

    /** Another company chosen: its copy opens now, on screen (its calls first), while the window
     * mounts its grid, not when the grid's first page asks (a switch waited behind the syncs' writes). */
    activeChanged(shown: string | null): void {
      if (shown === null || shown === onScreen || !live.includes(shown) || !options.enabled() || closed) return;
      show(shown);
      const entry = entryOf(shown);
      void entry.opened.then(() => entry.mirror.summary(resourceIds[0])).catch(() => undefined);
    },

    /** Starts the periodic syncs (and the first one of every connected company). */
    start(list: CompanyList): void {
      onScreen = list.activeId;
      scheduler.onScreen(list.activeId);
      if (options.quietStartMs) scheduler.quiet(options.quietStartMs);
      this.companiesChanged(list);
      timer = setInterval(syncAll, options.intervalMs ?? SYNC_INTERVAL_MS);
      timer.unref();
    },

    /** The setting changed: off closes and deletes every copy; on syncs every company. */
    async enabledChanged(): Promise<void> {
      if (options.enabled()) {
        syncAll();
        return;
      }
      for (const id of [...entries.keys()]) await drop(id);
      for (const id of connected) options.emit(offStatus(id));
    },

    /**
     * A request of the company's (the grid's, the details', a sync's) ended, after its own retries,
     * without reaching the service: the sidebar says "Offline" now, not at the next sync, and the
     * copy checks back every OFFLINE_CHECK_MS.
     */
    serviceUnreachable(companyId: string): void {
      if (!options.enabled() || closed || !connected.includes(companyId)) return;
      const entry = entryOf(companyId);
      if (!entry.status.offline) update(entry, { offline: true });
      watch.watch(companyId);
    },

    /** The company's copy when its list `resource` can answer (enabled, that list's first read complete), else undefined. */
    async ready(companyId: string, resource: ResourceId): Promise<MirrorApi | undefined> {
      if (!options.enabled() || !connected.includes(companyId)) return undefined;
      const entry = entryOf(companyId);
      // The status, not another read of the copy: every grid page asks this.
      await entry.opened;
      return entry.status.resources[resource].ready ? entry.mirror : undefined;
    },

    /** Background syncs running, queued and pausing after a failure (the sidebar's firm counts, the bench). */
    syncCounts: () => scheduler.counts(),

    /** The company's digest shows nothing today, as its count taken today says (every company's digest skips its copy). */
    nothingShown(companyId: string): boolean {
      const entry = entries.get(companyId);
      return entry !== undefined && entry.status.unseen === 0 && entry.unseenDay === serviceDate(options.clock.now());
    },

    /** The window marked events of the digest (or found today's): the sidebar's count follows. */
    digestChanged: refreshUnseen,

    /** A page of the list `resource` from the copy, or undefined when the grid must ask the service. */
    async query<R extends ResourceId>(companyId: string, resource: R, query: ResourceViews[R]['query'], today: string): Promise<ResourceViews[R]['page'] | undefined> {
      // The grid that asks is the one on screen: its company's background sync goes first.
      show(companyId);
      const mirror = await this.ready(companyId, resource);
      return mirror ? mirror.listPage(resource, query, today) : undefined;
    },

    /** Brings the copy up to date before an export of `resource` reads it; undefined when that list has no usable copy. */
    async upToDate(companyId: string, resource: ResourceId): Promise<MirrorApi | undefined> {
      if (!(await this.ready(companyId, resource))) return undefined;
      await runSync(companyId, false, 'export');
      return this.ready(companyId, resource);
    },

    async close(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      scheduler.close();
      watch.close();
      for (const entry of entries.values()) entry.controller.abort();
      entries.clear();
      await copies.close();
    },
  };
}

export type MirrorManager = ReturnType<typeof createMirrorManager>;
