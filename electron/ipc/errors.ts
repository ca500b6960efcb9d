/**
 * Maps anything a handler throws to the contract's IpcError. The app's own errors keep their kind
 * and remedy, in the words their `toInfo()` chooses for the window (kernel/user-error.ts, toUserError:
 * a file error names the file, not the folder with the user's home in it); anything else becomes
 * 'internal' with a generic message (the details go to the log, not to the window, so no secret or
 * path in an exception message can leak across the boundary).
 */
import type { IpcError } from '../common/errors';
import { knownErrorInfo, toUserError } from '../kernel/user-error';

export function toIpcError(error: unknown, log: (message: string, error: unknown) => void): IpcError {
  const info = knownErrorInfo(error);
  if (info) {
    // The window's words can leave details out (a file error names the file, not its folder): the
    // log keeps the whole error.
    if (error instanceof Error && info.message !== error.message) log('IPC handler failed', error);
    return toUserError(info);
  }
  log('IPC handler failed', error);
  return { kind: 'internal', message: 'Something went wrong in Invoice Desk. The details are in the log.' };
}
