/** TanStack Virtual over the grid's rows: a 500-row page renders the ~30 rows in view, not 5 000 cells. */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { gridBox, observeGridBox, scrollGridBox } from './grid-box';
import { HEADER_HEIGHT, ROW_HEIGHT } from './grid-layout';

export interface RowVirtualizerOptions {
  rowCount: number;
  activeIndex: number;
  /** The page on screen, its company and page size: a change scrolls back to the top. */
  shownPage: number | undefined;
  companyId: string;
  pageSize: number;
}

export function useRowVirtualizer({ rowCount, activeIndex, shownPage, companyId, pageSize }: RowVirtualizerOptions) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const activeForRange = useRef(0);
  // The app does not use the React Compiler; the virtualizer's methods are read fresh every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // The box as the last grid of the window had it (grid-box.ts): no measure forced in the commit.
    initialRect: gridBox.rect ?? { width: 0, height: 0 },
    observeElementRect: observeGridBox,
    scrollToFn: scrollGridBox,
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

  // A new page starts at its top. The first page shown needs no scroll (a new box is at its top),
  // and scrollTo lays the page out there and then: a switch of company paid for that layout twice.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (shownPage === undefined) return;
    const key = `${companyId}:${shownPage}:${pageSize}`;
    if (scrolledFor.current !== null && scrolledFor.current !== key) scrollRef.current?.scrollTo({ top: 0 });
    scrolledFor.current = key;
  }, [shownPage, companyId, pageSize]);

  activeForRange.current = activeIndex;
  return { scrollRef, bodyRef, virtualizer };
}
