/**
 * Any list's grid (its description, grid-resource.ts, built on the registry's, says columns,
 * filters, labels, channels and details): TanStack Table in manual mode (the service sorts, filters and pages; the table
 * keeps sort, visibility, order and row-selection state and builds headers and cells), TanStack
 * Virtual for the rows (a 500-row page renders the ~30 rows in view, not 5 000 cells), and
 * react-query for the pages (see queries.ts). This file composes the parts: the state
 * (useGridState), the page (useGridPage), the table (useGridTable), the virtualiser
 * (useRowVirtualizer), the keyboard (useGridKeyboard), the toolbar, header, rows and pager.
 *
 * Mount: <ResourceGrid resource={customerInvoices} companyId={id} onReconnect={() => ...} />, a
 * list's description as its resource. It renders its export menu (in the
 * pager, when the resource exports) and the export progress of its company.
 */
import { useEffect, useMemo } from 'react';
import { useLanguage, useT } from '../../i18n/i18n';
import { useStatusHint } from '../../ui/status-hint';
import { useGridMode } from '../sync/queries';
import { ExportJobs } from '../export/ExportJobs';
import { ExportMenu } from '../export/ExportMenu';
import { togglePage } from '../export/selection';
import { cellText } from './cells';
import { contentWidths, fitColumnsOf, widthOfColumns, withWidths } from './column-fit';
import type { AnyGridResource, AnyGridView, GridRow } from './grid-resource';
import type { GridMode } from './grid-mode';
import { withText } from './view-changes';
import { GridError } from './GridError';
import { GridHeader } from './GridHeader';
import { GridRows } from './GridRows';
import { GridSkeleton, SkeletonBody } from './GridSkeleton';
import { GridSums } from './GridSums';
import { GridToolbar } from './GridToolbar';
import { PageSelection, Pager } from './Pager';
import { useGridView, useInvoiceCachePurge } from './queries';
import { useGridKeyboard } from './useGridKeyboard';
import { useGridPage } from './useGridPage';
import { useGridState } from './useGridState';
import { useElementWidth } from './useElementWidth';
import { gridBox } from './grid-box';
import { useGridTable } from './useGridTable';
import { canvasMeasure } from './measure-text';
import { useRowVirtualizer } from './useRowVirtualizer';
import { currencyOptions } from './sums';
import './grid.css';
import type { ViewChannel } from './view-channel';

export interface GridProps {
  companyId: string;
  /** Called by the Reconnect button of a needs-reconnect / scope-missing error. */
  onReconnect?: () => void;
  /** Show this company's export progress under the grid (default true). */
  showExportJobs?: boolean;
  /** Views sent from beside the grid (the receivables overview's links). */
  links?: ViewChannel<AnyGridView>;
  /** What a row leads to beyond its details (a customer: its invoices; `document`: one of them), offered by its details panel. */
  onFollow?: (row: GridRow, document?: string) => void;
}

/** The view without what was typed in either search box (the field chosen for the service's search stays). */
const withoutSearch = (view: AnyGridView): AnyGridView => ({ ...withText(view, ''), search: { field: view.search.field, value: '' } });

export function ResourceGrid({ resource, companyId, onReconnect, showExportJobs = true, links, onFollow }: GridProps & { resource: AnyGridResource }) {
  useInvoiceCachePurge();
  const t = useT();
  const view = useGridView(resource, companyId);
  // Who answers (the local copy or the service) is known before the first page is asked for, so
  // a company whose copy is ready never asks the service for it first.
  const { mode, isPending: modePending } = useGridMode(companyId, resource.id);
  if (view.isPending || modePending) return <GridSkeleton resource={resource} label={t('grid.loading')} />;
  // A view that cannot be read is not worth blocking the invoices for: start from the defaults.
  const initial = view.data ?? resource.view.normaliseView(null);
  return (
    <CompanyGrid
      key={`${resource.id}:${companyId}`}
      resource={resource}
      companyId={companyId}
      initialView={initial}
      mode={mode}
      onReconnect={onReconnect}
      showExportJobs={showExportJobs}
      links={links}
      onFollow={onFollow}
    />
  );
}

