/**
 * A file written behind (write-behind.ts): one write for a burst of changes, of the latest text,
 * never in the caller's task, flushed on demand, and a failed write tried again at the next change.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeBehind } from '../../../electron/kernel/write-behind';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'write-behind-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

describe('a file written behind', () => {
  it('waits afterMs, then writes the latest text once for a burst of changes; flush writes a waiting change at once', async () => {
    const file = path.join(dir, 'sub', 'state.json');
    let state = 0;
    const text = vi.fn(() => JSON.stringify({ state }));
    const saved = writeBehind({ file, text, afterMs: 60_000, failed: () => undefined });
    for (let i = 1; i <= 20; i += 1) {
      state = i;
      saved.schedule();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(file)).toBe(false); // not yet: the change waits for more
    await saved.flush();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ state: 20 });
    expect(text).toHaveBeenCalledTimes(1);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it('afterMs 0: written after the caller\'s task, and a change during a write is written after it', async () => {
    const file = path.join(dir, 'active.json');
    let state = 'a';
    const saved = writeBehind({ file, text: () => state, afterMs: 0, failed: () => undefined });
    saved.schedule();
    expect(existsSync(file)).toBe(false); // never in the caller's own task
    await new Promise((resolve) => setTimeout(resolve, 0));
    state = 'b';
    saved.schedule();
    await saved.flush();
    expect(readFileSync(file, 'utf8')).toBe('b');
  });

  it('a write that fails is reported, leaves the old file whole, and the next change tries again', async () => {
    const file = path.join(dir, 'state.json');
    writeFileSync(file, 'old');
    const failed = vi.fn();
    let fail = true;
    const saved = writeBehind({
      file,
      text: () => {
        if (fail) throw new Error('disk full');
        return 'new';
      },
      afterMs: 0,
      failed,
    });
    saved.schedule();
    await saved.flush();
    expect(failed).toHaveBeenCalledTimes(1);
    expect(readFileSync(file, 'utf8')).toBe('old');
    fail = false;
    saved.schedule();
    await saved.flush();
    expect(readFileSync(file, 'utf8')).toBe('new');
  });
});
