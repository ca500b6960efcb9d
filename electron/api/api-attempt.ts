/**
 * One attempt of a request to the service: send it (never following a redirect, within the
 * timeout), read the body with its ceiling, check a document's bytes, and say what the answer
 * means for the retry loop (ok, unauthorized, rate-limited, transient or final). Apart from the
 * client (api-client.ts), which decides what to do next: retry, refresh, pause the queue, trip
 * the breaker.
 */
import type { ScanKind } from '../common/supplier-invoices';
import type { Clock } from '../kernel/clock';
import { ApiError, cancelledError, isApiError, networkError, timeoutError } from '../kernel/errors';
import { classifyResourceError } from '../kernel/service-errors';
import { readBodyCapped, readTextCapped } from '../kernel/body';
import { parseJsonLoose, requestScope, type FetchLike } from '../kernel/http';
import { skimPageNumbers, type PageNumbers } from './list-response';

/** A list page's body for the worker thread: its text, and its page numbers or (when they could not be skimmed) its JSON. */
export type ListBodyText = { text: string } & ({ numbers: PageNumbers } | { json: unknown });

/** What a call expects back: JSON (every resource), a PDF document (an invoice's preview), or a
 * scanned supplier invoice from the archive (a PDF, PNG or JPEG). */
/** 'json-text': a list page's text, kept as text until the local copy's worker reads it, with its
 * numbers skimmed from the text (list-response.ts skimPageNumbers) or, when they cannot be, its JSON. */
export type Body = 'json' | 'json-text' | 'pdf' | 'scan';

/** What one attempt came to, for the retry loop. */
export type Attempt =
  | { kind: 'ok'; body: unknown | Buffer }
  | { kind: 'unauthorized'; token: string; error: ApiError }
  | { kind: 'rate-limited'; error: ApiError }
  | { kind: 'transient'; error: ApiError }
  | { kind: 'final'; error: ApiError };

const ACCEPT: Record<Body, string> = { json: 'application/json', 'json-text': 'application/json', pdf: 'application/pdf', scan: '*/*' };

/** A scan's kind by its magic numbers: what the bytes are, not what a header claims. */
export function scanKindOf(bytes: Buffer): ScanKind | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

export interface AttemptOptions {
  /** The service's API address (a 404 that is not the service's names it). */
  apiUrl: string;
  clock: Clock;
  /** Per attempt, including reading the body. */
  timeoutMs: number;
  fetch: FetchLike;
}

/** Sends one attempt and says what its answer means; it throws only when `signal` aborts. */
export async function sendAttempt(options: AttemptOptions, url: string, token: string, signal: AbortSignal | undefined, expect: Body, onServiceTime?: (ms: number) => void): Promise<Attempt> {
  const { clock, timeoutMs } = options;
  const scope = requestScope(clock, timeoutMs, signal);
  let status = 0;
  try {
    const response = await options.fetch(url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}`, Accept: ACCEPT[expect] },
      // Never follow a redirect: fetch would carry the request (and a 307/308 its body) to
      // another origin. The service does not redirect API calls.
      redirect: 'error',
      signal: scope.signal,
    });
    status = response.status;
    const serviceTime = Date.parse(response.headers.get('date') ?? '');
    if (status >= 200 && status < 300 && Number.isFinite(serviceTime)) onServiceTime?.(serviceTime);
    if (expect === 'pdf' && status >= 200 && status < 300) return await readPdf(response);
    if (expect === 'scan' && status >= 200 && status < 300) return await readScan(response);
    // Every body is read with its ceiling (kernel/body.ts): a page of JSON, or an error answer.
    const text = await readTextCapped(response, status >= 200 && status < 300 ? 'json' : 'error');
    if (status >= 200 && status < 300) {
      if (expect === 'json-text') {
        const numbers = skimPageNumbers(text);
        if (numbers) return { kind: 'ok', body: { numbers, text } satisfies ListBodyText };
      }
      try {
        const json = JSON.parse(text) as unknown;
        return { kind: 'ok', body: expect === 'json-text' ? ({ json, text } satisfies ListBodyText) : json };
      } catch {
        return { kind: 'transient', error: new ApiError('unavailable', { status, message: 'The service sent an unreadable response.' }) };
      }
    }
    const error = classifyResourceError(status, parseJsonLoose(text), { text, apiUrl: options.apiUrl });
    // By code, not status: 2000311/2000310 arrive with 403 as well as 401. One refresh, then final.
    if (error.kind === 'unauthorized') return { kind: 'unauthorized', token, error };
    if (error.kind === 'rate-limited') return { kind: 'rate-limited', error };
    // A wrong API address (a 404 that is not the service's) is unavailable but not worth a retry.
    if (error.kind === 'unavailable' && error.retryable) return { kind: 'transient', error };
    return { kind: 'final', error };
  } catch (error) {
    if (signal?.aborted) throw cancelledError(signal);
    if (scope.timedOut()) return { kind: 'transient', error: timeoutError(timeoutMs) };
    // A body over its limit (readBodyCapped): final, the same answer would come again.
    if (isApiError(error)) return { kind: 'final', error };
    return { kind: 'transient', error: networkError(error) };
  } finally {
    scope.dispose();
  }
}

/** A 2xx answer to a PDF request: a PDF, or (not retried) an error naming what came instead. */
async function readPdf(response: Response): Promise<Attempt> {
  const bytes = await readBodyCapped(response, 'document');
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { kind: 'ok', body: bytes };
  const type = response.headers.get('content-type') ?? 'no content type';
  return {
    kind: 'final',
    error: new ApiError('unavailable', { message: `The service sent ${bytes.length} bytes of ${type.split(';')[0]} instead of a PDF.`, retryable: false, reason: 'refused-document' }),
  };
}

/** A 2xx answer to a scan request: a PDF, PNG or JPEG by its first bytes, or (not retried) an error naming what came instead. */
async function readScan(response: Response): Promise<Attempt> {
  // A scan is a document: the same 20 MB ceiling, the reading stopped there.
  const bytes = await readBodyCapped(response, 'document');
  const kind = scanKindOf(bytes);
  if (kind) return { kind: 'ok', body: { bytes, kind } };
  const type = response.headers.get('content-type') ?? 'no content type';
  return {
    kind: 'final',
    error: new ApiError('unavailable', { message: `The service sent ${bytes.length} bytes of ${type.split(';')[0]}, which is not a PDF, PNG or JPEG.`, retryable: false, reason: 'refused-document' }),
  };
}
