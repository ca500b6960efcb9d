/** sync:* — every company's local-copy state, and "Sync now" / "Full refresh". */
import type { HandlersOf } from '../ipc/contract';
import type { SyncStatus } from '../common/sync';

export interface SyncControl {
  statuses(): SyncStatus[];
  syncNow(companyId: string, full: boolean): Promise<void>;
  /** Throws a bad-request error for a company that is not connected (the registry's check). */
  checkConnected(companyId: string): void;
}

export function syncHandlers(control: SyncControl): HandlersOf<'sync'> {
  return {
    'sync:status': async () => control.statuses(),
    'sync:now': async (companyId, { full }) => {
      // As every other company channel: an unknown company is refused before anything is opened.
      control.checkConnected(companyId);
      return control.syncNow(companyId, full);
    },
  };
}
