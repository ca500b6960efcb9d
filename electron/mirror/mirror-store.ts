/**
 * One company's local copy: an SQLite file (node:sqlite, WAL, mode 0600) with its invoices and the
 * state of its sync (seed 8.6). Synchronous on purpose: it runs in the mirror's worker thread
 * (mirror-worker.ts), or directly where a stall does not matter (the CLI, tests). Every write that
 * belongs together is one transaction, so a kill at any moment leaves either the page and its
 * progress or neither.
 */
import { chmodSync } from 'node:fs';
import { DatabaseSync, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import type { ResourceId, ResourceItems } from '../common/resources';
import type { SyncKind } from '../common/sync';
import { habitFrom, medianDaysLate, type PaymentHabit } from '../common/cash-outlook';
import { createCopyFile } from './copy-file';
import { migrate } from './mirror-schema';
import { DATE_GLOB } from './queryable-resources';
import { storedResources, type StoredColumn, type StoredResource } from './stored-resources';

export { numericKey } from './stored-resources';

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
  /** Items of the resource in the copy (invoices or supplier invoices). */
  invoices: number;
}

/** The states the supplier invoice list item lacks, kept from the filtered lists read with every sync. */
export const pendingFlags = ['authorize_pending', 'payment_pending'] as const;
export type PendingFlag = (typeof pendingFlags)[number];

