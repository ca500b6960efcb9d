/**
 * The grid's scroll box as last measured in this window. A switch of company mounts a new grid in
 * the same place, the same size: it starts from these figures, so its first render already has
 * the rows in view and the columns that fit, and its observers only confirm them. Started from
 * nothing, the virtualiser would measure the box in the commit (forcing a layout of the whole new
 * workspace there, and again for the frame) and draw the rows again, and the columns would be
 * fitted in a render of their own. Nor is a new box scrolled to its top as the virtualiser attaches
 * to it: it is there, and the scroll would force the same layout.
 * A window resized meanwhile is still measured: the observers correct the figures.
 */
import { elementScroll, observeElementRect, type Rect, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import type { WidthMemory } from './useElementWidth';

export const gridBox: { rect: Rect | undefined } & WidthMemory = { rect: undefined, width: 0 };

/**
 * The virtualiser's observer of its box: the library's (a measure at once, then a ResizeObserver)
 * for the first grid of the window, then a ResizeObserver alone, from the remembered size.
 */
export function observeGridBox(instance: Virtualizer<HTMLDivElement, Element>, onRect: (rect: Rect) => void): (() => void) | undefined {
  const remember = (rect: Rect) => {
    if (rect.height > 0) gridBox.rect = rect;
    onRect(rect);
  };
  const element = instance.scrollElement;
  if (!gridBox.rect || !element || typeof ResizeObserver === 'undefined') return observeElementRect(instance, remember);
  const observer = new ResizeObserver(() => remember({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** Boxes the virtualiser has attached to: its first scroll of each is its own, to where a new box already is. */
const attached = new WeakSet<Element>();

/** The virtualiser's scroll, less its first one to the top of a new box (a layout forced in the commit for nothing). */
export const scrollGridBox: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (offset, options, instance) => {
  const element = instance.scrollElement;
  if (element && !attached.has(element)) {
    attached.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
};
