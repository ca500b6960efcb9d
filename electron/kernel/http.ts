import type { Clock } from './clock';

/** The subset of fetch the clients use; global fetch satisfies it, tests pass fakes. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RequestScope {
  /** Aborts on timeout, on the caller's abort, or on dispose. */
  signal: AbortSignal;
  timedOut(): boolean;
  /** Releases the timer and the listener on the caller's signal. Call in `finally`. */
  dispose(): void;
}

/**
 * One request's abort scope: a timeout measured on the injected clock (so fake-clock tests can
 * time requests out) joined with the caller's signal. The timeout covers reading the body too.
 */
export function requestScope(clock: Clock, timeoutMs: number, outer?: AbortSignal): RequestScope {
  const controller = new AbortController();
  const timer = new AbortController();
  let timedOut = false;
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  if (Number.isFinite(timeoutMs) && timeoutMs > 0) {
    clock.sleep(timeoutMs, timer.signal).then(
      () => {
        timedOut = true;
        controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
      },
      () => undefined,
    );
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose(): void {
      timer.abort();
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/** Parses a body as JSON; `undefined` for an empty or non-JSON body (error bodies are best effort). */
export function parseJsonLoose(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Base URL + path without doubling or dropping the slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
