/**
 * What the grid can ask of each resource on the local copy: its sort expressions, its filters with
 * the service's semantics, the service's search fields, the conditions of its own query keys, and
 * how a stored row becomes a grid row. mirror-query.ts is the one query builder that reads these.
 */
import type { SQLInputValue } from 'node:sqlite';
import type { GridQuery, InvoiceRow, Invoice } from '../common/invoices';
import type { ResourceId, ResourceViews } from '../common/resources';
import { deriveStatus } from '../common/invoice-status';
import type { AnyListDescription } from '../common/lists/list-description';
import { DATE_GLOB, DRAFT_SQL, OWED_SQL, TO_PAY_SQL } from '../common/lists/owed-sql';
import { lists } from '../common/lists/registry';
import { supplierStatusOf, type SupplierScope, type SupplierGridQuery, type SupplierInvoice, type SupplierInvoiceRow } from '../common/supplier-invoices';
import { storedResources, type StoredResource } from './stored-resources';

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
}

/**
 * Each customer's payment habit on :today (common/cash-outlook.ts, written out in SQL: the median
 * of FinalPayDate − DueDate over their invoices, not credit notes, paid from :habitfrom to :today,
 * the two middle values averaged and rounded for an even count, clamped at 0). Columns customer,
 * days, paid. cash-outlook.test.ts checks it against paymentHabits on a varied set of invoices.
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

/** The receivables definitions (common/owed.ts) as conditions: a link shows exactly what was counted. */
const INVOICE_SCOPES: Record<NonNullable<GridQuery['scope']>, string> = {
  owed: OWED_SQL,
  drafts: DRAFT_SQL,
  notcancelled: 'cancelled = 0',
  paid: 'cancelled = 0 AND balance = 0 AND final_pay_date IS NOT NULL',
};

/** Total and Balance sort by their value in SEK at each invoice's own rate (stored and indexed,
 * mirror-schema.ts steps 2 and 3): 100 EUR sorts among kronor as the 1 145 kr it is, not as 100. */
export const queryableInvoices: QueryableResource<GridQuery, InvoiceRow> = {
  id: 'invoices',
  stored: storedResources.invoices as StoredResource<unknown>,
  ...fromRegistry<GridQuery>('invoices'),
  extraConditions(query, add) {
    if (query.scope) add(INVOICE_SCOPES[query.scope]);
    if (query.customer !== undefined) add('customer_number = :customer', 'customer', query.customer);
    if (query.fromfinalpaydate) add('final_pay_date >= :fromfinalpaydate', 'fromfinalpaydate', query.fromfinalpaydate);
    if (query.tofinalpaydate) add('final_pay_date <= :tofinalpaydate', 'tofinalpaydate', query.tofinalpaydate);
    // The cash outlook's expected-in bars: invoices whose expected date is within the bounds.
    if (query.fromexpecteddate || query.toexpecteddate) {
      const bounds = [query.fromexpecteddate ? `${EXPECTED_SQL} >= :fromexpecteddate` : '', query.toexpecteddate ? `${EXPECTED_SQL} <= :toexpecteddate` : ''].filter(Boolean).join(' AND ');
      // The kept habits (customer_habits, brought up to date for today before the query runs).
      add(`rowid IN (SELECT i.rowid FROM invoices i LEFT JOIN customer_habits h ON h.customer_number = i.customer_number WHERE i.due_date GLOB '${DATE_GLOB}' AND ${bounds})`, {
        ...(query.fromexpecteddate ? { fromexpecteddate: query.fromexpecteddate } : {}),
        ...(query.toexpecteddate ? { toexpecteddate: query.toexpecteddate } : {}),
      });
    }
  },
  toRow(data, _extras, today) {
    const invoice = JSON.parse(data) as Invoice;
    return { ...invoice, status: deriveStatus(invoice, today) };
  },
};

/** The payables definitions (common/owed.ts, common/payables.ts) as conditions, for the overview's links. */
const SUPPLIER_SCOPES: Record<SupplierScope, string> = {
  topay: TO_PAY_SQL,
  approval: `${TO_PAY_SQL} AND authorize_pending = 1`,
  paying: `${TO_PAY_SQL} AND payment_pending = 1`,
};

export const queryableSupplierInvoices: QueryableResource<SupplierGridQuery, SupplierInvoiceRow> = {
  id: 'supplierinvoices',
  stored: storedResources.supplierinvoices as StoredResource<unknown>,
  ...fromRegistry<SupplierGridQuery>('supplierinvoices'),
  extraConditions(query, add) {
    if (query.scope) add(SUPPLIER_SCOPES[query.scope]);
    if (query.supplier !== undefined) add('supplier_number = :supplier', 'supplier', query.supplier);
  },
  toRow(data, extras, today) {
    const invoice = JSON.parse(data) as SupplierInvoice;
    const [ocr, authorizePending, paymentPending] = extras;
    const known: SupplierInvoice = { ...invoice, ocr: typeof ocr === 'string' ? ocr : invoice.ocr, authorizePending: authorizePending === 1, paymentPending: paymentPending === 1 };
    return { ...known, status: supplierStatusOf(known, today) };
  },
};

/** Every list's description, by its id: what listPage and listRows (mirror-query.ts) read. */
export const queryableResources: { [R in ResourceId]: QueryableResource<ResourceViews[R]['query'], ResourceViews[R]['row']> } = {
  invoices: queryableInvoices,
  supplierinvoices: queryableSupplierInvoices,
};
