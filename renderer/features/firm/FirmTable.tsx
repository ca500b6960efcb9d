/**
 * The firm's overview as a table: a sticky header whose every column sorts (the overdue amount,
 * largest first, to start with), and only the rows in view rendered (TanStack Virtual), so 300
 * companies cost what 20 do. Rows are the companies the toolbar's search, chip and tag let through.
 */
import { FlexRender, functionalUpdate, useTable, type Row, type SortingState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { columnLabel, firmColumns, firmFeatures, type CellRenderers, type FirmColumnId } from './firm-columns';
import type { FirmRow } from './firm-rows';

export const FIRM_ROW_HEIGHT = 40;

const numeric: ReadonlySet<string> = new Set(['owed', 'overdue', 'overdue60', 'youOwe', 'overdueBills', 'lowestWeek', 'daysSinceLastInvoice']);

export function FirmTable({ rows, sorting, onSortingChange, cells }: { rows: FirmRow[]; sorting: SortingState; onSortingChange: (sorting: SortingState) => void; cells: CellRenderers }) {
  const t = useT();
  const columns = useMemo(() => firmColumns(cells), [cells]);
  const table = useTable({
    features: firmFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.companyId,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => onSortingChange(functionalUpdate(updater, sorting)),
  });
  // While the pointer or the focus is in the table, a sync's new figures do not move the rows under
  // them (a click would hit another company, a focused or edited row would vanish): the order is
  // kept until they leave, or until the user sorts or filters.
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const held = useRef<{ key: string; ids: string[] } | null>(null);
  const key = `${JSON.stringify(sorting)}|${rows.map((row) => row.companyId).join(',')}`;
  const model = table.getRowModel().rows;
  if (!(pointer || focus) || held.current?.key !== key) held.current = { key, ids: model.map((row) => row.id) };
  const sorted = pointer || focus ? inOrder(model, held.current.ids) : model;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualizer's methods are read fresh every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: sorted.length, getScrollElement: () => scrollRef.current, estimateSize: () => FIRM_ROW_HEIGHT, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const span = table.getAllLeafColumns().length;
  return (
    <div
      className="firm-scroll"
      ref={scrollRef}
      data-testid="firm-scroll"
      onPointerEnter={() => setPointer(true)}
      onPointerLeave={() => setPointer(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
      }}
    >
      <table className="firm-table" data-testid="firm-table" aria-rowcount={sorted.length + 1}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id as FirmColumnId;
                const direction = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={`firm-col-${id}${numeric.has(id) ? ' num' : ''}`}
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                    data-column={id}
                  >
                    <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()} title={t('firm.sortBy', { column: t(columnLabel(id)) })} data-testid={`firm-sort-${id}`}>
                      {t(columnLabel(id))}
                      <span aria-hidden="true" className="sort-mark">
                        {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" className="firm-spacer">
              <td colSpan={span} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const row = sorted[item.index]!;
            return <FirmRowView key={row.id} row={row} index={item.index} cells={cells} />;
          })}
          {after > 0 && (
            <tr aria-hidden="true" className="firm-spacer">
              <td colSpan={span} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One company's row. Drawn again only when its company's row (firm-rows.ts keeps it the same
 * object until its company or status changes), its place or the cells' renderers change: a sync's
 * event redraws its own company's row, not every row in view, and a firm's syncs send many a second.
 * TanStack's row object is made anew with every row model; what the cells show comes from
 * row.original alone (firm-columns.tsx), so that is what is compared.
 */
const FirmRowView = memo(
  // `cells` is compared only: the columns render through it, and are made anew when it changes.
  function FirmRowView({ row, index }: { row: Row<typeof firmFeatures, FirmRow>; index: number; cells: CellRenderers }) {
    return (
      <tr aria-rowindex={index + 2} className="firm-row" style={{ height: FIRM_ROW_HEIGHT }} data-testid="firm-row" data-company={row.original.companyId} data-health={row.original.health}>
        {row.getAllCells().map((cell) => (
          <td key={cell.id} className={`firm-col-${cell.column.id}${numeric.has(cell.column.id) ? ' num' : ''}`}>
            <FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    );
  },
  (before, after) => before.row.original === after.row.original && before.index === after.index && before.cells === after.cells,
);

/** `rows` in the order of `ids` (a row not among them, new since, at the end in its own order). */
function inOrder<R extends { id: string }>(rows: readonly R[], ids: readonly string[]): R[] {
  const at = new Map(ids.map((id, index) => [id, index]));
  return rows
    .map((row, index) => ({ row, rank: at.get(row.id) ?? ids.length + index }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ row }) => row);
}
