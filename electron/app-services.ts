/**
 * The main process's services behind the IPC handlers, composed from ports. Plain Node: main.ts
 * passes the Electron-backed ports (store, vault, opener, event sender); tests can pass others.
 */
import path from 'node:path';
import { systemClock, type Clock } from './kernel/clock';
import { ApiError } from './kernel/errors';
import { createKeyringVault, type KeyringStrength, type PersistentVault } from './auth/keyring-vault';
import { createCompanyRegistry } from './companies/company-registry';
import { openActiveCompanyFile } from './companies/active-company-file';
import { ACTIVE_KEY } from './companies/company-store';
import { createDemoService } from './demo/demo-service';
import { exportHandlers } from './export/export-handlers';
import { createExportService } from './export/export-service';
import { createMirrorManager } from './mirror/sync/mirror-manager';
import { QUIET_START_MS } from './mirror/sync/sync-scheduler';
import { localExportSession } from './mirror/access/local-export';
import { overviewHandlers } from './overview/overview-handlers';
import { digestHandlers } from './digest/digest-handlers';
import { notificationText, type KindTally } from './common/digest';
import { serviceDate } from './common/invoice-status';
import { syncHandlers } from './sync/sync-handlers';
import { copyErrorForWindow } from './mirror/access/copy-errors';
import { invoiceHandlers } from './invoices/invoice-handlers';
import { createPdfFiles } from './invoices/invoice-pdf';
import { createListViewStores } from './lists/view-store';
import { supplierHandlers } from './supplierinvoices/supplier-handlers';
import { listHandlers, type ListViews } from './lists/list-handlers';
import { settingsHandlers } from './settings/settings-handlers';
import { companyHandlers } from './companies/company-handlers';
import type { EventPayloads, Handlers } from './ipc/contract';
import { CLIENT_SECRET_KEY, createSettingsService, type Confirmation, type ServiceConfig } from './settings/settings-service';
import type { KeyValueStore } from './kernel/key-value-store';

export interface AppPorts {
  store: KeyValueStore;
  /** The OS keyring: where secrets may be persisted, and how well it protects them. */
  keyring: { persistent: PersistentVault | undefined; strength: KeyringStrength };
  /** A native dialog of the main process: the window alone can never confirm these. */
  confirm(question: Confirmation): Promise<boolean>;
  env: Record<string, string | undefined>;
  openExternal(url: string): Promise<void>;
  emit<E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]): void;
  log(message: string, error?: unknown): void;
  /** The native save dialog: the only source of export paths. Null when cancelled. */
  chooseExportFile(defaultName: string): Promise<string | null>;
  /** The native save dialog for a PDF. Null when cancelled. */
  chooseDocumentFile(defaultName: string): Promise<string | null>;
  /** The system's viewer for a file (shell.openPath): an error text, '' on success. */
  openPath(file: string): Promise<string>;
  /** The app's data folder (the demo service keeps its state there, the local copies live in local-copies/). */
  dataDir: string;
  /** The built worker thread of the local copies (dist-electron/mirror-worker.cjs); without it they run in this thread. */
  mirrorWorker?: string;
  /** A desktop notification (platform/notifier.ts); `onClick` when the user clicks it. Absent: none are shown. */
  notify?(note: { title: string; body: string }, onClick: () => void): void;
  /** The OS reads a notification's body as markup (platform/notifier.ts): the service's text in it is escaped. Absent: it is. */
  notificationMarkup?: boolean;
  clock?: Clock;
}

