/** The grid's TanStack Table: its columns, and sort, visibility, order and row selection as the view and page dictate. */
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
import type { ExportColumnId, InvoiceRow, Language } from '../../../electron/ipc/contract';
import { useLanguage, useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { cellText, columnKey, StatusBadge } from './cells';
import { allColumnIds, columnSpecs, localSortFieldOf, sortFieldOf } from './columns';
import { sortingOf, withSorting, type GridMode, type GridView } from './view';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, columnOrderingFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, InvoiceRow>();

export type InvoiceTable = ReactTable<typeof features, InvoiceRow>;
export type InvoiceTableRow = Row<typeof features, InvoiceRow>;

export interface InvoiceTableOptions {
  view: GridView;
  rows: InvoiceRow[];
  rowSelection: RowSelectionState;
  setRowSelection: Dispatch<SetStateAction<RowSelectionState>>;
  updateView: (update: (current: GridView) => GridView) => void;
  /** The local copy sorts by every column; the service by six. */
  mode: GridMode;
}

/**
 * Manual mode: the service (or the local copy) sorts, filters and pages, so the table only holds
 * the state and builds headers and cells. Sorting lives in the view (it is persisted and sent).
 */
export function useInvoiceTable({ view, rows, rowSelection, setRowSelection, updateView, mode }: InvoiceTableOptions): InvoiceTable {
  const t = useT();
  const language = useLanguage();

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
          helper.accessor((row: InvoiceRow) => columnSpecs[id].value(row), {
            id,
            header: t(columnKey(id)),
            cell: (ctx) => <Cell id={id} row={ctx.row.original} language={language} t={t} />,
            enableSorting: mode === 'local' || columnSpecs[id].sortField !== undefined,
            // Amounts: the largest first is what one looks for.
            sortDescFirst: columnSpecs[id].kind === 'amount',
          }),
        ),
      ]),
    [t, language, mode],
  );

  const sorting = useMemo<SortingState>(() => sortingOf(view, mode), [view, mode]);
  const columnVisibility = useMemo(() => Object.fromEntries(allColumnIds.map((id) => [id, view.columns.includes(id)])), [view.columns]);
  const columnOrder = useMemo(() => ['select', ...view.columns, ...allColumnIds.filter((id) => !view.columns.includes(id))], [view.columns]);

  return useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.documentNumber,
    manualSorting: true,
    enableMultiSort: false,
    enableRowRangeSelection: true,
    isRowRangeSelectionEvent: (event) => (event as { nativeEvent?: MouseEvent }).nativeEvent?.shiftKey === true,
    state: { sorting, columnVisibility, columnOrder, rowSelection },
    onSortingChange: (updater: Updater<SortingState>) =>
      updateView((current) => withSorting(current, functionalUpdate(updater, sortingOf(current, mode)), mode === 'local' ? localSortFieldOf : sortFieldOf)),
    onRowSelectionChange: setRowSelection,
  });
}

function Cell({ id, row, language, t }: { id: ExportColumnId; row: InvoiceRow; language: Language; t: (key: MessageKey) => string }) {
  if (id === 'status') return <StatusBadge status={row.status} t={t} />;
  const text = cellText(id, row, language, t);
  // A span, not bare text: ellipsis applies to a block, not to a flex container's text.
  return (
    <span className="cell-text" title={columnSpecs[id].kind === 'text' ? text : undefined}>
      {text}
    </span>
  );
}
