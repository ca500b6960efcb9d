/**
 * The error taxonomy every caller (IPC, UI, CLI) acts on. Each kind carries a user-facing remedy
 * (DESIGN.md, "Errors the user can act on"). Messages are built here from fixed text plus the
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

/** Throws ApiError('cancelled') when the signal has aborted. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw cancelledError(signal);
}

// ---------------------------------------------------------------------------------------------
// Service error bodies

/** Codes of the resource API (api-facts.md). */
export const SERVICE_CODES = {
  tokenOrSecretWrong: [2000311, 2000310],
  scopeMissing: 2000663,
  /** 2001103: no licence for the integration ("Api-licens saknas."); 2001101: the company lacks the module's licence. */
  licenceMissing: [2001103, 2001101],
  moduleLicenceMissing: 2001101,
  /** The user lacks the permission (in the service) to list invoices. */
  permissionMissing: 2001339,
  invalidFilter: 2000587,
  invalidParameter: 2000588,
  notFound: 2000434,
  systemException: 1000003,
} as const;

export interface ServiceErrorBody {
  code?: number;
  message?: string;
  /** Top-level OAuth-style `error` value (e.g. error_missing_app_license). */
  oauthError?: string;
  /** True for the bare `{"message":"unauthorized"}` of an expired or invalid access token. */
  bareUnauthorized: boolean;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function pick(record: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) {
    if (record[name] !== undefined) return record[name];
  }
  // Fall back to a case-insensitive match (the service mixes `code` and `Code`).
  const lower = names.map((n) => n.toLowerCase());
  for (const [key, value] of Object.entries(record)) {
    if (lower.includes(key.toLowerCase())) return value;
  }
  return undefined;
}

function toCode(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

const MAX_SERVICE_MESSAGE = 300;

function toMessage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  return trimmed.length > MAX_SERVICE_MESSAGE ? `${trimmed.slice(0, MAX_SERVICE_MESSAGE)}…` : trimmed;
}

/** Reads the service's error body in any of its shapes: ErrorInformation in either casing, the
 * bare `{"message": ...}` of a 401, or an OAuth `{"error", "error_description"}`. */
export function parseServiceErrorBody(body: unknown): ServiceErrorBody {
  const record = asRecord(body);
  if (!record) return { bareUnauthorized: false };
  const info = asRecord(pick(record, 'ErrorInformation'));
  if (info) {
    const result: ServiceErrorBody = { bareUnauthorized: false };
    const code = toCode(pick(info, 'code', 'Code'));
    const message = toMessage(pick(info, 'message', 'Message'));
    if (code !== undefined) result.code = code;
    if (message !== undefined) result.message = message;
    return result;
  }
  const result: ServiceErrorBody = { bareUnauthorized: false };
  const oauthError = pick(record, 'error');
  if (typeof oauthError === 'string') {
    result.oauthError = oauthError;
    const description = toMessage(pick(record, 'error_description'));
    if (description !== undefined) result.message = description;
  }
  const message = toMessage(pick(record, 'message', 'Message'));
  if (message !== undefined && result.message === undefined) result.message = message;
  const code = toCode(pick(record, 'code', 'Code'));
  if (code !== undefined) result.code = code;
  result.bareUnauthorized = message !== undefined && message.toLowerCase() === 'unauthorized';
  return result;
}

const LICENCE_TEXT = /enough licen[cs]es|error_missing_app_license|missing_app_license/i;

export function isLicenceError(parsed: ServiceErrorBody): boolean {
  if (parsed.code !== undefined && (SERVICE_CODES.licenceMissing as readonly number[]).includes(parsed.code)) return true;
  if (parsed.oauthError !== undefined && LICENCE_TEXT.test(parsed.oauthError)) return true;
  return parsed.message !== undefined && LICENCE_TEXT.test(parsed.message);
}

function serviceFields(parsed: ServiceErrorBody, status: number): ApiErrorOptions {
  const options: ApiErrorOptions = { status };
  if (parsed.code !== undefined) options.serviceCode = parsed.code;
  if (parsed.message !== undefined) options.serviceMessage = parsed.message;
  return options;
}

/** What the client knows of a response beyond its status and parsed body. */
export interface ResponseContext {
  /** The body as text (to tell an empty answer or a web page from JSON). */
  text?: string;
  /** The API address the request was made against (to spot one that already ends in /3). */
  apiUrl?: string;
}

const MODULE_LICENCE_REMEDY =
  "The company lacks the licence of the service module these invoices need (for example invoicing): an administrator must add that module to the company's subscription in the service. Reconnecting does not fix this.";
const WRONG_ADDRESS_REMEDY = 'Check the API address in the settings: it should be the service\'s base address, without /3 at the end.';
const ENDS_IN_3_REMEDY = 'The API address seems to end in /3: remove the /3 from the API address in the settings (the app adds it itself).';

function looksLikeHtml(text: string | undefined): boolean {
  return text !== undefined && /^\s*(<!doctype html|<html|<head|<body|<\?xml|<h1|<title)/i.test(text);
}

