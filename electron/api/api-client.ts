import type { ScanKind } from '../common/supplier-invoices';
import type { Clock } from '../kernel/clock';
import { ApiError, cancelledError, isApiError } from '../kernel/errors';
import { joinUrl, type FetchLike } from '../kernel/http';
import { sendAttempt, type Attempt, type AttemptOptions, type Body, type ListBodyText } from './api-attempt';
import type { Priority, RateLimiter } from './rate-limiter';
import { backoffDelay, createCircuitBreaker, DEFAULT_RETRY, type CircuitBreaker, type CircuitBreakerOptions, type RetryOptions } from './resilience';

/**
 * The HTTP client of one company. Every attempt of every request:
 *   breaker permit -> access token -> rate-limiter slot -> fetch (with timeout) -> classify.
 * The access token is obtained BEFORE the slot, so a token refresh never delays a request past the
 * start the limiter recorded. What is retried, how 401 and 429 are handled and when the breaker
 * opens: docs/decisions/0002-retry-breaker-timeout-by-hand.md. One attempt (send, read,
 * classify) is api-attempt.ts.
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

export interface ApiClient {
  get(path: string, query: QueryInput | undefined, options: RequestOptions): Promise<unknown>;
  /** A list page as text for the copy's worker, with its numbers skimmed or, failing that, its JSON (checked to be JSON). */
  getJsonText(path: string, query: QueryInput | undefined, options: RequestOptions): Promise<ListBodyText>;
  /** A PDF: its bytes, checked to be one (`%PDF-`), or a final error that says what came instead. */
  getPdf(path: string, options: RequestOptions): Promise<Buffer>;
  /** A scan from the archive: its bytes and their kind, checked by their first bytes (PDF, PNG or JPEG), or a final error. */
  getScan(path: string, options: RequestOptions): Promise<{ bytes: Buffer; kind: ScanKind }>;
  readonly breaker: CircuitBreaker;
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
  const sendOptions: AttemptOptions = { apiUrl: options.apiUrl, clock, timeoutMs, fetch: doFetch };

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
        // The token endpoint failed transiently (network, 5xx) or was busy (429, which refuses
        // the request before its refresh token is spent): retry like any other transient failure.
        // Anything else (needs-reconnect, licence, bad client credentials) is final.
        const transient = isApiError(error) && ((error.kind === 'unavailable' && error.retryable) || error.kind === 'rate-limited');
        if (!transient) throw error;
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
            return sendAttempt(sendOptions, url, tokens.peekAccessToken?.() ?? held, signal, expect, onServiceTime);
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
          // The server's window is full: hold the company's whole queue, not just this call, and
          // keep a wider margin from now on (the network's jitter is larger than it allowed for).
          limiter.rateLimited();
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
    getJsonText: (path, query, requestOptions) => guarded(async () => (await request(path, query, requestOptions, 'json-text')) as ListBodyText, requestOptions.signal),
    getPdf: (path, requestOptions) => guarded(async () => (await request(path, undefined, requestOptions, 'pdf')) as Buffer, requestOptions.signal),
    getScan: (path, requestOptions) => guarded(async () => (await request(path, undefined, requestOptions, 'scan')) as { bytes: Buffer; kind: ScanKind }, requestOptions.signal),
    breaker,
  };
}
