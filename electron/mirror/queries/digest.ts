/**
 * The digest of a company's copy: the date-driven events found when a digest is read,
 * and the reads and marks of every event. The changes themselves are recorded by triggers as the
 * sync stores them (digest-schema.ts); this module never writes an invoice.
 *
 * Date-driven kinds are conditions of today: an owed invoice overdue (once per invoice and due
 * date: one whose due date moved and passed again is news again), a bill to pay due within 7 days
 * (once per bill), an overdue invoice more than 7 days later than its customer usually pays (once per
 * invoice). `event_marks` keeps what was listed, so a clock that went back, or a day skipped, lists
 * each once. The first time a list's conditions are read (its first read complete) is a baseline:
 * what is true then is marked, not listed.
 */
import type { SQLInputValue } from 'node:sqlite';
import { addDays } from '../../common/calendar';
import { DUE_SOON_DAYS, KEEP_EVENTS_DAYS, LATER_THAN_USUAL_DAYS, type DigestEvent, type DigestKind, type DigestResource } from '../../common/digest';
import { currencyTable, type CurrencyTable } from '../../common/currency-table';
import { DATE_GLOB, OVERDUE_SQL } from '../../common/lists/owed-sql';
import { inTransaction, readMeta, writeMeta } from '../storage/copy-db';
import { keptHabits } from '../storage/kept-habits';
import type { MirrorStore } from '../storage/mirror-store';

interface Condition {
  kind: DigestKind;
  resource: DigestResource;
  /** Rows (item, key, amount, currency, after, number, name) for which the condition holds today. */
  sql: string;
}

const INVOICE_FIELDS = `document_number AS item, balance AS amount, currency, balance AS after, customer_number AS number, customer_name AS name`;

const CONDITIONS: readonly Condition[] = [
  {
    kind: 'invoice-overdue',
    resource: 'invoices',
    // The partial index of what is owed, by due date (tallies.ts): the planner would take the booked flag's.
    sql: `SELECT ${INVOICE_FIELDS}, due_date AS key FROM invoices INDEXED BY invoices_owed_due WHERE ${OVERDUE_SQL} AND balance > 0`,
  },
  {
    kind: 'customer-later-than-usual',
    resource: 'invoices',
    // The habit is kept in customer_habits (kept-habits.ts, refreshed for today before this runs).
    sql: `SELECT ${INVOICE_FIELDS}, '' AS key FROM invoices INDEXED BY invoices_owed_due WHERE ${OVERDUE_SQL} AND balance > 0
      AND julianday(:today) - julianday(due_date) > ${LATER_THAN_USUAL_DAYS} + (SELECT h.days FROM customer_habits h WHERE h.customer_number = invoices.customer_number)`,
  },
  {
    kind: 'bill-due-soon',
    resource: 'supplierinvoices',
    sql: `SELECT given_number AS item, balance AS amount, currency, balance AS after, supplier_number AS number, supplier_name AS name, '' AS key
      FROM supplier_invoices WHERE cancelled = 0 AND balance > 0 AND due_date GLOB '${DATE_GLOB}' AND due_date >= :today AND due_date <= :soon`,
  },
];

const TABLE_OF: Record<DigestResource, { table: string; identity: string }> = {
  invoices: { table: 'invoices', identity: 'document_number' },
  supplierinvoices: { table: 'supplier_invoices', identity: 'given_number' },
};

/**
 * Lists the date-driven events true today and not listed before; the first time a list is read, a
 * baseline. Drops events older than 400 days. Returns how many events it recorded.
 */
export function noteDateEvents(store: MirrorStore, today: string): number {
  const { db } = store;
  // Nothing written since the last reading of the same day (total_changes counts this connection's
  // writes, its own included): the conditions are as they were. The window reads the digest often.
  const changes = () => (store.statement('SELECT total_changes() AS n').get() as { n: number }).n;
  const last = lastReading.get(store);
  if (last && last.today === today && last.changes === changes()) return 0;
  const ready = (resource: DigestResource): boolean => store.state(resource).checkpointMs !== null;
  if (ready('invoices')) keptHabits(store, today);
  const result = inTransaction(db, () => {
    let recorded = 0;
    const params = { today, soon: addDays(today, DUE_SOON_DAYS) };
    // Whether each list had its baseline before this reading (all of its conditions read the same).
    const baselined = new Map((['invoices', 'supplierinvoices'] as const).map((resource) => [resource, readMeta<string>(db, `digest:baseline:${resource}`) !== undefined]));
    for (const condition of CONDITIONS) {
      if (!ready(condition.resource)) continue;
      const { table, identity } = TABLE_OF[condition.resource];
      // Marks of items gone, or (overdue) of a due date that is no longer the invoice's.
      const stillTrue = condition.kind === 'invoice-overdue' ? `t.${identity} = m.item AND t.due_date = m.key` : `t.${identity} = m.item`;
      store.statement(`DELETE FROM event_marks AS m WHERE m.kind = :kind AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE ${stillTrue})`).run({ kind: condition.kind });
      const fresh = `FROM (${condition.sql}) c WHERE NOT EXISTS (SELECT 1 FROM event_marks m WHERE m.kind = :kind AND m.resource = :resource AND m.item = c.item AND m.key = c.key)`;
      const named = { ...params, kind: condition.kind, resource: condition.resource };
      if (baselined.get(condition.resource) === true) {
        recorded += Number(
          store
            .statement(`INSERT INTO events (kind, resource, item, at, amount, currency, balance_after, counterparty_number, counterparty_name)
              SELECT :kind, :resource, c.item, :today, round(c.amount, 2), c.currency, c.after, c.number, c.name ${fresh} ORDER BY c.item`)
            .run(named).changes,
        );
      }
      store.statement(`INSERT OR IGNORE INTO event_marks (kind, resource, item, key) SELECT :kind, :resource, c.item, c.key ${fresh}`).run(named);
    }
    for (const [resource, done] of baselined) if (!done && ready(resource)) writeMeta(db, `digest:baseline:${resource}`, today);
    store.statement(`DELETE FROM events WHERE substr(at, 1, 10) < :oldest`).run({ oldest: addDays(today, -KEEP_EVENTS_DAYS) });
    return recorded;
  });
  lastReading.set(store, { today, changes: changes() });
  return result;
}

