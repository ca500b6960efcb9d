/**
 * The two database steps every part of a local copy writes with: one transaction (BEGIN
 * IMMEDIATE, so a kill leaves all of a write or none of it) and a JSON value in the meta table.
 * Functions over the database, not MirrorStore methods, so the modules that keep something beside
 * the rows (kept-habits.ts, known-extras.ts, name-ranks.ts) write the same way without reaching
 * into the store.
 */
import type { DatabaseSync } from 'node:sqlite';

export function readMeta<T>(db: DatabaseSync, key: string): T | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export function writeMeta(db: DatabaseSync, key: string, value: unknown): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}

/** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
