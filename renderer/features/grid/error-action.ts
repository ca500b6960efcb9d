/** Which action the grid's error banner offers for an error, by the API core's error kind. */
import { DeskError } from '../../api';

export type GridErrorAction = 'reconnect' | 'retry' | 'reset-view' | 'none';

/** Which action the banner offers for an error (pure: unit-tested). */
export function actionFor(error: Error): GridErrorAction {
  if (!(error instanceof DeskError)) return 'retry';
  switch (error.kind) {
    case 'needs-reconnect':
    case 'scope-missing':
    case 'unauthorized':
      return 'reconnect';
    case 'forbidden':
      return 'none';
    case 'licence-missing':
    case 'permission-missing':
      // Never Reconnect (OAuth cannot fix a missing licence); Retry once it is activated.
      return 'retry';
    case 'bad-request':
    case 'invalid-input':
      // The view asks for something the service refuses (a stale saved search, say).
      return 'reset-view';
    default:
      // unavailable, rate-limited, busy, internal, not-found, cancelled, file
      return 'retry';
  }
}
