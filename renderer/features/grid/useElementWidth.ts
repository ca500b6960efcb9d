/** An element's content width, kept current by a ResizeObserver (0 until it is laid out). */
import { useEffect, useState, type RefObject } from 'react';

/** Where a width is kept between mounts of an element in the same place (the grid's box, grid-box.ts). */
export interface WidthMemory {
  width: number;
}

/**
 * `memory`: the width starts from the last one measured there, not 0, so the first render already
 * fits the columns (a switch of company drew its grid twice: with every column, then with those
 * that fit, once the observer had measured the box); the observer then only confirms it.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, memory?: WidthMemory): number {
  const [width, setWidth] = useState(() => memory?.width ?? 0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      const measured = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (memory && measured > 0) memory.width = measured;
      setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, memory]);
  return width;
}
