/**
 * A new grid starts from the box the last one had (grid-box.ts): its virtualiser neither measures
 * the box in the commit nor scrolls a new box to the top it is already at.
 */
import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gridBox, observeGridBox, scrollGridBox } from '../../../../../renderer/features/grid/grid-box';

type Instance = Virtualizer<HTMLDivElement, Element>;

/** A scroll box as the virtualiser sees it: its size, and the scrolls asked of it. */
function box(width = 900, height = 420) {
  const scrolls: number[] = [];
  const element = { clientWidth: width, clientHeight: height, scrollTo: (to: { top: number }) => scrolls.push(to.top) } as unknown as HTMLDivElement;
  const instance = { scrollElement: element, targetWindow: globalThis, options: { horizontal: false, isRtl: false } } as unknown as Instance;
  return { element, instance, scrolls };
}

/** A ResizeObserver the test fires by hand, as the browser does after a layout. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  constructor(readonly callback: () => void) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.all = [];
  gridBox.rect = undefined;
  gridBox.width = 0;
});

describe("the grid's box", () => {
  it('the first grid of a window is measured at once and remembered; the next one is not measured until the observer reports', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const rects: Rect[] = [];
    const first = box(900, 420);
    observeGridBox(first.instance, (rect) => rects.push(rect));
    expect(rects).toEqual([{ width: 900, height: 420 }]);
    expect(gridBox.rect).toEqual({ width: 900, height: 420 });

    const next = box(700, 300);
    const seen: Rect[] = [];
    const stop = observeGridBox(next.instance, (rect) => seen.push(rect));
    // Nothing read in the commit: the virtualiser keeps its initialRect (the remembered box).
    expect(seen).toEqual([]);
    const observer = FakeObserver.all.at(-1)!;
    expect(observer.observed).toEqual([next.element]);
    // The window was resized meanwhile: the observer's report corrects it, and is remembered.
    observer.callback();
    expect(seen).toEqual([{ width: 700, height: 300 }]);
    expect(gridBox.rect).toEqual({ width: 700, height: 300 });
    stop?.();
    expect(observer.observed).toEqual([]);
  });

  it("skips only the virtualiser's first scroll of a new box to its top", () => {
    const { instance, scrolls } = box();
    scrollGridBox(0, { adjustments: 0, behavior: undefined }, instance);
    expect(scrolls).toEqual([]);
    // Then every scroll is made, the top included (Home after the wheel moved the rows).
    scrollGridBox(340, { adjustments: 0, behavior: undefined }, instance);
    scrollGridBox(0, { adjustments: 0, behavior: undefined }, instance);
    expect(scrolls).toEqual([340, 0]);
    // A first scroll elsewhere than the top is made.
    const other = box();
    scrollGridBox(68, { adjustments: 0, behavior: undefined }, other.instance);
    expect(other.scrolls).toEqual([68]);
  });
});
