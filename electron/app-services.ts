/**
 * The main process's services behind the IPC handlers, composed from ports. Plain Node: main.ts
 * passes the Electron-backed ports (store, vault, opener, event sender); tests can pass others.
 */
import path from 'node:path';
import { systemClock, type Clock } from './api/clock';
import type { SecretVault } from './auth/secret-vault';
import { createCompanyRegistry } from './companies/company-registry';
import { localToday, toPageView } from './companies/invoice-rows';
import { createDemoService } from './demo/demo-service';
import { createExportService } from './export/export-service';
import type { Handlers } from './ipc/handlers-types';
import type { EventPayloads, ViewState } from './ipc/contract';
import { IpcFailure } from './ipc/errors';
import { createSettingsService, type KeyValueStore, type ServiceConfig } from './settings/settings-service';

export interface AppPorts {
  store: KeyValueStore;
  vault: SecretVault;
  env: Record<string, string | undefined>;
  openExternal(url: string): Promise<void>;
  emit<E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]): void;
  log(message: string, error?: unknown): void;
  /** The native save dialog: the only source of export paths. Null when cancelled. */
  chooseExportFile(defaultName: string): Promise<string | null>;
  /** The app's data folder (the demo service keeps its state there). */
  dataDir: string;
  clock?: Clock;
}

const VIEWS_KEY = 'views';

export function createAppServices(ports: AppPorts) {
  const clock = ports.clock ?? systemClock;
  const settings = createSettingsService({ store: ports.store, vault: ports.vault, env: ports.env });
  const demo = createDemoService({ persistFile: path.join(ports.dataDir, 'demo-service.json') });

  async function resolveService(isDemo: boolean): Promise<ServiceConfig> {
    if (isDemo) return demo.config();
    const configured = await settings.service();
    if (!configured) {
      throw new IpcFailure(
        'bad-request',
        'No service is configured: set the auth URL, API URL, client ID and client secret in Settings.',
        'Open Settings, or try the demo company.',
      );
    }
    return configured;
  }

  const registry = createCompanyRegistry({
    store: ports.store,
    vault: ports.vault,
    clock,
    resolveService,
    openExternal: ports.openExternal,
    emit: ports.emit,
    log: ports.log,
  });

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
    companyName: (companyId) => registry.record(companyId).name,
    language: async () => settings.plain().language,
    chooseFile: ports.chooseExportFile,
    emit: (progress) => ports.emit('export:progress', progress),
    reportError: (companyId, kind) => registry.reportError(companyId, kind),
    log: ports.log,
  });

  /** Page requests the renderer may still cancel, by its request id. */
  const pageRequests = new Map<string, AbortController>();

  const views = () => (ports.store.get(VIEWS_KEY) as Record<string, ViewState> | undefined) ?? {};

  const handlers: Omit<Handlers, 'app:getInfo'> = {
    'settings:get': () => settings.view(),
    'settings:update': async (update) => {
      const before = await settings.service();
      const view = await settings.update(update);
      const after = await settings.service();
      // New addresses or credentials: sessions built on the old ones are rebuilt on next use (and
      // companies connected to another service must reconnect: see the registry's serviceKey).
      if (JSON.stringify(before) !== JSON.stringify(after)) registry.resetConfiguredSessions();
      return view;
    },
    'companies:list': async () => registry.list(),
    'companies:setActive': (id) => registry.setActive(id),
    'companies:rename': (id, name) => registry.rename(id, name),
    'companies:disconnect': async (id) => {
      exports.cancelCompany(id);
      const list = await registry.disconnect(id);
      const { [id]: _gone, ...rest } = views();
      ports.store.set(VIEWS_KEY, rest);
      return list;
    },
    'connect:start': async ({ demo: isDemo, reconnectCompanyId }) => {
      const useDemo = reconnectCompanyId ? registry.record(reconnectCompanyId).demo : isDemo;
      return registry.startConnect(useDemo, reconnectCompanyId);
    },
    'connect:cancel': async (flowId) => registry.cancelConnect(flowId),
    'connect:serviceAccount': async ({ tenantId }) => registry.connectServiceAccount(tenantId, (await settings.service()) === undefined),
    'invoices:list': async (companyId, query, priority, requestId) => {
      const controller = new AbortController();
      if (requestId) pageRequests.set(requestId, controller);
      try {
        const page = await registry.withSession(companyId, (session) => session.listInvoices(query, { priority, signal: controller.signal }));
        return toPageView(page, localToday(clock.now()));
      } finally {
        if (requestId) pageRequests.delete(requestId);
      }
    },
    // A page the user paged past: it leaves the company's queue before it uses any quota.
    'invoices:cancel': async (requestId) => pageRequests.get(requestId)?.abort(),
    'view:get': async (companyId) => (Object.hasOwn(views(), companyId) ? (views()[companyId] ?? null) : null),
    'view:save': async (companyId, view) => {
      registry.record(companyId);
      ports.store.set(VIEWS_KEY, { ...views(), [companyId]: view });
    },
    'export:start': (request) => exports.start(request),
    'export:cancel': async (jobId) => exports.cancel(jobId),
    'export:retry': (jobId) => exports.retry(jobId),
    'export:list': async () => exports.list(),
  };

  return {
    handlers,
    allowedBrowserOrigins,
    async close() {
      exports.close();
      await registry.close();
      await demo.close();
    },
  };
}
