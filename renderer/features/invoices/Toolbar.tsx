/**
 * Filter chips (All + the service's five filters) and the search box: one field at a time (the
 * service accepts one resource-specific search parameter per request), debounced so typing a
 * name costs one request, not one per key.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { filterIds, searchFields, type FilterId, type SearchField } from './columns';
import { MAX_SEARCH_LENGTH } from './view';

export const SEARCH_DEBOUNCE_MS = 350;

export function FilterChips({ filter, onChange }: { filter: FilterId | undefined; onChange: (filter: FilterId | undefined) => void }) {
  const t = useT();
  const chips: Array<FilterId | undefined> = [undefined, ...filterIds];
  return (
    <div className="chips" role="group" aria-label={t('grid.filter.label')} data-testid="filter-chips">
      {chips.map((id) => (
        <button
          key={id ?? 'all'}
          type="button"
          className="chip"
          aria-pressed={filter === id}
          onClick={() => onChange(id)}
          data-filter={id ?? 'all'}
        >
          {t(id ? `grid.filter.${id}` : 'grid.filter.all')}
        </button>
      ))}
    </div>
  );
}

export function SearchBox({
  field,
  value,
  onChange,
}: {
  field: SearchField;
  value: string;
  onChange: (search: { field: SearchField; value: string }) => void;
}) {
  const t = useT();
  const inputId = useId();
  const fieldId = useId();
  const [draft, setDraft] = useState(value);
  // The committed value changes from outside too (reset view, another company's view).
  const committed = useRef(value);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);
  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      onChange({ field, value: draft });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, field, onChange]);

  return (
    <div className="search" role="search">
      <label htmlFor={fieldId} className="visually-hidden">
        {t('grid.search.field')}
      </label>
      <select id={fieldId} value={field} onChange={(event) => onChange({ field: event.target.value as SearchField, value: draft })} data-testid="search-field">
        {searchFields.map((id) => (
          <option key={id} value={id}>
            {t(`grid.search.${id}`)}
          </option>
        ))}
      </select>
      <label htmlFor={inputId} className="visually-hidden">
        {t('grid.search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        value={draft}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={t('grid.search.placeholder')}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            committed.current = draft;
            onChange({ field, value: draft });
          }
        }}
        data-testid="search-input"
      />
      {draft !== '' && (
        <button
          type="button"
          className="link-button"
          aria-label={t('grid.search.clear')}
          onClick={() => {
            setDraft('');
            committed.current = '';
            onChange({ field, value: '' });
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}
