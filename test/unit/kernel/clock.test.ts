import { describe, expect, it } from 'vitest';
import { createFakeClock, systemClock } from '../../../electron/kernel/clock';

describe('fake clock', () => {
  it('fires sleepers in time order as it advances', async () => {
    const clock = createFakeClock(0);
    const fired: string[] = [];
    void clock.sleep(300).then(() => fired.push('b'));
    void clock.sleep(100).then(() => fired.push('a'));
    await clock.advance(150);
    expect(fired).toEqual(['a']);
    expect(clock.now()).toBe(150);
    await clock.advance(1000);
    expect(fired).toEqual(['a', 'b']);
    expect(clock.now()).toBe(1150);
  });

  it('lets a chain schedule its next sleep before time moves past it', async () => {
    const clock = createFakeClock(0);
    const times: number[] = [];
    void (async () => {
      for (let i = 0; i < 3; i += 1) {
        await clock.sleep(1000);
        times.push(clock.now());
      }
    })();
    await clock.advance(5000);
    expect(times).toEqual([1000, 2000, 3000]);
  });

  it('rejects an aborted sleep and forgets it', async () => {
    const clock = createFakeClock(0);
    const controller = new AbortController();
    const sleeping = clock.sleep(1000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pending()).toBe(0);
  });

  it('system clock sleeps and aborts', async () => {
    const start = systemClock.now();
    await systemClock.sleep(5);
    expect(systemClock.now() - start).toBeGreaterThanOrEqual(4);
    const controller = new AbortController();
    const p = systemClock.sleep(10_000, controller.signal);
    controller.abort();
    await expect(p).rejects.toThrow();
  });
});
