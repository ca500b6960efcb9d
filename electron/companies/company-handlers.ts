/** companies:* and connect:* — the connected companies, and connecting one in the browser or as a service account. */
import type { HandlersOf } from '../ipc/contract';
import type { CompanyRegistry } from './company-registry';

export function companyHandlers(deps: {
  registry: CompanyRegistry;
  /** Drops a disconnected company's saved grid view. */
  forgetView(companyId: string): void;
  /** Whether no service is configured (demo mode): a service account then belongs to the demo. */
  isDemoMode(): Promise<boolean>;
  /** Stops the company's exports before its session goes. */
  cancelExports(companyId: string): void;
}): HandlersOf<'companies' | 'connect'> {
  const { registry } = deps;
  return {
    'companies:list': async () => registry.list(),
    'companies:setActive': (id) => registry.setActive(id),
    'companies:rename': (id, name) => registry.rename(id, name),
    'companies:setTags': async (id, tags) => registry.setTags(id, tags),
    'companies:disconnect': async (id) => {
      deps.cancelExports(id);
      const list = await registry.disconnect(id);
      deps.forgetView(id);
      return list;
    },
    'connect:start': async ({ demo, reconnectCompanyId, serviceAccount }) => {
      if (serviceAccount) return registry.startServiceActivation(demo);
      const useDemo = reconnectCompanyId ? registry.record(reconnectCompanyId).demo : demo;
      return registry.startConnect(useDemo, reconnectCompanyId);
    },
    'connect:cancel': async (flowId) => registry.cancelConnect(flowId),
    'connect:serviceAccount': async ({ tenantId }) => registry.connectServiceAccount(tenantId, await deps.isDemoMode()),
  };
}
