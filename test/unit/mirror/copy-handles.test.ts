// A company's copy opens when used and closes when idle (copy-handles.ts): never under
// a call, again at the next use; a copy that cannot be opened is tried again; a dropped company's
// handle never opens (and so never creates) its file again.
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../electron/kernel/clock';
import { openInlineMirror, type MirrorApi } from '../../../electron/mirror/access/mirror-api';
import { createCopyHandles } from '../../../electron/mirror/access/copy-handles';
import { invoice } from '../export/helpers';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'copy-handles-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function setup(idleMs = 60_000) {
  const clock = createFakeClock();
  const opened: string[] = [];
  const closed: string[] = [];
  const copies = createCopyHandles({
    clock,
    idleMs,
    open: (companyId) => {
      opened.push(companyId);
      const mirror = openInlineMirror(path.join(dir, `${companyId}.sqlite`));
      return { ...mirror, close: async () => (closed.push(companyId), mirror.close()) } satisfies MirrorApi;
    },
  });
  return { clock, copies, opened, closed };
}

describe('copy handles', () => {
  it('opens a copy at its first use, keeps it while used, closes it once idle, and opens it again', async () => {
    const { clock, copies, opened, closed } = setup();
    const a = copies.handle('a');
    expect(copies.handle('a')).toBe(a);
    expect(opened).toEqual([]);
    await a.beginInterval('invoices', { kind: 'full', startMs: 0, lastmodified: null });
    await a.savePage('invoices', [invoice({ documentNumber: '1' }), invoice({ documentNumber: '2' })], 1, 2);
    await a.finishInterval('invoices', clock.now());
    expect(opened).toEqual(['a']);
    expect(copies.openCount()).toBe(1);
    await clock.advance(59_000);
    await copies.sweep();
    expect(closed).toEqual([]);
    await clock.advance(1_000);
    await copies.sweep();
    expect(closed).toEqual(['a']);
    expect(copies.openCount()).toBe(0);
    // The same handle opens it again, with what was stored.
    expect((await a.summary('invoices')).rows).toBe(2);
    expect(opened).toEqual(['a', 'a']);
    await copies.closeAll();
  });

  it('never closes a copy under a call', async () => {
    const { clock, copies, closed } = setup(1_000);
    const a = copies.handle('a');
    await a.summary('invoices');
    await clock.advance(5_000);
    // A call under way (the page of a sync): the sweep leaves it open.
    const call = a.summary('invoices');
    const sweep = copies.sweep();
    await Promise.all([call, sweep]);
    expect(closed).toEqual([]);
    await clock.advance(1_000);
    await copies.sweep();
    expect(closed).toEqual(['a']);
  });

  it('tries a copy that cannot be opened again at its next use', async () => {
    const { copies } = setup();
    const file = path.join(dir, 'bad.sqlite');
    await fs.writeFile(file, 'not a database '.repeat(100));
    const bad = copies.handle('bad');
    await expect(bad.summary('invoices')).rejects.toThrow();
    await fs.rm(file);
    expect((await bad.summary('invoices')).rows).toBe(0);
    await copies.closeAll();
  });

  it('a dropped handle refuses every call and leaves no file; a new handle for the same company works', async () => {
    const { copies } = setup();
    const old = copies.handle('gone');
    await old.summary('invoices');
    await copies.drop('gone');
    for (const suffix of ['', '-wal', '-shm']) await fs.rm(path.join(dir, `gone.sqlite${suffix}`), { force: true });
    await expect(old.summary('invoices')).rejects.toThrow(/removed/);
    expect(existsSync(path.join(dir, 'gone.sqlite'))).toBe(false);
    const again = copies.handle('gone');
    expect(again).not.toBe(old);
    expect((await again.summary('invoices')).rows).toBe(0);
    await copies.closeAll();
  });
});

describe('copy handles, released', () => {
  it('a release closes an idle copy at once and leaves one under a call open', async () => {
    const { copies, closed } = setup();
    const a = copies.handle('a');
    await a.summary('invoices');
    const call = a.summary('invoices');
    const released = copies.release('a');
    await Promise.all([call, released]);
    expect(closed).toEqual([]);
    await copies.release('a');
    expect(closed).toEqual(['a']);
    await copies.release('never-opened');
    expect(closed).toEqual(['a']);
  });
});

describe('copy handles, closing and removing', () => {
  it('a copy whose close failed opens again at its next use', async () => {
    const clock = createFakeClock();
    let failClose = true;
    const copies = createCopyHandles({
      clock,
      idleMs: 1,
      open: (companyId) => {
        const mirror = openInlineMirror(path.join(dir, `${companyId}.sqlite`));
        return { ...mirror, close: async () => (await mirror.close(), failClose ? Promise.reject(new Error('disk gone')) : undefined) };
      },
    });
    const a = copies.handle('a');
    await a.summary('invoices');
    await clock.advance(10);
    await copies.sweep();
    failClose = false;
    expect((await a.summary('invoices')).rows).toBe(0);
    await copies.closeAll();
  });

  it('a reconnect opens its new copy only after the old one is closed and its files are gone', async () => {
    const { copies, opened } = setup();
    const order: string[] = [];
    await copies.handle('a').summary('invoices');
    const removed = copies.drop('a', () => {
      order.push('files deleted');
    });
    const again = copies.handle('a').summary('invoices').then(() => order.push('opened again'));
    await Promise.all([removed, again]);
    expect(order).toEqual(['files deleted', 'opened again']);
    expect(opened).toEqual(['a', 'a']);
    await copies.closeAll();
  });

  it('a hold keeps the copy open through sweeps and releases until it ends', async () => {
    const { clock, copies, closed } = setup(1_000);
    await copies.handle('a').summary('invoices');
    const unhold = copies.hold('a');
    await clock.advance(5_000);
    await copies.sweep();
    await copies.release('a');
    expect(closed).toEqual([]);
    unhold();
    unhold(); // twice is once
    await copies.release('a');
    expect(closed).toEqual(['a']);
  });
});
