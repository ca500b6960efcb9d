/**
 * The error taxonomy every caller (IPC, UI, CLI) acts on. Each kind carries a user-facing remedy
 * (docs/architecture.md, "Errors the user can act on"). Messages are built here from fixed text plus the
 * service's own error message and code; no token, secret or request header is ever put into one.
 */

import type { ApiErrorKind, ErrorReason } from '../common/errors';

export type { ApiErrorKind, ErrorReason };

/** Plain data, safe to send over IPC. */
export interface ApiErrorInfo {
  kind: ApiErrorKind;
  message: string;
  remedy: string;
  /** True when trying again later may succeed (the UI shows a retry button). */
  retryable: boolean;
  /** For bad-request errors raised by local validation: the offending query field. */
  field?: string;
  serviceCode?: number;
  serviceMessage?: string;
  /** A finer cause within the kind whose remedy differs from the kind's own. */
  reason?: ErrorReason;
}

export const REMEDIES: Record<ApiErrorKind, string> = {
  unauthorized: 'The service did not accept the sign-in. Reconnect the company; if that keeps failing, check the client ID and secret.',
  'needs-reconnect': 'The connection to this company has expired or was revoked: reconnect the company.',
  'scope-missing': 'The invoice scope was not approved: reconnect the company and approve access to invoices.',
  'licence-missing':
    "The company has no licence for this integration: activate it in the service's marketplace (and assign a seat to the user). Reconnecting does not fix this.",
  'permission-missing':
    "The signed-in user has no permission to list invoices in the service: an administrator of the company must give the user that permission in the service's user settings. Reconnecting does not fix this.",
  'rate-limited': 'Waiting for the rate limit: the request continues automatically.',
  unavailable: 'The service cannot be reached right now. Check the network connection and press Retry.',
  'bad-request': 'The service refused the request. Change the filter or search and try again.',
  busy: 'Too many requests are waiting for this company. Wait for the running work (for example an export) to finish, then try again.',
  cancelled: 'The request was cancelled.',
  'not-found': 'It may have been deleted at the service: refresh the list.',
  'not-activated':
    "A system administrator of the company must first approve Invoice Desk as a service account: use \"Activate in the browser\" (it opens the service's approval page), then add the service account again.",
};

export const CLIENT_CREDENTIALS_REMEDY =
  "The service rejected the app's client ID or client secret: check them in the settings (the secret may have been rotated in the developer portal).";

const DEFAULT_MESSAGES: Record<ApiErrorKind, string> = {
  unauthorized: 'The access token was not accepted.',
  'needs-reconnect': 'The connection needs to be renewed.',
  'scope-missing': 'The connection lacks the scope for this resource.',
  'licence-missing': 'The company has no licence for this integration.',
  'permission-missing': 'The user has no permission to list invoices in the service.',
  'rate-limited': 'The service rate limit was reached.',
  unavailable: 'The service is unavailable.',
  'bad-request': 'The request was refused.',
  busy: 'Too many requests are waiting.',
  cancelled: 'The request was cancelled.',
  'not-found': 'The service has no such record.',
  'not-activated': 'The service account is not activated for this company.',
};

const RETRYABLE_BY_DEFAULT: Record<ApiErrorKind, boolean> = {
  unauthorized: false,
  'needs-reconnect': false,
  'scope-missing': false,
  'licence-missing': false,
  'permission-missing': false,
  'rate-limited': true,
  unavailable: true,
  'bad-request': false,
  busy: true,
  cancelled: false,
  'not-found': false,
  'not-activated': false,
};

export interface ApiErrorOptions {
  message?: string;
  remedy?: string;
  retryable?: boolean;
  status?: number;
  serviceCode?: number;
  serviceMessage?: string;
  field?: string;
  reason?: ErrorReason;
  /** No service answered: the connection was refused, the name did not resolve, it was reset or
   * timed out (not a 5xx, which is an answer). The app shows "Offline" at once. */
  network?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly remedy: string;
  readonly retryable: boolean;
  readonly status?: number;
  readonly serviceCode?: number;
  readonly serviceMessage?: string;
  readonly field?: string;
  readonly reason?: ErrorReason;
  readonly network?: boolean;

  constructor(kind: ApiErrorKind, options: ApiErrorOptions = {}) {
    super(options.message ?? DEFAULT_MESSAGES[kind], options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.remedy = options.remedy ?? REMEDIES[kind];
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT[kind];
    if (options.status !== undefined) this.status = options.status;
    if (options.serviceCode !== undefined) this.serviceCode = options.serviceCode;
    if (options.serviceMessage !== undefined) this.serviceMessage = options.serviceMessage;
    if (options.field !== undefined) this.field = options.field;
    if (options.reason !== undefined) this.reason = options.reason;
    if (options.network) this.network = true;
  }

  toInfo(): ApiErrorInfo {
    const info: ApiErrorInfo = { kind: this.kind, message: this.message, remedy: this.remedy, retryable: this.retryable };
    if (this.field !== undefined) info.field = this.field;
    if (this.serviceCode !== undefined) info.serviceCode = this.serviceCode;
    if (this.serviceMessage !== undefined) info.serviceMessage = this.serviceMessage;
    if (this.reason !== undefined) info.reason = this.reason;
    return info;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Converts anything thrown into plain IPC-safe data (unknown errors become `unavailable`,
 * with a generic message: a foreign error's text is never forwarded, it might carry a URL or a header). */
export function toApiErrorInfo(error: unknown): ApiErrorInfo {
  if (error instanceof ApiError) return error.toInfo();
  return new ApiError('unavailable', { message: 'An unexpected error occurred.' }).toInfo();
}

export function cancelledError(signal?: AbortSignal): ApiError {
  const reason: unknown = signal?.reason;
  if (reason instanceof ApiError) return reason;
  return new ApiError('cancelled');
}

// ---------------------------------------------------------------------------------------------
// Service error bodies

export function networkError(cause: unknown): ApiError {
  // The cause's own text may contain the URL; keep it as `cause` for logs, not in the message.
  return new ApiError('unavailable', { message: 'The service could not be reached (network error).', cause, network: true });
}

export function timeoutError(ms: number): ApiError {
  return new ApiError('unavailable', { message: `The service did not answer within ${Math.round(ms / 1000)} s.`, network: true });
}

/** The request (after its own retries) reached no service: refused, name lookup, reset, timeout. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'unavailable' && error.network === true;
}
