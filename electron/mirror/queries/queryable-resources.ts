/**
 * What the grid can ask of each resource on the local copy: its sort expressions, its filters with
 * the service's semantics, the service's search fields, the conditions of its own query keys, and
 * how a stored row becomes a grid row. mirror-query.ts is the one query builder that reads these.
 */
import type { SQLInputValue } from 'node:sqlite';
import type { GridQueryOf } from '../../common/lists/grid-types';
import { resourceIds, type ResourceId } from '../../common/resource-ids';
import type { ResourceViews } from '../../common/resources';
import type { AnyListDescription } from '../../common/lists/list-description';
import { DATE_GLOB } from '../../common/lists/owed-sql';
import { lists } from '../../common/lists/registry';
import { keepFigures } from '../storage/kept-figures';
import type { MirrorStore } from '../storage/mirror-store';
import { storedResources, type StoredResource } from '../storage/stored-resources';

export type Params = Record<string, SQLInputValue>;
/** Adds a condition, with the named parameters it uses (a key with an undefined value adds none). */
export type AddCondition = (sql: string, key?: string | Params, value?: SQLInputValue) => void;

/** The query keys every resource's grid shares (the rest are the resource's own: extraConditions). */
export interface BaseGridQuery {
  page: number;
  limit: number;
  sortby?: string;
  sortorder?: 'ascending' | 'descending';
  filter?: string;
  fromdate?: string;
  todate?: string;
  search?: { field: string; value: string };
  text?: string;
  fromduedate?: string;
  toduedate?: string;
  currency?: string;
}

export interface QueryableResource<Q extends BaseGridQuery, Row> {
  id: ResourceId;
  stored: StoredResource<unknown>;
  sortExpressions: Readonly<Record<NonNullable<Q['sortby']>, string>>;
  filters: Readonly<Record<NonNullable<Q['filter']>, string>>;
  searchColumns: Readonly<Record<NonNullable<Q['search']>['field'], string>>;
  /** The resource's own query keys (the overview's links: a customer, a scope, paid dates; a supplier). */
  extraConditions(query: Omit<Q, 'page'>, add: AddCondition, today: string): void;
  /** A grid row from the stored JSON and the resource's extra columns (stored.extraColumns, in order). */
  toRow(data: string, extras: readonly SQLInputValue[], today: string): Row;
  /** Brings what the copy keeps for this list's queries up to date for `today` (a register's kept figures). */
  prepare?(store: MirrorStore, today: string): void;
}

/**
 * Each customer's payment habit on :today (common/cash-outlook.ts, written out in SQL: the median
 * of FinalPayDate − DueDate over their invoices, not credit notes, paid from :habitfrom to :today,
 * the two middle values averaged and rounded for an even count, clamped at 0). Columns customer,
 * days, paid. test/unit/mirror/cash-outlook-sql.test.ts checks it against paymentHabits on a varied set of invoices.
 */
export const HABITS_SQL = `SELECT customer, max(0, CAST(round(avg(late)) AS INTEGER)) AS days, max(n) AS paid FROM (
    SELECT customer_number AS customer, late, row_number() OVER (PARTITION BY customer_number ORDER BY late) AS k, count(*) OVER (PARTITION BY customer_number) AS n FROM (
      SELECT customer_number, CAST(round(julianday(final_pay_date) - julianday(due_date)) AS INTEGER) AS late FROM invoices
      WHERE final_pay_date >= :habitfrom AND final_pay_date <= :today AND final_pay_date GLOB '${DATE_GLOB}' AND due_date GLOB '${DATE_GLOB}'
        AND booked = 1 AND cancelled = 0 AND balance = 0 AND total > 0))
  WHERE k IN ((n + 1) / 2, (n + 2) / 2) GROUP BY customer`;

/** The expected date of an invoice with a due date: the due date plus its customer's habit (h.days, 0 without one). */
const EXPECTED_SQL = `date(i.due_date, '+' || coalesce(h.days, 0) || ' days')`;

/** Whether a query reads the customers' kept habits (the query brings them up to date first: keptHabits in kept-habits.ts). */
export const readsHabits = (query: object): boolean => 'fromexpecteddate' in query || 'toexpecteddate' in query;

/** A list's sort expressions, filters and search columns, from its description (common/lists). */
function fromRegistry<Q extends BaseGridQuery>(id: ResourceId): Pick<QueryableResource<Q, unknown>, 'sortExpressions' | 'filters' | 'searchColumns'> {
  const list: AnyListDescription = lists[id];
  const sortExpressions: Record<string, string> = {};
  for (const field of Object.values(list.fields)) if (field.sort) sortExpressions[field.sort.field] = field.sort.sql;
  // Keyed by the list's own sort fields, filters and search fields (the registry's types say so).
  return {
    sortExpressions,
    filters: Object.fromEntries(Object.entries(list.filters).map(([name, filter]) => [name, filter.sql])),
    searchColumns: Object.fromEntries(Object.entries(list.searchFields).map(([name, field]) => [name, field.column])),
  } as Pick<QueryableResource<Q, unknown>, 'sortExpressions' | 'filters' | 'searchColumns'>;
}

