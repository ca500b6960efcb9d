import { useEffect, useId, useRef, useState } from 'react';

/**
 * Which side a popover opens to: towards the middle of the window from its button, so a menu whose
 * button wrapped to the left edge does not open under the sidebar, and one at the right edge does
 * not open past the window.
 */
export function popoverSide(button: HTMLElement | null): 'start' | 'end' {
  if (!button) return 'end';
  const rect = button.getBoundingClientRect();
  return rect.left + rect.width / 2 < window.innerWidth / 2 ? 'start' : 'end';
}

/**
 * A menu that opens from a button: its open state and side, ids and refs, focus on the first
 * matching control when it opens, closing on a pointer press outside, and close() returning focus
 * to the button.
 */
export function usePopover(focusSelector: string) {
  const [open, setOpen] = useState(false);
  const [side, setSide] = useState<'start' | 'end'>('end');
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(focusSelector)?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, focusSelector]);

  return {
    open,
    side,
    panelId,
    buttonRef,
    panelRef,
    show() {
      setSide(popoverSide(buttonRef.current));
      setOpen(true);
    },
    toggle() {
      setSide(popoverSide(buttonRef.current));
      setOpen((value) => !value);
    },
    close() {
      setOpen(false);
      buttonRef.current?.focus();
    },
  };
}
