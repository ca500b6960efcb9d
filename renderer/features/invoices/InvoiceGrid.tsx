/**
 * The invoice grid: TanStack Table in manual mode (the service sorts, filters and pages; the table
 * keeps sort, visibility, order and row-selection state and builds headers and cells), TanStack
 * Virtual for the rows (a 500-row page renders the ~30 rows in view, not 5 000 cells), and
 * react-query for the pages (see queries.ts).
 *
 * Mount: <InvoiceGrid companyId={id} onReconnect={() => ...} />. It renders its export menu (in
 * the pager) and the export progress of its company.
 */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { ExportColumnId } from '../../../electron/ipc/contract';
import { useLanguage, useT } from '../../i18n/i18n';
import { ExportJobs } from '../export/ExportJobs';
import { ExportMenu } from '../export/ExportMenu';
import { togglePage } from '../export/selection';
import { columnKey } from './cells';
import { columnSpecs, type FilterId, type SearchField } from './columns';
import { ColumnMenu } from './ColumnMenu';
import { GridError } from './GridError';
import { GridHeader } from './GridHeader';
import { HEADER_HEIGHT, ROW_HEIGHT, SELECT_WIDTH } from './gridLayout';
import { GridRows } from './GridRows';
import { GridSkeleton, SkeletonBody } from './GridSkeleton';
import { InvoiceDetails } from './InvoiceDetails';
import { Pager } from './Pager';
import { useGridView, useInvoiceCachePurge } from './queries';
import { FilterChips, SearchBox } from './Toolbar';
import { useGridPage } from './useGridPage';
import { useGridState } from './useGridState';
import { useInvoiceTable } from './useInvoiceTable';
import './grid.css';
import { clampPage, normaliseView, toExportQuery, type GridView } from './view';

export interface InvoiceGridProps {
  companyId: string;
  /** Called by the Reconnect button of a needs-reconnect / scope-missing error. */
  onReconnect?: () => void;
  /** Show this company's export progress under the grid (default true). */
  showExportJobs?: boolean;
}

export function InvoiceGrid({ companyId, onReconnect, showExportJobs = true }: InvoiceGridProps) {
  useInvoiceCachePurge();
  const t = useT();
  const view = useGridView(companyId);
  if (view.isPending) return <GridSkeleton label={t('grid.loading')} />;
  // A view that cannot be read is not worth blocking the invoices for: start from the defaults.
  const initial = view.data ?? normaliseView(null);
  return <CompanyGrid key={companyId} companyId={companyId} initialView={initial} onReconnect={onReconnect} showExportJobs={showExportJobs} />;
}

