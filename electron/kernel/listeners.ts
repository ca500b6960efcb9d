/**
 * Calls every listener with the value. A listener that throws must not break the state machine
 * that notifies it (the limiter, the breaker, the token manager), nor the other listeners; the
 * copy lets a listener unsubscribe itself while being called.
 */
export function notifyAll<T>(listeners: Iterable<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) {
    try {
      listener(value);
    } catch {
      // ignored on purpose: see above
    }
  }
}
