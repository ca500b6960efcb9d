import type { ScanKind } from '../common/supplier-invoices';
import type { Clock } from '../kernel/clock';
import { ApiError, cancelledError, isApiError, networkError, timeoutError } from '../kernel/errors';
import { classifyResourceError } from '../kernel/service-errors';
import { readBodyCapped, readTextCapped } from '../kernel/body';
import { joinUrl, parseJsonLoose, requestScope, type FetchLike } from '../kernel/http';
import type { Priority, RateLimiter } from './rate-limiter';
import { backoffDelay, createCircuitBreaker, DEFAULT_RETRY, type CircuitBreaker, type CircuitBreakerOptions, type RetryOptions } from './resilience';

/**
 * The HTTP client of one company. Every attempt of every request:
 *   breaker permit -> access token -> rate-limiter slot -> fetch (with timeout) -> classify.
 * The access token is obtained BEFORE the slot, so a token refresh never delays a request past the
 * start the limiter recorded. What is retried, how 401 and 429 are handled and when the breaker
 * opens: docs/decisions.md, "Retry, breaker, timeout".
 */

export interface TokenSource {
  getAccessToken(signal?: AbortSignal): Promise<string>;
  onUnauthorized(failedToken: string, signal?: AbortSignal): Promise<string>;
  /** The current usable access token without waiting, or undefined (then the held one is sent). */
  peekAccessToken?(): string | undefined;
  reportLicence?(missing: boolean): void;
}

export type QueryInput = URLSearchParams | Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  priority: Priority;
  signal?: AbortSignal;
  /** Called with the service's clock (its `Date` header, ms) when the answer is a success: the
   * local copy's checkpoints are taken from the service's time, never the PC's. */
  onServiceTime?: (ms: number) => void;
  /** At most this many retries (default the client's three): 0 for a probe that only asks whether
   * the service answers at all. */
  maxRetries?: number;
}

export interface ApiClientOptions {
  apiUrl: string;
  tokens: TokenSource;
  limiter: RateLimiter;
  clock: Clock;
  fetch?: FetchLike;
  /** Per attempt, including reading the body; default 30 s. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** A breaker instance to share, or options for this client's own. */
  breaker?: CircuitBreaker | Omit<CircuitBreakerOptions, 'clock'>;
  /** Jitter source; default Math.random. */
  random?: () => number;
}

/** What a call expects back: JSON (every resource), or a PDF document (an invoice's preview). */
/** ... or a scanned supplier invoice from the archive: a PDF, PNG or JPEG. */
export type Body = 'json' | 'pdf' | 'scan';

export interface ApiClient {
  get(path: string, query: QueryInput | undefined, options: RequestOptions): Promise<unknown>;
  /** A PDF: its bytes, checked to be one (`%PDF-`), or a final error that says what came instead. */
  getPdf(path: string, options: RequestOptions): Promise<Buffer>;
  /** A scan from the archive: its bytes and their kind, checked by their first bytes (PDF, PNG or JPEG), or a final error. */
  getScan(path: string, options: RequestOptions): Promise<{ bytes: Buffer; kind: ScanKind }>;
  readonly breaker: CircuitBreaker;
}

type Attempt =
  | { kind: 'ok'; body: unknown | Buffer }
  | { kind: 'unauthorized'; token: string; error: ApiError }
  | { kind: 'rate-limited'; error: ApiError }
  | { kind: 'transient'; error: ApiError }
  | { kind: 'final'; error: ApiError };

const ACCEPT: Record<Body, string> = { json: 'application/json', pdf: 'application/pdf', scan: '*/*' };

/** A scan's kind by its magic numbers: what the bytes are, not what a header claims. */
export function scanKindOf(bytes: Buffer): ScanKind | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