const EMPTY_STATE: MirrorState = { checkpointMs: null, interval: null, lastSyncedAt: null, lastFullAt: null, lastRun: 0 };
const COLLATOR = new Intl.Collator('sv');

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
        namesDirty: this.readMeta<boolean>(spec.namesDirtyKey) ?? false,
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

  private readMeta<T>(key: string): T | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  private writeMeta(key: string, value: unknown): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  }

  private transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  state(resource: ResourceId = 'invoices'): MirrorState {
    return { ...EMPTY_STATE, ...(this.readMeta<MirrorState>(this.prepared(resource).spec.stateKey) ?? {}) };
  }

  summary(resource: ResourceId = 'invoices'): MirrorSummary {
    const state = this.state(resource);
    return { ...state, ready: state.checkpointMs !== null, invoices: this.rowCount(this.prepared(resource)) };
  }

  private rowCount(prepared: PreparedResource): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM ${prepared.spec.table}`).get() as { n: number }).n;
  }

  /** Starts a read of the resource (kept until finished, so a crash resumes it). */
  beginInterval(resource: ResourceId, interval: Omit<SyncInterval, 'nextPage' | 'run' | 'firstTotal' | 'totalChanged'>): SyncInterval {
    const state = this.state(resource);
    const run = interval.kind === 'full' ? state.lastRun + 1 : state.lastRun;
    const started: SyncInterval = { ...interval, nextPage: 1, run, firstTotal: null, totalChanged: false };
    this.transaction(() => this.writeMeta(this.prepared(resource).spec.stateKey, { ...state, interval: started, lastRun: run }));
    return started;
  }

  /** Upserts one page by the resource's identity and records the read's progress, in one transaction. */
  savePage<R extends ResourceId>(resource: R, items: readonly ResourceItems[R][], page: number, totalResources: number): void {
    const prepared = this.prepared(resource);
    let reranked = false;
    this.transaction(() => {
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
      if (reranked) this.rerank(prepared);
      const firstTotal = interval.firstTotal ?? totalResources;
      const next: SyncInterval = { ...interval, nextPage: Math.max(interval.nextPage, page + 1), firstTotal, totalChanged: interval.totalChanged || totalResources !== firstTotal };
      this.writeMeta(prepared.spec.stateKey, { ...state, interval: next });
      if (prepared.namesDirty && !reranked) this.writeMeta(prepared.spec.namesDirtyKey, true);
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
   * Sets a state the list item lacks (awaiting approval, payment under way) from the filtered list
   * read in full: exactly the given identities have it. One transaction.
   */
  setPendingFlag(resource: ResourceId, flag: PendingFlag, identities: readonly string[]): number {
    const { spec } = this.prepared(resource);
    if (!spec.extraColumns.includes(flag)) throw new Error(`${resource} has no ${flag}`);
    return this.transaction(() => {
      this.db.prepare(`UPDATE ${spec.table} SET ${flag} = 0 WHERE ${flag} = 1`).run();
      const set = this.db.prepare(`UPDATE ${spec.table} SET ${flag} = 1 WHERE ${spec.identity} IN (SELECT value FROM json_each(?))`);
      return Number(set.run(JSON.stringify(identities)).changes);
    });
  }

  /** The columns a resource keeps apart from its list item (its pending flags, its OCR) for one item; null when not in the copy. */
  knownFlags(resource: ResourceId, identity: string): Record<string, SQLOutputValue> | null {
    const { spec } = this.prepared(resource);
    if (spec.extraColumns.length === 0) return null;
    const row = this.statement(`SELECT ${spec.extraColumns.join(', ')} FROM ${spec.table} WHERE ${spec.identity} = ?`).get(identity) as Record<string, SQLOutputValue> | undefined;
    return row ? { ...row } : null;
  }

  /** What the details told that the list did not (a supplier invoice's OCR): kept, and found by the search box. */
  noteOcr(resource: ResourceId, identity: string, ocr: string): void {
    const prepared = this.prepared(resource);
    const { spec } = prepared;
    if (!kept(spec).some((column) => column.name === 'ocr') || ocr === '') return;
    this.transaction(() => {
      const row = this.db.prepare(`SELECT t.rowid AS id, d.data AS data FROM ${spec.table} t JOIN ${spec.dataTable} d ON d.id = t.rowid WHERE t.${spec.identity} = ?`).get(identity) as { id: number; data: string } | undefined;
      if (!row) return;
      const item = { ...(JSON.parse(row.data) as object), ocr };
      this.db.prepare(`UPDATE ${spec.table} SET ocr = ? WHERE rowid = ?`).run(ocr, row.id);
      prepared.putData.run(row.id, JSON.stringify(item));
      this.writeWords(prepared, row.id, spec.searchWords(item), this.state(resource).checkpointMs === null);
    });
  }

  /**
   * Ends the read: the checkpoint moves to its start. A full read also removes what the service no
   * longer lists, but only when it is sure it saw everything (the total held still and every
   * item it counted was read); otherwise nothing is removed and the next full read tries again.
   */
  finishInterval(resource: ResourceId, localNowMs: number): { removed: number; reconciled: boolean } {
    const prepared = this.prepared(resource);
    const { spec } = prepared;
    const result = this.transaction(() => {
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
      this.writeMeta(spec.stateKey, {
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
  refreshNameRanks(resource: ResourceId = 'invoices'): void {
    const prepared = this.prepared(resource);
    if (!prepared.namesDirty) return;
    this.transaction(() => this.rerank(prepared));
    prepared.namesDirty = false; // once committed
  }

  /**
   * Ranks the names afresh (inside the caller's transaction) and moves the rows of exactly the
   * names whose rank changed: every row holds its name's rank (a row is written with the rank of
   * its name), so a row whose name kept its rank is never touched. (Rewriting every row's rank cost
   * 2.7 s at the end of a 500,000-invoice first read.)
   */
  private rerank(prepared: PreparedResource): void {
    const { spec } = prepared;
    const names = this.db.prepare(`SELECT name, rank FROM ${spec.namesTable}`).all() as Array<{ name: string; rank: number }>;
    names.sort((a, b) => COLLATOR.compare(a.name, b.name));
    const setRank = this.db.prepare(`UPDATE ${spec.namesTable} SET rank = ? WHERE name = ?`);
    const moveRows = this.db.prepare(`UPDATE ${spec.table} SET name_rank = :rank WHERE name_rank = :old AND ${spec.nameColumn} = :name`);
    let rank = 0;
    names.forEach((row, i) => {
      if (i > 0 && COLLATOR.compare((names[i - 1] as { name: string }).name, row.name) !== 0) rank += 1;
      if (row.rank === rank) return;
      setRank.run(rank, row.name);
      moveRows.run({ rank, old: row.rank, name: row.name });
    });
    this.writeMeta(spec.namesDirtyKey, false);
  }

  /**
   * The customers' payment habits on `today` (common/cash-outlook.ts), kept in customer_habits:
   * recomputed for the customers whose paid invoices changed since (habit_dirty, filled by the
   * tally triggers in each write's transaction), and for every customer when the day changed (the
   * 365 days moved). Each customer's paid invoices are read by the partial index invoices_paid_habit.
   */
  habits(today: string): Map<string, PaymentHabit> {
    const from = habitFrom(today);
    const paidSince = `FROM invoices WHERE booked = 1 AND cancelled = 0 AND balance = 0 AND total > 0 AND final_pay_date IS NOT NULL
      AND final_pay_date >= :from AND final_pay_date <= :today AND final_pay_date GLOB '${DATE_GLOB}' AND due_date GLOB '${DATE_GLOB}'`;
    const late = `CAST(round(julianday(final_pay_date) - julianday(due_date)) AS INTEGER)`;
    this.transaction(() => {
      const asOf = this.readMeta<string>('habits:asOf');
      const dirty = (this.statement('SELECT customer_number AS c FROM habit_dirty').all() as Array<{ c: string }>).map((row) => row.c);
      if (asOf === today && dirty.length === 0) return;
      const save = this.statement('INSERT INTO customer_habits (customer_number, days, paid) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET days = excluded.days, paid = excluded.paid');
      const keep = (customer: string, days: number[]): void => {
        if (days.length === 0) this.statement('DELETE FROM customer_habits WHERE customer_number = ?').run(customer);
        else save.run(customer, medianDaysLate(days), days.length);
      };
      if (asOf !== today || dirty.length > 200) {
        // Everyone: one pass over the paid invoices of the 365 days.
        const byCustomer = new Map<string, number[]>();
        const rows = this.statement(`SELECT customer_number AS c, ${late} AS late ${paidSince}`);
        rows.setReturnArrays(true);
        for (const [customer, days] of rows.iterate({ from, today }) as unknown as Iterable<[string, number]>) {
          const list = byCustomer.get(customer);
          if (list) list.push(days);
          else byCustomer.set(customer, [days]);
        }
        this.db.exec('DELETE FROM customer_habits');
        for (const [customer, days] of byCustomer) keep(customer, days);
      } else {
        const rows = this.statement(`SELECT ${late} AS late ${paidSince} AND customer_number = :customer`);
        for (const customer of dirty) keep(customer, (rows.all({ from, today, customer }) as Array<{ late: number }>).map((row) => row.late));
      }
      this.db.exec('DELETE FROM habit_dirty');
      this.writeMeta('habits:asOf', today);
    });
    const kept = this.statement('SELECT customer_number AS c, days, paid FROM customer_habits').all() as Array<{ c: string; days: number; paid: number }>;
    return new Map(kept.map((row) => [row.c, { days: row.days, paid: row.paid }]));
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
