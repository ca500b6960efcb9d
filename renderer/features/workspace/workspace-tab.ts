/**
 * Which tab a company's workspace shows, its overview, customer or supplier invoices, remembered
 * per company in the window's localStorage: a preference of this computer's window, like its size,
 * not part of either grid's saved view (each grid saves its own view; a tab kept in one of them
 * would be overwritten by that grid's next save). A company with nothing remembered opens on its
 * customer invoices: browsing them is the app's first job
 * (docs/decisions/0011-first-screen-grid-first.md).
 */
import { useCallback, useState } from 'react';
import { lists } from '../../../electron/common/lists/registry';
import { isResourceId, resourceIds } from '../../../electron/common/resources';
import type { TabListId } from './tab-entry';

export type WorkspaceTab = 'overview' | 'digest' | TabListId;
/** Every list that has a tab (its description's `tab`), in sync order. */
export const tabLists: readonly TabListId[] = resourceIds.filter((id): id is TabListId => lists[id].tab);
/** The overview, what changed since you last looked, then every list that has a tab. */
export const workspaceTabs: readonly WorkspaceTab[] = ['overview', 'digest', ...tabLists];

/** A company opens on its first list (the customer invoices: browsing them is the app's first job). */
const FIRST: WorkspaceTab = tabLists[0] as TabListId;

const isTab = (value: string | null | undefined): value is WorkspaceTab => value === 'overview' || value === 'digest' || (isResourceId(value) && (tabLists as readonly string[]).includes(value));

const keyOf = (companyId: string) => `invoice-desk:workspace-tab:${companyId}`;

export function readTab(storage: Pick<Storage, 'getItem'> | undefined, companyId: string): WorkspaceTab {
  try {
    const value = storage?.getItem(keyOf(companyId));
    return isTab(value) ? value : FIRST;
  } catch {
    return FIRST; // storage refused (private mode, a policy): the first list
  }
}

export function writeTab(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, companyId: string, tab: WorkspaceTab): void {
  try {
    if (tab === FIRST) storage?.removeItem(keyOf(companyId));
    else storage?.setItem(keyOf(companyId), tab);
  } catch {
    // Not worth a message: it is remembered for this session in the component's state.
  }
}

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export function useWorkspaceTab(companyId: string): [WorkspaceTab, (tab: WorkspaceTab) => void] {
  const [state, setState] = useState(() => ({ companyId, tab: readTab(storage(), companyId) }));
  // Another company (the same component kept): its own remembered tab, adjusted during render.
  if (state.companyId !== companyId) setState({ companyId, tab: readTab(storage(), companyId) });
  const set = useCallback(
    (tab: WorkspaceTab) => {
      writeTab(storage(), companyId, tab);
      setState({ companyId, tab });
    },
    [companyId],
  );
  return [state.companyId === companyId ? state.tab : readTab(storage(), companyId), set];
}
