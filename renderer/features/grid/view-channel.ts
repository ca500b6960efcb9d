/**
 * How something beside the grid (the receivables overview) sets the grid's view: it sends an
 * update, the grid applies it as its own change (page 1, selections cleared, the view saved). An
 * update sent before the grid listens (its first page still loading) is applied when it does.
 */

export type ViewUpdate<View> = (current: View) => View;

export interface ViewChannel<View> {
  send(update: ViewUpdate<View>): void;
  /** The grid's listener; returns the unsubscribe. */
  listen(listener: (update: ViewUpdate<View>) => void): () => void;
}

export function createViewChannel<View>(): ViewChannel<View> {
  let listener: ((update: ViewUpdate<View>) => void) | null = null;
  let pending: ViewUpdate<View> | null = null;
  return {
    send(update) {
      if (listener) listener(update);
      else pending = update;
    },
    listen(next) {
      listener = next;
      if (pending) {
        const update = pending;
        pending = null;
        next(update);
      }
      return () => {
        if (listener === next) listener = null;
      };
    },
  };
}