function toSearch(query: QueryInput | undefined): string {
  if (!query) return '';
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isBreaker(value: unknown): value is CircuitBreaker {
  return typeof value === 'object' && value !== null && typeof (value as CircuitBreaker).tryAcquire === 'function';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokens, limiter, clock } = options;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  const random = options.random ?? Math.random;
  const breaker = isBreaker(options.breaker) ? options.breaker : createCircuitBreaker({ clock, ...(options.breaker ?? {}) });
  // The last transient failure of any call: what an open breaker stands for. When the service is
  // out of reach, a call that gives up behind the breaker (tripped by another call's failures, say
  // the other list of a sync) is then a network failure too, and the app says "Offline".
  let lastTransient: ApiError | null = null;

  async function attempt(url: string, token: string, signal: AbortSignal | undefined, expect: Body, onServiceTime?: (ms: number) => void): Promise<Attempt> {
    const scope = requestScope(clock, timeoutMs, signal);
    let status = 0;
    try {
      const response = await doFetch(url, {
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
        try {
          return { kind: 'ok', body: JSON.parse(text) as unknown };
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

  function get(path: string, query: QueryInput | undefined, options: RequestOptions): Promise<unknown> {
    return request(path, query, options, 'json');
  }

  async function request(path: string, query: QueryInput | undefined, { priority, signal, onServiceTime, maxRetries = retry.maxRetries }: RequestOptions, expect: Body): Promise<unknown> {
    const url = joinUrl(options.apiUrl, path) + toSearch(query);
    let retries = 0;
    let refreshed = false;
    // Breaker openings this call has already accounted for (see below).
    let seenOpens = breaker.openCount();

    const spendRetry = (error: ApiError): void => {
      if (retries >= maxRetries) throw finalError(error);
      retries += 1;
    };
    const sleep = (ms: number): Promise<void> =>
      clock.sleep(ms, signal).catch(() => {
        throw cancelledError(signal);
      });
    const breakerError = (): ApiError => new ApiError('unavailable', { message: 'The service keeps failing (circuit breaker open).', ...(lastTransient?.network ? { network: true } : {}) });

    for (;;) {
      if (signal?.aborted) throw cancelledError(signal);

      // Every time the breaker opened since this call last looked (a probe failed, or other calls'
      // failures tripped it) counts as one failed attempt of this call: a call waiting behind an
      // open breaker gives up after as many failed probes as it has retries, not never.
      const opens = breaker.openCount();
      for (; seenOpens < opens; seenOpens += 1) spendRetry(breakerError());
      const gate = breaker.peek();
      if (!gate.ok) {
        // Nothing is sent while the breaker is open; waiting for it is not itself a retry.
        if (gate.probing) await breaker.probeSettled(signal);
        else await sleep(gate.retryInMs);
        continue;
      }

      let held: string;
      try {
        held = await tokens.getAccessToken(signal);
      } catch (error) {
        // The token endpoint failed transiently (network, 5xx): retry like any other transient
        // failure. Anything else (needs-reconnect, licence, bad client credentials) is final.
        if (!isApiError(error) || error.kind !== 'unavailable' || !error.retryable) throw error;
        spendRetry(error);
        await sleep(backoffDelay(retries, random, retry));
        continue;
      }

      let heldProbe = false;
      let outcome: Attempt | { kind: 'denied' };
      try {
        outcome = await limiter.schedule(
          priority,
          async () => {
            // The breaker decides at send time: it may have opened while this call waited for a slot.
            const permit = breaker.tryAcquire();
            if (!permit.ok) return { kind: 'denied' as const };
            heldProbe = permit.probe;
            // If the token was replaced while this call waited (a 401 elsewhere forced a refresh),
            // send the new one rather than spend the slot on a certain 401.
            return attempt(url, tokens.peekAccessToken?.() ?? held, signal, expect, onServiceTime);
          },
          signal,
        );
      } catch (error) {
        if (heldProbe) breaker.onAbandon();
        throw error;
      }

      switch (outcome.kind) {
        case 'denied':
          continue;
        case 'ok':
          breaker.onSuccess();
          tokens.reportLicence?.(false);
          return outcome.body;
        case 'unauthorized':
          breaker.onSuccess();
          if (refreshed) throw outcome.error;
          refreshed = true;
          await tokens.onUnauthorized(outcome.token, signal);
          continue;
        case 'rate-limited': {
          if (heldProbe) breaker.onAbandon();
          spendRetry(outcome.error);
          // The server's window is full: hold the company's whole queue, not just this call.
          const delay = backoffDelay(retries, random, retry);
          limiter.pauseFor(delay);
          await sleep(delay);
          continue;
        }
        case 'transient':
          lastTransient = outcome.error;
          breaker.onFailure();
          seenOpens = breaker.openCount(); // this call's own failure is counted once, below
          spendRetry(outcome.error);
          await sleep(backoffDelay(retries, random, retry));
          continue;
        case 'final':
          breaker.onSuccess();
          if (outcome.error.kind === 'licence-missing') tokens.reportLicence?.(true);
          throw outcome.error;
      }
    }

    function finalError(error: ApiError): ApiError {
      if (error.kind === 'rate-limited') {
        return new ApiError('rate-limited', {
          message: `The service kept answering 429 Too Many Requests (gave up after ${retries} retries).`,
          remedy: 'The service is limiting requests for this company. Wait a minute and press Retry; if it keeps happening, another program may be using the same connection.',
          ...(error.status !== undefined ? { status: error.status } : {}),
        });
      }
      return new ApiError('unavailable', {
        message: `${error.message} Gave up after ${retries} retries.`,
        ...(error.status !== undefined ? { status: error.status } : {}),
        ...(error.serviceCode !== undefined ? { serviceCode: error.serviceCode } : {}),
        ...(error.serviceMessage !== undefined ? { serviceMessage: error.serviceMessage } : {}),
        ...(error.reason !== undefined ? { reason: error.reason, remedy: error.remedy } : {}),
        ...(error.network ? { network: true } : {}),
      });
    }
  }

  /** Every failure leaves as an ApiError. */
  async function guarded<T>(run: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isApiError(error)) throw error;
      if (signal?.aborted) throw cancelledError(signal);
      throw new ApiError('unavailable', { message: 'The request failed unexpectedly.', cause: error });
    }
  }

  return {
    get: (path, query, requestOptions) => guarded(() => get(path, query, requestOptions), requestOptions.signal),
    getPdf: (path, requestOptions) => guarded(async () => (await request(path, undefined, requestOptions, 'pdf')) as Buffer, requestOptions.signal),
    getScan: (path, requestOptions) => guarded(async () => (await request(path, undefined, requestOptions, 'scan')) as { bytes: Buffer; kind: ScanKind }, requestOptions.signal),
    breaker,
  };
}
