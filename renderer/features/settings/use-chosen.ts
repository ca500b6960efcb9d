/**
 * A setting's box shows the user's choice in the render of the click itself, and keeps showing it
 * until the stored value has caught up with the main process's answer.
 *
 * Why the second half: react-query hands a mutation's own onSettled its answer before the settings
 * query's observers hear of the new cache value (those notifications wait for a timer, and React
 * renders first). Handing back at onSettled showed the old stored value for a frame: the box sprang
 * back and forth, and a test's check() read it unchanged. So after a successful save the choice
 * stays on screen until the stored value it was shown over is replaced; after a failed one the
 * stored value (unchanged) shows at once, with the error's banner.
 */
import { useLayoutEffect, useRef, useState } from 'react';

type Chosen<T> = { value: T; saving: true } | { value: T; saving: false; over: T };

/** `choose(next)` shows `next` now and returns the save's onSettled (answer, error). */
export function useChosen<T>(stored: T): { shown: T; choose(next: T): (answer: unknown, error: unknown) => void } {
  const [chosen, setChosen] = useState<Chosen<T> | null>(null);
  const last = useRef(0);
  // The stored value on screen: what a settled choice is shown over.
  const storedNow = useRef(stored);
  useLayoutEffect(() => {
    storedNow.current = stored;
  }, [stored]);
  const shows = chosen !== null && (chosen.saving || Object.is(chosen.over, stored));
  return {
    shown: shows ? chosen.value : stored,
    choose(next) {
      last.current += 1;
      const at = last.current;
      setChosen({ value: next, saving: true });
      return (_answer, error) => {
        // An earlier save's answer never hands back: a later choice is still on its way.
        if (last.current !== at) return;
        setChosen(error ? null : { value: next, saving: false, over: storedNow.current });
      };
    },
  };
}