function isEmpty(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

function endsIn3(apiUrl: string | undefined): boolean {
  if (!apiUrl) return false;
  try {
    return /\/3\/?$/.test(new URL(apiUrl).pathname);
  } catch {
    return false;
  }
}

const TOKEN_CODES = SERVICE_CODES.tokenOrSecretWrong as readonly number[];

/**
 * Classifies a non-2xx resource response. The service's error code decides, whatever the status
 * (2000311 comes with 401 and 403, 2000663 with 400, the licence error with 400 or 401); the status
 * decides only where no code came. A 404 with no code of the service's is not an invoice missing but
 * a wrong API address; a web page or an empty body is named as such, never as a refused filter.
 */
export function classifyResourceError(status: number, body: unknown, context: ResponseContext = {}): ApiError {
  const parsed = parseServiceErrorBody(body);
  const fields = serviceFields(parsed, status);
  const suffix = parsed.message ? `: ${parsed.message}` : '';
  const codeSuffix = parsed.code !== undefined ? ` (code ${parsed.code})` : '';
  const { code } = parsed;

  if (code === SERVICE_CODES.moduleLicenceMissing) {
    return new ApiError('licence-missing', {
      ...fields,
      reason: 'module-licence',
      message: `The company lacks the licence of the service module this data needs${codeSuffix}.`,
      remedy: MODULE_LICENCE_REMEDY,
    });
  }
  if (isLicenceError(parsed)) {
    return new ApiError('licence-missing', { ...fields, message: `The company has no licence for this integration${codeSuffix}.` });
  }
  if (code === SERVICE_CODES.permissionMissing) {
    return new ApiError('permission-missing', { ...fields, message: `The user has no permission to list invoices in the service${codeSuffix}.` });
  }
  if (code === SERVICE_CODES.scopeMissing) {
    return new ApiError('scope-missing', { ...fields, message: `Access to this resource was not granted${codeSuffix}${suffix}` });
  }
  if (code !== undefined && TOKEN_CODES.includes(code)) {
    return new ApiError('unauthorized', { ...fields, message: `The service did not accept the login${codeSuffix}.` });
  }
  if (code === SERVICE_CODES.notFound) {
    return new ApiError('not-found', { ...fields, message: `The service has no such invoice${codeSuffix}.` });
  }
  if (code === SERVICE_CODES.systemException) {
    return new ApiError('unavailable', { ...fields, message: `The service failed with HTTP ${status}${codeSuffix}${suffix}` });
  }
  if (code === undefined || status >= 500 || status === 429 || status === 401) {
    const fromStatus = classifyByStatus(status, parsed, fields, context);
    if (fromStatus) return fromStatus;
  }
  const text = parsed.message ?? `HTTP ${status}`;
  return new ApiError('bad-request', {
    ...fields,
    message: `The service refused the request${codeSuffix}: ${text}`,
    remedy: parsed.message ? `${REMEDIES['bad-request']} (The service said: ${parsed.message})` : REMEDIES['bad-request'],
  });
}

/** Where no service code came: the status, and what the body was (nothing, a web page). */
function classifyByStatus(status: number, parsed: ServiceErrorBody, fields: ApiErrorOptions, context: ResponseContext): ApiError | undefined {
  const html = looksLikeHtml(context.text);
  const empty = isEmpty(context.text);
  if (status === 401) return new ApiError('unauthorized', { ...fields, message: 'The access token was not accepted.' });
  if (status === 403 && !html) return new ApiError('scope-missing', { ...fields, message: `Access to this resource was not granted (HTTP 403)${parsed.message ? `: ${parsed.message}` : ''}` });
  if (status === 429) return new ApiError('rate-limited', { ...fields, message: 'The service answered 429 Too Many Requests.' });
  if (status === 404) {
    if (endsIn3(context.apiUrl)) {
      return new ApiError('unavailable', {
        ...fields,
        retryable: false,
        reason: 'api-address-ends-in-3',
        message: 'The service has no such address (HTTP 404): the API address seems to end in /3.',
        remedy: ENDS_IN_3_REMEDY,
      });
    }
    return new ApiError('unavailable', {
      ...fields,
      retryable: false,
      reason: 'wrong-api-address',
      message: `The service has no such address (HTTP 404${html ? ', a web page' : empty ? ', an empty answer' : ''}): the API address seems wrong.`,
      remedy: WRONG_ADDRESS_REMEDY,
    });
  }
  if (status >= 500 || status === 408) {
    if (html) {
      return new ApiError('unavailable', {
        ...fields,
        reason: 'html-page',
        message: `A web page came instead of the service's answer (HTTP ${status}): a proxy or gateway between the app and the service failed.`,
      });
    }
    if (empty) {
      return new ApiError('unavailable', { ...fields, reason: 'empty-answer', message: `The service failed with HTTP ${status} and an empty answer.` });
    }
    return new ApiError('unavailable', { ...fields, message: status === 408 ? 'The service timed out (HTTP 408).' : `The service failed with HTTP ${status}.` });
  }
  if (html) {
    return new ApiError('unavailable', {
      ...fields,
      retryable: false,
      reason: 'html-page',
      message: `A web page came instead of the service's answer (HTTP ${status}): a proxy, or a wrong API address.`,
      remedy: WRONG_ADDRESS_REMEDY,
    });
  }
  return undefined;
}

/** A network failure (connection refused or reset, DNS, TLS): `unavailable`, retryable. */
export function networkError(cause: unknown): ApiError {
  // The cause's own text may contain the URL; keep it as `cause` for logs, not in the message.
  return new ApiError('unavailable', { message: 'The service could not be reached (network error).', cause });
}

export function timeoutError(ms: number): ApiError {
  return new ApiError('unavailable', { message: `The service did not answer within ${Math.round(ms / 1000)} s.` });
}
