/**
 * The sandbox's clock for tests that compare its answers with a date or an instant computed in the
 * test: it starts at a fixed instant (a Monday morning, Swedish time) and runs on at real speed from
 * there, so a test never straddles a midnight ("today" is the same date in the sandbox and in the
 * test) and its instants are known. Give it to `startSandbox({ now })`; `advanceClock` still adds.
 */
import { performance } from 'node:perf_hooks';

export const SERVICE_START = Date.parse('2026-11-23T08:00:00.000Z');

/** For `startSandbox({ now })`: the real time the sandbox's clock runs on. */
export function steadyServiceTime(start = SERVICE_START): () => number {
  const origin = performance.now();
  return () => start + Math.floor(performance.now() - origin);
}