/** Each open copy's last reading of the conditions: its day and the connection's write count after it. */
const lastReading = new WeakMap<MirrorStore, { today: string; changes: number }>();

interface EventRow {
  seq: number;
  kind: DigestKind;
  resource: DigestResource;
  item: string;
  at: string;
  amount: number;
  currency: string;
  balance_after: number | null;
  counterparty_number: string;
  counterparty_name: string;
}

const EVENT_COLUMNS = 'seq, kind, resource, item, at, amount, currency, balance_after, counterparty_number, counterparty_name';

function toEvent(row: EventRow): DigestEvent {
  return {
    seq: row.seq,
    kind: row.kind,
    resource: row.resource,
    id: row.item,
    at: row.at,
    amount: row.amount,
    currency: row.currency,
    balanceAfter: row.balance_after,
    counterpartyNumber: row.counterparty_number,
    counterpartyName: row.counterparty_name,
  };
}

/** Midnight of a service (Swedish) day as an ISO instant: a sync event's `at` is UTC, a date-driven one the day itself. */
function dayStartIso(day: string): string {
  for (const offset of ['+01:00', '+02:00']) {
    const instant = new Date(`${day}T00:00:00${offset}`);
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm', hour: '2-digit', hourCycle: 'h23' }).format(instant);
    if (local === '00') return instant.toISOString();
  }
  return `${day}T00:00:00.000Z`;
}

export interface PrintQuery {
  /** Everything from this day (YYYY-MM-DD). Without it: what no digest command printed yet. */
  since?: string;
}

/** The command line's events, oldest first: those not yet printed (markPrinted after they are written), or all since a day. */
export function eventsToPrint(store: MirrorStore, query: PrintQuery): DigestEvent[] {
  const rows =
    query.since !== undefined
      ? store.statement(`SELECT ${EVENT_COLUMNS} FROM events WHERE at >= :from ORDER BY seq`).all({ from: dayStartIso(query.since) })
      : store.statement(`SELECT ${EVENT_COLUMNS} FROM events WHERE printed = 0 ORDER BY seq`).all();
  return (rows as unknown as EventRow[]).map(toEvent);
}

/** The events up to `upToSeq` were written out by the digest command: the next run starts after them. */
export function markPrinted(store: MirrorStore, upToSeq: number): number {
  return Number(store.statement('UPDATE events SET printed = 1 WHERE printed = 0 AND seq <= ?').run(upToSeq).changes);
}

/** An event the window lists: not seen, not dismissed, not snoozed past today. */
const SHOWN = `state = 0 AND (snoozed_until IS NULL OR snoozed_until <= :today)`;

export interface DigestGroup {
  kind: DigestKind;
  count: number;
  /** Sum of the amounts per currency. */
  sums: Record<string, number>;
  /** The newest first (by `at`, then `seq`), older than `olderThan`, at most `limit`. */
  items: DigestEvent[];
}

export interface DigestViewQuery {
  limit: number;
  /** Only this kind's items (the counts and sums are every kind's). */
  kind?: DigestKind;
  /** A later page: the items after this `at` and `seq` in the order, newest first. */
  olderThan?: { at: string; seq: number };
}

export interface DigestView {
  /** The events shown, across kinds. */
  unseen: number;
  /** The newest event shown: "mark all as seen" marks up to it (not one that came after the view was read). */
  lastSeq: number;
  groups: DigestGroup[];
}

