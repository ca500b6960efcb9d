// A firm's background syncs: at most four at once, the company on screen first, a
// failing company pausing twice as long after each failure without holding up the others; and
// while the service is out of reach, one check for all offline companies together.
import { describe, expect, it } from 'vitest';
import { OFFLINE_CHECK_MS } from '../../../electron/common/sync';
import { createFakeClock } from '../../../electron/kernel/clock';
import { networkError } from '../../../electron/kernel/errors';
import { createOfflineWatch } from '../../../electron/mirror/sync/offline-watch';
import { createSyncScheduler, MAX_FAILURE_PAUSE_MS, QUIET_START_MS } from '../../../electron/mirror/sync/sync-scheduler';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const PAUSE = 5 * 60_000;

/** A scheduler whose syncs end when the test says, each with the outcome the test gives. */
function setup() {
  const clock = createFakeClock();
  const started: string[] = [];
  const open = new Map<string, (ok: boolean) => void>();
  const scheduler = createSyncScheduler({
    clock,
    pauseMs: PAUSE,
    run: (id) =>
      new Promise<boolean>((resolve) => {
        started.push(id);
        open.set(id, resolve);
      }),
  });
  const finish = async (id: string, ok = true) => {
    open.get(id)?.(ok);
    open.delete(id);
    await settle();
  };
  return { clock, scheduler, started, open, finish };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`);

describe('the sync scheduler', () => {
  it('syncs 300 companies four at once, each once, and the one on screen before the queue', async () => {
    const { scheduler, started, open, finish } = setup();
    for (const id of ids(300)) scheduler.want(id);
    for (const id of ids(300)) scheduler.want(id); // wanted again while queued: still once
    expect(started).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(scheduler.counts()).toEqual({ running: 4, queued: 296, pausing: 0 });
    scheduler.onScreen('c250');
    await finish('c2');
    expect(started.at(-1)).toBe('c250');
    let guard = 0;
    while (open.size > 0 && guard++ < 400) {
      expect(open.size).toBeLessThanOrEqual(4);
      await finish([...open.keys()][0] as string);
    }
    expect(started).toHaveLength(300);
    expect(new Set(started).size).toBe(300);
    expect(scheduler.counts()).toEqual({ running: 0, queued: 0, pausing: 0 });
  });

  it('a failing company pauses one interval, then two, four, ... up to six hours; the others go on; success ends it', async () => {
    const { clock, scheduler, started, finish } = setup();
    scheduler.want('bad');
    await finish('bad', false);
    scheduler.want('bad'); // the next interval: still pausing
    scheduler.want('good');
    expect(started).toEqual(['bad', 'good']);
    expect(scheduler.counts()).toMatchObject({ running: 1, pausing: 1 });
    await finish('good');
    await clock.advance(PAUSE);
    scheduler.want('bad');
    expect(started.at(-1)).toBe('bad');
    await finish('bad', false);
    await clock.advance(PAUSE);
    scheduler.want('bad');
    expect(started.filter((id) => id === 'bad')).toHaveLength(2); // the second pause is two intervals
    await clock.advance(PAUSE);
    scheduler.want('bad');
    expect(started.filter((id) => id === 'bad')).toHaveLength(3);
    for (let i = 0; i < 10; i += 1) {
      await finish('bad', false);
      await clock.advance(MAX_FAILURE_PAUSE_MS);
      scheduler.want('bad');
    }
    expect(started.filter((id) => id === 'bad')).toHaveLength(13); // never more than six hours
    await finish('bad', true);
    scheduler.want('bad');
    expect(started.filter((id) => id === 'bad')).toHaveLength(14);
  });

  it('at start only the company on screen syncs for the quiet seconds; then the others, four at once, in their order', async () => {
    const { clock, scheduler, started, finish } = setup();
    scheduler.onScreen('c7');
    scheduler.quiet(QUIET_START_MS);
    for (const id of ids(10)) scheduler.want(id);
    expect(started).toEqual(['c7']);
    expect(scheduler.counts()).toEqual({ running: 1, queued: 9, pausing: 0 });
    await finish('c7');
    expect(started).toEqual(['c7']); // the others still wait
    scheduler.onScreen('c9'); // another company opened meanwhile: its sync starts at once
    expect(started).toEqual(['c7', 'c9']);
    await clock.advance(QUIET_START_MS - 1);
    expect(started).toEqual(['c7', 'c9']);
    await clock.advance(1);
    expect(started).toEqual(['c7', 'c9', 'c1', 'c2', 'c3']);
  });

  it('a company forgotten is neither queued nor paused, and its running sync ends no one else\'s', async () => {
    const { scheduler, started, finish } = setup();
    for (const id of ids(6)) scheduler.want(id);
    scheduler.forget('c6');
    scheduler.forget('c1');
    await finish('c1', false);
    expect(started).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    scheduler.want('c1'); // connected again: no pause from before
    expect(scheduler.counts()).toMatchObject({ queued: 1, pausing: 0 });
  });
});

describe('the offline watch', () => {
  it('checks once every 30 s for all offline companies together, and when the service answers they all sync', async () => {
    const clock = createFakeClock();
    let up = false;
    const probed: string[] = [];
    const back: string[][] = [];
    const offline = new Set(ids(300));
    const watch = createOfflineWatch({
      clock,
      probe: async (id) => {
        probed.push(id);
        if (!up) throw networkError(new Error('connect ECONNREFUSED'));
      },
      stillOffline: (id) => offline.has(id),
      back: (companyIds) => back.push(companyIds),
    });
    for (const id of ids(300)) watch.watch(id);
    await clock.advance(OFFLINE_CHECK_MS);
    await clock.advance(OFFLINE_CHECK_MS);
    expect(probed).toEqual(['c1', 'c1']);
    offline.delete('c1'); // a sync of its own cleared it: the next one is asked
    up = true;
    await clock.advance(OFFLINE_CHECK_MS);
    expect(probed).toEqual(['c1', 'c1', 'c2']);
    expect(back).toEqual([ids(300).slice(1)]);
    await clock.advance(3 * OFFLINE_CHECK_MS);
    expect(probed).toHaveLength(3);
    watch.close();
  });
});

describe('the sync scheduler and the user\'s own syncs', () => {
  it('a company that succeeded by "Sync now" is no longer paused', async () => {
    const { scheduler, started, finish } = setup();
    scheduler.want('c1');
    await finish('c1', false);
    scheduler.want('c1');
    expect(started).toEqual(['c1']);
    scheduler.succeeded('c1');
    scheduler.want('c1');
    expect(started).toEqual(['c1', 'c1']);
  });
});
