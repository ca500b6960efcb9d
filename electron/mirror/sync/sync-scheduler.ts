/**
 * When each company's copy syncs by itself: at start, when connected, every interval
 * and when the service is back, a firm's 300 companies sync at most four at once, the company on
 * screen first. A company whose sync failed (no licence, needs reconnecting) waits a pause that
 * doubles with each failure, from one interval up to six hours, and never holds up the others.
 * "Sync now" and an export's sync are the user's own and do not wait here. Plain logic: the
 * manager passes the sync itself.
 *
 * At the app's start the others wait a few seconds (`quiet`): four syncs starting at once (their
 * threads opening copies, parsing pages) took the two cores the window needed for its first
 * screen, and the copies already hold what the window shows.
 */
import type { Clock } from '../../kernel/clock';

/** Companies synced at once: each has its own rate limit, but the copies share a few threads and the network. */
export const MAX_SYNCS_AT_ONCE = 4;
/** How long the others wait at the app's start: longer than a firm's first screen takes to draw on a small machine. */
export const QUIET_START_MS = 3_000;
/** The longest a failing company waits between its tries. */
export const MAX_FAILURE_PAUSE_MS = 6 * 60 * 60_000;

export interface SchedulerCounts {
  /** Syncs under way. */
  running: number;
  /** Wanted and waiting for a free place. */
  queued: number;
  /** Failed, pausing before the next try. */
  pausing: number;
}

export interface SyncScheduler {
  /** The company's copy should sync (unless it is queued, running, or pausing after a failure). */
  want(companyId: string): void;
  /** The company on screen: its sync goes before every other queued one. */
  onScreen(companyId: string | null): void;
  /** A sync of the company's own succeeded ("Sync now", an export's): no pause left. */
  succeeded(companyId: string): void;
  /** Disconnected: neither queued nor pausing any more. */
  forget(companyId: string): void;
  /** For `ms` from now only the company on screen starts; the queue keeps its order meanwhile. */
  quiet(ms: number): void;
  counts(): SchedulerCounts;
  close(): void;
}

/** `run` syncs one company and resolves to whether it succeeded (a failure's pause follows). */
export function createSyncScheduler(options: { clock: Clock; run(companyId: string): Promise<boolean>; pauseMs: number; limit?: number }): SyncScheduler {
  const limit = options.limit ?? MAX_SYNCS_AT_ONCE;
  const queue: string[] = [];
  const running = new Set<string>();
  const failures = new Map<string, { count: number; until: number }>();
  /** Forgotten while their sync ran: its outcome is no one's. */
  const gone = new Set<string>();
  let screen: string | null = null;
  let closed = false;
  let quietUntil = 0;

  /** The next company to start: the one on screen, else the queue's first unless it is quiet. */
  function next(): number {
    const at = screen === null ? -1 : queue.indexOf(screen);
    if (at >= 0) return at;
    return options.clock.now() < quietUntil ? -1 : 0;
  }

  function pump(): void {
    while (!closed && running.size < limit && queue.length > 0) {
      const at = next();
      if (at < 0) return;
      const [companyId] = queue.splice(at, 1) as [string];
      running.add(companyId);
      void options
        .run(companyId)
        .catch(() => false)
        .then((ok) => {
          if (gone.delete(companyId)) return;
          if (ok) failures.delete(companyId);
          else {
            const count = (failures.get(companyId)?.count ?? 0) + 1;
            failures.set(companyId, { count, until: options.clock.now() + Math.min(options.pauseMs * 2 ** (count - 1), MAX_FAILURE_PAUSE_MS) });
          }
        })
        .finally(() => {
          running.delete(companyId);
          pump();
        });
    }
  }

  return {
    want(companyId) {
      gone.delete(companyId);
      if (closed || running.has(companyId) || queue.includes(companyId)) return;
      const failed = failures.get(companyId);
      if (failed && options.clock.now() < failed.until) return;
      queue.push(companyId);
      pump();
    },
    onScreen(companyId) {
      screen = companyId;
      pump(); // while quiet, the company just opened starts now
    },
    succeeded(companyId) {
      failures.delete(companyId);
    },
    forget(companyId) {
      const at = queue.indexOf(companyId);
      if (at >= 0) queue.splice(at, 1);
      failures.delete(companyId);
      if (running.has(companyId)) gone.add(companyId);
    },
    quiet(ms) {
      quietUntil = options.clock.now() + ms;
      void options.clock.sleep(ms).then(pump);
    },
    counts() {
      const now = options.clock.now();
      return { running: running.size, queued: queue.length, pausing: [...failures.values()].filter((f) => now < f.until).length };
    },
    close() {
      closed = true;
      queue.length = 0;
    },
  };
}
