/**
 * The grid's sort indexes, covering what a view filters by. A view sorted by a column and narrowed
 * by a filter walks the column's index in order and keeps the rows that pass; with the filtered
 * columns in the index itself, the walk never reads the table (otherwise one table read per row
 * walked: a deep filtered page of a large company would take a visible while). Schema step 4
 * (mirror-schema.ts) rebuilds each index so; never change this after release: a change is a new step.
 */
import type { ListField } from '../common/lists/list-description';
import { eachList } from '../common/lists/registry';

interface SortIndexes {
  table: string;
  /** The identity's order key, the tie-breaker of every sort. */
  key: string;
  /** Index name suffix -> its leading column. */
  sorts: Record<string, string>;
  /** The columns filters, scopes, ranges and links test (common/owed.ts, queryable-resources.ts). */
  filtered: readonly string[];
}

const COMMON_FILTERED = ['booked', 'cancelled', 'balance', 'total', 'due_date', 'currency', 'invoice_date', 'final_pay_date'];

const INDEXES: readonly SortIndexes[] = [
  {
    table: 'invoices',
    key: 'doc_no',
    sorts: {
      doc_no: '',
      customer_name: 'name_rank',
      customer_number: 'customer_number_key',
      invoice_date: 'invoice_date',
      due_date: 'due_date',
      ocr: 'ocr',
      total_sek: 'total_sek',
      balance_sek: 'balance_sek',
      currency: 'currency',
      project: 'project',
      cost_center: 'cost_center',
      invoice_type: 'invoice_type',
      final_pay_date: 'final_pay_date',
      booked: 'booked',
      sent: 'sent',
    },
    filtered: [...COMMON_FILTERED, 'customer_number'],
  },
  {
    table: 'supplier_invoices',
    key: 'given_no',
    sorts: {
      given_no: '',
      supplier_name: 'name_rank',
      supplier_number: 'supplier_number_key',
      invoice_number: 'invoice_number',
      invoice_date: 'invoice_date',
      due_date: 'due_date',
      total_sek: 'total_sek',
      balance_sek: 'balance_sek',
      currency: 'currency',
      final_pay_date: 'final_pay_date',
      booked: 'booked',
      ocr: 'ocr',
      project: 'project',
      cost_center: 'cost_center',
    },
    filtered: [...COMMON_FILTERED, 'supplier_number', 'authorize_pending', 'payment_pending'],
  },
  // Schema step 6: the customer register, small beside the invoices, but sorted by any column.
  {
    table: 'customers',
    key: 'customer_no',
    sorts: {
      customer_no: '',
      name: 'name_rank',
      organisation_number: 'organisation_number',
      city: 'city',
      email: 'email',
      phone: 'phone',
      active: 'active',
      owed_sek: 'owed_sek',
      overdue_sek: 'overdue_sek',
      open_invoices: 'open_invoices',
      habit_days: 'habit_days',
      last_invoice: 'last_invoice',
    },
    filtered: ['active', 'overdue_invoices'],
  },
  // Schema step 7: the payments of both sides, by invoice (a details panel, a statement) and by date.
  { table: 'invoice_payments', key: 'number_key', sorts: {
      number_key: '',
      invoice_key: 'invoice_key',
      payment_date: 'payment_date',
      amount: 'amount',
      currency: 'currency',
      source: 'source',
      booked: 'booked',
    }, filtered: ['invoice_number'] },
  { table: 'supplier_invoice_payments', key: 'number_key', sorts: {
      number_key: '',
      invoice_key: 'invoice_key',
      payment_date: 'payment_date',
      amount: 'amount',
      currency: 'currency',
      source: 'source',
      booked: 'booked',
    }, filtered: ['invoice_number'] },
];

/** The tables whose sort indexes schema step 4 made (a later list's are made by its own step). */
const STEP_4_TABLES: readonly string[] = ['invoices', 'supplier_invoices'];

/**
 * A list added since the steps above has its sort indexes named by their leading column (its
 * order key's by the key), one per column a field of its description sorts by, each ending in
 * `filtered`: its step makes them (listSortIndexSql), and a query finds them by the same rule.
 */
function derivedSpec(table: string, filtered: readonly string[] = []): SortIndexes | undefined {
  const list = eachList().find((entry) => entry.list.stored.table === table)?.list;
  if (!list) return undefined;
  const { orderKey } = list.stored;
  const columns = Object.values<ListField<unknown>>(list.fields).flatMap((field) => (field.sort && /^[a-z_]+$/.test(field.sort.sql) && field.sort.sql !== orderKey ? [field.sort.sql] : []));
  return { table, key: orderKey, sorts: Object.fromEntries([[orderKey, ''], ...columns.map((column) => [column, column])]), filtered };
}

const specOf = (table: string): SortIndexes | undefined => INDEXES.find((index) => index.table === table) ?? derivedSpec(table);

/** The sort index that leads with `column` (the identity's key: its own), if there is one. */
export function sortIndexOf(table: string, column: string): string | undefined {
  const spec = specOf(table);
  if (!spec) return undefined;
  const found = Object.entries(spec.sorts).find(([, lead]) => (lead === '' ? spec.key : lead) === column);
  return found ? `${table}_${found[0]}` : undefined;
}

function indexStatements({ table, key, sorts, filtered }: SortIndexes): string[] {
  const statements: string[] = [];
  for (const [suffix, lead] of Object.entries(sorts)) {
    const name = `${table}_${suffix}`;
    const columns = [...(lead ? [lead] : []), key, ...filtered.filter((column) => column !== lead)];
    statements.push(`DROP INDEX IF EXISTS ${name};`, `CREATE INDEX ${name} ON ${table} (${columns.join(', ')});`);
  }
  return statements;
}

/** DROP and CREATE of the sort indexes of `tables` (step 4's by default), each ending in the filtered columns (those it does not lead with). */
export function sortIndexSql(tables: readonly string[] = STEP_4_TABLES): string {
  const statements = tables.flatMap((table) => {
    const spec = specOf(table);
    return spec ? indexStatements(spec) : [];
  });
  // Replaced by the SEK columns' (a sort by Total or Balance is by their value in SEK since step 2).
  if (tables === STEP_4_TABLES) statements.push('DROP INDEX IF EXISTS invoices_total;', 'DROP INDEX IF EXISTS invoices_balance;', 'DROP INDEX IF EXISTS supplier_invoices_total;', 'DROP INDEX IF EXISTS supplier_invoices_balance;');
  return statements.join('\n');
}

/** The sort indexes of a list added since (derivedSpec) for its own schema step, each ending in `filtered` (what its filters test). */
export function listSortIndexSql(table: string, filtered: readonly string[]): string {
  const spec = derivedSpec(table, filtered);
  if (!spec) throw new Error(`No list is kept in ${table}.`);
  return indexStatements(spec).join('\n');
}
