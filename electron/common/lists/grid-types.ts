/**
 * A list's grid query and saved view, derived from its description (registry.ts): the keys every
 * list shares, typed by its own sort fields, filters and search fields; the invoice and due dates
 * and the currency when its rows are invoices (`dated`); then its own keys (`own`, the overview's
 * links). The IPC schemas check the same keys from the same description (ipc/schemas.ts).
 */
import type { DateBounds, DateRange, SortOrder } from '../list-primitives';
import type { ResourceId } from '../resource-ids';
import type { Descriptions, FilterOf, SearchFieldOf, SortFieldOf } from './registry';

/** What an own key holds: one of its choices, a saved view's bounds, or a text or date (YYYY-MM-DD). */
type OwnValue<K> = K extends { kind: 'choice'; values: readonly (infer V)[] } ? V : K extends { kind: 'bounds' } ? DateBounds : string;
type OwnKeys<O> = { -readonly [K in keyof O]?: OwnValue<O[K]> };
/** A list without filters (the payments) has no `filter` key. */
type FilterKey<F> = [F] extends [never] ? unknown : { filter?: F };
type Flat<T> = { [K in keyof T]: T[K] };

/** The keys every list's query and view share. */
interface Shared<S, Q> {
  sortby?: S;
  sortorder?: SortOrder;
  /** One of the service's search fields at a time. */
  search?: { field: Q; value: string };
  /** The local copy only: its one search box (every word must match; diacritics ignored: "orebro" finds "Örebro"). */
  text?: string;
}

/** The keys of a list whose rows are invoices. */
interface DatedQuery {
  /** Inclusive InvoiceDate bounds, YYYY-MM-DD: the service's global fromdate/todate. */
  fromdate?: string;
  todate?: string;
  /** The local copy only: inclusive DueDate bounds, YYYY-MM-DD. */
  fromduedate?: string;
  toduedate?: string;
  /** The local copy only: rows in this currency. */
  currency?: string;
}
interface DatedView {
  dateRange?: DateRange;
  dueRange?: DateRange;
  currency?: string;
}
type Dated<R extends ResourceId, T> = Descriptions[R]['dated'] extends true ? T : unknown;

/** A list's grid query, by its id (the main process validates it again with the API core's rules). */
export type GridQueryOf<R extends ResourceId> = R extends ResourceId
  ? Flat<{ page: number; limit: number } & Shared<SortFieldOf<R>, SearchFieldOf<R>> & FilterKey<FilterOf<R>> & Dated<R, DatedQuery> & OwnKeys<Descriptions[R]['own']['query']>>
  : never;

/** A list's per-company view state, kept across restarts: its saved view's own keys, its page size and visible columns in their order. */
export type ViewStateOf<R extends ResourceId> = R extends ResourceId
  ? Flat<Shared<SortFieldOf<R>, SearchFieldOf<R>> & FilterKey<FilterOf<R>> & Dated<R, DatedView> & OwnKeys<Descriptions[R]['own']['view']> & { limit: number; columns: string[] }>
  : never;
