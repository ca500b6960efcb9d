/**
 * One company's local copy: an SQLite file (node:sqlite, WAL, mode 0600) with its invoices and the
 * state of its sync (seed 8.6). Synchronous on purpose: it runs in the mirror's worker thread
 * (mirror-worker.ts), or directly where a stall does not matter (the CLI, tests). Every write that
 * belongs together is one transaction, so a kill at any moment leaves either the page and its
 * progress or neither.
 */
import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { valueInSek, type Invoice } from '../common/invoices';
import type { SyncKind } from '../common/sync';
import { migrate } from './mirror-schema';

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
  invoices: number;
}

const EMPTY_STATE: MirrorState = { checkpointMs: null, interval: null, lastSyncedAt: null, lastFullAt: null, lastRun: 0 };
const COLLATOR = new Intl.Collator('sv');

/** The words the search box finds an invoice by (references included). */
function searchWords(invoice: Invoice): string {
  return [invoice.customerName, invoice.customerNumber, invoice.documentNumber, invoice.ocr, invoice.externalInvoiceReference1, invoice.externalInvoiceReference2].join(' ');
}

/** DocumentNumber and CustomerNumber order numerically when they are digits (as at the service). */
export function numericKey(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.MAX_VALUE;
}

export class MirrorStore {
  readonly db: DatabaseSync;
  private namesDirty = false;
  private readonly statements = new Map<string, StatementSync>();
  private readonly upsert;
  private readonly putData;
  private readonly deleteWords;
  private readonly insertWords;
  private readonly insertName;
  private readonly rankOf;

