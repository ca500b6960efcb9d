/** What the window may see of an error: one mapping for IPC replies, connect progress and export progress. */
import type { ErrorReason, IpcError, IpcErrorKind } from '../common/errors';

/** What a known error says about itself (ApiError, the export's FileError). */
export interface ErrorInfoLike {
  kind: string;
  message: string;
  remedy?: string;
  serviceMessage?: string;
  reason?: ErrorReason;
}

/** The info of one of the app's own errors (anything with toInfo()), or undefined for anything else. */
export function knownErrorInfo(error: unknown): ErrorInfoLike | undefined {
  const candidate = error as { toInfo?: unknown } | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.toInfo !== 'function') return undefined;
  return (candidate as { toInfo(): ErrorInfoLike }).toInfo();
}

/**
 * THE mapping of an error to what the window may see: kind, message, remedy and the service's own
 * words, never a cause, a stack or a header. IPC replies, connect progress and export progress all
 * use it.
 */
export function toUserError(info: ErrorInfoLike): IpcError {
  return {
    kind: info.kind as IpcErrorKind,
    message: info.message,
    ...(info.remedy ? { remedy: info.remedy } : {}),
    ...(info.serviceMessage ? { serviceMessage: info.serviceMessage } : {}),
    ...(info.reason ? { reason: info.reason } : {}),
  };
}
