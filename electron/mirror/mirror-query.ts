/**
 * The grid's query on the local copy: the service's five filters, sort fields and field search with
 * the service's own semantics (a test compares the orders with the sandbox's), plus what only the
 * local copy can do: sort by any column, one search box over several fields, due-date ranges, a
 * currency, and the sums of the whole filtered view per currency.
 */
import type { SQLInputValue } from 'node:sqlite';
import type { CurrencySum, GridQuery, Invoice, InvoicePageView, InvoiceRow, LocalSortField } from '../common/invoices';
import { deriveStatus } from '../invoices/invoice-status';
import { computeReceivables, lastTwelveMonths, type ReceivableInput, type ReceivablesReport } from '../common/receivables';
import type { MirrorStore } from './mirror-store';

const DATE_GLOB = '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]';

/** Sorting by status puts what needs attention first. */
const STATUS_ORDER = `CASE
  WHEN cancelled = 1 THEN 5
  WHEN booked = 0 THEN 3
  WHEN balance = 0 THEN 4
  WHEN balance > 0 AND due_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND due_date < :today THEN 0
  WHEN balance > 0 AND balance < total THEN 2
  ELSE 1 END`;

/** Total and Balance sort by their value in SEK at each invoice's own rate (stored and indexed,
 * mirror-schema.ts step 2): 100 EUR sorts among kronor as the 1 145 kr it is, not as 100. */
const SORT_EXPRESSIONS: Record<LocalSortField, string> = {
  documentnumber: 'doc_no',
  customername: 'name_rank',
  customernumber: 'customer_number_key',
  invoicedate: 'invoice_date',
  ocr: 'ocr',
  total: 'total_sek',
  duedate: 'due_date',
  balance: 'balance_sek',
  currency: 'currency',
  status: STATUS_ORDER,
  booked: 'booked',
  sent: 'sent',
  invoicetype: 'invoice_type',
  project: 'project',
  costcenter: 'cost_center',
  finalpaydate: 'final_pay_date',
};

const FILTERS: Record<NonNullable<GridQuery['filter']>, string> = {
  cancelled: 'cancelled = 1',
  unbooked: 'cancelled = 0 AND booked = 0',
  unpaid: 'cancelled = 0 AND booked = 1 AND balance > 0',
  unpaidoverdue: 'cancelled = 0 AND booked = 1 AND balance > 0 AND due_date < :today',
  fullypaid: 'cancelled = 0 AND booked = 1 AND balance = 0',
};

/** The receivables definitions (common/receivables.ts) as conditions: a link shows exactly what was counted. */
const SCOPES: Record<NonNullable<GridQuery['scope']>, string> = {
  owed: 'cancelled = 0 AND balance != 0',
  notcancelled: 'cancelled = 0',
  paid: 'cancelled = 0 AND balance = 0 AND final_pay_date IS NOT NULL',
};

const SEARCH_COLUMNS: Record<NonNullable<GridQuery['search']>['field'], string> = {
  customername: 'customer_name',
  customernumber: 'customer_number',
  documentnumber: 'document_number',
  ocr: 'ocr',
};

