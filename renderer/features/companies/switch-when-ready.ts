/**
 * A switch of company shows the new workspace once, with its rows: the click asks for the
 * workspace's first page (first-page.ts) and the switch itself waits for that page, up to
 * SWITCH_WAIT_MS. Shown at once, the workspace would be drawn twice, first with the grid's
 * placeholder rows and painted, then again a moment later with the page: two renders and two
 * paints where one of each does. A page slower than the wait leaves the switch without waiting:
 * the workspace at once, its rows when they come.
 *
 * The last click wins: a click waiting for its page is dropped when another follows, so two
 * quick clicks never end on the first company because its page came back second.
 */

/** Longer than a page of the local copy takes on a busy firm's window; short enough not to be seen as a slow click. */
export const SWITCH_WAIT_MS = 100;

export type Switcher = (ready: Promise<unknown> | undefined, go: () => void) => void;

export function createSwitcher(waitMs = SWITCH_WAIT_MS): Switcher {
  let latest = 0;
  return (ready, go) => {
    const mine = ++latest;
    if (!ready) {
      go();
      return;
    }
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (mine === latest) go();
    };
    const timer = setTimeout(once, waitMs);
    ready.then(once, once);
  };
}
