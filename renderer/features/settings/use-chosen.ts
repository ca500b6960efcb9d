/**
 * A setting's box shows the user's choice in the render of the click itself. A controlled checkbox
 * that waited for the mutation's pending state sprang back for a moment: react-query tells its
 * observers a task later, so on a busy machine the click could seem lost (and a test's check()
 * saw the box unchanged). The choice is shown until the last one has been answered; then the
 * stored value shows: the answer, or the old value after an error (with its banner).
 */
import { useRef, useState } from 'react';

export function useChosen<T>(stored: T): { shown: T; choose(next: T): () => void } {
  const [chosen, setChosen] = useState<{ value: T } | null>(null);
  const last = useRef(0);
  return {
    shown: chosen ? chosen.value : stored,
    /** Shows `next` now; the returned function (the save's onSettled) hands back to the stored value. */
    choose(next) {
      last.current += 1;
      const at = last.current;
      setChosen({ value: next });
      return () => {
        if (last.current === at) setChosen(null);
      };
    },
  };
}
