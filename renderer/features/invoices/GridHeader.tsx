/** The grid's header row: the select-all checkbox and one cell per visible column, with its sort button. */
import { useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { isEndAligned, type AnyGridResource } from './grid-resource';
import { SELECT_WIDTH } from './gridLayout';
import type { InvoiceTable } from './useInvoiceTable';

export interface GridHeaderProps {
  resource: AnyGridResource;
  table: InvoiceTable;
  rowsOnPage: number;
  selectedOnPage: number;
}

export function GridHeader({ resource, table, rowsOnPage, selectedOnPage }: GridHeaderProps) {
  const t = useT();
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const allOnPageSelected = rowsOnPage > 0 && selectedOnPage === rowsOnPage;
  const someOnPageSelected = selectedOnPage > 0 && !allOnPageSelected;
  return (
    <thead role="rowgroup" className="grid-head">
      <tr role="row" aria-rowindex={1}>
        {headers.map((header, index) => {
          if (header.column.id === 'select') {
            return (
              <th key={header.id} role="columnheader" aria-colindex={1} className="cell-select" style={{ width: SELECT_WIDTH }}>
                <input
                  type="checkbox"
                  aria-label={t('grid.rows.selectAll')}
                  checked={allOnPageSelected}
                  ref={(element) => {
                    if (element) element.indeterminate = someOnPageSelected;
                  }}
                  disabled={rowsOnPage === 0}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                  data-testid="select-all-rows"
                />
              </th>
            );
          }
          const id = header.column.id;
          const spec = resource.columns[id]!;
          const sorted = header.column.getIsSorted();
          const canSort = header.column.getCanSort();
          const label = t(resource.labels.column(id));
          return (
            <th
              key={header.id}
              role="columnheader"
              aria-colindex={index + 1}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              className={`${isEndAligned(spec.kind) ? 'end' : ''}${canSort ? ' sortable' : ''}${id === resource.growColumn ? ' grow' : ''}`}
              style={{ width: spec.width }}
              title={canSort ? sortHint(sorted, header.column.getFirstSortDir() === 'desc', t) : t(resource.labels.notSortable)}
              data-column={id}
            >
              {canSort ? (
                <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                  <span>{label}</span>
                  <span className="sort-mark" aria-hidden="true">
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                  </span>
                </button>
              ) : (
                <span className="header-label">{label}</span>
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** What a click on a sortable header will do next, as its tooltip says. */
function sortHint(sorted: false | 'asc' | 'desc', descFirst: boolean, t: (key: MessageKey) => string): string {
  if (sorted === false) return t('grid.sort.none');
  if (descFirst) return t(sorted === 'desc' ? 'grid.sort.descendingFirst' : 'grid.sort.ascendingLast');
  return t(sorted === 'asc' ? 'grid.sort.ascending' : 'grid.sort.descending');
}
