/** One company's grid state: its view, page, page and row selections, active row and details panel. */
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { gridKeys, rememberedPage, rememberPage } from './queries';
import { useViewPersistence } from './useViewPersistence';
import { toExportQuery, sameRows, toViewState, type GridMode, type GridView } from './view';

/** `mode`: who answers the grid; when it changes (the local copy became ready, or was turned off)
 * and the view then asks for other rows, the grid goes back to page 1 like after a filter change. */
export function useGridState(companyId: string, initialView: GridView, mode: GridMode) {
  const client = useQueryClient();
  const [view, setView] = useState<GridView>(initialView);
  const [page, setPageState] = useState(() => rememberedPage(client, companyId));
  const [selectedPages, setSelectedPages] = useState<ReadonlySet<number>>(() => new Set());
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [active, setActive] = useState(0);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // Adjusted during render (React's pattern for state that follows a prop), not in an effect.
  const [seenMode, setSeenMode] = useState(mode);
  if (seenMode !== mode) {
    setSeenMode(mode);
    const today = new Date();
    if (JSON.stringify(toExportQuery(view, today, seenMode)) !== JSON.stringify(toExportQuery(view, today, mode))) {
      setPageState(1);
      rememberPage(client, companyId, 1);
      setSelectedPages(new Set());
      setRowSelection({});
      setActive(0);
    }
  }

  const setPage = useCallback(
    (next: number) => {
      setPageState(next);
      rememberPage(client, companyId, next);
      setRowSelection({});
    },
    [client, companyId],
  );

  const updateView = useCallback(
    (update: (current: GridView) => GridView) => {
      setView((current) => {
        const next = update(current);
        if (!sameRows(current, next)) {
          // Other rows: back to page 1, and the export selection (always of the current view) is void.
          setPageState(1);
          rememberPage(client, companyId, 1);
          setSelectedPages(new Set());
          setRowSelection({});
          setActive(0);
        }
        // The cache holds what the main process stores: a remount (company switch) starts from here.
        client.setQueryData(gridKeys.view(companyId), toViewState(next));
        return next;
      });
    },
    [client, companyId],
  );

  useViewPersistence(companyId, initialView, view);

  return {
    view,
    updateView,
    page,
    setPage,
    selectedPages,
    setSelectedPages,
    rowSelection,
    setRowSelection,
    active,
    setActive,
    detailsOpen,
    setDetailsOpen,
  };
}
