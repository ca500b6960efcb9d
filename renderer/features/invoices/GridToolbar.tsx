/** The row above the grid: filter chips, the search box, the invoice-date range, what the grid is waiting for, and the column menu. */
import { useCallback } from 'react';
import type { ExportColumnId } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { ColumnMenu } from './ColumnMenu';
import { DateRangeControl } from './DateRangeControl';
import type { FilterId, SearchField } from './columns';
import { FilterChips, SearchBox } from './Toolbar';
import { withDateRange, withFilter, type GridView } from './view';

export interface GridToolbarProps {
  view: GridView;
  updateView: (update: (current: GridView) => GridView) => void;
  /** The company's requests wait for the service's rate limit. */
  waiting: boolean;
  /** The previous page is on screen while the next one loads. */
  refreshing: boolean;
}

export function GridToolbar({ view, updateView, waiting, refreshing }: GridToolbarProps) {
  const t = useT();
  // Stable, so the search box's debounce is not restarted by every render of the grid.
  const onSearch = useCallback((search: { field: SearchField; value: string }) => updateView((current) => ({ ...current, search })), [updateView]);
  return (
    <div className="grid-toolbar">
      <FilterChips filter={view.filter} onChange={(filter: FilterId | undefined) => updateView((current) => withFilter(current, filter))} />
      <SearchBox field={view.search.field} value={view.search.value} onChange={onSearch} />
      <DateRangeControl range={view.dateRange} onChange={(range) => updateView((current) => withDateRange(current, range))} />
      <span className="toolbar-spacer" />
      <span className="grid-activity muted" role="status" data-testid="grid-activity">
        {waiting ? (
          <span className="rate-limit" data-testid="rate-limit-waiting">
            {t('grid.rateLimit')}
          </span>
        ) : refreshing ? (
          t('grid.refreshing')
        ) : (
          ''
        )}
      </span>
      <ColumnMenu columns={view.columns} onChange={(next: ExportColumnId[]) => updateView((current) => ({ ...current, columns: next }))} />
    </div>
  );
}
