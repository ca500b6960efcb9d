/** Error kinds and the result envelope that cross the process boundary. Pure data and types. */

/** The API core's taxonomy (api/errors.ts raises these; each has a remedy there). */
export const apiErrorKinds = [
  'unauthorized',
  'needs-reconnect',
  'scope-missing',
  'licence-missing',
  'permission-missing',
  'rate-limited',
  'unavailable',
  'bad-request',
  'busy',
  'cancelled',
  'not-found',
  'not-activated',
] as const;
export type ApiErrorKind = (typeof apiErrorKinds)[number];

/**
 * Finer causes within a kind whose remedy differs from the kind's own: the company lacks the
 * licence of a module (not of the integration), the API address is wrong (or ends in /3), a web
 * page or nothing came instead of the service's answer, or the service sent a document (a PDF, a
 * scan) the app refuses: not a PDF, PNG or JPEG, over the 20 MB cap, or named by a file id that is
 * no plain id. Trying again brings the same document: the CLI's --pdf-dir skips it with a warning.
 */
export const errorReasons = ['module-licence', 'wrong-api-address', 'api-address-ends-in-3', 'html-page', 'empty-answer', 'refused-document'] as const;
export type ErrorReason = (typeof errorReasons)[number];

/** Why an IPC call failed, in words the renderer can show and act on: the API's kinds and the boundary's own. */
export const ipcErrorKinds = [
  ...apiErrorKinds,
  'invalid-input', // the arguments did not match the channel's schema
  'forbidden', // the sender is not the app's own window
  'internal', // a bug: the main process logged it
  'file',
] as const;
export type IpcErrorKind = (typeof ipcErrorKinds)[number];

export interface IpcError {
  kind: IpcErrorKind;
  /** What went wrong, for the user. */
  message: string;
  /** What the user can do about it, when there is something. */
  remedy?: string;
  /** The service's own message (often Swedish), when it sent one. */
  serviceMessage?: string;
  /** A finer cause within the kind, when it changes what the user should do (its own Swedish text). */
  reason?: ErrorReason;
}

/**
 * Every invoke returns this envelope instead of throwing: errors thrown across Electron's IPC and
 * context bridge lose everything but their message, and the renderer needs the kind to act on.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };
