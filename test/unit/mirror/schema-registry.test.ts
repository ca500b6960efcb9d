// The local copy's schema is written by hand, a step per change (mirror-schema.ts: released copies on
// users' disks migrate in place), and every list is described once in the registry
// (common/lists). This holds the two to each other, so they can never drift apart silently: after
// the last step each list's tables, columns (names, types, NULL or not), identity, sort indexes
// and tallies are exactly what its description says, and its filters, sorts and search columns
// run on them.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyListDescription, SqlType } from '../../../electron/common/lists/list-description';
import { eachList } from '../../../electron/common/lists/registry';
import { migrate } from '../../../electron/mirror/storage/mirror-schema';
import { sortIndexOf } from '../../../electron/mirror/storage/sort-indexes';
import { PAYMENT_DAY_COLUMNS, PAYMENT_DAY_SIDES } from '../../../electron/mirror/storage/payment-days-schema';

const db = new DatabaseSync(':memory:');
migrate(db);
afterAll(() => db.close());

interface TableColumn {
  name: string;
  type: string;
  notnull: number;
}

/** The columns the store keeps for itself on every list's table: the name's Swedish rank and the last full read that saw the row. */
const BOOKKEEPING: Record<string, { type: SqlType; nullable: boolean }> = {
  name_rank: { type: 'INTEGER', nullable: false },
  seen_run: { type: 'INTEGER', nullable: false },
};

/** Every column a list's description says its table has, by name. */
function describedColumns(list: AnyListDescription): Record<string, { type: SqlType; nullable: boolean }> {
  const out: Record<string, { type: SqlType; nullable: boolean }> = { ...BOOKKEEPING };
  for (const column of list.stored.columns) out[column.name] = { type: column.type, nullable: column.nullable === true };
  for (const [name, type] of Object.entries(list.stored.extraTypes)) out[name] = { type, nullable: false };
  // Kept by schema step 8 on the payments (their place in DSO and DPO), not the registry's.
  if (Object.values(PAYMENT_DAY_SIDES).some((side) => side.payments === list.stored.table)) Object.assign(out, PAYMENT_DAY_COLUMNS);
  return out;
}

const objects = (type: string): string[] => (db.prepare('SELECT name FROM sqlite_master WHERE type = ?').all(type) as Array<{ name: string }>).map((row) => row.name);

/** The leading column of every index on `table`, by index name. */
function leadingColumns(table: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const { name } of db.prepare(`PRAGMA index_list(${table})`).all() as Array<{ name: string }>) {
    const first = (db.prepare(`PRAGMA index_info(${name})`).all() as Array<{ seqno: number; name: string }>).find((column) => column.seqno === 0);
    if (first) out.set(name, first.name);
  }
  return out;
}

/** A sort that is a column of its own (not an expression such as the status order): it has an index. */
const isColumn = (sql: string): boolean => /^[a-z_]+$/.test(sql);

describe.each(eachList())('the copy of $id is what the registry describes', ({ list }) => {
  const { stored } = list;

  it('its tables: the rows, their JSON, their search words and their names', () => {
    const tables = objects('table');
    for (const table of [stored.table, stored.dataTable, stored.wordsTable, stored.namesTable]) expect(tables).toContain(table);
  });

  it('its columns: exactly the described ones (names, types, NULL or not), and the store\'s own two', () => {
    const actual = db.prepare(`PRAGMA table_info(${stored.table})`).all() as unknown as TableColumn[];
    const described = describedColumns(list);
    expect(Object.fromEntries(actual.map((column) => [column.name, { type: column.type, nullable: column.notnull === 0 }]))).toEqual(described);
    for (const name of [stored.identity, stored.orderKey, stored.nameColumn, ...stored.extraColumns]) expect(Object.keys(described)).toContain(name);
  });

  it('its identity is unique', () => {
    const unique = (db.prepare(`PRAGMA index_list(${stored.table})`).all() as Array<{ name: string; unique: number }>).filter((index) => index.unique === 1);
    const columns = unique.map((index) => (db.prepare(`PRAGMA index_info(${index.name})`).all() as Array<{ name: string }>).map((column) => column.name).join(','));
    expect(columns).toContain(stored.identity);
  });

  it('its sort indexes: for each column a field sorts by, the one the queries name (INDEXED BY), led by that column', () => {
    const leads = leadingColumns(stored.table);
    for (const field of Object.values(list.fields)) {
      if (!field.sort || !isColumn(field.sort.sql)) continue;
      const index = sortIndexOf(stored.table, field.sort.sql);
      expect(index && leads.get(index), `${stored.table} by ${field.sort.sql}: ${index}`).toBe(field.sort.sql);
    }
  });

  it('its filters, sorts and search columns run on its table, and its filters on its tallies', () => {
    // Conditions and sorts may read :today (overdue is due before today).
    const run = (sql: string, params: Record<string, string> = {}) => () => {
      const statement = db.prepare(sql);
      statement.setAllowUnknownNamedParameters(true);
      return statement.all({ today: '2026-11-27', ...params });
    };
    for (const filter of Object.values(list.filters)) {
      expect(run(`SELECT count(*) FROM ${stored.table} WHERE ${filter.sql}`)).not.toThrow();
      // The sums of a view are read from the tallies with the very same WHERE (tallies.ts), or from
      // the list's own sums over its rows.
      if (stored.sums) expect(run(`SELECT ${stored.sums.currency}, count(*), sum(${stored.sums.total}), sum(${stored.sums.balance}) FROM ${stored.table} WHERE ${filter.sql} GROUP BY 1`)).not.toThrow();
      else expect(run(`SELECT sum(n) FROM ${stored.table}_tally WHERE ${filter.sql}`)).not.toThrow();
    }
    for (const field of Object.values(list.fields)) if (field.sort) expect(run(`SELECT rowid FROM ${stored.table} ORDER BY ${field.sort.sql} LIMIT 1`)).not.toThrow();
    // The list's own keys (the overview's links): each value's condition, with its own parameter.
    for (const [key, own] of Object.entries(list.own.query)) {
      const conditions = own.kind === 'choice' ? Object.values(own.where ?? {}) : 'where' in own && own.where ? [own.where] : [];
      for (const sql of conditions) expect(run(`SELECT count(*) FROM ${stored.table} WHERE ${sql}`, { [key]: '2026-01-01' })).not.toThrow();
    }
    const columns = Object.keys(describedColumns(list));
    for (const search of Object.values(list.searchFields)) expect(columns).toContain(search.column);
  });
});
