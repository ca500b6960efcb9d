// A copy's file is the app's own (security round three, 9): never opened through a link planted in
// the copies' folder, and opened with SQLite's defences (no trusted schema, defensive mode).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MirrorStore } from '../../../electron/mirror/storage/mirror-store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'copy-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the local copy's file", () => {
  it('is refused when it is a link, and what the link points to is left as it was', () => {
    const target = path.join(dir, 'elsewhere.txt');
    writeFileSync(target, 'not a copy');
    const file = path.join(dir, 'linked.sqlite');
    symlinkSync(target, file);
    expect(() => new MirrorStore(file)).toThrow(/linked\.sqlite is a link/);
    expect(readFileSync(target, 'utf8')).toBe('not a copy');
  });

  it('is refused when its journal beside it is a link', () => {
    const target = path.join(dir, 'wal-target');
    const file = path.join(dir, 'journal.sqlite');
    symlinkSync(target, `${file}-wal`);
    expect(() => new MirrorStore(file)).toThrow(/journal\.sqlite-wal is a link/);
    expect(existsSync(target)).toBe(false);
  });

  it('a new copy is private, does not trust its schema, and refuses to write its schema by hand', () => {
    const file = path.join(dir, 'c1.sqlite');
    const store = new MirrorStore(file);
    try {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(store.db.prepare('PRAGMA trusted_schema').get()).toEqual({ trusted_schema: 0 });
      // Defensive mode: writable_schema has no effect, so sqlite_schema cannot be edited.
      store.db.exec('PRAGMA writable_schema = ON');
      expect(() => store.db.exec("UPDATE sqlite_schema SET sql = 'x' WHERE name = 'meta'")).toThrow();
    } finally {
      store.db.close();
    }
  });
});
