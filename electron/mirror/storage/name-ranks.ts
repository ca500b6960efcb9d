/**
 * Names in Swedish order (å, ä, ö after z, as at the service) for the grid's sort by customer or
 * supplier name. SQLite cannot collate Swedish, so each distinct name gets a rank in the resource's
 * names table and every row holds its name's rank (name_rank). This module only ranks; when a
 * rerank is due (new names came in) is the store's bookkeeping.
 */
import type { DatabaseSync } from 'node:sqlite';
import { writeMeta } from './copy-db';
import type { StoredResource } from './stored-resources';

const COLLATOR = new Intl.Collator('sv');

/**
 * Ranks the names afresh (inside the caller's transaction) and moves the rows of exactly the
 * names whose rank changed: every row holds its name's rank (a row is written with the rank of
 * its name), so a row whose name kept its rank is never touched (rewriting every row's rank would
 * take seconds at the end of a large company's first read).
 */
export function rankNames(db: DatabaseSync, spec: StoredResource<unknown>): void {
  const names = db.prepare(`SELECT name, rank FROM ${spec.namesTable}`).all() as Array<{ name: string; rank: number }>;
  names.sort((a, b) => COLLATOR.compare(a.name, b.name));
  const setRank = db.prepare(`UPDATE ${spec.namesTable} SET rank = ? WHERE name = ?`);
  const moveRows = db.prepare(`UPDATE ${spec.table} SET name_rank = :rank WHERE name_rank = :old AND ${spec.nameColumn} = :name`);
  let rank = 0;
  names.forEach((row, i) => {
    if (i > 0 && COLLATOR.compare((names[i - 1] as { name: string }).name, row.name) !== 0) rank += 1;
    if (row.rank === rank) return;
    setRank.run(rank, row.name);
    moveRows.run({ rank, old: row.rank, name: row.name });
  });
  writeMeta(db, spec.namesDirtyKey, false);
}