/**
 * The search box's words as an FTS5 query: every word must match the start of a word of the
 * invoice (diacritics and case ignored). Only letters and digits survive, so no input is FTS syntax.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 10);
  return words.length === 0 ? null : words.map((word) => `"${word}"*`).join(' ');
}

type Params = Record<string, SQLInputValue>;

/** WHERE and its parameters for everything in the query but the sort and the page. */
export function whereClause(query: Omit<GridQuery, 'page'>, today: string): { sql: string; params: Params } {
  const parts: string[] = [];
  const params: Params = { today };
  const add = (sql: string, key?: string, value?: SQLInputValue): void => {
    parts.push(sql);
    if (key !== undefined && value !== undefined) params[key] = value;
  };
  if (query.filter) add(FILTERS[query.filter]);
  if (query.fromdate) add('invoice_date >= :fromdate', 'fromdate', query.fromdate);
  if (query.todate) add('invoice_date <= :todate', 'todate', query.todate);
  if (query.fromduedate) add('due_date >= :fromduedate', 'fromduedate', query.fromduedate);
  // An invoice without a due date is never overdue (common/receivables.ts): an upper bound needs a date.
  if (query.toduedate) add(`due_date GLOB '${DATE_GLOB}' AND due_date <= :toduedate`, 'toduedate', query.toduedate);
  if (query.currency) add('currency = :currency', 'currency', query.currency);
  if (query.scope) add(SCOPES[query.scope]);
  if (query.customer !== undefined) add('customer_number = :customer', 'customer', query.customer);
  if (query.fromfinalpaydate) add('final_pay_date >= :fromfinalpaydate', 'fromfinalpaydate', query.fromfinalpaydate);
  if (query.tofinalpaydate) add('final_pay_date <= :tofinalpaydate', 'tofinalpaydate', query.tofinalpaydate);
  // The service's search: a case-insensitive substring of that one field.
  if (query.search && query.search.value !== '') add(`instr(js_lower(${SEARCH_COLUMNS[query.search.field]}), :search) > 0`, 'search', query.search.value.toLowerCase());
  const match = query.text ? ftsQuery(query.text) : null;
  if (match) add('rowid IN (SELECT rowid FROM invoice_words WHERE invoice_words MATCH :match)', 'match', match);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** ORDER BY: the column, ties on DocumentNumber; descending reverses both (as the service does). */
export function orderClause(query: Pick<GridQuery, 'sortby' | 'sortorder'>): string {
  const direction = query.sortorder === 'descending' ? 'DESC' : 'ASC';
  const expression = SORT_EXPRESSIONS[query.sortby ?? 'documentnumber'];
  // DocumentNumber is unique: sorted by it, no tie-breaker (which would cost the index its use).
  return expression === 'doc_no' ? `ORDER BY doc_no ${direction}` : `ORDER BY ${expression} ${direction}, doc_no ${direction}`;
}

function toRow(data: string, today: string): InvoiceRow {
  const invoice = JSON.parse(data) as Invoice;
  return { ...invoice, status: deriveStatus(invoice, today) };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * The rows of a slice of the view. In two steps: the sort and the offset run over the narrow
 * invoices table (and its indexes) for row ids only, then the page's JSON is read by id, so a deep
 * page or a sort on an unindexed column never carries the JSON through the sorter.
 */
function rowsOf(store: MirrorStore, query: Omit<GridQuery, 'page'>, today: string, offset: number, limit: number): InvoiceRow[] {
  const { sql: where, params } = whereClause(query, today);
  const ids = (store.statement(`SELECT rowid AS id FROM invoices ${where} ${orderClause(query)} LIMIT :limit OFFSET :offset`).all({ ...params, limit, offset }) as Array<{ id: number }>).map((row) => row.id);
  if (ids.length === 0) return [];
  const data = new Map<number, string>();
  // json_each keeps one statement for any page size (no SQL built from the ids themselves).
  for (const row of store.statement('SELECT id, data FROM invoice_data WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as Array<{ id: number; data: string }>) data.set(row.id, row.data);
  return ids.map((id) => toRow(data.get(id) as string, today));
}

/** One page of the view, with its totals and the sums of the whole view per currency. */
export function queryPage(store: MirrorStore, query: GridQuery, today: string): InvoicePageView {
  if (query.sortby === 'customername') store.refreshNameRanks();
  const { sql: where, params } = whereClause(query, today);
  const sums = (store.statement(`SELECT currency, count(*) AS count, sum(total) AS total, sum(balance) AS balance FROM invoices ${where} GROUP BY currency ORDER BY count(*) DESC, currency`).all(params) as unknown as CurrencySum[]).map(
    (sum) => ({ currency: sum.currency, count: sum.count, total: round2(sum.total), balance: round2(sum.balance) }),
  );
  const totalResources = sums.reduce((n, sum) => n + sum.count, 0);
  const totalPages = Math.ceil(totalResources / query.limit);
  const rows = rowsOf(store, query, today, (query.page - 1) * query.limit, query.limit);
  return { rows, currentPage: query.page, totalPages, totalResources, source: 'local', sums };
}

/** Rows of the view in its order from `offset` (the export reads the whole view in chunks). */
export function queryRows(store: MirrorStore, query: Omit<GridQuery, 'page'>, today: string, offset: number, limit: number): InvoiceRow[] {
  if (query.sortby === 'customername') store.refreshNameRanks();
  return rowsOf(store, query, today, offset, limit);
}

/**
 * The receivables report (common/receivables.ts) of the whole copy: only the narrow columns of the
 * invoices that can count (not cancelled, and owed or of the last twelve months) are read.
 */
export function receivablesReport(store: MirrorStore, today: string): ReceivablesReport {
  const first = `${lastTwelveMonths(today)[0] as string}-01`;
  const statement = store.statement(
    `SELECT customer_number, customer_name, invoice_date, due_date, total, balance, currency, cancelled, final_pay_date, currency_rate, currency_unit
     FROM invoices WHERE cancelled = 0 AND (balance != 0 OR invoice_date >= :first OR final_pay_date >= :first)`,
  );
  // Rows as arrays, streamed into one reused plain object: SQLite's row objects are dictionaries
  // (every field read a hash lookup), and 50 000 short-lived objects would be as many allocations.
  // computeReceivables keeps nothing of an input row but copies of its values.
  statement.setReturnArrays(true);
  const rows = statement.iterate({ first }) as unknown as Iterator<[string, string, string, string, number, number, string, number, string | null, number, number]>;
  const row: ReceivableInput = { documentNumber: '', customerNumber: '', customerName: '', invoiceDate: '', dueDate: '', total: 0, balance: 0, currency: '', cancelled: false, finalPayDate: null, currencyRate: 1, currencyUnit: 1 };
  const invoices: Iterable<ReceivableInput> = {
    [Symbol.iterator]: () => ({
      next: (): IteratorResult<ReceivableInput> => {
        const next = rows.next();
        if (next.done) return { done: true, value: undefined };
        const r = next.value;
        // (The definitions do not read documentNumber: it is not selected.)
        row.customerNumber = r[0];
        row.customerName = r[1];
        row.invoiceDate = r[2];
        row.dueDate = r[3];
        row.total = r[4];
        row.balance = r[5];
        row.currency = r[6];
        row.cancelled = r[7] === 1;
        row.finalPayDate = r[8];
        row.currencyRate = r[9];
        row.currencyUnit = r[10];
        return { done: false, value: row };
      },
    }),
  };
  return computeReceivables(invoices, today);
}
