/**
 * Maps anything a handler throws to the contract's IpcError: the app's own errors keep their kind
 * and remedy (kernel/errors.ts, toUserError); anything else becomes 'internal' with a generic
 * message (the details go to the log, not to the window, so no secret in an exception message can
 * leak across the boundary).
 */
import type { IpcError } from '../common/errors';
import { knownErrorInfo, toUserError } from '../kernel/errors';

export function toIpcError(error: unknown, log: (message: string, error: unknown) => void): IpcError {
  const info = knownErrorInfo(error);
  if (info) return toUserError(info);
  log('IPC handler failed', error);
  return { kind: 'internal', message: 'Something went wrong in Invoice Desk. The details are in the log.' };
}
