/**
 * One company's local copy: an SQLite file (node:sqlite, WAL, mode 0600) with its invoices and the
 * state of its sync (incremental reading). Synchronous on purpose: it runs in the mirror's worker thread
 * (mirror-worker.ts), or directly where a stall does not matter (the CLI, tests). Every write that
 * belongs together is one transaction, so a kill at any moment leaves either the page and its
 * progress or neither.
 */
import { chmodSync } from 'node:fs';
import { DatabaseSync, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import type { ResourceId, ResourceItems } from '../../common/resources';
import type { SyncKind } from '../../common/sync';
import { inTransaction, readMeta, writeMeta } from './copy-db';
import { createCopyFile } from './copy-file';
import { migrate } from './mirror-schema';
import { rankNames } from './name-ranks';
import type { StoredColumn } from '../../common/lists/list-description';
import { storedResources, type StoredResource } from './stored-resources';

/** A read in progress: persisted with every page, so the next run resumes it. */
export interface SyncInterval {
  kind: SyncKind;
  /** The service's time when the read began (its Date header), ms: the next checkpoint. */
  startMs: number;
  /** The `lastmodified` sent with every page of this read; null for a full read. */
  lastmodified: string | null;
  /** The next page to read (pages already persisted: 1 .. nextPage - 1). */
  nextPage: number;
  /** A full read marks every invoice it sees with this run number, then removes the others. */
  run: number;
  /** @TotalResources of every page read so far agreed: nothing was added or deleted mid-read. */
  firstTotal: number | null;
  totalChanged: boolean;
}

export interface MirrorState {
  /** Service time (ms) the last complete read began at; null until the first full read completes. */
  checkpointMs: number | null;
  interval: SyncInterval | null;
  /** PC time (ms) of the last completed sync and the last completed full read (for display and scheduling). */
  lastSyncedAt: number | null;
  lastFullAt: number | null;
  lastRun: number;
}

export interface MirrorSummary extends MirrorState {
  ready: boolean;
  /** Rows of the list in the copy (whichever list it is). */
  rows: number;
}

const EMPTY_STATE: MirrorState = { checkpointMs: null, interval: null, lastSyncedAt: null, lastFullAt: null, lastRun: 0 };

/**
 * Rows whose search words wait in pending_words before they are moved into the search index in one
 * go (while a copy has never been ready, nobody searches it). 50,000 rows: about a second of
 * indexing, every 100 pages of a first read.
 */
const WORDS_BATCH = 50_000;
/** A first read ranks new names with each page while the copy holds at most this many rows (then at its finish). */
const RANK_WHILE_ROWS = 25_000;

interface PreparedResource {
  spec: StoredResource<unknown>;
  upsert: StatementSync;
  dataOf: StatementSync;
  putData: StatementSync;
  deleteWords: StatementSync;
  insertWords: StatementSync;
  pendWords: StatementSync;
  pendingCount: StatementSync;
  insertName: StatementSync;
  rankOf: StatementSync;
  namesDirty: boolean;
}

/** INSERT ... ON CONFLICT (identity) DO UPDATE for a resource's columns (a known OCR is never forgotten). */
function upsertSql(spec: StoredResource<unknown>): string {
  const names = spec.columns.map((column) => column.name);
  const updates = spec.columns
    .filter((column) => column.name !== spec.identity)
    .map((column) => (column.keepKnown ? `${column.name} = CASE WHEN excluded.${column.name} != '' THEN excluded.${column.name} ELSE ${spec.table}.${column.name} END` : `${column.name} = excluded.${column.name}`));
  return `INSERT INTO ${spec.table} (${names.join(', ')}, name_rank, seen_run)
    VALUES (${names.map((_, i) => `?${i + 1}`).join(', ')}, ?${names.length + 1}, ?${names.length + 2})
    ON CONFLICT (${spec.identity}) DO UPDATE SET ${updates.join(', ')}, name_rank = excluded.name_rank, seen_run = max(${spec.table}.seen_run, excluded.seen_run)
    RETURNING ${['rowid', ...kept(spec).map((column) => column.name)].join(', ')}`;
}

/** The columns whose known value outlives list items that lack it. */
function kept(spec: StoredResource<unknown>): Array<StoredColumn<unknown> & { keepKnown: { field: string } }> {
  return spec.columns.filter((column): column is StoredColumn<unknown> & { keepKnown: { field: string } } => column.keepKnown !== undefined);
}

export class MirrorStore {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private readonly resources = new Map<ResourceId, PreparedResource>();

  constructor(readonly file: string) {
    if (file !== ':memory:') createCopyFile(file); // created private before SQLite opens it, never through a link
    this.db = new DatabaseSync(file);
    if (file !== ':memory:') chmodSync(file, 0o600);
    // A copy's schema is the app's own: nothing in a file changed behind the app's back (a view or
    // trigger calling a function) runs, and SQLite refuses what could corrupt the file on purpose
    // (writable_schema, a journal_mode of OFF, ...).
    this.db.exec('PRAGMA trusted_schema = OFF;');
    (this.db as DatabaseSync & { enableDefensive?: (active: boolean) => void }).enableDefensive?.(true);
    // A 64 MB page cache and memory-mapped reads: a 50,000-invoice copy (~40 MB) is read from memory.
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -65536; PRAGMA mmap_size = 268435456; PRAGMA temp_store = MEMORY;');
    migrate(this.db);
    // SQLite's lower() folds ASCII only; the service's substring search folds every letter (Ö too).
    this.db.function('js_lower', { deterministic: true }, (value) => String(value ?? '').toLowerCase());
    for (const spec of Object.values(storedResources) as StoredResource<unknown>[]) {
      this.resources.set(spec.id, {
        spec,
        upsert: this.db.prepare(upsertSql(spec)),
        dataOf: this.db.prepare(`SELECT data FROM ${spec.dataTable} WHERE id = ?`),
        putData: this.db.prepare(`INSERT INTO ${spec.dataTable} (id, data) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data`),
        deleteWords: this.db.prepare(`DELETE FROM ${spec.wordsTable} WHERE rowid = ?`),
        insertWords: this.db.prepare(`INSERT INTO ${spec.wordsTable} (rowid, words) VALUES (?, ?)`),
        pendWords: this.db.prepare(`INSERT INTO pending_words (resource, id, words) VALUES ('${spec.id}', ?, ?) ON CONFLICT DO UPDATE SET words = excluded.words`),
        pendingCount: this.db.prepare(`SELECT count(*) AS n FROM pending_words WHERE resource = '${spec.id}'`),
        insertName: this.db.prepare(`INSERT OR IGNORE INTO ${spec.namesTable} (name, rank) VALUES (?, 0)`),
        rankOf: this.db.prepare(`SELECT rank FROM ${spec.namesTable} WHERE name = ?`),
        namesDirty: readMeta<boolean>(this.db, spec.namesDirtyKey) ?? false,
      });
    }
  }

  private prepared(resource: ResourceId): PreparedResource {
    return this.resources.get(resource) as PreparedResource;
  }

  /** A prepared statement, kept for reuse; named parameters a clause does not use are allowed. */
  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      statement.setAllowUnknownNamedParameters(true);
      if (this.statements.size > 500) this.statements.clear(); // views are many; keep the cache bounded
      this.statements.set(sql, statement);
    }
    return statement;
  }

  state(resource: ResourceId): MirrorState {
    return { ...EMPTY_STATE, ...(readMeta<MirrorState>(this.db, this.prepared(resource).spec.stateKey) ?? {}) };
  }

  summary(resource: ResourceId): MirrorSummary {
    const state = this.state(resource);
    return { ...state, ready: state.checkpointMs !== null, rows: this.rowCount(this.prepared(resource)) };
  }

  private rowCount(prepared: PreparedResource): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM ${prepared.spec.table}`).get() as { n: number }).n;
  }

  /** Starts a read of the resource (kept until finished, so a crash resumes it). */
  beginInterval(resource: ResourceId, interval: Omit<SyncInterval, 'nextPage' | 'run' | 'firstTotal' | 'totalChanged'>): SyncInterval {
    const state = this.state(resource);
    const run = interval.kind === 'full' ? state.lastRun + 1 : state.lastRun;
    const started: SyncInterval = { ...interval, nextPage: 1, run, firstTotal: null, totalChanged: false };
    inTransaction(this.db, () => {
      writeMeta(this.db, this.prepared(resource).spec.stateKey, { ...state, interval: started, lastRun: run });
      // What this read changes is news only once the list was read whole before (digest-schema.ts):
      // a first read whose total moved under it is read again, and that read is not news either.
      if (state.checkpointMs === null || state.lastFullAt === null) this.statement('DELETE FROM event_reads WHERE resource = ?').run(resource);
      else this.statement('INSERT INTO event_reads (resource, at) VALUES (?, ?) ON CONFLICT DO UPDATE SET at = excluded.at').run(resource, new Date(interval.startMs).toISOString());
    });
    return started;
  }

  /** Upserts one page by the resource's identity and records the read's progress, in one transaction. */
  savePage<R extends ResourceId>(resource: R, items: readonly ResourceItems[R][], page: number, totalResources: number): void {
    const prepared = this.prepared(resource);
    let reranked = false;
    inTransaction(this.db, () => {
      const state = this.state(resource);
      const interval = state.interval;
      if (!interval) throw new Error('savePage without a read in progress');
      const seenRun = interval.kind === 'full' ? interval.run : 0;
      const deferWords = state.checkpointMs === null;
      for (const item of items) this.put(prepared, item, seenRun, deferWords);
      if (deferWords && (prepared.pendingCount.get() as { n: number }).n >= WORDS_BATCH) this.flushWords(prepared);
      // New names come mostly with a first read's first pages: ranked while the copy is small, so
      // the later pages are written with their names' ranks and the finish has none to move.
      reranked = deferWords && prepared.namesDirty && this.rowCount(prepared) <= RANK_WHILE_ROWS;
      if (reranked) rankNames(this.db, prepared.spec);
      const firstTotal = interval.firstTotal ?? totalResources;
      const next: SyncInterval = { ...interval, nextPage: Math.max(interval.nextPage, page + 1), firstTotal, totalChanged: interval.totalChanged || totalResources !== firstTotal };
      writeMeta(this.db, prepared.spec.stateKey, { ...state, interval: next });
      if (prepared.namesDirty && !reranked) writeMeta(this.db, prepared.spec.namesDirtyKey, true);
    });
    if (reranked) prepared.namesDirty = false; // once committed
  }

  /**
   * Upserts one item: its row, its JSON, its search words. An item whose JSON is unchanged (most of
   * a full read of a known company) leaves its JSON and words as they are. `deferWords`: the words
   * wait in pending_words (flushWords).
   */
  private put(prepared: PreparedResource, item: unknown, seenRun: number, deferWords: boolean): void {
    const { spec } = prepared;
    const name = spec.nameOf(item);
    if (prepared.insertName.run(name).changes > 0) prepared.namesDirty = true;
    const rank = (prepared.rankOf.get(name) as { rank: number } | undefined)?.rank ?? 0;
    const row = prepared.upsert.get(...spec.columns.map((column) => column.value(item)), rank, seenRun) as Record<string, SQLOutputValue> & { rowid: number };
    const { url: _url, ...stored } = item as Record<string, unknown>;
    for (const column of kept(spec)) stored[column.keepKnown.field] = row[column.name];
    const json = JSON.stringify(stored);
    if ((prepared.dataOf.get(row.rowid) as { data: string } | undefined)?.data === json) return;
    prepared.putData.run(row.rowid, json);
    this.writeWords(prepared, row.rowid, spec.searchWords(stored), deferWords);
  }

  private writeWords(prepared: PreparedResource, rowid: number, words: string, deferWords: boolean): void {
    if (deferWords) {
      prepared.pendWords.run(rowid, words);
      return;
    }
    prepared.deleteWords.run(rowid);
    prepared.insertWords.run(rowid, words);
  }

  /** Moves the resource's pending words into its search index (inside the caller's transaction): one bulk insert, which FTS5 indexes far faster than row by row. */
  private flushWords(prepared: PreparedResource): void {
    const { spec } = prepared;
    // A row read again after a resumed read may have words in the index already.
    this.db.prepare(`DELETE FROM ${spec.wordsTable} WHERE rowid IN (SELECT id FROM pending_words WHERE resource = ?)`).run(spec.id);
    this.db.prepare(`INSERT INTO ${spec.wordsTable} (rowid, words) SELECT id, words FROM pending_words WHERE resource = ?`).run(spec.id);
    this.db.prepare('DELETE FROM pending_words WHERE resource = ?').run(spec.id);
  }

  /**
   * Rewrites one stored item's JSON and search words, inside the caller's transaction: what the
   * details told about it (known-extras.ts), its row already updated.
   */
  rewriteItem(resource: ResourceId, rowid: number, item: object): void {
    const prepared = this.prepared(resource);
    prepared.putData.run(rowid, JSON.stringify(item));
    this.writeWords(prepared, rowid, prepared.spec.searchWords(item), this.state(resource).checkpointMs === null);
  }

  /**
   * Ends the read: the checkpoint moves to its start. A full read also removes what the service no
   * longer lists, but only when it is sure it saw everything (the total held still and every
   * item it counted was read); otherwise nothing is removed and the next full read tries again.
   */
  finishInterval(resource: ResourceId, localNowMs: number): { removed: number; reconciled: boolean } {
    const prepared = this.prepared(resource);
    const { spec } = prepared;
    const result = inTransaction(this.db, () => {
      const state = this.state(resource);
      const interval = state.interval;
      if (!interval) throw new Error('finishInterval without a read in progress');
      let removed = 0;
      let reconciled = false;
      // The copy is searched from now on: the words of its first read go into the index.
      this.flushWords(prepared);
      if (interval.kind === 'full') {
        const { seen } = this.db.prepare(`SELECT count(*) AS seen FROM ${spec.table} WHERE seen_run = ?`).get(interval.run) as { seen: number };
        if (!interval.totalChanged && seen === (interval.firstTotal ?? 0)) {
          const gone = this.db.prepare(`SELECT rowid FROM ${spec.table} WHERE seen_run < ?`).all(interval.run) as Array<{ rowid: number }>;
          const dropData = this.db.prepare(`DELETE FROM ${spec.dataTable} WHERE id = ?`);
          for (const { rowid } of gone) {
            prepared.deleteWords.run(rowid);
            dropData.run(rowid);
          }
          removed = Number(this.db.prepare(`DELETE FROM ${spec.table} WHERE seen_run < ?`).run(interval.run).changes);
          reconciled = true;
        }
      }
      writeMeta(this.db, spec.stateKey, {
        ...state,
        interval: null,
        checkpointMs: Math.max(state.checkpointMs ?? 0, interval.startMs),
        lastSyncedAt: localNowMs,
        lastFullAt: reconciled ? localNowMs : state.lastFullAt,
      } satisfies MirrorState);
      return { removed, reconciled };
    });
    this.refreshNameRanks(resource);
    // Fresh statistics after a full read, so the planner picks the indexes that fit each view.
    // (Sampled, analysis_limit: a second at most for a 500,000-invoice copy, not one per index.)
    if (result.reconciled) this.db.exec('PRAGMA analysis_limit = 1000; ANALYZE');
    return result;
  }

  /** Names in Swedish order (å, ä, ö after z, as at the service), when new names came in. */
  refreshNameRanks(resource: ResourceId): void {
    const prepared = this.prepared(resource);
    if (!prepared.namesDirty) return;
    inTransaction(this.db, () => rankNames(this.db, prepared.spec));
    prepared.namesDirty = false; // once committed
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
