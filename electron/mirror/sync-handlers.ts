/** sync:* — every company's local-copy state, and "Sync now" / "Full refresh". */
import type { HandlersOf } from '../ipc/contract';
import type { SyncStatus } from '../common/sync';

export interface SyncControl {
  statuses(): SyncStatus[];
  syncNow(companyId: string, full: boolean): Promise<void>;
}

export function syncHandlers(control: SyncControl): HandlersOf<'sync'> {
  return {
    'sync:status': async () => control.statuses(),
    'sync:now': async (companyId, { full }) => control.syncNow(companyId, full),
  };
}