/** The list's own query keys (the overview's links) as the conditions its description gives them. */
function ownConditions(list: AnyListDescription, query: Record<string, unknown>, add: AddCondition): void {
  for (const [key, own] of Object.entries(list.own.query)) {
    const value = query[key];
    if (own.kind === 'choice' && own.where && typeof value === 'string' && value !== '') add(own.where[value] as string);
    else if (own.kind === 'text' && own.where && typeof value === 'string') add(own.where, key, value);
    else if (own.kind === 'date' && own.where && typeof value === 'string' && value !== '') add(own.where, key, value);
  }
}

/**
 * A grid row from the stored JSON and the list's extra columns (stored.extraColumns, in order):
 * a flag column (a filtered list's state) sets its field, a kept column (known from the details)
 * its field when it holds text; then the status, by the list's own rule.
 */
function rowOf(list: AnyListDescription) {
  const fieldOf = new Map<string, { field: string; flag: boolean }>();
  for (const flag of list.sync.flagLists) fieldOf.set(flag.column, { field: flag.field, flag: true });
  for (const column of list.stored.columns) if (column.keepKnown) fieldOf.set(column.name, { field: column.keepKnown.field, flag: false });
  return (data: string, extras: readonly SQLInputValue[], today: string) => {
    const item = JSON.parse(data) as Record<string, unknown>;
    list.stored.extraColumns.forEach((column, i) => {
      const known = fieldOf.get(column);
      const value = extras[i];
      if (known?.flag) item[known.field] = value === 1;
      else if (known && typeof value === 'string') item[known.field] = value;
    });
    // The copy's own figures of the row (the customers' balances), from its extra columns by name.
    const kept = list.stored.rowFields?.(Object.fromEntries(list.stored.extraColumns.map((column, i) => [column, extras[i]])));
    return { ...item, ...kept, status: list.statusOf(item, today) };
  };
}

/** A list's queryable description: the registry's, the conditions its own keys add, and its kept figures brought up to date before it is read. */
function queryableOf<Q extends BaseGridQuery, Row>(id: ResourceId, more?: (query: Omit<Q, 'page'>, add: AddCondition) => void): QueryableResource<Q, Row> {
  const list: AnyListDescription = lists[id];
  const toRow = rowOf(list);
  const { figures } = list.stored;
  return {
    id,
    stored: storedResources[id] as StoredResource<unknown>,
    ...fromRegistry<Q>(id),
    extraConditions(query, add) {
      ownConditions(list, query as unknown as Record<string, unknown>, add);
      more?.(query, add);
    },
    toRow: (data, extras, today) => toRow(data, extras, today) as Row,
    ...(figures ? { prepare: (store: MirrorStore, today: string) => keepFigures(store, list.stored, figures, today) } : {}),
  };
}

/**
 * The cash outlook's expected-in bars: invoices whose expected date is within the bounds. One
 * condition for both bounds, joined to the kept habits (customer_habits, brought up to date for
 * today before the query runs: readsHabits).
 */
function expectedDates(query: Omit<GridQueryOf<'invoices'>, 'page'>, add: AddCondition): void {
  if (!query.fromexpecteddate && !query.toexpecteddate) return;
  const bounds = [query.fromexpecteddate ? `${EXPECTED_SQL} >= :fromexpecteddate` : '', query.toexpecteddate ? `${EXPECTED_SQL} <= :toexpecteddate` : ''].filter(Boolean).join(' AND ');
  add(`rowid IN (SELECT i.rowid FROM invoices i LEFT JOIN customer_habits h ON h.customer_number = i.customer_number WHERE i.due_date GLOB '${DATE_GLOB}' AND ${bounds})`, {
    ...(query.fromexpecteddate ? { fromexpecteddate: query.fromexpecteddate } : {}),
    ...(query.toexpecteddate ? { toexpecteddate: query.toexpecteddate } : {}),
  });
}

/** The conditions of a list's own keys that are code, not its description's SQL (the customer invoices' expected dates). */
const moreConditions: { readonly [R in ResourceId]?: (query: Omit<ResourceViews[R]['query'], 'page'>, add: AddCondition) => void } = { invoices: expectedDates };

/** Every list's description, by its id: what listPage and listRows (mirror-query.ts) read. Total
 * and Balance sort by their value in SEK at each invoice's own rate (stored and indexed,
 * mirror-schema.ts steps 2 and 3): 100 EUR sorts among kronor as the 1 145 kr it is, not as 100. */
export const queryableResources = Object.fromEntries(resourceIds.map((id) => [id, queryableOf(id, moreConditions[id] as Parameters<typeof queryableOf>[1])])) as {
  [R in ResourceId]: QueryableResource<ResourceViews[R]['query'], ResourceViews[R]['row']>;
};
