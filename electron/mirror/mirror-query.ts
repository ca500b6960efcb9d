/**
 * The grid's query on the local copy, for every resource (queryable-resources.ts describes each):
 * the service's filters, sort fields and field search with the service's own semantics (a test
 * compares the orders with the sandbox's; but the customer invoices' "unpaid" and "unpaidoverdue"
 * are owed and overdue by common/owed.ts, credit notes included), plus what only the local copy can do: sort by any
 * column, one search box over several fields, due-date ranges, a currency, and the sums of the
 * whole filtered view per currency.
 */
import type { CurrencySum, GridQuery, InvoicePageView, InvoiceRow } from '../common/invoices';
import type { SupplierGridQuery, SupplierInvoicePageView, SupplierInvoiceRow } from '../common/supplier-invoices';
import { computeReceivables, lastTwelveMonths, type ReceivableInput, type ReceivablesReport } from '../common/receivables';
import { habitFrom, type PaymentHabit } from '../common/cash-outlook';
import type { PayableInput } from '../common/payables';
import type { MirrorStore } from './mirror-store';
import { DATE_GLOB, HABITS_SQL, TO_PAY_SQL, queryableInvoices, queryableSupplierInvoices, type BaseGridQuery, type Params, type QueryableResource } from './queryable-resources';

