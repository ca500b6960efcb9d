/**
 * A hint of what is on screen shown at the right of the status bar (the grid's keys: "Pilar: rad ·
 * PageUp/PageDown: sida · Enter: detaljer"), so it costs the grid no line of its own. The frame
 * provides the setter; whoever shows the hint sets it while mounted.
 */
import { createContext, useContext, useEffect } from 'react';

export const StatusHintContext = createContext<(hint: string | null) => void>(() => undefined);

/** Shows `hint` in the status bar while the calling component is mounted (null: nothing). */
export function useStatusHint(hint: string | null): void {
  const set = useContext(StatusHintContext);
  useEffect(() => {
    set(hint);
    return () => set(null);
  }, [hint, set]);
}
