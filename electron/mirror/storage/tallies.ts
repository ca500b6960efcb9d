/**
 * Kept tallies of the local copy: counts and sums that a view or the overview
 * would otherwise recompute over every row. SQLite triggers keep them in the same transaction as
 * each write (a page saved, a removal, a flag set), so they can never disagree with the rows; a
 * test recounts them from the rows after random syncs (tallies.test.ts).
 *
 *  - tally_due: per resource, currency, state and due date: how many, their Total and Balance in
 *    cents (integers: sums of cents are exact, whatever the order of adds and subtracts). The state
 *    holds what every filter, scope and rule (common/owed.ts) reads: cancelled, booked, a balance of
 *    0 or not, a FinalPayDate or not, and for supplier invoices awaiting approval and payment under
 *    way. Views over it (invoices_tally, supplier_invoices_tally) show these as the row tables'
 *    own column names, so the very same WHERE (OWED_SQL, a filter, a due-date range, a currency)
 *    runs on them: the sums of a view and the overview's figures come from a few thousand tally
 *    rows, not from every invoice.
 *  - tally_inv: the same per invoice date instead of due date (views narrowed by invoice dates);
 *  - tally_day: per resource, currency and day: invoiced (not cancelled, by invoice date) and paid
 *    (not cancelled, balance 0, by FinalPayDate), for the overview's months.
 *  - habit_dirty: customers whose paid invoices changed since their habit was last computed
 *    (customer_habits: keptHabits in kept-habits.ts keeps it).
 *
 * The SQL of the triggers is generated here once, for both resources; the schema step that made
 * them (mirror-schema.ts, step 4) must never change: a change is a new step.
 */

interface TalliedTable {
  resource: 'invoices' | 'supplierinvoices';
  table: string;
  /** Extra state bits (supplier invoices' approval and payment flags). */
  flags: readonly string[];
  /** The column of the party whose habit a paid invoice feeds (customer invoices only). */
  habitParty?: string;
}

const TALLIED: readonly TalliedTable[] = [
  { resource: 'invoices', table: 'invoices', flags: [], habitParty: 'customer_number' },
  { resource: 'supplierinvoices', table: 'supplier_invoices', flags: ['authorize_pending', 'payment_pending'] },
];

const cents = (column: string): string => `CAST(round(${column} * 100) AS INTEGER)`;

/** The state bits of a row (`R` is NEW or OLD): cancelled 1, booked 2, balance 0 4, FinalPayDate 8, flags 16, 32. */
function stateOf(t: TalliedTable, r: string): string {
  const bits = [`${r}.cancelled`, `(${r}.booked << 1)`, `((${r}.balance = 0) << 2)`, `((${r}.final_pay_date IS NOT NULL) << 3)`, ...t.flags.map((flag, i) => `(${r}.${flag} << ${4 + i})`)];
  return bits.join(' | ');
}

/** The statements that add (+1) or take away (-1) row `r` to or from the tallies. */
function applyRow(t: TalliedTable, r: string, sign: 1 | -1): string {
  const s = sign === 1 ? '' : '-';
  const add = 'ON CONFLICT DO UPDATE SET n = n + excluded.n, total_c = total_c + excluded.total_c';
  return `
    INSERT INTO tally_due (resource, currency, state, due_date, n, total_c, balance_c)
      SELECT '${t.resource}', ${r}.currency, ${stateOf(t, r)}, ${r}.due_date, ${s}1, ${s}${cents(`${r}.total`)}, ${s}${cents(`${r}.balance`)} WHERE true
      ON CONFLICT DO UPDATE SET n = n + excluded.n, total_c = total_c + excluded.total_c, balance_c = balance_c + excluded.balance_c;
    INSERT INTO tally_inv (resource, invoice_date, currency, state, n, total_c, balance_c)
      SELECT '${t.resource}', ${r}.invoice_date, ${r}.currency, ${stateOf(t, r)}, ${s}1, ${s}${cents(`${r}.total`)}, ${s}${cents(`${r}.balance`)} WHERE true
      ON CONFLICT DO UPDATE SET n = n + excluded.n, total_c = total_c + excluded.total_c, balance_c = balance_c + excluded.balance_c;
    INSERT INTO tally_day (resource, currency, kind, day, n, total_c)
      SELECT '${t.resource}', ${r}.currency, 'i', ${r}.invoice_date, ${s}1, ${s}${cents(`${r}.total`)} WHERE ${r}.cancelled = 0
      ${add};
    INSERT INTO tally_day (resource, currency, kind, day, n, total_c)
      SELECT '${t.resource}', ${r}.currency, 'p', ${r}.final_pay_date, ${s}1, ${s}${cents(`${r}.total`)} WHERE ${r}.cancelled = 0 AND ${r}.balance = 0 AND ${r}.final_pay_date IS NOT NULL
      ${add};${
        t.habitParty
          ? `
    INSERT INTO habit_dirty (customer_number) SELECT ${r}.${t.habitParty} WHERE ${r}.final_pay_date IS NOT NULL ON CONFLICT DO NOTHING;`
          : ''
      }`;
}

/** The columns whose change moves a row between tallies. */
function talliedColumns(t: TalliedTable): string {
  return ['currency', 'cancelled', 'booked', 'balance', 'total', 'due_date', 'invoice_date', 'final_pay_date', ...t.flags, ...(t.habitParty ? [t.habitParty] : [])].join(', ');
}

