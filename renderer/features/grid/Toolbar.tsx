/**
 * Filter chips (All + the resource's filters) and the search box: one field at a time (the
 * service accepts one resource-specific search parameter per request), debounced so typing a
 * name costs one request, not one per key. With the local copy: one box over every searchable
 * field instead, and the currency select. The filters, fields and labels are the resource's.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';
import type { AnyGridResource } from './grid-resource';
import { MAX_SEARCH_LENGTH } from './view-values';

export const SEARCH_DEBOUNCE_MS = 350;

export function FilterChips({ resource, filter, onChange, local }: { resource: AnyGridResource; filter: string | undefined; onChange: (filter: string | undefined) => void; local: boolean }) {
  const t = useT();
  // Without the copy, no chip the service cannot answer (the customers' "with overdue").
  const { filters, localOnlyFilters } = resource.view.spec;
  const chips: Array<string | undefined> = [undefined, ...filters.filter((id) => local || !localOnlyFilters.includes(id))];
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
          {t(id ? resource.labels.filter(id) : 'grid.filter.all')}
        </button>
      ))}
    </div>
  );
}

/**
 * A search box's text as typed (`draft`) and committed (`commit`, after SEARCH_DEBOUNCE_MS of quiet
 * or at once): the committed value changes from outside too (reset view, another company's view).
 */
function useDebouncedText(value: string, onCommit: (value: string) => void) {
  const [draft, setDraft] = useState(value);
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
      onCommit(draft);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, onCommit]);
  const commit = (next: string) => {
    setDraft(next);
    committed.current = next;
    onCommit(next);
  };
  return { draft, setDraft, commit };
}

/** The service's search: a field select (when the resource has more than one) and its box. */
export function SearchBox({
  resource,
  field,
  value,
  onChange,
}: {
  resource: AnyGridResource;
  field: string;
  value: string;
  onChange: (search: { field: string; value: string }) => void;
}) {
  const t = useT();
  const fieldId = useId();
  const onCommit = useCallback((next: string) => onChange({ field, value: next }), [field, onChange]);
  const text = useDebouncedText(value, onCommit);
  const fields = resource.view.spec.searchFields;
  if (fields.length === 1) {
    // One field only (the service searches supplier invoices by supplier number alone): its name is the box's.
    const label = t(resource.labels.searchField(field));
    return (
      <div className="search" role="search">
        <SearchInput text={text} label={t('grid.search.in', { field: label })} placeholder={`${label}…`} testId="search-input" />
      </div>
    );
  }
  return (
    <div className="search" role="search">
      <label htmlFor={fieldId} className="visually-hidden">
        {t('grid.search.field')}
      </label>
      <select id={fieldId} value={field} onChange={(event) => onChange({ field: event.target.value, value: text.draft })} data-testid="search-field">
        {fields.map((id) => (
          <option key={id} value={id}>
            {t(resource.labels.searchField(id))}
          </option>
        ))}
      </select>
      <SearchInput text={text} label={t('grid.search.label')} placeholder={t('grid.search.placeholder')} testId="search-input" />
    </div>
  );
}

/** The local copy's one search box: over the resource's searchable fields (customer invoices: name and number, document number, OCR and references). */
export function TextSearchBox({ resource, value, onChange }: { resource: AnyGridResource; value: string; onChange: (text: string) => void }) {
  const t = useT();
  const text = useDebouncedText(value, onChange);
  return (
    <div className="search" role="search">
      <SearchInput text={text} label={t(resource.labels.text)} placeholder={t(resource.labels.textPlaceholder)} testId="text-search" wide />
    </div>
  );
}

function SearchInput({
  text,
  label,
  placeholder,
  testId,
  wide = false,
}: {
  text: ReturnType<typeof useDebouncedText>;
  label: string;
  placeholder: string;
  testId: string;
  wide?: boolean;
}) {
  const t = useT();
  const inputId = useId();
  // One clear button, ours (a labelled button the keyboard reaches): the browser's own ✕ of a
  // search field is hidden (grid.css).
  return (
    <span className="search-field">
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        className={wide ? 'wide' : undefined}
        value={text.draft}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={placeholder}
        title={wide ? label : undefined}
        onChange={(event) => text.setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') text.commit(text.draft);
        }}
        data-testid={testId}
      />
      {text.draft !== '' && (
        <button type="button" className="search-clear" aria-label={t('grid.search.clear')} title={t('grid.search.clear')} onClick={() => text.commit('')} data-testid="search-clear">
          ×
        </button>
      )}
    </span>
  );
}

/** The local copy's currency: all, or one of the view's currencies (`options`). */
export function CurrencySelect({ value, options, onChange }: { value: string | undefined; options: readonly string[]; onChange: (currency: string | undefined) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="currency-select">
      <label htmlFor={id} className="visually-hidden">
        {t('grid.currency.label')}
      </label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)} data-testid="currency-select">
        <option value="">{t('grid.currency.all')}</option>
        {options.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}
