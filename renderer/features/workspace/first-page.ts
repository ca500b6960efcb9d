/**
 * A click on a company in the sidebar asks for the first page its workspace will show, in the
 * click's own task, not once the new workspace has rendered and its grid has mounted (on a busy
 * firm's window that render would hold the page back before it even left). The grid then finds
 * the request under way under its own key and joins it.
 *
 * Only what the grid would ask for itself, and only from the local copy: the tab remembered for the
 * company is a grid, its copy of that list is ready (so the read costs no request of the service's
 * quota). Its stored view is usually known already (lists:views); if not, it is asked first.
 * Anything else is left to the grid.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SyncStatus } from '../../../electron/common/sync';
import type { SettingsView } from '../../../electron/ipc/contract';
import { queryKeys } from '../../api';
import type { AnyGridResource } from '../grid/grid-resource';
import { gridKeys, gridPageQuery, gridViewQuery, rememberedPage } from '../grid/queries';
import type { StoredView } from '../grid/view-spec';
import { gridModeOf, syncKeys } from '../sync/queries';
import { listTabs } from './list-tabs';
import { readTab, type WorkspaceTab } from './workspace-tab';

/** The grid a tab shows (its list's, list-tabs.ts); the overview and the digest have none. */
const gridOfTab = (tab: WorkspaceTab): AnyGridResource | undefined => (tab === 'overview' || tab === 'digest' ? undefined : listTabs[tab].grid);

/**
 * Starts the read of the page `companyId`'s workspace opens on, when the grid would read it from
 * the local copy. Returns when that page is in the cache (or its read failed: the grid shows the
 * error), or undefined when nothing was asked (the grid asks for itself).
 */
export function askFirstPage(client: QueryClient, companyId: string, storage: Pick<Storage, 'getItem'> | undefined = window.localStorage): Promise<void> | undefined {
  const resource = gridOfTab(readTab(storage, companyId));
  if (!resource) return undefined;
  const status = client.getQueryData<SyncStatus[]>(syncKeys.statuses)?.find((s) => s.companyId === companyId);
  if (gridModeOf(status, resource.id, client.getQueryData<SettingsView>(queryKeys.settings)?.localCopy) !== 'local') return undefined;
  const ask = (stored: StoredView | null) => {
    const query = resource.view.toGridQuery(resource.view.normaliseView(stored), rememberedPage(client, companyId, resource.id), new Date(), 'local');
    return client.prefetchQuery(gridPageQuery(resource, companyId, query, 'interactive', 'local'));
  };
  const stored = client.getQueryData<StoredView | null>(gridKeys.view(companyId, resource.id));
  // Its view known (lists:views): the page leaves now. A company connected after lists:views was
  // asked: its view leaves now, its page when the view is back (the grid joins either).
  // prefetchQuery never rejects; a view that cannot be read leaves the page to the grid.
  if (stored !== undefined) return ask(stored);
  return client.fetchQuery(gridViewQuery(resource, companyId)).then(ask, () => undefined);
}
