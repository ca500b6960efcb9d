/**
 * The service's error answers: its error body (both key casings), its codes, and which ApiError
 * each answer is, by code first and by status where no code came (docs/service.md, Errors by code).
 */
import { ApiError, REMEDIES, type ApiErrorOptions } from './errors';

/** Codes of the resource API (docs/service.md, Errors by code). */
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
