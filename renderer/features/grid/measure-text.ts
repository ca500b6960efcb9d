/**
 * The grid's text measurer (column-fit.ts contentWidths): a canvas's measureText in the grid's own
 * type (13 px, headers bold, badges 12 px) and the page's font family, each style's font set once.
 */
import type { TextMeasure } from './column-fit';

let context: CanvasRenderingContext2D | null | undefined;

export function canvasMeasure(): TextMeasure {
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  const canvas = context;
  // Without a canvas (not in a browser): an average glyph, on the wide side.
  if (!canvas) return (text, style) => text.length * (style === 'header' ? 8 : 7.5);
  const family = getComputedStyle(document.documentElement).fontFamily || 'sans-serif';
  const fonts = { cell: `400 13px ${family}`, header: `600 13px ${family}`, badge: `400 12px ${family}` } as const;
  let current = '';
  return (text, style) => {
    if (current !== fonts[style]) {
      current = fonts[style];
      canvas.font = current;
    }
    return canvas.measureText(text).width;
  };
}
