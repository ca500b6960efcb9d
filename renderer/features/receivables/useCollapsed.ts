/**
 * Whether a company's overview is collapsed, remembered per company in the window's localStorage
 * (a preference of this computer's window, like its size: not part of the company's saved view).
 */
import { useCallback, useState } from 'react';

const keyOf = (companyId: string) => `invoice-desk:overview-collapsed:${companyId}`;

export function readCollapsed(storage: Pick<Storage, 'getItem'> | undefined, companyId: string): boolean {
  try {
    return storage?.getItem(keyOf(companyId)) === '1';
  } catch {
    return false; // storage refused (private mode, a policy): expanded
  }
}

export function writeCollapsed(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, companyId: string, collapsed: boolean): void {
  try {
    if (collapsed) storage?.setItem(keyOf(companyId), '1');
    else storage?.removeItem(keyOf(companyId));
  } catch {
    // Not worth a message: it is remembered for this session in the component's state.
  }
}

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export function useCollapsed(companyId: string): [boolean, (collapsed: boolean) => void] {
  const [state, setState] = useState(() => ({ companyId, collapsed: readCollapsed(storage(), companyId) }));
  // Another company (the same component kept): its own remembered state, adjusted during render.
  if (state.companyId !== companyId) setState({ companyId, collapsed: readCollapsed(storage(), companyId) });
  const set = useCallback(
    (collapsed: boolean) => {
      writeCollapsed(storage(), companyId, collapsed);
      setState({ companyId, collapsed });
    },
    [companyId],
  );
  return [state.companyId === companyId ? state.collapsed : readCollapsed(storage(), companyId), set];
}
