/**
 * The two rows above every grid, laid out the same for every list: first what finds invoices (the
 * search, always first, then the invoice-date range), what the grid is waiting for and the column
 * menu at the end; under it the filter chips, as many as the list has. With the local copy (`mode`
 * 'local'): one search box over every searchable field instead of the field search, a due-date
 * range and a currency select too. Without it, a resource the service cannot sort or search by
 * name says why that waits for the copy.
 */
import { useCallback } from 'react';
import { useSettings } from '../../api';
import { useT } from '../../i18n/i18n';
import { ColumnMenu } from './ColumnMenu';
import { DateRangeControl } from './DateRangeControl';
import type { AnyGridResource, AnyGridView } from './grid-resource';
import type { GridMode } from './grid-mode';
import { withCurrency, withDateRange, withDueRange, withFilter, withText } from './view-changes';
import { CurrencySelect, FilterChips, SearchBox, TextSearchBox } from './Toolbar';

export interface GridToolbarProps {
  resource: AnyGridResource;
  view: AnyGridView;
  updateView: (update: (current: AnyGridView) => AnyGridView) => void;
  mode: GridMode;
  /** The currency select's choices (the view's currencies and the selected one). */
  currencies: readonly string[];
  /** The company's requests wait for the service's rate limit. */
  waiting: boolean;
  /** The previous page is on screen while the next one loads. */
  refreshing: boolean;
}

export function GridToolbar({ resource, view, updateView, mode, currencies, waiting, refreshing }: GridToolbarProps) {
  const t = useT();
  // Stable, so the search box's debounce is not restarted by every render of the grid.
  const onSearch = useCallback((search: { field: string; value: string }) => updateView((current) => ({ ...current, search })), [updateView]);
  const onText = useCallback((text: string) => updateView((current) => withText(current, text)), [updateView]);
  const local = mode === 'local';
  const settings = useSettings();
  const notes = !local ? resource.labels.serviceNote : undefined;
  const note = notes && (settings.data?.localCopy === false ? notes.off : notes.waiting);
  return (
    <>
      <div className="grid-toolbar" data-mode={mode}>
        {local ? (
          <TextSearchBox resource={resource} value={view.text ?? ''} onChange={onText} />
        ) : (
          <SearchBox resource={resource} field={view.search.field} value={view.search.value} onChange={onSearch} />
        )}
        {resource.view.spec.dated && <DateRangeControl range={view.dateRange} onChange={(range) => updateView((current) => withDateRange(current, range))} />}
        {local && resource.view.spec.dated && (
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
        <ColumnMenu resource={resource} columns={view.columns} onChange={(next) => updateView((current) => ({ ...current, columns: next }))} />
      </div>
      <FilterChips resource={resource} filter={view.filter} local={local} onChange={(filter) => updateView((current) => withFilter(current, filter))} />
      {note && (
        <p className="muted small grid-note" data-testid="grid-service-note">
          {t(note)}
        </p>
      )}
    </>
  );
}