/** The views that give the tallies the row tables' column names (see the file's comment): by due date, and by invoice date. */
function tallyView(t: TalliedTable): string {
  const flags = t.flags.map((flag, i) => `, (state >> ${4 + i}) & 1 AS ${flag}`).join('');
  const state = `currency, state & 1 AS cancelled, (state >> 1) & 1 AS booked, CASE WHEN state & 4 THEN 0 ELSE 1 END AS balance, CASE WHEN state & 8 THEN '' END AS final_pay_date${flags}`;
  return `
  CREATE VIEW ${t.table}_tally AS SELECT ${state}, due_date, n, total_c, balance_c FROM tally_due WHERE resource = '${t.resource}' AND n != 0;
  CREATE VIEW ${t.table}_tally_by_date AS SELECT ${state}, invoice_date, n, total_c, balance_c FROM tally_inv WHERE resource = '${t.resource}' AND n != 0;`;
}

/** Schema step 4: the tables, views and triggers, and the tallies of the rows already in the copy. */
export function tallyStepSql(): string {
  const parts = [
    `CREATE TABLE tally_due (resource TEXT NOT NULL, currency TEXT NOT NULL, state INTEGER NOT NULL, due_date TEXT NOT NULL,
      n INTEGER NOT NULL, total_c INTEGER NOT NULL, balance_c INTEGER NOT NULL, PRIMARY KEY (resource, currency, state, due_date)) WITHOUT ROWID;`,
    `CREATE TABLE tally_inv (resource TEXT NOT NULL, invoice_date TEXT NOT NULL, currency TEXT NOT NULL, state INTEGER NOT NULL,
      n INTEGER NOT NULL, total_c INTEGER NOT NULL, balance_c INTEGER NOT NULL, PRIMARY KEY (resource, invoice_date, currency, state)) WITHOUT ROWID;`,
    `CREATE TABLE tally_day (resource TEXT NOT NULL, currency TEXT NOT NULL, kind TEXT NOT NULL, day TEXT NOT NULL,
      n INTEGER NOT NULL, total_c INTEGER NOT NULL, PRIMARY KEY (resource, kind, day, currency)) WITHOUT ROWID;`,
    'CREATE TABLE habit_dirty (customer_number TEXT PRIMARY KEY) WITHOUT ROWID;',
    'CREATE TABLE customer_habits (customer_number TEXT PRIMARY KEY, days INTEGER NOT NULL, paid INTEGER NOT NULL) WITHOUT ROWID;',
    // The overview reads the owed customer invoices and the supplier invoices to pay by party and
    // due date; the habits read each customer's paid invoices by FinalPayDate. Partial indexes:
    // only those rows, so their size follows what is open, not the whole history.
    // (Covering: the columns of their WHERE too, or SQLite reads each row to check it.)
    `CREATE INDEX invoices_owed ON invoices (customer_number, currency, due_date, balance, balance_sek, booked, cancelled) WHERE booked = 1 AND cancelled = 0 AND balance != 0;`,
    `CREATE INDEX invoices_owed_due ON invoices (due_date, customer_number, currency, balance, booked, cancelled) WHERE booked = 1 AND cancelled = 0 AND balance != 0;`,
    `CREATE INDEX supplier_invoices_to_pay ON supplier_invoices (supplier_number, currency, due_date, authorize_pending, payment_pending, balance, balance_sek, cancelled) WHERE cancelled = 0 AND balance != 0;`,
    `CREATE INDEX invoices_paid_habit ON invoices (customer_number, final_pay_date, due_date) WHERE booked = 1 AND cancelled = 0 AND balance = 0 AND total > 0 AND final_pay_date IS NOT NULL;`,
  ];
  for (const t of TALLIED) {
    const columns = talliedColumns(t);
    parts.push(
      tallyView(t),
      `CREATE TRIGGER ${t.table}_tally_insert AFTER INSERT ON ${t.table} BEGIN ${applyRow(t, 'NEW', 1)}
      END;`,
      `CREATE TRIGGER ${t.table}_tally_delete AFTER DELETE ON ${t.table} BEGIN ${applyRow(t, 'OLD', -1)}
      END;`,
      `CREATE TRIGGER ${t.table}_tally_update AFTER UPDATE OF ${columns} ON ${t.table} BEGIN ${applyRow(t, 'OLD', -1)} ${applyRow(t, 'NEW', 1)}
      END;`,
    );
  }
  // The rows already there (a copy of schema 3 migrates in place): tallied as the triggers would.
  for (const t of TALLIED) {
    parts.push(
      `INSERT INTO tally_due (resource, currency, state, due_date, n, total_c, balance_c)
        SELECT '${t.resource}', currency, ${stateOf(t, t.table)}, due_date, count(*), sum(${cents('total')}), sum(${cents('balance')}) FROM ${t.table} GROUP BY 2, 3, 4;`,
      `INSERT INTO tally_inv (resource, invoice_date, currency, state, n, total_c, balance_c)
        SELECT '${t.resource}', invoice_date, currency, ${stateOf(t, t.table)}, count(*), sum(${cents('total')}), sum(${cents('balance')}) FROM ${t.table} GROUP BY 2, 3, 4;`,
      `INSERT INTO tally_day (resource, currency, kind, day, n, total_c)
        SELECT '${t.resource}', currency, 'i', invoice_date, count(*), sum(${cents('total')}) FROM ${t.table} WHERE cancelled = 0 GROUP BY 2, 4;`,
      `INSERT INTO tally_day (resource, currency, kind, day, n, total_c)
        SELECT '${t.resource}', currency, 'p', final_pay_date, count(*), sum(${cents('total')}) FROM ${t.table} WHERE cancelled = 0 AND balance = 0 AND final_pay_date IS NOT NULL GROUP BY 2, 4;`,
    );
  }
  parts.push(`INSERT OR IGNORE INTO habit_dirty (customer_number) SELECT DISTINCT customer_number FROM invoices WHERE final_pay_date IS NOT NULL;`);
  return parts.join('\n');
}