/** The events shown today, by kind: each kind's count and sums, and its newest `limit` items (one kind, or all; after a cursor). */
export function digestView(store: MirrorStore, today: string, query: DigestViewQuery): DigestView {
  // Every shown event, in the table's order (events_state: events_shown's order would read the table at random).
  const sums = store.statement(`SELECT kind, currency, count(*) AS n, sum(amount) AS amount, max(seq) AS last FROM events INDEXED BY events_state WHERE ${SHOWN} GROUP BY kind, currency`).all({ today }) as Array<{ kind: DigestKind; currency: string; n: number; amount: number; last: number }>;
  // Sums by the service's currency strings: a table without a prototype ('__proto__' a currency of its own).
  const groups = new Map<DigestKind, DigestGroup & { sums: CurrencyTable<number> }>();
  let unseen = 0;
  let lastSeq = 0;
  for (const row of sums) {
    const group = groups.get(row.kind) ?? { kind: row.kind, count: 0, sums: currencyTable<number>(), items: [] };
    group.count += row.n;
    group.sums[row.currency] = Math.round(row.amount * 100) / 100;
    groups.set(row.kind, group);
    unseen += row.n;
    lastSeq = Math.max(lastSeq, row.last);
  }
  const { olderThan } = query;
  const items = store.statement(digestPageSql(olderThan !== undefined));
  for (const group of groups.values()) {
    if (query.kind !== undefined && group.kind !== query.kind) continue;
    const rows = items.all({ today, kind: group.kind, limit: query.limit, ...(olderThan ? { at: olderThan.at, seq: olderThan.seq } : {}) }) as unknown as EventRow[];
    group.items = rows.map(toEvent);
  }
  return { unseen, lastSeq, groups: [...groups.values()] };
}

/**
 * A page of one kind's events shown today, newest first, after `:at` and `:seq` when `afterCursor`.
 * The order of every company's merged page (digest/digest-pages.ts), so a page of the merge is a page of
 * each copy; a range of events_shown, no sort, and no OFFSET: one page read however deep it is.
 */
export function digestPageSql(afterCursor: boolean): string {
  return `SELECT ${EVENT_COLUMNS} FROM events WHERE ${SHOWN} AND kind = :kind${afterCursor ? ' AND (at, seq) < (:at, :seq)' : ''} ORDER BY at DESC, seq DESC LIMIT :limit`;
}

/** How many events the window would list today (the sidebar's count). */
export function unseenCount(store: MirrorStore, today: string): number {
  return (store.statement(`SELECT count(*) AS n FROM events WHERE ${SHOWN}`).get({ today }) as { n: number }).n;
}

export type DigestMark = { action: 'seen-all'; upToSeq: number } | { action: 'dismiss'; seq: number } | { action: 'snooze'; seq: number; until: string };

/** Marks events seen (all shown up to a seq), dismissed or snoozed until a day. Returns how many changed. */
export function markDigest(store: MirrorStore, today: string, mark: DigestMark): number {
  let sql: string;
  let params: Record<string, SQLInputValue>;
  switch (mark.action) {
    case 'seen-all':
      sql = `UPDATE events SET state = 1 WHERE ${SHOWN} AND seq <= :seq`;
      params = { today, seq: mark.upToSeq };
      break;
    case 'dismiss':
      sql = 'UPDATE events SET state = 2 WHERE seq = :seq';
      params = { seq: mark.seq };
      break;
    case 'snooze':
      sql = 'UPDATE events SET snoozed_until = :until WHERE seq = :seq AND state = 0';
      params = { seq: mark.seq, until: mark.until };
      break;
  }
  return Number(store.statement(sql).run(params).changes);
}

/** The newest event's seq (0: none): a sync notes it before it starts, to summarise what it added. */
export function lastEventSeq(store: MirrorStore): number {
  return (store.statement('SELECT coalesce(max(seq), 0) AS seq FROM events').get() as { seq: number }).seq;
}

export interface EventTally {
  kind: DigestKind;
  count: number;
  sums: Record<string, number>;
}

/** Counts and sums per kind of the events after `afterSeq` (a sync's own, for its notification). */
export function eventsAfter(store: MirrorStore, afterSeq: number): EventTally[] {
  const rows = store.statement('SELECT kind, currency, count(*) AS n, sum(amount) AS amount FROM events WHERE seq > ? GROUP BY kind, currency').all(afterSeq) as Array<{ kind: DigestKind; currency: string; n: number; amount: number }>;
  const tallies = new Map<DigestKind, EventTally & { sums: CurrencyTable<number> }>();
  for (const row of rows) {
    const tally = tallies.get(row.kind) ?? { kind: row.kind, count: 0, sums: currencyTable<number>() };
    tally.count += row.n;
    tally.sums[row.currency] = Math.round(row.amount * 100) / 100;
    tallies.set(row.kind, tally);
  }
  return [...tallies.values()];
}

/**
 * What the syncs recorded since the last notification (meta `digest:told`), as tallies per kind,
 * and the mark moved past it. `tell` false ("Sync now", an export's sync, the window reading the
 * digest: the user is looking) moves the mark and returns nothing. A sync that failed or was killed
 * takes nothing: its events are told by the next sync that may tell. The first call only sets the mark.
 */
export function takeNews(store: MirrorStore, tell: boolean): EventTally[] {
  return inTransaction(store.db, () => {
    const told = readMeta<number>(store.db, 'digest:told');
    const last = lastEventSeq(store);
    if (told !== last) writeMeta(store.db, 'digest:told', last);
    return tell && told !== undefined ? eventsAfter(store, told) : [];
  });
}
