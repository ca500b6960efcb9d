/**
 * A switch of company waits for the workspace's first page, up to a limit, and the last click
 * wins (switch-when-ready.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSwitcher, SWITCH_WAIT_MS } from '../../../../../renderer/features/companies/switch-when-ready';

/** A promise settled from outside, as a page's read. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a switch of company', () => {
  it('shows the workspace as soon as its page is there, not before', async () => {
    const switchTo = createSwitcher();
    const page = deferred();
    const shown: string[] = [];
    switchTo(page.promise, () => shown.push('a'));
    await vi.advanceTimersByTimeAsync(30);
    expect(shown).toEqual([]);
    page.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual(['a']);
    // Once only: the wait's end later does not show it again.
    await vi.advanceTimersByTimeAsync(SWITCH_WAIT_MS);
    expect(shown).toEqual(['a']);
  });

  it('shows it at once when nothing was asked, and after the wait when the page is slow or fails', async () => {
    const switchTo = createSwitcher();
    const shown: string[] = [];
    switchTo(undefined, () => shown.push('now'));
    expect(shown).toEqual(['now']);
    switchTo(new Promise(() => undefined), () => shown.push('slow'));
    await vi.advanceTimersByTimeAsync(SWITCH_WAIT_MS - 1);
    expect(shown).toEqual(['now']);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual(['now', 'slow']);
    const failing = deferred();
    switchTo(failing.promise, () => shown.push('failed'));
    failing.reject(new Error('the copy is closed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual(['now', 'slow', 'failed']);
  });

  it('ends on the company clicked last, whichever page comes back first', async () => {
    const switchTo = createSwitcher();
    const first = deferred();
    const second = deferred();
    const shown: string[] = [];
    switchTo(first.promise, () => shown.push('first'));
    switchTo(second.promise, () => shown.push('second'));
    second.resolve();
    await vi.advanceTimersByTimeAsync(0);
    first.resolve();
    await vi.advanceTimersByTimeAsync(SWITCH_WAIT_MS);
    expect(shown).toEqual(['second']);
    // A click on the company already shown (nothing to wait for) also drops a click still waiting.
    const third = deferred();
    switchTo(third.promise, () => shown.push('third'));
    switchTo(undefined, () => shown.push('current'));
    third.resolve();
    await vi.advanceTimersByTimeAsync(SWITCH_WAIT_MS);
    expect(shown).toEqual(['second', 'current']);
  });
});
