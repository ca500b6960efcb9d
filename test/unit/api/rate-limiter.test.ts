import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../electron/kernel/clock';
import { ApiError } from '../../../electron/kernel/errors';
import { createRateLimiter, type Priority } from '../../../electron/api/rate-limiter';

/** Largest number of times in any half-open window (t - ms, t]. */
function maxInWindow(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi += 1) {
    while ((sorted[lo] as number) <= (sorted[hi] as number) - ms) lo += 1;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('rate limiter', () => {
  it('keeps starts inside both rolling windows and paces them evenly', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, maxQueued: 1000 });
    const starts: number[] = [];
    const done = Array.from({ length: 400 }, () => limiter.schedule('export', async () => starts.push(clock.now())));
    await clock.advance(100_000);
    await Promise.all(done);
    expect(starts).toHaveLength(400);
    expect(maxInWindow(starts, 5150)).toBeLessThanOrEqual(25);
    expect(maxInWindow(starts, 60_150)).toBeLessThanOrEqual(300);
    // The first five start at once (the company was quiet); from there, evenly.
    expect(starts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    const gaps = starts.slice(5).slice(1).map((t, i) => t - (starts[i + 5] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(205);
    const ratio = (starts.length - 1) / (5 * (((starts.at(-1) as number) - (starts[0] as number)) / 1000));
    expect(ratio).toBeGreaterThanOrEqual(0.95);
    expect(ratio).toBeLessThanOrEqual(1);
  });

  it('never lets the server see 26 arrivals in 5 s when arrivals jitter by up to the margin', async () => {
    const random = seeded(42);
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, maxQueued: 1000, pacing: false });
    const arrivals: number[] = [];
    const starts: number[] = [];
    // Burst mode (no pacing) is the worst case for the window edges.
    const done = Array.from({ length: 300 }, () =>
      limiter.schedule('prefetch', async () => {
        starts.push(clock.now());
        arrivals.push(clock.now() + random() * 149);
      }),
    );
    await clock.advance(120_000);
    await Promise.all(done);
    expect(maxInWindow(arrivals, 5000)).toBeLessThanOrEqual(25);
    expect(maxInWindow(starts, 5150)).toBeLessThanOrEqual(25);
  });

  it('a 429 widens the margin (150, 250, 500, 1000 ms): arrivals that jitter by up to 700 ms stop being refused', async () => {
    const random = seeded(7);
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, maxQueued: 1000 });
    // The server's own count of arrivals (25 in any 5 s), as the sandbox keeps it; a refused
    // arrival is not counted, and its call is tried again after a pause, as the client does.
    const counted: number[] = [];
    const refusedAt: number[] = [];
    const call = async (): Promise<void> => {
      for (;;) {
        const arrival = await limiter.schedule('sync', async () => clock.now() + random() * 700);
        await clock.sleep(Math.max(0, arrival - clock.now()));
        if (maxInWindow([...counted.filter((t) => t > arrival - 5000), arrival], 5000) <= 25) {
          counted.push(arrival);
          return;
        }
        refusedAt.push(arrival);
        limiter.rateLimited();
        limiter.pauseFor(1000);
        await clock.sleep(1000);
      }
    };
    const done = Array.from({ length: 600 }, () => call());
    await clock.advance(400_000);
    await Promise.all(done);
    // Refused at first, while the margin learns; three widenings cover a spread of 700 ms.
    expect(refusedAt.length).toBeGreaterThan(0);
    expect(refusedAt.length).toBeLessThanOrEqual(5);
    const lastRefusal = Math.max(...refusedAt);
    expect(counted.filter((t) => t > lastRefusal).length).toBeGreaterThan(450);
    expect(limiter.stats()).toMatchObject({ rateLimited: refusedAt.length });
    expect(limiter.stats().marginMs).toBeGreaterThanOrEqual(1000);
  });

  it('a widened margin steps back halfway after clean starts, and to where it began', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, maxQueued: 1000, relaxAfterStarts: 50 });
    limiter.rateLimited();
    await clock.advance(2000);
    limiter.rateLimited();
    expect(limiter.stats().marginMs).toBe(500);
    const run = async (count: number): Promise<void> => {
      const done = Array.from({ length: count }, () => limiter.schedule('sync', async () => undefined));
      await clock.advance(count * 300);
      await Promise.all(done);
    };
    await run(49);
    expect(limiter.stats().marginMs).toBe(500);
    await run(1);
    expect(limiter.stats().marginMs).toBe(325);
    await run(50);
    expect(limiter.stats().marginMs).toBe(238);
    await run(100);
    // 194; the next halfway (172) is within 25 ms of where it began: back to it.
    expect(limiter.stats().marginMs).toBe(150);
  });

  it('429s from calls in flight together widen the margin once; the margin never passes its maximum', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, maxMarginMs: 1000 });
    limiter.rateLimited();
    limiter.rateLimited();
    limiter.rateLimited();
    expect(limiter.stats()).toMatchObject({ marginMs: 250, rateLimited: 3 });
    await clock.advance(2000);
    limiter.rateLimited();
    expect(limiter.stats().marginMs).toBe(500);
    await clock.advance(2000);
    limiter.rateLimited();
    await clock.advance(2000);
    limiter.rateLimited();
    expect(limiter.stats().marginMs).toBe(1000);
    // With the wider margin, 25 starts hold their slots for 6 s: the 26th waits for it.
    const starts: number[] = [];
    const t0 = clock.now();
    const done = Array.from({ length: 26 }, () => limiter.schedule('export', async () => starts.push(clock.now() - t0)));
    await clock.advance(10_000);
    await Promise.all(done);
    expect(starts.at(-1)).toBeGreaterThanOrEqual(6000);
  });

  it('serves interactive before prefetch before export before sync before background, FIFO within a class', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, burst: 1 });
    const order: string[] = [];
    const add = (p: Priority, name: string) => limiter.schedule(p, async () => order.push(name));
    const all = [add('background', 'b1'), add('export', 'e1'), add('sync', 's1'), add('export', 'e2'), add('prefetch', 'p1'), add('interactive', 'i1'), add('prefetch', 'p2'), add('interactive', 'i2')];
    await clock.advance(10_000);
    await Promise.all(all);
    // b1 starts at once (the queue was empty); the rest by priority: a sync's second list ('background') only after everything else.
    expect(order).toEqual(['b1', 'i1', 'i2', 'p1', 'p2', 'e1', 'e2', 's1']);
    const more = [add('background', 'b2'), add('background', 'b3'), add('sync', 's2')];
    await clock.advance(10_000);
    await Promise.all(more);
    expect(order.slice(-3)).toEqual(['b2', 's2', 'b3']); // b2 at once again, then s2 before b3
  });

  it('an interactive call waits at most one pacing interval behind a long export', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock });
    const exports = Array.from({ length: 90 }, () => limiter.schedule('export', async () => undefined));
    await clock.advance(7000);
    const asked = clock.now();
    let startedAt = 0;
    const interactive = limiter.schedule('interactive', async () => {
      startedAt = clock.now();
    });
    await clock.advance(1000);
    await interactive;
    expect(startedAt - asked).toBeLessThanOrEqual(206);
    await clock.advance(60_000);
    await Promise.all(exports);
    expect(limiter.stats().maxWaitMs.interactive).toBeLessThanOrEqual(206);
  });

  it('a quiet company starts five calls at once; a long read still ends when paced starts would, and then waits a pause as before', async () => {
    const run = async (burst: number) => {
      const clock = createFakeClock(0);
      const limiter = createRateLimiter({ clock, maxQueued: 1000, burst });
      const starts: number[] = [];
      const done = Array.from({ length: 80 }, () => limiter.schedule('sync', async () => starts.push(clock.now())));
      await clock.advance(30_000);
      await Promise.all(done);
      return starts;
    };
    const burst = await run(5);
    const paced = await run(1);
    expect(burst.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 206]);
    expect(paced.slice(0, 3)).toEqual([0, 206, 412]);
    // The burst's slots free together 5.15 s later: from the 26th start on, the same times as paced.
    expect(burst.slice(25)).toEqual(paced.slice(25));
    expect(maxInWindow(burst, 5150)).toBeLessThanOrEqual(25);
    // A small read (13 calls, a small company's whole sync) ends 4 intervals earlier.
    expect((paced[12] as number) - (burst[12] as number)).toBe(4 * 206);
  });

  it('an interactive call behind a burst and a long read waits at most five intervals, once', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, maxQueued: 1000 });
    const reads = Array.from({ length: 120 }, () => limiter.schedule('sync', async () => undefined));
    const waits: number[] = [];
    // One interactive call at a time, every 250 ms or when the previous one started, for 20 s.
    while (clock.now() < 20_000) {
      const asked = clock.now();
      let started = false;
      void limiter.schedule('interactive', async () => {
        started = true;
        waits.push(clock.now() - asked);
      });
      do await clock.advance(250);
      while (!started);
    }
    // The window fills 4.1 s after the burst and frees at 5.15 s: a call asked then waits up to 5 intervals.
    expect(Math.max(...waits)).toBeLessThanOrEqual(5 * 206);
    expect(waits.filter((w) => w > 206)).toHaveLength(1);
    await clock.advance(60_000);
    await Promise.all(reads);
  });

  it('the 101st waiting call fails at once with busy', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, burst: 1 });
    const first = limiter.schedule('export', async () => 'started');
    const queued = Array.from({ length: 100 }, () => limiter.schedule('export', async () => 'ok'));
    const refused = limiter.schedule('interactive', async () => 'never');
    await expect(refused).rejects.toMatchObject({ kind: 'busy' });
    await expect(first).resolves.toBe('started');
    expect(limiter.stats().queued.export).toBe(100);
    expect(limiter.stats().rejectedBusy).toBe(1);
    await clock.advance(60_000);
    await expect(Promise.all(queued)).resolves.toHaveLength(100);
  });

  it('an aborted wait leaves the queue', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, burst: 1 });
    await limiter.schedule('export', async () => undefined);
    const controller = new AbortController();
    let ran = false;
    const waiting = limiter.schedule('export', async () => {
      ran = true;
    }, controller.signal);
    expect(limiter.stats().queued.export).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' });
    expect(limiter.stats().queued.export).toBe(0);
    await clock.advance(1000);
    expect(ran).toBe(false);
  });

  it('pauseFor holds the whole queue and reports waiting', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock });
    const waitingEvents: boolean[] = [];
    limiter.onWaitingChange((w) => waitingEvents.push(w));
    limiter.pauseFor(3000);
    let startedAt = -1;
    const p = limiter.schedule('interactive', async () => {
      startedAt = clock.now();
    });
    await clock.advance(2999);
    expect(startedAt).toBe(-1);
    expect(limiter.stats().waiting).toBe(true);
    await clock.advance(1);
    await p;
    expect(startedAt).toBe(3000);
    expect(waitingEvents).toEqual([true, false]);
  });

  it('close rejects waiting calls and refuses new ones', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, burst: 1 });
    await limiter.schedule('export', async () => undefined);
    const waiting = limiter.schedule('export', async () => undefined);
    limiter.close();
    await expect(waiting).rejects.toBeInstanceOf(ApiError);
    await expect(limiter.schedule('interactive', async () => undefined)).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('a task that throws rejects only its own call', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock });
    const bad = limiter
      .schedule('interactive', () => {
        throw new Error('boom');
      })
      .catch((error: unknown) => error);
    const good = limiter.schedule('interactive', async () => 'fine');
    await clock.advance(1000);
    expect(await bad).toMatchObject({ message: 'boom' });
    await expect(good).resolves.toBe('fine');
  });

  it('honours custom windows', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ clock, windows: [{ ms: 1000, max: 2 }], marginMs: 0, pacing: false });
    const starts: number[] = [];
    const all = Array.from({ length: 6 }, () => limiter.schedule('export', async () => starts.push(clock.now())));
    await clock.advance(5000);
    await Promise.all(all);
    expect(starts).toEqual([0, 0, 1000, 1000, 2000, 2000]);
  });
});

describe('waiting notice during a pause with an empty queue', () => {
  it('reports waiting for the whole pause even when the paused call sleeps outside the queue', async () => {
    const clock = createFakeClock();
    const limiter = createRateLimiter({ clock });
    const events: boolean[] = [];
    limiter.onWaitingChange((w) => events.push(w));
    limiter.pauseFor(2_000);
    expect(events).toEqual([true]);
    await clock.advance(2_000);
    expect(events).toEqual([true, false]);
  });
});