export function createAppServices(ports: AppPorts) {
  const clock = ports.clock ?? systemClock;
  const vault = createKeyringVault({
    ...ports.keyring,
    weakStorageAllowed: () => settings.plain().allowWeakSecretStorage,
    neverPersistWhenWeak: (key) => key === CLIENT_SECRET_KEY,
    log: ports.log,
  });
  const settings = createSettingsService({ store: ports.store, vault, env: ports.env, confirm: ports.confirm });
  const demo = createDemoService({ persistFile: path.join(ports.dataDir, 'demo-service.json'), scopes: () => settings.plain().scopes });

  async function resolveService(isDemo: boolean): Promise<ServiceConfig> {
    if (isDemo) return demo.config();
    const configured = await settings.service();
    if (!configured) {
      throw new ApiError('bad-request', { message: 'No service is configured: set the auth URL, API URL, client ID and client secret in Settings.', remedy: 'Open Settings, or try the demo company.' });
    }
    return configured;
  }

  const active = openActiveCompanyFile(path.join(ports.dataDir, 'active-company.json'), { before: ports.store.get(ACTIVE_KEY), log: ports.log });
  const registry = createCompanyRegistry({
    store: ports.store,
    active,
    vault,
    keysPersist: (vaultKey) => vault.persists(vaultKey),
    clock,
    resolveService,
    openExternal: ports.openExternal,
    emit: (channel, payload) => {
      // A connected or disconnected company gets or loses its local copy.
      if (channel === 'companies:changed') mirrors.companiesChanged(payload as EventPayloads['companies:changed']);
      if (channel === 'companies:active') mirrors.activeChanged((payload as EventPayloads['companies:active']).activeId);
      ports.emit(channel, payload);
    },
    log: ports.log,
    // Any request's own retries ended without reaching the service: "Offline" at once.
    onNetworkFailure: (companyId) => mirrors.serviceUnreachable(companyId),
  });

  const mirrors = createMirrorManager({
    dir: path.join(ports.dataDir, 'local-copies'),
    ...(ports.mirrorWorker ? { workerScript: ports.mirrorWorker } : {}),
    clock,
    enabled: () => settings.plain().localCopy,
    withSession: (companyId, run, resource) => registry.withSession(companyId, run, resource),
    probe: (companyId, signal) => registry.withSession(companyId, (session) => session.ping({ priority: 'sync', signal }), 'company'),
    emit: (status) => ports.emit('sync:changed', status),
    // The window's words name the copy's file, never its folder (the log keeps the full message).
    toUserError: (error) => copyErrorForWindow(error, [ports.dataDir]),
    log: ports.log,
    onEvents: (companyId, tallies) => notifyEvents(companyId, tallies),
    // The window's first screen before the other companies' syncs (sync-scheduler.ts).
    quietStartMs: QUIET_START_MS,
  });
  mirrors.start(registry.list());

  /**
   * A sync's desktop notification: one per company per sync, the kinds Settings switches
   * on, none on a weekend when Settings says so; a click shows that company's digest.
   */
  function notifyEvents(companyId: string, tallies: KindTally[]): void {
    if (!ports.notify) return;
    const { notifications, language } = settings.plain();
    const weekday = new Date(`${serviceDate(clock.now())}T00:00:00Z`).getUTCDay();
    if (notifications.quietWeekends && (weekday === 0 || weekday === 6)) return;
    const company = registry.list().companies.find((c) => c.id === companyId);
    if (!company) return;
    const body = notificationText(company.name, tallies, notifications, language, ports.notificationMarkup ?? true);
    if (body) ports.notify({ title: 'Invoice Desk', body }, () => ports.emit('digest:open', { companyId }));
  }

  /** Origins shell.openExternal may open: the configured auth service and the running demo. */
  async function allowedBrowserOrigins(): Promise<string[]> {
    const origins: string[] = [];
    const configured = settings.plain();
    if (configured.authUrl) origins.push(new URL(configured.authUrl).origin);
    const demoOrigin = await demo.origin();
    if (demoOrigin) origins.push(demoOrigin);
    return origins;
  }

  const exports = createExportService({
    clock,
    session: (companyId) => registry.session(companyId),
    // A company with a local copy exports from it (after an incremental sync): no request per page.
    // Each list needs its own first read to be complete (the supplier side of the copy may lag or
    // lack its scope while the customer side is ready).
    localSource: async (companyId, session, today, resource) => {
      if (!(await mirrors.ready(companyId, resource))) return undefined;
      return localExportSession({ upToDate: () => mirrors.upToDate(companyId, resource), limiter: session.limiter, today });
    },
    companyName: (companyId) => registry.record(companyId).name,
    language: async () => settings.plain().language,
    chooseFile: ports.chooseExportFile,
    emit: (progress) => ports.emit('export:progress', progress),
    reportError: (companyId, kind) => registry.reportError(companyId, kind),
    log: ports.log,
  });

  // Connections not renewed for a week are renewed now (the service drops a refresh token unused for 45 days).
  void registry.keepAlive();
  /** Each list's saved views, under the store keys released versions wrote. */
  const views: ListViews = createListViewStores(ports.store);
  const pdf = createPdfFiles({ openPath: ports.openPath, chooseDocumentFile: ports.chooseDocumentFile, log: ports.log });
  /** Every invoke channel's handler, each feature's own, joined here (main.ts adds app:getInfo). */
  const handlers: Omit<Handlers, 'app:getInfo'> = {
    ...settingsHandlers({ settings, serviceChanged: () => registry.resetConfiguredSessions(), storagePolicyChanged: () => vault.applyPolicy(), localCopyChanged: () => mirrors.enabledChanged() }),
    ...companyHandlers({
      registry,
      forgetView: (companyId) => {
        for (const store of Object.values(views)) store.delete(companyId);
      },
      isDemoMode: async () => (await settings.service()) === undefined,
      cancelExports: (companyId) => exports.cancelCompany(companyId),
    }),
    ...listHandlers({ registry, views, clock, mirrors }),
    ...invoiceHandlers({ registry, clock, pdf, language: () => settings.plain().language }),
    ...supplierHandlers({ registry, clock, files: pdf, mirrors, language: () => settings.plain().language }),
    ...exportHandlers(exports),
    ...overviewHandlers({ clock, companies: () => registry.list().companies, record: (id) => registry.record(id), mirrors, chooseFile: ports.chooseExportFile, language: () => settings.plain().language }),
    ...digestHandlers({ clock, companies: () => registry.list().companies, record: (id) => registry.record(id), mirrors }),
    ...syncHandlers({
      statuses: () => mirrors.statuses(),
      syncNow: (companyId, full) => mirrors.syncNow(companyId, full),
      checkConnected: (companyId) => void registry.record(companyId),
    }),
  };

  return {
    handlers,
    allowedBrowserOrigins,
    /** The UI language, for the main process's own dialogs. */
    language: () => settings.plain().language,
    async close() {
      exports.close();
      await mirrors.close();
      await registry.close();
      await demo.close();
      await pdf.close(); // the PDFs opened this run go with it
      await active.flush();
    },
  };
}
