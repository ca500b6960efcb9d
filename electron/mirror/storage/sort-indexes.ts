/**
 * The grid's sort indexes, covering what a view filters by. A view sorted by a column and narrowed
 * by a filter walks the column's index in order and keeps the rows that pass; with the filtered
 * columns in the index itself, the walk never reads the table (otherwise one table read per row
 * walked: a deep filtered page of a large company would take a visible while).
 *
 * Each list's are its description's (common/lists): one index per column a field sorts by (a sort
 * by an expression, the status order, has none), led by it, then the identity's order key (the
 * tie-breaker of every sort), then the columns its views narrow by (`stored.covered`). The names
 * are those the schema steps gave them (copies on users' disks have them, and the queries name
 * them: INDEXED BY): `<table>_<column>`, the order key's alone under its own name, a number's
 * numeric key under the number's name (customer_number_key: `invoices_customer_number`), the name's
 * rank under the name column's. Schema step 4 made the invoices' (mirror-schema.ts), a later list's
 * are made by its own step: a sort added to a released list is a new step that makes its index.
 */
import type { AnyListDescription, ListField } from '../../common/lists/list-description';
import { eachList } from '../../common/lists/registry';

interface SortIndex {
  name: string;
  /** Its leading column (the order key's own index has only the key). */
  lead: string;
  columns: readonly string[];
}

/** A sort that is a column of its own (not an expression such as the status order). */
const isColumn = (sql: string): boolean => /^[a-z_]+$/.test(sql);

/** The name schema steps gave the index that leads with `lead`. */
function nameOf(list: AnyListDescription, lead: string): string {
  const { table, nameColumn } = list.stored;
  if (lead === 'name_rank') return `${table}_${nameColumn}`;
  return `${table}_${/^(\w+_number)_key$/.exec(lead)?.[1] ?? lead}`;
}

function indexesOf(list: AnyListDescription): SortIndex[] {
  const { orderKey: key, covered } = list.stored;
  const leads = new Set(Object.values<ListField<unknown>>(list.fields).flatMap((field) => (field.sort && isColumn(field.sort.sql) ? [field.sort.sql] : [])));
  return [...leads].map((lead) => ({
    name: nameOf(list, lead),
    lead,
    columns: [...(lead === key ? [] : [lead]), key, ...covered.filter((column) => column !== lead)],
  }));
}

const INDEXES: ReadonlyMap<string, readonly SortIndex[]> = new Map(eachList().map(({ list }) => [list.stored.table, indexesOf(list)]));

/** The tables whose sort indexes schema step 4 made (a later list's are made by its own step). */
const STEP_4_TABLES: readonly string[] = ['invoices', 'supplier_invoices'];

/** The sort index that leads with `column` (the identity's key: its own), if there is one. */
export function sortIndexOf(table: string, column: string): string | undefined {
  return INDEXES.get(table)?.find((index) => index.lead === column)?.name;
}

/** DROP and CREATE of the sort indexes of `tables` (step 4's by default), each ending in the filtered columns (those it does not lead with). */
export function sortIndexSql(tables: readonly string[] = STEP_4_TABLES): string {
  const statements: string[] = [];
  for (const table of tables) {
    for (const { name, columns } of INDEXES.get(table) ?? []) statements.push(`DROP INDEX IF EXISTS ${name};`, `CREATE INDEX ${name} ON ${table} (${columns.join(', ')});`);
  }
  // Replaced by the SEK columns' (a sort by Total or Balance is by their value in SEK since step 2).
  if (tables === STEP_4_TABLES) statements.push('DROP INDEX IF EXISTS invoices_total;', 'DROP INDEX IF EXISTS invoices_balance;', 'DROP INDEX IF EXISTS supplier_invoices_total;', 'DROP INDEX IF EXISTS supplier_invoices_balance;');
  return statements.join('\n');
}
