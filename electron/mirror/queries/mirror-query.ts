/**
 * The grid's query on the local copy, for every resource (queryable-resources.ts describes each):
 * the service's filters, sort fields and field search with the service's own semantics (a test
 * compares the orders with the sandbox's; but the customer invoices' "unpaid" and "unpaidoverdue"
 * are owed and overdue by common/owed.ts, credit notes included), plus what only the local copy can do: sort by any
 * column, one search box over several fields, due-date ranges, a currency, and the sums of the
 * whole filtered view per currency.
 */
import type { CurrencySum } from '../../common/list-primitives';
import type { ResourceId, ResourceViews } from '../../common/resources';
import { createReceivablesBuilder, lastTwelveMonths, type ReceivablesReport } from '../../common/receivables';
import { addDays } from '../../common/calendar';
import { expectedWeekIndex, habitFrom, type PaymentHabit } from '../../common/cash-outlook';
import { dueBefore } from '../../common/owed';
import { createPayablesBuilder, type PayablesReport } from '../../common/payables';
import type { MirrorStore } from '../storage/mirror-store';
import { keptHabits } from '../storage/kept-habits';
import { sortIndexOf } from '../storage/sort-indexes';
import { DATE_GLOB, DRAFT_SQL, OVERDUE_SQL, OWED_SQL, TO_PAY_SQL } from '../../common/lists/owed-sql';
import { HABITS_SQL, queryableResources, readsHabits, type BaseGridQuery, type Params, type QueryableResource } from './queryable-resources';

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
  // An invoice without a due date is never overdue (common/owed.ts, dueBefore): an upper bound needs a date.
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
export function resourceOrder<Q extends BaseGridQuery>(resource: QueryableResource<Q, unknown>, query: Pick<Q, 'sortby' | 'sortorder'>, sortRows = false): string {
  const direction = query.sortorder === 'descending' ? 'DESC' : 'ASC';
  // `sortRows`: as expressions (a unary +), which no index matches: the found rows are sorted.
  const key = sortRows ? `+${resource.stored.orderKey}` : resource.stored.orderKey;
  const sortby = query.sortby ? resource.sortExpressions[query.sortby as NonNullable<Q['sortby']>] : resource.stored.orderKey;
  const expression = sortRows ? `+(${sortby})` : sortby;
  // The identity is unique: sorted by it, no tie-breaker (which would cost the index its use).
  return sortby === resource.stored.orderKey ? `ORDER BY ${key} ${direction}` : `ORDER BY ${expression} ${direction}, ${key} ${direction}`;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * The rows of a slice of the view. In two steps: the sort and the offset run over the narrow
 * table (and its indexes) for row ids only, then the page's JSON is read by id, so a deep page or
 * a sort on an unindexed column never carries the JSON through the sorter.
 */
function rowsOf<Q extends BaseGridQuery, Row>(resource: QueryableResource<Q, Row>, store: MirrorStore, query: Omit<Q, 'page'>, today: string, offset: number, limit: number, total?: number): Row[] {
  const { stored } = resource;
  if (readsHabits(query)) keptHabits(store, today);
  resource.prepare?.(store, today);
  // A sort by name is by each name's Swedish rank, brought up to date first.
  if (query.sortby && resource.sortExpressions[query.sortby as NonNullable<Q['sortby']>] === 'name_rank') store.refreshNameRanks(resource.id);
  const { sql: where, params } = resourceWhere(resource, query, today);
  // OFFSET walks the index from its start: a page past the middle of a view of known size is read
  // from the other end, in the reverse order, and turned round (the last page costs the first's).
  const fromEnd = total !== undefined && offset > total / 2 && offset < total;
  // With words to match, the matches are few beside the company: they are found by the search
  // index and sorted, never by walking a sort index and testing each row against them.
  const sortMatches = query.text !== undefined && ftsQuery(query.text) !== null;
  const order = resourceOrder(resource, fromEnd ? { ...query, sortorder: query.sortorder === 'descending' ? 'ascending' : 'descending' } : query, sortMatches);
  const window = fromEnd ? { limit: Math.min(limit, (total as number) - offset), offset: Math.max(0, (total as number) - offset - limit) } : { limit, offset };
  // A view narrowed only by what the sort indexes cover walks its sort's index (named: without
  // statistics SQLite may pick an index on a filter column and sort every row it finds).
  const expression = query.sortby ? resource.sortExpressions[query.sortby as NonNullable<Q['sortby']>] : stored.orderKey;
  const index = covered(query) ? sortIndexOf(stored.table, expression) : undefined;
  const found = (store.statement(`SELECT rowid AS id FROM ${stored.table} ${index ? `INDEXED BY ${index}` : ''} ${where} ${order} LIMIT :limit OFFSET :offset`).all({ ...params, ...window }) as Array<{ id: number }>).map((row) => row.id);
  const ids = fromEnd ? found.reverse() : found;
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

/** The query keys whose conditions the kept tallies answer (tallies.ts): the state, the currency and the due date. */
const TALLIED_KEYS: ReadonlySet<string> = new Set(['page', 'limit', 'sortby', 'sortorder', 'filter', 'scope', 'currency', 'fromduedate', 'toduedate']);

/** The query keys whose conditions every sort index covers (sort-indexes.ts): a walk of it never reads the table. */
const COVERED_KEYS: ReadonlySet<string> = new Set([...TALLIED_KEYS, 'fromdate', 'todate', 'customer', 'supplier', 'fromfinalpaydate', 'tofinalpaydate']);

/** Whether a view's count and sums can come from the tallies: it narrows by nothing else. */
export const tallied = (query: object): boolean => narrowedOnlyBy(query, TALLIED_KEYS);

/** Whether a view's count and sums can come from the tallies by invoice date (tallies.ts tally_inv). */
const talliedByDate = (query: object): boolean => narrowedOnlyBy(query, DATE_TALLIED_KEYS);
const DATE_TALLIED_KEYS: ReadonlySet<string> = new Set([...TALLIED_KEYS, 'fromdate', 'todate']);

/** Whether a view narrows only by what the sort indexes cover. */
export const covered = (query: object): boolean => narrowedOnlyBy(query, COVERED_KEYS);

function narrowedOnlyBy(query: object, keys: ReadonlySet<string>): boolean {
  return Object.entries(query).every(([key, value]) => {
    if (value === undefined || keys.has(key)) return true;
    if (key === 'search') return (value as { value: string }).value === '';
    if (key === 'text') return ftsQuery(value as string) === null;
    return false;
  });
}

/** The count and sums of the view per currency, most invoices first: from the tallies where they answer, else from the rows. */
function viewSums<Q extends BaseGridQuery>(resource: QueryableResource<Q, unknown>, store: MirrorStore, query: Omit<Q, 'page'>, today: string): CurrencySum[] {
  const { sql: where, params } = resourceWhere(resource, query, today);
  const own = resource.stored.sums;
  if (own) {
    // A list with sums of its own (the customers' owed and overdue): summed over its rows.
    const rows = store
      .statement(`SELECT ${own.currency} AS currency, count(*) AS count, sum(${own.total}) AS total, sum(${own.balance}) AS balance FROM ${resource.stored.table} ${where} GROUP BY 1 ORDER BY count(*) DESC, 1`)
      .all(params) as unknown as CurrencySum[];
    return rows.map((sum) => ({ currency: sum.currency, count: sum.count, total: round2(sum.total), balance: round2(sum.balance) }));
  }
  // The same WHERE on a tally view (its columns bear the row table's names): by due date, or by
  // invoice date for a view narrowed by invoice dates and nothing that reads the due date.
  const tally = tallied(query) ? `${resource.stored.table}_tally` : talliedByDate(query) && !where.includes('due_date') ? `${resource.stored.table}_tally_by_date` : null;
  if (tally) {
    const rows = store.statement(`SELECT currency, sum(n) AS count, sum(total_c) AS total_c, sum(balance_c) AS balance_c FROM ${tally} ${where} GROUP BY currency HAVING sum(n) != 0 ORDER BY sum(n) DESC, currency`).all(params) as Array<{ currency: string; count: number; total_c: number; balance_c: number }>;
    return rows.map((row) => ({ currency: row.currency, count: row.count, total: row.total_c / 100, balance: row.balance_c / 100 }));
  }
  const rows = store.statement(`SELECT currency, count(*) AS count, sum(total) AS total, sum(balance) AS balance FROM ${resource.stored.table} ${where} GROUP BY currency ORDER BY count(*) DESC, currency`).all(params) as unknown as CurrencySum[];
  return rows.map((sum) => ({ currency: sum.currency, count: sum.count, total: round2(sum.total), balance: round2(sum.balance) }));
}

/** One page of the view, with its totals and the sums of the whole view per currency. */
export function resourcePage<Q extends BaseGridQuery, Row>(resource: QueryableResource<Q, Row>, store: MirrorStore, query: Q, today: string): { rows: Row[]; currentPage: number; totalPages: number; totalResources: number; source: 'local'; sums: CurrencySum[] } {
  if (readsHabits(query)) keptHabits(store, today);
  resource.prepare?.(store, today);
  const sums = viewSums(resource, store, query, today);
  const totalResources = sums.reduce((n, sum) => n + sum.count, 0);
  const totalPages = Math.ceil(totalResources / query.limit);
  const rows = rowsOf(resource, store, query, today, (query.page - 1) * query.limit, query.limit, totalResources);
  return { rows, currentPage: query.page, totalPages, totalResources, source: 'local', sums };
}

/** A list's description as the query builder takes it (its query and row types those of `resource`). */
const describedOf = <R extends ResourceId>(resource: R) => queryableResources[resource] as unknown as QueryableResource<ResourceViews[R]['query'], ResourceViews[R]['row']>;

/** A list's ORDER BY (resourceOrder). */
export const orderClause = <R extends ResourceId>(resource: R, query: Pick<ResourceViews[R]['query'], 'sortby' | 'sortorder'>): string => resourceOrder(describedOf(resource), query);

/** One page of a list's view. */
export function listPage<R extends ResourceId>(store: MirrorStore, resource: R, query: ResourceViews[R]['query'], today: string): ResourceViews[R]['page'] {
  return resourcePage(describedOf(resource), store, query, today) as ResourceViews[R]['page'];
}

/** Rows of a list's view in its order from `offset` (the export reads the whole view in chunks). */
export function listRows<R extends ResourceId>(store: MirrorStore, resource: R, query: Omit<ResourceViews[R]['query'], 'page'>, today: string, offset: number, limit: number): Array<ResourceViews[R]['row']> {
  return rowsOf(describedOf(resource), store, query, today, offset, limit);
}

/** Each customer's payment habit on `today` recounted from every paid invoice in one statement (HABITS_SQL): what the kept habits (kept-habits.ts) must equal. */
export function customerHabits(store: MirrorStore, today: string): Map<string, PaymentHabit> {
  const rows = store.statement(HABITS_SQL).all({ today, habitfrom: habitFrom(today) }) as Array<{ customer: string; days: number; paid: number }>;
  return new Map(rows.map((row) => [row.customer, { days: row.days, paid: row.paid }]));
}

/**
 * The overview (common/receivables.ts) of the whole copy: receivables, the customers' habits, and
 * with `withPayables` (the supplier invoices' copy is ready) the payables and money out. Nothing is
 * kept between two calls but what the copy keeps in each write's transaction (tallies.ts): the
 * months and drafts come from the tallies; what is owed and what is to pay from their partial
 * indexes, grouped by party, currency and due date (so the work follows what is open, not the
 * company's history); the habits from customer_habits (kept-habits.ts). The figures are those
 * of computeReceivables over every row (tallies.test.ts recounts them after random syncs).
 */
export function receivablesReport(store: MirrorStore, today: string, withPayables = false): ReceivablesReport {
  const habits = keptHabits(store, today);
  const builder = createReceivablesBuilder(today, habits, withPayables);
  const first = `${lastTwelveMonths(today)[0] as string}-01`;
  const days = store.statement(`SELECT currency, kind, day, n, total_c FROM tally_day WHERE resource = 'invoices' AND kind IN ('i', 'p') AND day >= :first AND day <= :today AND n != 0`);
  for (const row of days.all({ first, today }) as Array<{ currency: string; kind: string; day: string; n: number; total_c: number }>) {
    if (row.kind === 'i') builder.invoiced(row.currency, row.day, row.n, row.total_c / 100);
    else builder.paid(row.currency, row.day, row.n, row.total_c / 100);
  }
  for (const row of store.statement(`SELECT currency, sum(n) AS n, sum(total_c) AS total_c FROM invoices_tally WHERE ${DRAFT_SQL} GROUP BY currency`).all() as Array<{ currency: string; n: number; total_c: number }>) {
    if (row.n !== 0) builder.draft(row.currency, row.n, row.total_c / 100);
  }
  // Owed by currency and due date: from the tallies (a few hundred rows, not one per invoice).
  // Expected in (cash-outlook.ts: the due date plus the customer's habit, a date before today in
  // the first week): an invoice due before today − the longest habit is expected before today
  // whoever the customer, so those count in the first week straight from the tallies; only the
  // later ones are read, by the partial index of owed invoices by due date, with their habit.
  const longest = (store.statement('SELECT coalesce(max(days), 0) AS days FROM customer_habits').get() as { days: number }).days;
  const cut = addDays(today, -longest);
  for (const row of store.statement(`SELECT currency, due_date, sum(n) AS n, sum(balance_c) AS balance_c FROM invoices_tally WHERE ${OWED_SQL} GROUP BY currency, due_date`).all() as Array<{ currency: string; due_date: string; n: number; balance_c: number }>) {
    if (row.n === 0) continue;
    builder.owedByDueDate({ currency: row.currency, dueDate: row.due_date, count: row.n, balance: row.balance_c / 100 });
    if (dueBefore(row.due_date, cut)) builder.expected(row.currency, 0, row.n, row.balance_c / 100);
  }
  const weekOfExpected = expectedWeekIndex(today);
  const recent = store.statement(
    `SELECT i.currency, i.due_date, coalesce(h.days, 0), count(*), sum(i.balance) FROM invoices i INDEXED BY invoices_owed_due LEFT JOIN customer_habits h ON h.customer_number = i.customer_number
     WHERE i.booked = 1 AND i.cancelled = 0 AND i.balance != 0 AND i.due_date >= :cut AND i.due_date GLOB '${DATE_GLOB}' GROUP BY 1, 2, 3`,
  );
  recent.setReturnArrays(true);
  for (const [currency, dueDate, days, count, balance] of recent.iterate({ cut }) as unknown as Iterable<[string, string, number, number, number]>) {
    builder.expected(currency, weekOfExpected(dueDate, days), count, balance);
  }
  // Overdue per customer and currency (the top list), summed in SQL over the partial index of what is owed.
  const overdue = store.statement(
    `SELECT customer_number, currency, sum(balance), count(*), min(due_date), sum(balance_sek) FROM invoices INDEXED BY invoices_owed WHERE ${OVERDUE_SQL} GROUP BY customer_number, currency`,
  );
  overdue.setReturnArrays(true);
  for (const [customerNumber, currency, amount, count, oldestDueDate, rank] of overdue.iterate({ today }) as unknown as Iterable<[string, string, number, number, string, number]>) {
    builder.overdueOf({ customerNumber, currency, amount, count, oldestDueDate, rank });
  }
  const customerName = store.statement(`SELECT customer_name AS name FROM invoices WHERE customer_number = ? AND ${OWED_SQL} LIMIT 1`);
  let payables: PayablesReport | null = null;
  if (withPayables) {
    const payable = createPayablesBuilder(today);
    const toPay = store.statement(
      `SELECT supplier_number, currency, due_date, authorize_pending, payment_pending, count(*), sum(balance), sum(balance_sek) FROM supplier_invoices INDEXED BY supplier_invoices_to_pay WHERE ${TO_PAY_SQL}
       GROUP BY supplier_number, currency, due_date, authorize_pending, payment_pending`,
    );
    toPay.setReturnArrays(true);
    for (const [supplierNumber, currency, dueDate, authorizePending, paymentPending, count, balance, balanceSek] of toPay.iterate() as unknown as Iterable<[string, string, string, number, number, number, number, number]>) {
      const group = { supplierNumber, currency, dueDate, count, balance, balanceSek, authorizePending: authorizePending === 1, paymentPending: paymentPending === 1 };
      payable.toPay(group);
      builder.toPay(group);
    }
    const supplierName = store.statement(`SELECT supplier_name AS name FROM supplier_invoices WHERE supplier_number = ? AND ${TO_PAY_SQL} LIMIT 1`);
    payables = payable.finish((supplier) => (supplierName.get(supplier) as { name: string } | undefined)?.name ?? '');
  }
  return builder.finish((customer) => (customerName.get(customer) as { name: string } | undefined)?.name ?? '', payables);
}
