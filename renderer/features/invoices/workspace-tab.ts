/**
 * Which list a company's workspace shows, customer or supplier invoices, remembered per company in
 * the window's localStorage: a preference of this computer's window, like the overview's fold
 * (receivables/useCollapsed.ts), not part of either grid's saved view (each grid saves its own
 * view; a tab kept in one of them would be overwritten by that grid's next save).
 */
import { useCallback, useState } from 'react';
import { isResourceId, type ResourceId } from '../../../electron/common/resources';

export type WorkspaceTab = ResourceId;
export const workspaceTabs: readonly WorkspaceTab[] = ['invoices', 'supplierinvoices'];

const keyOf = (companyId: string) => `invoice-desk:workspace-tab:${companyId}`;

export function readTab(storage: Pick<Storage, 'getItem'> | undefined, companyId: string): WorkspaceTab {
  try {
    const value = storage?.getItem(keyOf(companyId));
    return isResourceId(value) ? value : 'invoices';
  } catch {
    return 'invoices'; // storage refused (private mode, a policy): the customer invoices
  }
}

export function writeTab(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, companyId: string, tab: WorkspaceTab): void {
  try {
    if (tab === 'invoices') storage?.removeItem(keyOf(companyId));
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