  constructor(readonly file: string) {
    if (file !== ':memory:') closeSync(openSync(file, 'a', 0o600)); // created private before SQLite opens it
    this.db = new DatabaseSync(file);
    if (file !== ':memory:') chmodSync(file, 0o600);
    // A 64 MB page cache and memory-mapped reads: a 50,000-invoice copy (~40 MB) is read from memory.
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -65536; PRAGMA mmap_size = 268435456; PRAGMA temp_store = MEMORY;');
    migrate(this.db);
    // SQLite's lower() folds ASCII only; the service's substring search folds every letter (Ö too).
    this.db.function('js_lower', { deterministic: true }, (value) => String(value ?? '').toLowerCase());
    this.upsert = this.db.prepare(`
      INSERT INTO invoices (document_number, doc_no, customer_number, customer_number_key, customer_name, name_rank, invoice_date, due_date,
        total, balance, currency, booked, cancelled, sent, ocr, invoice_type, project, cost_center, final_pay_date, currency_rate, currency_unit, seen_run,
        total_sek, balance_sek)
      VALUES (:documentNumber, :docNo, :customerNumber, :customerNumberKey, :customerName, :nameRank, :invoiceDate, :dueDate,
        :total, :balance, :currency, :booked, :cancelled, :sent, :ocr, :invoiceType, :project, :costCenter, :finalPayDate, :currencyRate, :currencyUnit, :seenRun,
        :totalSek, :balanceSek)
      ON CONFLICT (document_number) DO UPDATE SET
        doc_no = excluded.doc_no, customer_number = excluded.customer_number, customer_number_key = excluded.customer_number_key,
        customer_name = excluded.customer_name, name_rank = excluded.name_rank, invoice_date = excluded.invoice_date, due_date = excluded.due_date,
        total = excluded.total, balance = excluded.balance, currency = excluded.currency, booked = excluded.booked, cancelled = excluded.cancelled,
        sent = excluded.sent, ocr = excluded.ocr, invoice_type = excluded.invoice_type, project = excluded.project, cost_center = excluded.cost_center,
        final_pay_date = excluded.final_pay_date, currency_rate = excluded.currency_rate, currency_unit = excluded.currency_unit, seen_run = max(invoices.seen_run, excluded.seen_run),
        total_sek = excluded.total_sek, balance_sek = excluded.balance_sek
      RETURNING rowid`);
    this.putData = this.db.prepare('INSERT INTO invoice_data (id, data) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data');
    this.deleteWords = this.db.prepare('DELETE FROM invoice_words WHERE rowid = ?');
    this.insertWords = this.db.prepare('INSERT INTO invoice_words (rowid, words) VALUES (?, ?)');
    this.insertName = this.db.prepare('INSERT OR IGNORE INTO customer_names (name, rank) VALUES (?, 0)');
    this.rankOf = this.db.prepare('SELECT rank FROM customer_names WHERE name = ?');
    this.namesDirty = this.readMeta<boolean>('namesDirty') ?? false;
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

  state(): MirrorState {
    return { ...EMPTY_STATE, ...(this.readMeta<MirrorState>('sync') ?? {}) };
  }

  summary(): MirrorSummary {
    const state = this.state();
    const { n } = this.db.prepare('SELECT count(*) AS n FROM invoices').get() as { n: number };
    return { ...state, ready: state.checkpointMs !== null, invoices: n };
  }

  /** Starts a read (kept until finished, so a crash resumes it). */
  beginInterval(interval: Omit<SyncInterval, 'nextPage' | 'run' | 'firstTotal' | 'totalChanged'>): SyncInterval {
    const state = this.state();
    const run = interval.kind === 'full' ? state.lastRun + 1 : state.lastRun;
    const started: SyncInterval = { ...interval, nextPage: 1, run, firstTotal: null, totalChanged: false };
    this.transaction(() => this.writeMeta('sync', { ...state, interval: started, lastRun: run }));
    return started;
  }

  /** Upserts one page by DocumentNumber and records the read's progress, in one transaction. */
  savePage(invoices: readonly Invoice[], page: number, totalResources: number): void {
    this.transaction(() => {
      const state = this.state();
      const interval = state.interval;
      if (!interval) throw new Error('savePage without a read in progress');
      const seenRun = interval.kind === 'full' ? interval.run : 0;
      for (const invoice of invoices) this.put(invoice, seenRun);
      const firstTotal = interval.firstTotal ?? totalResources;
      const next: SyncInterval = { ...interval, nextPage: Math.max(interval.nextPage, page + 1), firstTotal, totalChanged: interval.totalChanged || totalResources !== firstTotal };
      this.writeMeta('sync', { ...state, interval: next });
      if (this.namesDirty) this.writeMeta('namesDirty', true);
    });
  }

  private put(invoice: Invoice, seenRun: number): void {
    if (this.insertName.run(invoice.customerName).changes > 0) this.namesDirty = true;
    const rank = (this.rankOf.get(invoice.customerName) as { rank: number } | undefined)?.rank ?? 0;
    const { url: _url, ...stored } = invoice;
    const currencyRate = Number.isFinite(invoice.currencyRate) ? invoice.currencyRate : 1;
    const currencyUnit = Number.isFinite(invoice.currencyUnit) && invoice.currencyUnit !== 0 ? invoice.currencyUnit : 1;
    const row = this.upsert.get({
      documentNumber: invoice.documentNumber,
      docNo: numericKey(invoice.documentNumber),
      customerNumber: invoice.customerNumber,
      customerNumberKey: numericKey(invoice.customerNumber),
      customerName: invoice.customerName,
      nameRank: rank,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      total: invoice.total,
      balance: invoice.balance,
      currency: invoice.currency,
      booked: invoice.booked ? 1 : 0,
      cancelled: invoice.cancelled ? 1 : 0,
      sent: invoice.sent ? 1 : 0,
      ocr: invoice.ocr,
      invoiceType: invoice.invoiceType,
      project: invoice.project,
      costCenter: invoice.costCenter,
      finalPayDate: invoice.finalPayDate,
      currencyRate,
      currencyUnit,
      seenRun,
      totalSek: valueInSek(invoice.total, currencyRate, currencyUnit),
      balanceSek: valueInSek(invoice.balance, currencyRate, currencyUnit),
    }) as { rowid: number };
    this.putData.run(row.rowid, JSON.stringify(stored));
    this.deleteWords.run(row.rowid);
    this.insertWords.run(row.rowid, searchWords(invoice));
  }

  /**
   * Ends the read: the checkpoint moves to its start. A full read also removes what the service no
   * longer lists, but only when it is sure it saw everything (the total held still and every
   * invoice it counted was read); otherwise nothing is removed and the next full read tries again.
   */
  finishInterval(localNowMs: number): { removed: number; reconciled: boolean } {
    const result = this.transaction(() => {
      const state = this.state();
      const interval = state.interval;
      if (!interval) throw new Error('finishInterval without a read in progress');
      let removed = 0;
      let reconciled = false;
      if (interval.kind === 'full') {
        const { seen } = this.db.prepare('SELECT count(*) AS seen FROM invoices WHERE seen_run = ?').get(interval.run) as { seen: number };
        if (!interval.totalChanged && seen === (interval.firstTotal ?? 0)) {
          const gone = this.db.prepare('SELECT rowid FROM invoices WHERE seen_run < ?').all(interval.run) as Array<{ rowid: number }>;
          const dropData = this.db.prepare('DELETE FROM invoice_data WHERE id = ?');
          for (const { rowid } of gone) {
            this.deleteWords.run(rowid);
            dropData.run(rowid);
          }
          removed = Number(this.db.prepare('DELETE FROM invoices WHERE seen_run < ?').run(interval.run).changes);
          reconciled = true;
        }
      }
      this.writeMeta('sync', {
        ...state,
        interval: null,
        checkpointMs: Math.max(state.checkpointMs ?? 0, interval.startMs),
        lastSyncedAt: localNowMs,
        lastFullAt: reconciled ? localNowMs : state.lastFullAt,
      } satisfies MirrorState);
      return { removed, reconciled };
    });
    this.refreshNameRanks();
    // Fresh statistics after a full read, so the planner picks the indexes that fit each view.
    if (result.reconciled) this.db.exec('ANALYZE');
    return result;
  }

  /** Customer names in Swedish order (å, ä, ö after z, as at the service), when new names came in. */
  refreshNameRanks(): void {
    if (!this.namesDirty) return;
    this.transaction(() => {
      const names = (this.db.prepare('SELECT name FROM customer_names').all() as Array<{ name: string }>).map((row) => row.name).sort(COLLATOR.compare);
      const setRank = this.db.prepare('UPDATE customer_names SET rank = ? WHERE name = ?');
      let rank = 0;
      names.forEach((name, i) => {
        if (i > 0 && COLLATOR.compare(names[i - 1] as string, name) !== 0) rank += 1;
        setRank.run(rank, name);
      });
      this.db.exec('UPDATE invoices SET name_rank = (SELECT rank FROM customer_names WHERE name = invoices.customer_name)');
      this.writeMeta('namesDirty', false);
    });
    this.namesDirty = false;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
