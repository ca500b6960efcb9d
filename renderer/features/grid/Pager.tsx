/**
 * The pager, driven by the service's MetaInformation: first, previous, next, last, jump to a page,
 * the page size, "rows x–y of N", and the empty case (@TotalPages 0). The export selection's page
 * toggle ("select this page", "3 pages selected") and the export menu are PageSelection, on the sums'
 * line above it: on the pager's line they wrapped it to two lines as soon as a page was selected,
 * and the grid lost a row.
 */
import { useId, useState, type ReactNode } from 'react';
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { pageSizes } from '../../../electron/common/list-primitives';
import { formatCount } from './format';
import { clampPage, rowRange } from './pager-math';

export interface PagerProps {
  page: number;
  totalPages: number;
  totalResources: number;
  rowsOnPage: number;
  /** Rows per page of the page on screen (for "rows x–y"); while the next page loads it is the old one's. */
  limit: number;
  /** The chosen page size (the select shows it at once, before the new page arrives). */
  pageSize: number;
  language: Language;
  /** No page has arrived yet (first load): the numbers are not known. */
  unknown: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export function Pager(props: PagerProps) {
  const { page, totalPages, totalResources, rowsOnPage, limit, language, unknown } = props;
  const t = useT();
  const jumpId = useId();
  const sizeId = useId();
  // What the user is typing into the page box, for the page it was typed on (a page change shows
  // the new page number).
  const [draft, setDraft] = useState<{ page: number; text: string } | null>(null);
  const jump = draft && draft.page === page ? draft.text : String(page);

  const empty = !unknown && totalPages === 0;
  const range = rowRange(page, limit, rowsOnPage, totalResources);
  const atFirst = page <= 1;
  const atLast = page >= totalPages;
  const go = (target: number) => props.onPage(clampPage(target, totalPages));
  const n = (value: number) => formatCount(value, language);

  return (
    <nav className="pager" aria-label={t('grid.pager.label')} data-testid="pager">
      <div className="pager-group">
        <button type="button" onClick={() => go(1)} disabled={unknown || atFirst} aria-label={t('grid.pager.first')} title={t('grid.pager.first')}>
          <span aria-hidden="true">«</span>
        </button>
        <button type="button" onClick={() => go(page - 1)} disabled={unknown || atFirst} aria-label={t('grid.pager.previous')} title={t('grid.pager.previous')}>
          <span aria-hidden="true">‹</span>
        </button>
        <form
          // A page past the last goes to the last (clampPage) instead of a browser validation bubble.
          noValidate
          className="pager-jump"
          onSubmit={(event) => {
            event.preventDefault();
            const target = Number(jump);
            if (Number.isFinite(target)) go(target);
            setDraft(null);
          }}
        >
          <label htmlFor={jumpId}>{t('grid.pager.page')}</label>
          <input
            id={jumpId}
            className="num"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, totalPages)}
            value={jump}
            onChange={(event) => setDraft({ page, text: event.target.value })}
            disabled={unknown || empty}
            aria-describedby={`${jumpId}-of`}
            data-testid="pager-jump"
          />
          <span id={`${jumpId}-of`} className="muted" data-testid="pager-total-pages">
            {t('grid.pager.ofPages', { total: n(totalPages) })}
          </span>
          <button type="submit" disabled={unknown || empty} title={t('grid.pager.jump')}>
            {t('grid.pager.go')}
          </button>
        </form>
        <button type="button" onClick={() => go(page + 1)} disabled={unknown || atLast} aria-label={t('grid.pager.next')} title={t('grid.pager.next')}>
          <span aria-hidden="true">›</span>
        </button>
        <button type="button" onClick={() => go(totalPages)} disabled={unknown || atLast} aria-label={t('grid.pager.last')} title={t('grid.pager.last')}>
          <span aria-hidden="true">»</span>
        </button>
      </div>

      <div className="pager-group">
        <label htmlFor={sizeId}>{t('grid.pager.pageSize')}</label>
        <select id={sizeId} value={props.pageSize} onChange={(event) => props.onLimit(Number(event.target.value))} data-testid="pager-size">
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>

      <div className="pager-group pager-range num" aria-live="polite" data-testid="pager-range">
        {unknown ? '' : empty ? t('grid.empty') : range ? t('grid.pager.rows', { from: n(range.from), to: n(range.to), total: n(range.total) }) : ''}
      </div>
    </nav>
  );
}

export interface PageSelectionProps {
  page: number;
  language: Language;
  /** No page has arrived yet, or the view is empty: nothing to select. */
  disabled: boolean;
  selectedPages: ReadonlySet<number>;
  onTogglePage: () => void;
  onClearPages: () => void;
  /** The export menu. */
  children?: ReactNode;
}

/** "Select this page", how many pages are selected and Clear, then the export menu. */
export function PageSelection({ page, language, disabled, selectedPages, onTogglePage, onClearPages, children }: PageSelectionProps) {
  const t = useT();
  const selectedCount = selectedPages.size;
  const n = (value: number) => formatCount(value, language);
  return (
    <div className="pager-group pager-selection">
      <label className="checkbox-label">
        <input type="checkbox" checked={selectedPages.has(page)} onChange={onTogglePage} disabled={disabled} data-testid="select-page" />
        {t('grid.pager.selectPage')}
      </label>
      <span className="muted" aria-live="polite" data-testid="pages-selected">
        {selectedCount === 0 ? '' : selectedCount === 1 ? t('grid.pager.pagesSelected.one') : t('grid.pager.pagesSelected', { count: n(selectedCount) })}
      </span>
      {selectedCount > 0 && (
        <button type="button" className="link-button" onClick={onClearPages}>
          {t('grid.pager.clearPages')}
        </button>
      )}
      {children}
    </div>
  );
}
