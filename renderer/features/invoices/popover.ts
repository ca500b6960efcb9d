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
