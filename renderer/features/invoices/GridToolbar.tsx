/**
 * The row above the grid: filter chips, the search, the invoice-date range, what the grid is
 * waiting for, and the column menu. With the local copy (`mode` 'local'): one search box over every
 * searchable field instead of the field search, a due-date range and a currency select too.
 */
import { useCallback } from 'react';
import type { ExportColumnId } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { ColumnMenu } from './ColumnMenu';
import { DateRangeControl } from './DateRangeControl';
import type { FilterId, SearchField } from './columns';
import { CurrencySelect, FilterChips, SearchBox, TextSearchBox } from './Toolbar';
import { withCurrency, withDateRange, withDueRange, withFilter, withText, type GridMode, type GridView } from './view';

export interface GridToolbarProps {
  view: GridView;
  updateView: (update: (current: GridView) => GridView) => void;
  mode: GridMode;
  /** The currency select's choices (the view's currencies and the selected one). */
  currencies: readonly string[];
  /** The company's requests wait for the service's rate limit. */
  waiting: boolean;
  /** The previous page is on screen while the next one loads. */
  refreshing: boolean;
}

export function GridToolbar({ view, updateView, mode, currencies, waiting, refreshing }: GridToolbarProps) {
  const t = useT();
  // Stable, so the search box's debounce is not restarted by every render of the grid.
  const onSearch = useCallback((search: { field: SearchField; value: string }) => updateView((current) => ({ ...current, search })), [updateView]);
  const onText = useCallback((text: string) => updateView((current) => withText(current, text)), [updateView]);
  const local = mode === 'local';
  return (
    <div className="grid-toolbar" data-mode={mode}>
      <FilterChips filter={view.filter} onChange={(filter: FilterId | undefined) => updateView((current) => withFilter(current, filter))} />
      {local ? <TextSearchBox value={view.text ?? ''} onChange={onText} /> : <SearchBox field={view.search.field} value={view.search.value} onChange={onSearch} />}
      <DateRangeControl range={view.dateRange} onChange={(range) => updateView((current) => withDateRange(current, range))} />
      {local && (
        <>
          <DateRangeControl kind="due" range={view.dueRange} onChange={(range) => updateView((current) => withDueRange(current, range))} />
          <CurrencySelect value={view.currency} options={currencies} onChange={(currency) => updateView((current) => withCurrency(current, currency))} />
        </>
      )}
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
