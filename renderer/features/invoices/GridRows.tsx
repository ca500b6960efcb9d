/** The grid's body: only the rows the virtualiser has in view (plus the active row), each with its checkbox. */
import type { Virtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, RefObject } from 'react';
import type { ExportColumnId } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { columnSpecs, isEndAligned } from './columns';
import { GROW_COLUMN, ROW_HEIGHT, SELECT_WIDTH } from './gridLayout';
import type { InvoiceTable, InvoiceTableRow } from './useInvoiceTable';

export interface GridRowsProps {
  table: InvoiceTable;
  rows: readonly InvoiceTableRow[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  activeIndex: number;
  onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => void;
  onActivate: (index: number) => void;
  onOpen: (index: number) => void;
}

export function GridRows({ table, rows, virtualizer, bodyRef, activeIndex, onKeyDown, onActivate, onOpen }: GridRowsProps) {
  const t = useT();
  return (
    <tbody ref={bodyRef} role="rowgroup" className="grid-rows" style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown} data-testid="grid-rows">
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const isActive = item.index === activeIndex;
        const invoice = row.original;
        return (
          // Keyed by position, not by invoice: the focused row element survives a page change.
          <tr
            key={item.index}
            role="row"
            data-index={item.index}
            data-document-number={invoice.documentNumber}
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
                      aria-label={t('grid.rows.select', { number: invoice.documentNumber })}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                      onClick={(event) => event.stopPropagation()}
                    />
                  </td>
                );
              }
              const spec = columnSpecs[cell.column.id as ExportColumnId];
              return (
                <td
                  key={cell.id}
                  role="gridcell"
                  aria-colindex={cellIndex + 1}
                  className={`${isEndAligned(spec.kind) ? 'end ' : ''}cell-${spec.kind}${spec.id === GROW_COLUMN ? ' grow' : ''}`}
                  style={{ width: spec.width }}
                  data-column={spec.id}
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
