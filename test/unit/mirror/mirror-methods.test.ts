// The copy's method table (mirror-api.ts) is the worker's whole vocabulary: a message naming
// anything but one of its own methods (a prototype's `constructor`, `__proto__`, `toString`, the
// pool's own `open`) is refused with the name, never run; the client has one function per method.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mirrorApiOver, mirrorMethodNames, runMirrorMethod, type MirrorMethod } from '../../../electron/mirror/access/mirror-api';
import { MirrorStore } from '../../../electron/mirror/storage/mirror-store';

let dir: string;
let store: MirrorStore;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mirror-methods-'));
  store = new MirrorStore(path.join(dir, 'copy.sqlite'));
});
afterEach(async () => {
  store.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("the worker's dispatch", () => {
  it('runs a method of the table by its name', async () => {
    expect(await runMirrorMethod(store, 'summary', ['invoices'])).toMatchObject({ rows: 0 });
    expect(await runMirrorMethod(store, 'lastEventSeq', [])).toBe(0);
  });

  it('refuses a name that is no method, naming it', async () => {
    await expect(runMirrorMethod(store, 'dropEverything', [])).rejects.toThrow(/^Unknown method dropEverything$/);
    // The pool's own messages and the client's own close are not the table's.
    await expect(runMirrorMethod(store, 'open', ['elsewhere.sqlite'])).rejects.toThrow(/^Unknown method open$/);
    await expect(runMirrorMethod(store, 'close', [])).rejects.toThrow(/^Unknown method close$/);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])('refuses the prototype name %s: it runs nothing', async (name) => {
    await expect(runMirrorMethod(store, name, ['invoices'])).rejects.toThrow(new RegExp(`^Unknown method ${name}$`));
    // The copy still answers as before.
    expect(await runMirrorMethod(store, 'summary', ['invoices'])).toMatchObject({ rows: 0 });
  });
});

describe("the copy's client", () => {
  it('has one function per method of the table, each one call with its name and arguments, and close', async () => {
    const calls: Array<{ method: MirrorMethod; args: unknown[] }> = [];
    let closed = false;
    const api = mirrorApiOver(
      async (method, args) => {
        calls.push({ method, args });
        return calls.length;
      },
      async () => {
        closed = true;
      },
    );
    expect(Object.keys(api).sort()).toEqual([...mirrorMethodNames, 'close'].sort());
    expect(mirrorMethodNames).not.toContain('constructor');
    expect(await api.markDigest('2026-11-28', { action: 'dismiss', seq: 3 })).toBe(1);
    expect(await api.listRows('invoices', { limit: 5 }, '2026-11-28', 10, 5)).toBe(2);
    expect(calls).toEqual([
      { method: 'markDigest', args: ['2026-11-28', { action: 'dismiss', seq: 3 }] },
      { method: 'listRows', args: ['invoices', { limit: 5 }, '2026-11-28', 10, 5] },
    ]);
    await api.close();
    expect(closed).toBe(true);
  });
});
