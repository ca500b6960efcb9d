/** Moving around the grid: arrow keys, Home/End, PageUp/PageDown, Enter, Space and Escape, and focus that follows the active row. */
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { ROW_HEIGHT } from './grid-layout';
import type { GridTableRow } from './useGridTable';
import { clampPage } from './pager-math';

export interface GridKeyboardOptions {
  rows: readonly GridTableRow[];
  activeIndex: number;
  setActive: (index: number) => void;
  page: number;
  totalPages: number;
  setPage: (page: number) => void;
  detailsOpen: boolean;
  setDetailsOpen: (open: boolean) => void;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollRef: RefObject<HTMLDivElement | null>;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
}

export function useGridKeyboard({
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
}: GridKeyboardOptions) {
  // The row to focus once it is rendered: after a scroll or a page change it may not exist yet.
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

  // Rows per screen for Ctrl+PageUp/PageDown, from the scroll box's height at this render. The
  // rule wants it read in the key handler: fresher, but a change of behaviour, so not done here.
  // eslint-disable-next-line react-hooks/refs
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

  // Focus goes back to the row the details were opened from.
  const closeDetails = () => {
    setDetailsOpen(false);
    pendingFocus.current = activeIndex;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  };

  return { onBodyKeyDown, goPage, closeDetails };
}
