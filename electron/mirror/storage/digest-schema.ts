/**
 * Schema step 9 (mirror-schema.ts): the events of "what changed since you last looked",
 * recorded by triggers on the two invoice tables, so each change is written in the same transaction
 * as the page (or the filtered list, or the full read's removals) that brought it: a sync killed and
 * resumed re-reads a page whose rows are unchanged by then and records nothing twice, and the
 * overlap window's re-reads of unchanged items record nothing.
 *
 * A list records only while it is armed: `event_reads` holds a row for it from the start of any read
 * after its first complete one (mirror-store.ts beginInterval), with that read's service time (the
 * `at` of what it sees). A first read is not news, so it records nothing.
 *
 * The date-driven kinds (overdue, due soon, later than usual) are not changes of a row: mirror/queries/digest.ts
 * finds them when a digest is read and keeps in `event_marks` what it has listed. Never change this
 * after release: a change is a new step.
 */

/** The events table, the armed reads and the date-driven marks. */
const TABLES = `
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    resource TEXT NOT NULL,
    item TEXT NOT NULL,
    at TEXT NOT NULL,
    amount REAL NOT NULL,
    currency TEXT NOT NULL,
    balance_after REAL,
    counterparty_number TEXT NOT NULL,
    counterparty_name TEXT NOT NULL,
    -- 0 not seen, 1 seen ("mark all as seen"), 2 dismissed.
    state INTEGER NOT NULL DEFAULT 0,
    -- Hidden until this day (YYYY-MM-DD), then unseen again.
    snoozed_until TEXT,
    -- Printed by the digest command (apart from the window's seen state).
    printed INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX events_state ON events (state, seq);
  CREATE INDEX events_printed ON events (printed, seq);
  CREATE INDEX events_at ON events (at);
  CREATE TABLE event_reads (resource TEXT PRIMARY KEY, at TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE event_marks (kind TEXT NOT NULL, resource TEXT NOT NULL, item TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (kind, resource, item, key)) WITHOUT ROWID;
`;

interface Side {
  resource: 'invoices' | 'supplierinvoices';
  table: string;
  identity: string;
  number: string;
  name: string;
  prefix: 'invoice' | 'bill';
}

const SIDES: readonly Side[] = [
  { resource: 'invoices', table: 'invoices', identity: 'document_number', number: 'customer_number', name: 'customer_name', prefix: 'invoice' },
  { resource: 'supplierinvoices', table: 'supplier_invoices', identity: 'given_number', number: 'supplier_number', name: 'supplier_name', prefix: 'bill' },
];

/** One event of row `row` (NEW or OLD) with `kind`, `amount` and `after` as SQL, at the armed read's time; nothing when `kind` is NULL. */
function record(side: Side, row: 'NEW' | 'OLD', kind: string, amount: string, after: string): string {
  return `INSERT INTO events (kind, resource, item, at, amount, currency, balance_after, counterparty_number, counterparty_name)
    SELECT k.kind, '${side.resource}', ${row}.${side.identity}, r.at, round(${amount}, 2), ${row}.currency, ${after}, ${row}.${side.number}, ${row}.${side.name}
    FROM (SELECT ${kind} AS kind) k, event_reads r WHERE r.resource = '${side.resource}' AND k.kind IS NOT NULL;`;
}

/** A balance that moved toward 0 without reaching it (a part payment; credit notes count from below). */
const TOWARD_ZERO = `((OLD.balance > 0 AND NEW.balance > 0 AND NEW.balance < OLD.balance) OR (OLD.balance < 0 AND NEW.balance < 0 AND NEW.balance > OLD.balance))`;
const WENT_TO_ZERO = `round(OLD.balance, 2) != 0 AND round(NEW.balance, 2) = 0`;
/**
 * A balance that moves because money came in: a booked invoice before and after, its Total the same.
 * A draft's balance is its Total (editing a draft is not a payment), and a Total changed is not one either.
 */
const PAYABLE = `NEW.cancelled = 0 AND OLD.booked = 1 AND NEW.booked = 1 AND NEW.total = OLD.total`;

function sideSql(side: Side): string {
  const t = side.table;
  // Customer invoices: cancelled first (a cancelled invoice's balance may also go to 0), then paid,
  // then paid in part. Supplier invoices: paid (their part payments are not news of their own).
  const changed =
    side.prefix === 'invoice'
      ? `CASE WHEN NEW.cancelled = 1 AND OLD.cancelled = 0 THEN 'invoice-cancelled'
              WHEN ${PAYABLE} AND ${WENT_TO_ZERO} THEN 'invoice-paid'
              WHEN ${PAYABLE} AND ${TOWARD_ZERO} AND round(OLD.balance - NEW.balance, 2) != 0 THEN 'invoice-part-paid' END`
      : `CASE WHEN NEW.cancelled = 0 AND NEW.total = OLD.total AND ${WENT_TO_ZERO} THEN 'bill-paid' END`;
  const amount = `CASE WHEN NEW.cancelled = 1 AND OLD.cancelled = 0 THEN NEW.total ELSE OLD.balance - NEW.balance END`;
  return `
  CREATE TRIGGER ${t}_event_insert AFTER INSERT ON ${t} WHEN EXISTS (SELECT 1 FROM event_reads WHERE resource = '${side.resource}') BEGIN
    ${record(side, 'NEW', `'${side.prefix}-new'`, 'NEW.total', 'NEW.balance')}
  END;
  CREATE TRIGGER ${t}_event_update AFTER UPDATE OF balance, cancelled ON ${t}
    WHEN (NEW.balance != OLD.balance OR NEW.cancelled != OLD.cancelled) AND EXISTS (SELECT 1 FROM event_reads WHERE resource = '${side.resource}') BEGIN
    ${record(side, 'NEW', changed, amount, 'NEW.balance')}
  END;
  CREATE TRIGGER ${t}_event_delete AFTER DELETE ON ${t} WHEN EXISTS (SELECT 1 FROM event_reads WHERE resource = '${side.resource}') BEGIN
    ${record(side, 'OLD', `'${side.prefix}-removed'`, 'OLD.total', 'NULL')}
  END;`;
}

/** A bill leaves approval: its pending flag, kept from the filtered list (known-extras.ts), goes from 1 to 0 while it is not cancelled. */
const APPROVED = `
  CREATE TRIGGER supplier_invoices_event_approved AFTER UPDATE OF authorize_pending ON supplier_invoices
    WHEN OLD.authorize_pending = 1 AND NEW.authorize_pending = 0 AND NEW.cancelled = 0 AND EXISTS (SELECT 1 FROM event_reads WHERE resource = 'supplierinvoices') BEGIN
    ${record(SIDES[1] as Side, 'NEW', `'bill-approved'`, 'NEW.total', 'NEW.balance')}
  END;`;

export function digestStepSql(): string {
  return [TABLES, ...SIDES.map(sideSql), APPROVED].join('\n');
}