/**
 * The search box's words as an FTS5 query: every word must match the start of a word of the
 * item (diacritics and case ignored). Only letters and digits survive, so no input is FTS syntax.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 10);
  return words.length === 0 ? null : words.map((word) => `"${word}"*`).join(' ');
}

/** WHERE and its parameters for everything in the query but the sort and the page. */
export function resourceWhere<Q extends BaseGridQuery>(resource: QueryableResource<Q, unknown>, query: Omit<Q, 'page'>, today: string): { sql: string; params: Params } {
  const parts: string[] = [];
  const params: Params = { today };
  const add = (sql: string, key?: string | Params, value?: Params[string]): void => {
    parts.push(sql);
    if (typeof key === 'object') Object.assign(params, key);
    else if (key !== undefined && value !== undefined) params[key] = value;
  };
  const { stored } = resource;
  if (query.filter) add(resource.filters[query.filter as NonNullable<Q['filter']>]);
  if (query.fromdate) add('invoice_date >= :fromdate', 'fromdate', query.fromdate);
  if (query.todate) add('invoice_date <= :todate', 'todate', query.todate);
  if (query.fromduedate) add('due_date >= :fromduedate', 'fromduedate', query.fromduedate);
  // An invoice without a due date is never overdue (common/receivables.ts): an upper bound needs a date.
  if (query.toduedate) add(`due_date GLOB '${DATE_GLOB}' AND due_date <= :toduedate`, 'toduedate', query.toduedate);
  if (query.currency) add('currency = :currency', 'currency', query.currency);
  resource.extraConditions(query, add, today);
  // The service's search: a case-insensitive substring of that one field.
  if (query.search && query.search.value !== '') {
    const column = resource.searchColumns[query.search.field as NonNullable<Q['search']>['field']];
    add(`instr(js_lower(${column}), :search) > 0`, 'search', query.search.value.toLowerCase());
  }
  const match = query.text ? ftsQuery(query.text) : null;
  if (match) add(`rowid IN (SELECT rowid FROM ${stored.wordsTable} WHERE ${stored.wordsTable} MATCH :match)`, 'match', match);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** ORDER BY: the column, ties on the identity's order key; descending reverses both (as the service does). */
export function resourceOrder<Q extends BaseGridQuery>(resource: QueryableResource<Q, unknown>, query: Pick<Q, 'sortby' | 'sortorder'>): string {
  const direction = query.sortorder === 'descending' ? 'DESC' : 'ASC';
  const key = resource.stored.orderKey;
  const expression = query.sortby ? resource.sortExpressions[query.sortby as NonNullable<Q['sortby']>] : key;
  // The identity is unique: sorted by it, no tie-breaker (which would cost the index its use).
  return expression === key ? `ORDER BY ${key} ${direction}` : `ORDER BY ${expression} ${direction}, ${key} ${direction}`;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * The rows of a slice of the view. In two steps: the sort and the offset run over the narrow
 * table (and its indexes) for row ids only, then the page's JSON is read by id, so a deep page or
 * a sort on an unindexed column never carries the JSON through the sorter.
 */
function rowsOf<Q extends BaseGridQuery, Row>(resource: QueryableResource<Q, Row>, store: MirrorStore, query: Omit<Q, 'page'>, today: string, offset: number, limit: number): Row[] {
  const { stored } = resource;
  if (query.sortby === 'customername' || query.sortby === 'suppliername') store.refreshNameRanks(resource.id);
  const { sql: where, params } = resourceWhere(resource, query, today);
  const ids = (store.statement(`SELECT rowid AS id FROM ${stored.table} ${where} ${resourceOrder(resource, query)} LIMIT :limit OFFSET :offset`).all({ ...params, limit, offset }) as Array<{ id: number }>).map((row) => row.id);
  if (ids.length === 0) return [];
  const extras = stored.extraColumns.map((column) => `, t.${column}`).join('');
  const data = new Map<number, Record<string, unknown>>();
  // json_each keeps one statement for any page size (no SQL built from the ids themselves).
  // (The join only where the resource keeps columns apart from its JSON.)
  const from = extras ? `${stored.dataTable} d JOIN ${stored.table} t ON t.rowid = d.id` : `${stored.dataTable} d`;
  const statement = store.statement(`SELECT d.id AS id, d.data AS data${extras} FROM ${from} WHERE d.id IN (SELECT value FROM json_each(?))`);
  for (const row of statement.all(JSON.stringify(ids)) as Array<Record<string, unknown>>) data.set(row.id as number, row);
  return ids.map((id) => {
    const row = data.get(id) as Record<string, string | number | null>;
    return resource.toRow(row.data as string, stored.extraColumns.map((column) => row[column] ?? null), today);
  });
}

/** One page of the view, with its totals and the sums of the whole view per currency. */
export function resourcePage<Q extends BaseGridQuery, Row>(resource: QueryableResource<Q, Row>, store: MirrorStore, query: Q, today: string): { rows: Row[]; currentPage: number; totalPages: number; totalResources: number; source: 'local'; sums: CurrencySum[] } {
  const { sql: where, params } = resourceWhere(resource, query, today);
  const sums = (
    store.statement(`SELECT currency, count(*) AS count, sum(total) AS total, sum(balance) AS balance FROM ${resource.stored.table} ${where} GROUP BY currency ORDER BY count(*) DESC, currency`).all(params) as unknown as CurrencySum[]
  ).map((sum) => ({ currency: sum.currency, count: sum.count, total: round2(sum.total), balance: round2(sum.balance) }));
  const totalResources = sums.reduce((n, sum) => n + sum.count, 0);
  const totalPages = Math.ceil(totalResources / query.limit);
  const rows = rowsOf(resource, store, query, today, (query.page - 1) * query.limit, query.limit);
  return { rows, currentPage: query.page, totalPages, totalResources, source: 'local', sums };
}

/** The customer invoices' WHERE (resourceWhere). */
export const whereClause = (query: Omit<GridQuery, 'page'>, today: string) => resourceWhere(queryableInvoices, query, today);
/** The customer invoices' ORDER BY (resourceOrder). */
export const orderClause = (query: Pick<GridQuery, 'sortby' | 'sortorder'>): string => resourceOrder(queryableInvoices, query);

/** One page of the customer invoices' view. */
export function queryPage(store: MirrorStore, query: GridQuery, today: string): InvoicePageView {
  return resourcePage(queryableInvoices, store, query, today);
}

/** Rows of the customer invoices' view in its order from `offset` (the export reads the whole view in chunks). */
export function queryRows(store: MirrorStore, query: Omit<GridQuery, 'page'>, today: string, offset: number, limit: number): InvoiceRow[] {
  return rowsOf(queryableInvoices, store, query, today, offset, limit);
}

/** One page of the supplier invoices' view. */
export function querySupplierPage(store: MirrorStore, query: SupplierGridQuery, today: string): SupplierInvoicePageView {
  return resourcePage(queryableSupplierInvoices, store, query, today);
}

/** Rows of the supplier invoices' view in its order from `offset`. */
export function querySupplierRows(store: MirrorStore, query: Omit<SupplierGridQuery, 'page'>, today: string, offset: number, limit: number): SupplierInvoiceRow[] {
  return rowsOf(queryableSupplierInvoices, store, query, today, offset, limit);
}

/** Each customer's payment habit on `today` (HABITS_SQL: common/cash-outlook.ts in SQL). */
export function customerHabits(store: MirrorStore, today: string): Map<string, PaymentHabit> {
  const rows = store.statement(HABITS_SQL).all({ today, habitfrom: habitFrom(today) }) as Array<{ customer: string; days: number; paid: number }>;
  return new Map(rows.map((row) => [row.customer, { days: row.days, paid: row.paid }]));
}

/** The supplier invoices to pay (common/owed.ts), narrow columns only, streamed as PayableInput (one reused object). */
function payableRows(store: MirrorStore): Iterable<PayableInput> {
  const statement = store.statement(
    `SELECT supplier_number, supplier_name, due_date, balance, currency, currency_rate, currency_unit, authorize_pending, payment_pending FROM supplier_invoices WHERE ${TO_PAY_SQL}`,
  );
  statement.setReturnArrays(true);
  const row: PayableInput = { supplierNumber: '', supplierName: '', dueDate: '', balance: 0, currency: '', currencyRate: 1, currencyUnit: 1, cancelled: false, authorizePending: false, paymentPending: false };
  return {
    [Symbol.iterator]: () => {
      const rows = statement.iterate() as unknown as Iterator<[string, string, string, number, string, number, number, number, number]>;
      return {
        next: (): IteratorResult<PayableInput> => {
          const next = rows.next();
          if (next.done) return { done: true, value: undefined };
          const r = next.value;
          row.supplierNumber = r[0];
          row.supplierName = r[1];
          row.dueDate = r[2];
          row.balance = r[3];
          row.currency = r[4];
          row.currencyRate = r[5];
          row.currencyUnit = r[6];
          row.authorizePending = r[7] === 1;
          row.paymentPending = r[8] === 1;
          return { done: false, value: row };
        },
      };
    },
  };
}

/**
 * The overview (common/receivables.ts) of the whole copy: receivables, the customers' habits, and
 * with `withPayables` (the supplier invoices' copy is ready) the payables and money out. Only the
 * narrow columns of the invoices that can count (not cancelled, and owed, a draft or of the last
 * twelve months; supplier invoices to pay) are read.
 */
export function receivablesReport(store: MirrorStore, today: string, withPayables = false): ReceivablesReport {
  const habits = customerHabits(store, today);
  const first = `${lastTwelveMonths(today)[0] as string}-01`;
  const statement = store.statement(
    `SELECT customer_number, customer_name, invoice_date, due_date, total, balance, currency, cancelled, final_pay_date, currency_rate, currency_unit, booked
     FROM invoices WHERE cancelled = 0 AND (balance != 0 OR booked = 0 OR invoice_date >= :first OR final_pay_date >= :first)`,
  );
  // Rows as arrays, streamed into one reused plain object: SQLite's row objects are dictionaries
  // (every field read a hash lookup), and 50 000 short-lived objects would be as many allocations.
  // computeReceivables keeps nothing of an input row but copies of its values.
  statement.setReturnArrays(true);
  const rows = statement.iterate({ first }) as unknown as Iterator<[string, string, string, string, number, number, string, number, string | null, number, number, number]>;
  const row: ReceivableInput = { documentNumber: '', customerNumber: '', customerName: '', invoiceDate: '', dueDate: '', total: 0, balance: 0, currency: '', booked: true, cancelled: false, finalPayDate: null, currencyRate: 1, currencyUnit: 1 };
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
        row.booked = r[11] === 1;
        return { done: false, value: row };
      },
    }),
  };
  return computeReceivables(invoices, today, withPayables ? payableRows(store) : null, habits);
}
