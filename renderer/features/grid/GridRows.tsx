/** The grid's body: only the rows the virtualiser has in view (plus the active row), each with its checkbox. */
import type { Virtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, RefObject } from 'react';
import { useT } from '../../i18n/i18n';
import { isEndAligned, type AnyGridResource } from './grid-resource';
import { ROW_HEIGHT, SELECT_WIDTH } from './grid-layout';
import type { GridTable, GridTableRow } from './useGridTable';

export interface GridRowsProps {
  resource: AnyGridResource;
  table: GridTable;
  rows: readonly GridTableRow[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  activeIndex: number;
  onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => void;
  onActivate: (index: number) => void;
  onOpen: (index: number) => void;
}

export function GridRows({ resource, table, rows, virtualizer, bodyRef, activeIndex, onKeyDown, onActivate, onOpen }: GridRowsProps) {
  const t = useT();
  return (
    <tbody ref={bodyRef} role="rowgroup" className="grid-rows" style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown} data-testid="grid-rows">
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const isActive = item.index === activeIndex;
        const id = resource.rowId(row.original);
        return (
          // Keyed by position, not by invoice: the focused row element survives a page change.
          <tr
            key={item.index}
            role="row"
            data-index={item.index}
            data-document-number={id}
            aria-rowindex={item.index + 2}
            aria-selected={row.getIsSelected()}
            tabIndex={isActive ? 0 : -1}
            className={`grid-row${item.index % 2 ? ' alt' : ''}${isActive ? ' active' : ''}`}
            style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
            onClick={() => onActivate(item.index)}
            onDoubleClick={() => onOpen(item.index)}
          >
            {row.getVisibleCells().map((cell, cellIndex) => {
              if (cell.column.id === 'select') {
                return (
                  <td key={cell.id} role="gridcell" aria-colindex={1} className="cell-select" style={{ width: SELECT_WIDTH }}>
                    <input
                      type="checkbox"
                      tabIndex={-1}
                      aria-label={t(resource.labels.selectRow, { number: id })}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                      onClick={(event) => event.stopPropagation()}
                    />
                  </td>
                );
              }
              const column = cell.column.id;
              const spec = resource.columns[column]!;
              return (
                <td
                  key={cell.id}
                  role="gridcell"
                  aria-colindex={cellIndex + 1}
                  className={`${isEndAligned(spec.kind) ? 'end ' : ''}cell-${spec.kind}${column === resource.growColumn ? ' grow' : ''}`}
                  style={{ width: spec.width }}
                  data-column={column}
                >
                  <table.FlexRender cell={cell} />
                </td>
              );
            })}
          </tr>
        );
      })}
    </tbody>
  );
}