function CompanyGrid({
  companyId,
  initialView,
  onReconnect,
  showExportJobs,
}: {
  companyId: string;
  initialView: GridView;
  onReconnect?: () => void;
  showExportJobs: boolean;
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
  } = useGridState(companyId, initialView);
  const { query, result, data, settled, totalPages, rows, waiting } = useGridPage(companyId, view, page, setPage);

  // Table ---------------------------------------------------------------------------------------
  const table = useInvoiceTable({ view, rows, rowSelection, setRowSelection, updateView });

  const tableRows = table.getRowModel().rows;
  const selectedRows = useMemo(() => rows.filter((row) => rowSelection[row.documentNumber]).map((row) => row.documentNumber), [rows, rowSelection]);
  const totalWidth = SELECT_WIDTH + view.columns.reduce((sum, id) => sum + columnSpecs[id].width, 0);

  // Virtual rows --------------------------------------------------------------------------------
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const activeForRange = useRef(0);
  // The app does not use the React Compiler; the virtualizer's methods are read fresh every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // The sticky header sits inside the scroll box above the rows: scrolling a row into view at
    // the bottom must clear it, or the row stops just under the edge.
    scrollPaddingEnd: HEADER_HEIGHT,
    // The active row always exists in the DOM (it holds the grid's tab stop and focus), even when
    // the wheel has scrolled it far out of view.
    rangeExtractor: (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const active = activeForRange.current;
      if (active < range.count && !indexes.includes(active)) indexes.push(active);
      return indexes.sort((a, b) => a - b);
    },
  });

  // A new page starts at its top.
  const shownPage = data?.currentPage;
  useEffect(() => {
    if (shownPage === undefined) return;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [shownPage, companyId, query.limit]);

  const activeIndex = Math.min(active, Math.max(0, tableRows.length - 1));
  activeForRange.current = activeIndex;
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const element = bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (element) {
      element.focus({ preventScroll: true });
      pendingFocus.current = null;
    }
  });

  const moveTo = (index: number) => {
    if (tableRows.length === 0) return;
    const target = Math.min(Math.max(0, index), tableRows.length - 1);
    setActive(target);
    pendingFocus.current = target;
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };
  const goPage = (target: number) => {
    const next = clampPage(target, totalPages);
    if (next === page) return;
    setPage(next);
    setActive(0);
  };

  const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
  const onBodyKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const onRow = (event.target as HTMLElement).tagName === 'TR';
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        moveTo(activeIndex - 1);
        break;
      case 'Home':
        if (!onRow) return;
        moveTo(0);
        break;
      case 'End':
        if (!onRow) return;
        moveTo(tableRows.length - 1);
        break;
      case 'PageDown':
        // PageUp/PageDown change pages (the server's), as the pager's next/previous do; with Ctrl
        // they scroll within the page.
        if (event.ctrlKey) moveTo(activeIndex + pageRows);
        else if (page < totalPages) {
          goPage(page + 1);
          pendingFocus.current = 0;
        }
        break;
      case 'PageUp':
        if (event.ctrlKey) moveTo(activeIndex - pageRows);
        else if (page > 1) {
          goPage(page - 1);
          pendingFocus.current = 0;
        }
        break;
      case 'Enter':
        if (!onRow) return;
        setDetailsOpen(true);
        break;
      case ' ':
        if (!onRow) return;
        tableRows[activeIndex]?.toggleSelected();
        break;
      case 'Escape':
        if (!detailsOpen) return;
        setDetailsOpen(false);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const closeDetails = () => {
    setDetailsOpen(false);
    pendingFocus.current = activeIndex;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  };

  // Rendering -----------------------------------------------------------------------------------
  const onSearch = useCallback((search: { field: SearchField; value: string }) => updateView((current) => ({ ...current, search })), [updateView]);
  const exportColumns = useMemo(() => view.columns.map((id) => ({ id, header: t(columnKey(id)) })), [view.columns, t]);
  const loadingFirst = data === undefined && result.isPending;
  const empty = settled && totalPages === 0;
  const detailsRow = detailsOpen ? tableRows[activeIndex]?.original : undefined;

  return (
    <section className="invoice-grid" aria-label={t('grid.label')} data-testid="invoice-grid" data-company={companyId}>
      <div className="grid-toolbar">
        <FilterChips filter={view.filter} onChange={(filter: FilterId | undefined) => updateView((current) => withFilter(current, filter))} />
        <SearchBox
          field={view.search.field}
          value={view.search.value}
          onChange={onSearch}
        />
        <span className="toolbar-spacer" />
        <span className="grid-activity muted" role="status" data-testid="grid-activity">
          {waiting ? (
            <span className="rate-limit" data-testid="rate-limit-waiting">
              {t('grid.rateLimit')}
            </span>
          ) : result.isPlaceholderData ? (
            t('grid.refreshing')
          ) : (
            ''
          )}
        </span>
        <ColumnMenu columns={view.columns} onChange={(next: ExportColumnId[]) => updateView((current) => ({ ...current, columns: next }))} />
      </div>

      {result.isError && (
        <GridError
          error={result.error}
          onRetry={() => void result.refetch()}
          onReconnect={onReconnect}
          onResetView={() => updateView((current) => ({ ...normaliseView(null), columns: current.columns }))}
        />
      )}

      <div className="grid-body">
        <div className="grid-scroll" ref={scrollRef} data-testid="grid-scroll">
          <table
            className="grid-table"
            role="grid"
            aria-label={t('grid.label')}
            aria-rowcount={loadingFirst ? -1 : tableRows.length + 1}
            aria-colcount={view.columns.length + 1}
            aria-busy={loadingFirst || result.isPlaceholderData || result.isFetching}
            aria-multiselectable="true"
            style={{ minWidth: totalWidth }}
            data-page={shownPage ?? ''}
            data-placeholder={result.isPlaceholderData ? 'true' : 'false'}
            data-total-resources={data?.totalResources ?? ''}
          >
            <GridHeader table={table} rowsOnPage={rows.length} selectedOnPage={selectedRows.length} />
            {loadingFirst ? (
              <SkeletonBody columns={view.columns} />
            ) : (
              <GridRows
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
              {(view.filter || view.search.value.trim()) && <span className="muted">{t('grid.emptyHint')}</span>}
            </div>
          )}
        </div>
        {detailsRow && <InvoiceDetails key={detailsRow.documentNumber} row={detailsRow} language={language} onClose={closeDetails} />}
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
        selectedPages={selectedPages}
        onTogglePage={() => setSelectedPages((pages) => togglePage(pages, page))}
        onClearPages={() => setSelectedPages(new Set())}
      >
        <ExportMenu
          companyId={companyId}
          query={toExportQuery(view)}
          columns={exportColumns}
          page={page}
          totalPages={totalPages}
          selectedPages={selectedPages}
          selectedRows={selectedRows}
          language={language}
        />
      </Pager>
      <p className="muted small keyboard-hint">{t('grid.keyboardHint')}</p>
      {showExportJobs && <ExportJobs language={language} companyId={companyId} />}
    </section>
  );
}

function withFilter(view: GridView, filter: FilterId | undefined): GridView {
  const { filter: _old, ...rest } = view;
  return filter ? { ...rest, filter } : rest;
}
