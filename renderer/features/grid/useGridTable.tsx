/** A grid's TanStack Table: its resource's columns, and sort, visibility, order and row selection as the view and page dictate. */
import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  functionalUpdate,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ReactTable,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, type Dispatch, type SetStateAction } from 'react';
import type { Language } from '../../../electron/ipc/contract';
import { useLanguage, useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { cellText, StatusBadge } from './cells';
import type { AnyGridResource, AnyGridView, GridRow } from './grid-resource';
import type { GridMode } from './grid-mode';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, columnOrderingFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, GridRow>();

export type GridTable = ReactTable<typeof features, GridRow>;
export type GridTableRow = Row<typeof features, GridRow>;

export interface GridTableOptions {
  resource: AnyGridResource;
  view: AnyGridView;
  rows: GridRow[];
  rowSelection: RowSelectionState;
  setRowSelection: Dispatch<SetStateAction<RowSelectionState>>;
  updateView: (update: (current: AnyGridView) => AnyGridView) => void;
  /** The local copy sorts by every column; the service by its own few (none for some resources). */
  mode: GridMode;
}

/**
 * Manual mode: the service (or the local copy) sorts, filters and pages, so the table only holds
 * the state and builds headers and cells. Sorting lives in the view (it is persisted and sent).
 */
export function useGridTable({ resource, view, rows, rowSelection, setRowSelection, updateView, mode }: GridTableOptions): GridTable {
  const t = useT();
  const language = useLanguage();
  const allColumnIds = resource.view.spec.allColumns;

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'select',
          header: () => null,
          cell: () => null,
          enableSorting: false,
          enableHiding: false,
        }),
        ...allColumnIds.map((id) =>
          helper.accessor((row: GridRow) => resource.columns[id]!.value(row), {
            id,
            header: t(resource.labels.column(id)),
            cell: (ctx) => <Cell resource={resource} id={id} row={ctx.row.original} language={language} t={t} />,
            enableSorting: resource.view.canSort(id, mode),
            // Amounts: the largest first is what one looks for.
            sortDescFirst: resource.columns[id]!.kind === 'amount',
          }),
        ),
      ]),
    [t, language, mode, resource, allColumnIds],
  );

  const sorting = useMemo<SortingState>(() => resource.view.sortingOf(view, mode), [resource, view, mode]);
  const columnVisibility = useMemo(() => Object.fromEntries(allColumnIds.map((id) => [id, view.columns.includes(id)])), [allColumnIds, view.columns]);
  const columnOrder = useMemo(() => ['select', ...view.columns, ...allColumnIds.filter((id) => !view.columns.includes(id))], [allColumnIds, view.columns]);

  return useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => resource.rowId(row),
    manualSorting: true,
    enableMultiSort: false,
    enableRowRangeSelection: true,
    isRowRangeSelectionEvent: (event) => (event as { nativeEvent?: MouseEvent }).nativeEvent?.shiftKey === true,
    state: { sorting, columnVisibility, columnOrder, rowSelection },
    onSortingChange: (updater: Updater<SortingState>) =>
      updateView((current) => resource.view.withSorting(current, functionalUpdate(updater, resource.view.sortingOf(current, mode)), resource.view.sortFieldIn(mode))),
    onRowSelectionChange: setRowSelection,
  });
}

function Cell({ resource, id, row, language, t }: { resource: AnyGridResource; id: string; row: GridRow; language: Language; t: (key: MessageKey) => string }) {
  if (resource.columns[id]?.kind === 'status') return <StatusBadge status={row.status} label={t(resource.labels.status(row.status))} />;
  const text = cellText(resource, id, row, language, t);
  // A span, not bare text: ellipsis applies to a block, not to a flex container's text.
  return (
    <span className="cell-text" title={resource.columns[id]?.kind === 'text' ? text : undefined}>
      {text}
    </span>
  );
}
