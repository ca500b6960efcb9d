/** One company's grid state (of one resource): its view, page, page and row selections, active row and details panel. */
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import type { AnyGridResource, AnyGridView } from './grid-resource';
import type { GridMode } from './grid-mode';
import { gridKeys, rememberedPage, rememberPage } from './queries';
import { useViewPersistence } from './useViewPersistence';

/** `mode`: who answers the grid; when it changes (the local copy became ready, or was turned off)
 * and the view then asks for other rows, the grid goes back to page 1 like after a filter change. */
export function useGridState(resource: AnyGridResource, companyId: string, initialView: AnyGridView, mode: GridMode) {
  const client = useQueryClient();
  const [view, setView] = useState<AnyGridView>(initialView);
  const [page, setPageState] = useState(() => rememberedPage(client, companyId, resource.id));
  const [selectedPages, setSelectedPages] = useState<ReadonlySet<number>>(() => new Set());
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [active, setActive] = useState(0);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // Adjusted during render (React's pattern for state that follows a prop), not in an effect.
  const [seenMode, setSeenMode] = useState(mode);
  if (seenMode !== mode) {
    setSeenMode(mode);
    const today = new Date();
    if (JSON.stringify(resource.view.toExportQuery(view, today, seenMode)) !== JSON.stringify(resource.view.toExportQuery(view, today, mode))) {
      setPageState(1);
      rememberPage(client, companyId, 1, resource.id);
      setSelectedPages(new Set());
      setRowSelection({});
      setActive(0);
    }
  }

  const setPage = useCallback(
    (next: number) => {
      setPageState(next);
      rememberPage(client, companyId, next, resource.id);
      setRowSelection({});
    },
    [client, companyId, resource.id],
  );

  const updateView = useCallback(
    (update: (current: AnyGridView) => AnyGridView) => {
      setView((current) => {
        const next = update(current);
        if (!resource.view.sameRows(current, next)) {
          // Other rows: back to page 1, and the export selection (always of the current view) is void.
          setPageState(1);
          rememberPage(client, companyId, 1, resource.id);
          setSelectedPages(new Set());
          setRowSelection({});
          setActive(0);
        }
        // The cache holds what the main process stores: a remount (company switch) starts from here.
        client.setQueryData(gridKeys.view(companyId, resource.id), resource.view.toViewState(next));
        return next;
      });
    },
    [client, companyId, resource],
  );

  useViewPersistence(resource, companyId, initialView, view);

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
