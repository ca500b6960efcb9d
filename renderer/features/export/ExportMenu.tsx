/**
 * The export menu in the pager: what to export (the marked pages, a page range, all pages, or the
 * selected rows), the format (the language's until the user picks one: export-format.ts), and the
 * visible columns in their order. Always of the grid's current view: the main process re-reads the
 * pages with the view's query, and picks the file with the native save dialog (the renderer never
 * supplies a path).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ResourceId } from '../../../electron/common/resources';
import type { ExportFormat, Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { formatCount } from '../grid/format';
import { usePopover } from '../grid/popover';
import { exportFormatFor, readPickedFormat, windowStorage, writePickedFormat } from './export-format';
import { startExport } from './queries';
import { buildSelection, exportChoices, type ExportChoice, type SelectionProblem } from './selection';

export interface ExportMenuProps {
  companyId: string;
  /** Which list is exported. */
  resource: ResourceId;
  /** The view's query without the page (the resource's own query: the main process validates it). */
  query: object;
  /** The grid's visible columns in order, as the resource's export names them (the main process labels them in the UI language). */
  columns: string[];
  page: number;
  totalPages: number;
  selectedPages: ReadonlySet<number>;
  selectedRows: readonly string[];
  language: Language;
}

const formats = ['standard', 'excel-sv'] as const satisfies readonly ExportFormat[];

export function ExportMenu(props: ExportMenuProps) {
  const t = useT();
  const client = useQueryClient();
  const { open, side, panelId, buttonRef, panelRef, show, close } = usePopover('input[type=radio]:checked');
  const [choice, setChoice] = useState<ExportChoice>('all');
  const [rangeText, setRangeText] = useState('');
  // The format the user picked (remembered across menus, companies and starts), else the language's.
  const [picked, setPicked] = useState<ExportFormat | null>(() => readPickedFormat(windowStorage()));
  const format = exportFormatFor(props.language, picked);
  const pickFormat = (id: ExportFormat) => {
    writePickedFormat(windowStorage(), id);
    setPicked(id);
  };
  const [problem, setProblem] = useState<SelectionProblem | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const rangeId = useId();
  const n = (value: number) => formatCount(value, props.language);


  const openMenu = () => {
    // Start from what the user has marked: rows, else pages, else everything.
    setChoice(props.selectedRows.length > 0 ? 'rows' : props.selectedPages.size > 0 ? 'pages' : 'all');
    // Another list's menu may have picked since this one was made.
    setPicked(readPickedFormat(windowStorage()));
    setProblem(null);
    setFailure(null);
    show();
  };

  const submit = async () => {
    const built = buildSelection({
      choice,
      selectedPages: props.selectedPages,
      rangeText,
      totalPages: props.totalPages,
      page: props.page,
      selectedRows: props.selectedRows,
    });
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    setFailure(null);
    setBusy(true);
    try {
      const jobId = await startExport(client, {
        companyId: props.companyId,
        resource: props.resource,
        query: props.query,
        selection: built.selection,
        columns: props.columns,
        format,
      });
      // null: the user cancelled the save dialog; the menu stays as it was.
      if (jobId !== null) close();
    } catch (error) {
      setFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setBusy(false);
    }
  };

  const counts: Record<ExportChoice, string> = {
    pages: t('export.choice.pages', { count: n(props.selectedPages.size) }),
    range: t('export.choice.range'),
    all: t('export.choice.all', { count: n(props.totalPages) }),
    rows: t('export.choice.rows', { count: n(props.selectedRows.length) }),
  };

  return (
    <div className="popover-anchor">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : openMenu())}
        disabled={props.totalPages === 0}
        data-testid="export-button"
      >
        {t('export.button')}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className={`popover export-menu popover-up popover-${side}`}
          role="dialog"
          aria-modal="false"
          aria-label={t('export.title')}
          data-testid="export-menu"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <h2 className="popover-title">{t('export.title')}</h2>
          <fieldset>
            <legend>{t('export.what')}</legend>
            {exportChoices.map((id) => (
              <div key={id} className="radio-row">
                <label className="checkbox-label">
                  <input type="radio" name={`${panelId}-what`} value={id} checked={choice === id} onChange={() => setChoice(id)} data-testid={`export-choice-${id}`} />
                  {counts[id]}
                </label>
                {id === 'range' && (
                  <>
                    <label htmlFor={rangeId} className="visually-hidden">
                      {t('export.range.label')}
                    </label>
                    <input
                      id={rangeId}
                      className="range-input num"
                      type="text"
                      inputMode="numeric"
                      value={rangeText}
                      placeholder={t('export.range.placeholder')}
                      onFocus={() => setChoice('range')}
                      onChange={(event) => setRangeText(event.target.value)}
                      data-testid="export-range"
                    />
                  </>
                )}
              </div>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('export.format')}</legend>
            {formats.map((id) => (
              <div key={id} className="radio-row">
                <label className="checkbox-label">
                  <input type="radio" name={`${panelId}-format`} value={id} checked={format === id} onChange={() => pickFormat(id)} data-testid={`export-format-${id}`} />
                  {t(`export.format.${id}`)}
                  <span className="muted"> ({t(id === 'standard' ? 'export.format.standardHint' : 'export.format.excelHint')})</span>
                </label>
              </div>
            ))}
          </fieldset>
          <p className="muted small">{t('export.columns', { count: props.columns.length })}</p>
          {problem && (
            <p className="field-error" role="alert" data-testid="export-problem">
              {t(`export.problem.${problem}`, { total: n(props.totalPages) })}
            </p>
          )}
          {failure && (
            <div data-testid="export-failure">
              <ErrorBanner error={failure} />
            </div>
          )}
          <div className="popover-actions">
            <button type="button" className="primary" onClick={() => void submit()} disabled={busy} data-testid="export-start">
              {t('export.start')}
            </button>
            <button type="button" onClick={close}>
              {t('export.close')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
