/**
 * What a copy keeps of an item that its list item lacks, and the sync or the details tell apart:
 * a supplier invoice's pending flags (from the filtered lists authorizepending and pendingpayment,
 * read in full with every sync) and its OCR (from its details). Only the supplier invoices have
 * such columns (StoredResource.extraColumns); kept apart from the store, which writes and reads
 * what the list pages say.
 */
import type { SQLOutputValue } from 'node:sqlite';
import type { ResourceId } from '../../common/resources';
import { inTransaction } from './copy-db';
import type { MirrorStore } from './mirror-store';
import { storedResources, type StoredResource } from './stored-resources';

/** A state a list's item lacks, kept from a filtered list read with every sync: its column (one of
 * the list's stored.extraColumns, checked before any SQL is written with it). */
export type PendingFlag = string;

const specOf = (resource: ResourceId): StoredResource<unknown> => storedResources[resource] as StoredResource<unknown>;

/**
 * Sets a state the list item lacks (awaiting approval, payment under way) from the filtered list
 * read in full: exactly the given identities have it. One transaction.
 */
export function setPendingFlag(store: MirrorStore, resource: ResourceId, flag: PendingFlag, identities: readonly string[]): number {
  const spec = specOf(resource);
  if (!spec.extraColumns.includes(flag)) throw new Error(`${resource} has no ${flag}`);
  return inTransaction(store.db, () => {
    // Only what changes is written: a flag cleared and set again would look like a bill leaving
    // approval to the digest's triggers (digest-schema.ts).
    const list = JSON.stringify(identities);
    store.db.prepare(`UPDATE ${spec.table} SET ${flag} = 0 WHERE ${flag} = 1 AND ${spec.identity} NOT IN (SELECT value FROM json_each(?))`).run(list);
    const set = store.db.prepare(`UPDATE ${spec.table} SET ${flag} = 1 WHERE ${spec.identity} IN (SELECT value FROM json_each(?))`);
    return Number(set.run(list).changes);
  });
}

/** The columns a resource keeps apart from its list item (its pending flags, its OCR) for one item; null when not in the copy. */
export function knownFlags(store: MirrorStore, resource: ResourceId, identity: string): Record<string, SQLOutputValue> | null {
  const spec = specOf(resource);
  if (spec.extraColumns.length === 0) return null;
  const row = store.statement(`SELECT ${spec.extraColumns.join(', ')} FROM ${spec.table} WHERE ${spec.identity} = ?`).get(identity) as Record<string, SQLOutputValue> | undefined;
  return row ? { ...row } : null;
}

/** What the details told that the list did not (a supplier invoice's OCR): kept, and found by the search box. */
export function noteOcr(store: MirrorStore, resource: ResourceId, identity: string, ocr: string): void {
  const spec = specOf(resource);
  if (!spec.columns.some((column) => column.name === 'ocr' && column.keepKnown !== undefined) || ocr === '') return;
  inTransaction(store.db, () => {
    const row = store.db.prepare(`SELECT t.rowid AS id, d.data AS data FROM ${spec.table} t JOIN ${spec.dataTable} d ON d.id = t.rowid WHERE t.${spec.identity} = ?`).get(identity) as { id: number; data: string } | undefined;
    if (!row) return;
    const item = { ...(JSON.parse(row.data) as object), ocr };
    store.db.prepare(`UPDATE ${spec.table} SET ocr = ? WHERE rowid = ?`).run(ocr, row.id);
    store.rewriteItem(resource, row.id, item);
  });
}
