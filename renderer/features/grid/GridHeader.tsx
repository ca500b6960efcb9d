/** The grid's header row: the select-all checkbox and one cell per visible column, with its sort button. */
import { useT } from '../../i18n/i18n';
import { isEndAligned, type AnyGridResource } from './grid-resource';
import { SELECT_WIDTH } from './grid-layout';
import { headerTitle } from './sort-hint';
import type { GridTable } from './useGridTable';
import type { GridMode } from './grid-mode';

export interface GridHeaderProps {
  resource: AnyGridResource;
  table: GridTable;
  rowsOnPage: number;
  selectedOnPage: number;
  /** Who sorts: the local copy (Total and Balance in SEK) or the service (the amounts as written). */
  mode: GridMode;
}

export function GridHeader({ resource, table, rowsOnPage, selectedOnPage, mode }: GridHeaderProps) {
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
              title={headerTitle({ id, canSort, sorted, descFirst: header.column.getFirstSortDir() === 'desc', mode, notSortable: resource.labels.notSortable }, t)}
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

