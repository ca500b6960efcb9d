/**
 * Text kept on one line: too long for its box, it ends in "…" (the `one-line` class) and, only then,
 * shows in full as the tooltip when the pointer is over it (checked on hover: no measuring on every
 * render). Names in the sidebar, the company's heading and the overview's lists.
 */
import type { MouseEvent } from 'react';

export function showTitleWhenCut(event: MouseEvent<HTMLElement>, text: string): void {
  const element = event.currentTarget;
  if (element.scrollWidth > element.clientWidth) element.title = text;
  else element.removeAttribute('title');
}

export function OneLine({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className ? `one-line ${className}` : 'one-line'} onMouseEnter={(event) => showTitleWhenCut(event, text)}>
      {text}
    </span>
  );
}