function CompanyGrid({
  resource,
  companyId,
  initialView,
  mode,
  onReconnect,
  showExportJobs,
  links,
  onFollow,
}: {
  resource: AnyGridResource;
  companyId: string;
  initialView: AnyGridView;
  mode: GridMode;
  onReconnect?: () => void;
  showExportJobs: boolean;
  links: ViewChannel<AnyGridView> | undefined;
  onFollow: ((row: GridRow, document?: string) => void) | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const {
    view,
    updateView,
    page,
    setPage,
    selectedPages,
    setSelectedPages,
    rowSelection,
    setRowSelection,
    active,
    setActive,
    detailsOpen,
    setDetailsOpen,
  } = useGridState(resource, companyId, initialView, mode);
  const { query, result, data, settled, totalPages, rows, waiting } = useGridPage(resource, companyId, view, page, setPage, mode);
  // A link of the overview: its view, from page 1 (the grid fills its tab: nothing to scroll to).
  useEffect(
    () =>
      links?.listen((update) => {
        updateView(update);
        setPage(1);
      }),
    [links, updateView, setPage],
  );
  useStatusHint(t('grid.keyboardHint'));
  // The sums of the whole filtered view: from the local copy only.
  const sums = mode === 'local' && data?.source === 'local' ? data.sums : undefined;

  const shownPage = data?.currentPage;
  // The table has one row per invoice of the page (no client-side filtering).
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));
  const { scrollRef, bodyRef, virtualizer } = useRowVirtualizer({ rowCount: rows.length, activeIndex, shownPage, companyId, pageSize: query.limit });
  // The screen shows the columns that fit the grid's own width (less when the details are open);
  // the view, and an export, keep all the user chose.
  const available = useElementWidth(scrollRef, gridBox);
  const sortColumn = resource.view.sortingOf(view, mode)[0]?.id;
  // Each column as wide as the page's values need (the name as wide as most names), in the
  // language shown: the header, the rows and the fit all read these widths (`sized`).
  const sized = useMemo(() => {
    const measure = canvasMeasure();
    const widths = contentWidths(resource, view.columns, (id) => t(resource.labels.column(id)), (id) => rows.map((row) => cellText(resource, id, row, language, t)), measure);
    return withWidths(resource, widths);
  }, [resource, view.columns, rows, language, t]);
  const shownColumns = useMemo(() => fitColumnsOf(sized, view.columns, available, sortColumn), [sized, view.columns, available, sortColumn]);
  const shownView = useMemo(() => ({ ...view, columns: shownColumns }), [view, shownColumns]);
  const table = useGridTable({ resource, view: shownView, rows, rowSelection, setRowSelection, updateView, mode });
  const tableRows = table.getRowModel().rows;
  const selectedRows = useMemo(() => rows.map((row) => resource.rowId(row)).filter((id) => rowSelection[id]), [resource, rows, rowSelection]);
  const totalWidth = widthOfColumns(sized, shownColumns);

  const { onBodyKeyDown, goPage, closeDetails } = useGridKeyboard({
    rows: tableRows,
    activeIndex,
    setActive,
    page,
    totalPages,
    setPage,
    detailsOpen,
    setDetailsOpen,
    virtualizer,
    scrollRef,
    bodyRef,
  });

  const loadingFirst = data === undefined && result.isPending;
  // Words typed in a search box: the local copy's one box (text) or the service's field search.
  const searched = (view.text ?? '') !== '' || view.search.value !== '';
  const empty = settled && totalPages === 0;
  const detailsRow = detailsOpen ? tableRows[activeIndex]?.original : undefined;
  const { Details, Narrowing } = resource;

  return (
    <section className="invoice-grid" aria-label={t(resource.labels.grid)} data-testid="invoice-grid" data-company={companyId} data-resource={resource.id}>
      {mode === 'local' && Narrowing && <Narrowing companyId={companyId} view={view} language={language} onChange={updateView} />}
      <GridToolbar
        resource={resource}
        view={view}
        updateView={updateView}
        mode={mode}
        currencies={currencyOptions(sums, view.currency)}
        waiting={waiting}
        refreshing={result.isPlaceholderData}
      />

      {result.isError && (
        <GridError
          error={result.error}
          onRetry={() => void result.refetch()}
          onReconnect={onReconnect}
          onResetView={() => updateView((current) => ({ ...resource.view.normaliseView(null), columns: current.columns }))}
        />
      )}

      <div className="grid-body">
        <div className="grid-scroll" ref={scrollRef} data-testid="grid-scroll">
          <table
            className="grid-table"
            role="grid"
            aria-label={t(resource.labels.grid)}
            aria-rowcount={loadingFirst ? -1 : tableRows.length + 1}
            aria-colcount={shownColumns.length + 1}
            aria-busy={loadingFirst || result.isPlaceholderData || result.isFetching}
            aria-multiselectable="true"
            style={{ minWidth: totalWidth }}
            data-page={shownPage ?? ''}
            data-placeholder={result.isPlaceholderData ? 'true' : 'false'}
            data-total-resources={data?.totalResources ?? ''}
          >
            <GridHeader resource={sized} table={table} rowsOnPage={rows.length} selectedOnPage={selectedRows.length} mode={mode} />
            {loadingFirst ? (
              <SkeletonBody resource={sized} columns={shownColumns} />
            ) : (
              <GridRows
                resource={sized}
                table={table}
                rows={tableRows}
                virtualizer={virtualizer}
                bodyRef={bodyRef}
                activeIndex={activeIndex}
                onKeyDown={onBodyKeyDown}
                onActivate={setActive}
                onOpen={(index) => {
                  setActive(index);
                  setDetailsOpen(true);
                }}
              />
            )}
          </table>
          {empty && (
            <div className="grid-empty" role="status" data-testid="grid-empty">
              <strong>{t('grid.empty')}</strong>
              {(query.filter || query.search || query.text || query.currency || query.fromduedate || query.toduedate || (mode === 'local' && resource.view.narrowed(view))) && <span className="muted">{t('grid.emptyHint')}</span>}
              {/* Nothing found for the words typed: one click takes them away (filters and ranges stay). */}
              {searched && (
                <button type="button" onClick={() => updateView(withoutSearch)} data-testid="grid-empty-clear-search">
                  {t('grid.clearSearch')}
                </button>
              )}
            </div>
          )}
        </div>
        {detailsRow && <Details key={resource.rowId(detailsRow)} resource={resource} row={detailsRow} companyId={companyId} language={language} onClose={closeDetails} {...(onFollow ? { onFollow } : {})} />}
      </div>
      {/* The sums and the export selection share a line: the pager below stays one line. */}
      <div className="grid-foot">
        {sums ? <GridSums sums={sums} language={language} labels={{ one: resource.labels.sumsOne, count: resource.labels.sumsCount, ...resource.labels.sums }} /> : <span />}
        <PageSelection
          page={page}
          language={language}
          disabled={data === undefined || totalPages === 0}
          selectedPages={selectedPages}
          onTogglePage={() => setSelectedPages((pages) => togglePage(pages, page))}
          onClearPages={() => setSelectedPages(new Set())}
        >
          {resource.export && (
            <ExportMenu
              companyId={companyId}
              resource={resource.id}
              query={resource.view.toExportQuery(view, new Date(), mode)}
              columns={resource.export.columns(view.columns)}
              page={page}
              totalPages={totalPages}
              selectedPages={selectedPages}
              selectedRows={selectedRows}
              language={language}
            />
          )}
        </PageSelection>
      </div>

      <Pager
        page={page}
        totalPages={totalPages}
        totalResources={data?.totalResources ?? 0}
        rowsOnPage={settled ? rows.length : (data?.rows.length ?? 0)}
        limit={settled ? view.limit : (data?.rows.length ?? view.limit)}
        pageSize={view.limit}
        language={language}
        unknown={data === undefined}
        onPage={goPage}
        onLimit={(limit) => updateView((current) => ({ ...current, limit }))}
      />
      {showExportJobs && <ExportJobs language={language} companyId={companyId} />}
    </section>
  );
}
