/**
 * Maps anything a service throws to the contract's IpcError. Known failures keep their kind and
 * remedy, in the words their `toInfo()` chooses for the window (a file error names the file, not
 * the folder with the user's home in it); anything else becomes 'internal' with a generic message
 * (the details go to the log, not to the renderer, so no secret or path in an exception message can
 * leak across the boundary).
 */
import type { IpcError, IpcErrorKind } from './contract';

/** A failure a handler raises on purpose, with a kind the renderer can act on. */
export class IpcFailure extends Error {
  constructor(
    readonly kind: IpcErrorKind,
    message: string,
    readonly remedy?: string,
  ) {
    super(message);
    this.name = 'IpcFailure';
  }
}

interface ErrorWithInfo {
  toInfo(): { kind: string; message: string; remedy?: string; serviceMessage?: string };
}

function hasInfo(error: unknown): error is ErrorWithInfo {
  return typeof error === 'object' && error !== null && typeof (error as ErrorWithInfo).toInfo === 'function';
}

export function toIpcError(error: unknown, log: (message: string, error: unknown) => void): IpcError {
  if (error instanceof IpcFailure) {
    return { kind: error.kind, message: error.message, ...(error.remedy ? { remedy: error.remedy } : {}) };
  }
  if (hasInfo(error)) {
    const info = error.toInfo();
    // The window's words can leave details out (a file error names the file, not its folder): the
    // log keeps the whole error.
    if (error instanceof Error && info.message !== error.message) log('IPC handler failed', error);
    return {
      kind: info.kind as IpcErrorKind,
      message: info.message,
      ...(info.remedy ? { remedy: info.remedy } : {}),
      ...(info.serviceMessage ? { serviceMessage: info.serviceMessage } : {}),
    };
  }
  log('IPC handler failed', error);
  return { kind: 'internal', message: 'Something went wrong in Invoice Desk. The details are in the log.' };
}
