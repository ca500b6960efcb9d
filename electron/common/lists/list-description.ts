/**
 * What a list resource is, written once: the shape of one entry of the list registry
 * (registry.ts). Pure data and small pure functions, no I/O, so the main process, the local copy,
 * the CLI and the renderer all read the same description: the service's endpoint and scope, the
 * row's identity, each field (its label in both languages, its kind, its width in the grid, its
 * value, how the copy sorts it and whether the service can), the filters with the service's
 * semantics and their SQL on the copy, the search fields, the statuses and the grid's own words.
 *
 * What truly differs per list stays with the list and is named for it: the details panel, the single document, scans, the overview's definitions.
 */
import type { ResourceId } from '../resource-ids';
import type { Language } from '../settings';
import type { AnyItemReading } from './item-reading';
import type { KeptFigures } from './kept-figures';

/**
 * A row's document at the service: a customer invoice's own PDF (`/preview`), or the scan of the
 * supplier's invoice (its file connection, then the archive). Saved as `<namedBy>.<extension>`.
 */
export interface ListDocuments {
  kind: 'pdf' | 'scan';
  /** The service's field the file is named by (the row's identity): said in the CLI's warnings. */
  namedBy: string;
}

/**
 * The scopes a kind of document needs beyond its list's own (docs/service.md, Supplier invoice
 * scans): a customer invoice's PDF comes with `invoice`; a scan is found through its file
 * connection (`connectfile`) and read from the company's archive (`archive`).
 */
export const documentScopes: { readonly [K in ListDocuments['kind']]: readonly string[] } = { pdf: [], scan: ['connectfile', 'archive'] };

/** A text in each language the app speaks. */
export type Words = Readonly<Record<Language, string>>;

/** The words of a field, filter or search field (its label), or words themselves, in `language`. */
export function wordsIn(value: { label: Words } | Words, language: Language): string {
  return ('label' in value ? value.label : value)[language];
}

/** How a field reads: the grid's cell and alignment, and how the CSV writes it. */
export type FieldKind = 'text' | 'number' | 'amount' | 'date' | 'flag' | 'status';

export interface ListField<Row> {
  /** The column's name in the grid's header, the CSV's header and the column menu. */
  label: Words;
  kind: FieldKind;
  /** The grid's width in px before it fits the page's content (rows are virtualised). */
  width: number;
  /** The value as it sits in a row: the grid's cell; the CSV writes it by its kind. */
  value(row: Row): string | number | boolean | null;
  /** The local copy sorts by it: the query's `sortby` name and its SQL over the copy's columns. */
  sort?: { field: string; sql: string };
  /** The service itself sorts by the same `sortby` name too (without the copy). */
  serviceSorts?: boolean;
  /** Only the local copy knows it (the customers' figures from their invoices): empty from the
   * service, and a CSV written without the copy leaves the column out. */
  fromCopy?: true;
}

/** A filter of the service, with the same semantics on the copy. */
export interface ListFilter {
  label: Words;
  /** Its condition on the copy's columns (may use :today). */
  sql: string;
  /** Not a filter of the service: only the copy answers it (the customers' "with overdue"). */
  localOnly?: true;
}

/** One of the service's search fields (one at a time, as the service allows). */
export interface ListSearchField {
  label: Words;
  /** The copy's column it matches. */
  column: string;
}

/**
 * A query key of the list's own, beyond those every list shares: what the overview's links narrow
 * a list by (a customer, a scope, paid dates), only the local copy answers it. Described so the
 * IPC schema checks it without the registry importing a schema library.
 */
export type OwnKey =
  /** One of `values`; `where`: each value's condition on the copy. */
  | { kind: 'choice'; values: readonly string[]; where?: Readonly<Record<string, string>> }
  /** `where`: its condition on the copy, with the key as its named parameter (:customer). */
  | { kind: 'text'; max: number; where?: string }
  /** YYYY-MM-DD; `where` as for text. */
  | { kind: 'date'; where?: string }
  /** { from?, to? } of YYYY-MM-DD (a saved view's range): the query's two keys it becomes. */
  | { kind: 'bounds'; query: { from: string; to: string } };

/** The grid's own words for a list (the rest of the grid's words are shared by every list). */
export interface ListWords {
  /** The grid's accessible name and the workspace tab's ("Kundfakturor"). */
  grid: Words;
  /** The local copy's one search box: what it searches, and its placeholder. */
  text: Words;
  textPlaceholder: Words;
  /** The footer's count: "1 faktura", "{count} fakturor". */
  sumsOne: Words;
  sumsCount: Words;
  /** The footer's two sums' heads, when not "Totalt" and "Saldo" (the customers' owed and overdue). */
  sumsTotal?: Words;
  sumsBalance?: Words;
  /** A row's checkbox: "Välj faktura {number}". */
  selectRow: Words;
  /** The header's tooltip on a column that does not sort without the copy. */
  notSortable: Words;
  /** The sidebar's progress while its copy is read: "Synkar {done} av {total}", and without a total. */
  syncing: Words;
  syncingUnknown: Words;
  /** Said above the grid without a local copy when the service cannot do what the copy does. */
  serviceNote?: { waiting: Words; off: Words };
}

/** A column's type in the local copy (SQLite). */
export type SqlType = 'TEXT' | 'REAL' | 'INTEGER';

/** A column of the list's table in the copy, filled from its item (for WHERE and ORDER BY). */
export interface StoredColumn<Item> {
  name: string;
  type: SqlType;
  /** NULL allowed (a date the item may lack). */
  nullable?: true;
  value(item: Item): string | number | null;
  /** Not in the list item (known from the details): an empty value never overwrites a known one.
   * The item's field of that name gets the kept value before its JSON and search words are written. */
  keepKnown?: { field: string };
}

/**
 * How a list is kept in the local copy: its tables, its identity, the columns its item fills (the
 * whole item is kept as JSON beside them), the name ranked for sorting, the words the search box
 * finds it by, and its sync state's key. The copy's schema is written by hand, a step per change
 * (mirror/storage/mirror-schema.ts); a test holds the two to each other.
 */
export interface StoredShape<Item> {
  table: string;
  /** The whole item as JSON, a row per rowid of `table` (so scans and sorts stay narrow). */
  dataTable: string;
  /** FTS5 over searchWords, a row per rowid of `table`. */
  wordsTable: string;
  /** Distinct names with their Swedish rank (name_rank in `table`). */
  namesTable: string;
  /** The meta keys of its sync state and of its names needing a re-rank. */
  stateKey: string;
  namesDirtyKey: string;
  /** The identity column (UNIQUE). */
  identity: string;
  /** Its numeric order key column (the fixed read order, the default sort, the tie-breaker). */
  orderKey: string;
  nameOf(item: Item): string;
  /** The column nameOf fills (ranked in namesTable). */
  nameColumn: string;
  columns: readonly StoredColumn<Item>[];
  searchWords(item: Item): string;
  /** Columns whose values the sync keeps apart from the list item (read with the JSON to build a row). */
  extraColumns: readonly string[];
  /** The extra columns the item does not fill (their SQL type), beside `columns`. */
  extraTypes: Readonly<Record<string, SqlType>>;
  /** The columns its views narrow by (filters, scopes, ranges, the overview's links): every sort
   * index (one per column a field sorts by, mirror/storage/sort-indexes.ts) ends with them, so a walk of
   * one never reads the table. */
  covered: readonly string[];
  /** A row's fields from its extra columns (by column name) that are the copy's own figures, not
   * the item's (the customers' balances from their invoices): merged into the row. */
  rowFields?(kept: Readonly<Record<string, unknown>>): object;
  /** A view's sums per currency: their SQL over the table (absent: `currency`, `total` and
   * `balance`, from the kept tallies where they answer: tallies.ts). */
  sums?: { currency: string; total: string; balance: string; tallied: false };
  /** A register's figures kept from its documents' copy (kept-figures.ts), brought up to date before it is read. */
  figures?: KeptFigures;
}

/**
 * One list resource. `C` its column ids, `S` its statuses, `F` its filters, `Q` its service
 * search fields, `T` whether it has a tab; the keys of `fields`, `statuses`, `filters` and
 * `searchFields` are in the order the grid, the CSV and the chips show them.
 */
export interface ListDescription<Item, Row, C extends string, S extends string, F extends string, Q extends string, T extends boolean = boolean> {
  /** In messages: "invoice", "supplier invoice". */
  noun: string;
  /** The default file name's word for its rows: `Acme fakturor 2026-05-01.csv`. */
  fileWord: Words;
  /** The service's endpoint, the key its list response wraps items in, the scope it needs, and how
   * its item is read (item-reading.ts: the API layer's one parser reads every list by it). */
  api: { path: string; wrapperKey: string; scope: string; item: AnyItemReading<Item> };
  /** The row's identity at the service (DocumentNumber, GivenNumber): what "selected rows" name. */
  identity(row: Item): string;
  /** Its rows are invoices: an invoice date, a due date and a currency (the grid's date ranges and
   * currency select, the query's keys for them). A register (customers) has none of them. */
  dated: boolean;
  /** It has a tab of its own in a company's workspace, so an entry in the renderer's tab table
   * (renderer/features/workspace/list-tabs.ts: a type error without one). A list without a tab
   * says so in its type too, `false` (the payments are read for the invoices' details and
   * statements instead). */
  tab: T;
  /** The document each row has at the service, which the CLI's --pdf-dir saves beside the CSV;
   * null for a list whose rows have none (the customer register, the payments). */
  documents: ListDocuments | null;
  /** Every field, in the default order of the CSV and the column menu. */
  fields: { readonly [K in C]: ListField<Row> };
  /** Shown by default, in this order (they fit the default window of 1280 × 800). */
  defaultColumns: readonly C[];
  /** On a narrow window, dropped first to last; the rest never (renderer column-fit.ts). */
  dropOrder: readonly C[];
  /** Dropped after all of dropOrder, the sort column included. */
  dropLast?: readonly C[];
  /** The column that takes the width left over on a wide window. */
  growColumn: C;
  statuses: { readonly [K in S]: Words };
  /** The status of an item on `today` (YYYY-MM-DD, the service's calendar): the grid's and the CSV's. */
  statusOf(item: Item, today: string): S;
  filters: { readonly [K in F]: ListFilter };
  searchFields: { readonly [K in Q]: ListSearchField };
  /** How the local copy keeps it. */
  stored: StoredShape<Item>;
  /** How a sync reads it (and an export from the service). */
  sync: {
    /** The lists whose copies its own figures come from (the customers': the customer invoices),
     * read first where it is read alone (the CLI's --mirror). */
    figuresFrom?: readonly ResourceId[];
    /** The fixed order of every read, as query parameters (none: the service's own order). */
    order: Readonly<Record<string, string>>;
    /** Small filtered lists read in full with every read, for states the list item lacks: the
     * service's filter, the copy's column (one of stored.extraColumns) and the item's field. */
    flagLists: ReadonlyArray<{ filter: F; column: string; field: string }>;
  };
  /** Its own query keys (the grid's query) and the saved view's keys that hold them. */
  own: { query: Readonly<Record<string, OwnKey>>; view: Readonly<Record<string, OwnKey>> };
  words: ListWords;
}

/** Any entry of the registry, its id types erased (what a loop over the registry holds). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a loop over lists of different item types
export type AnyListDescription = ListDescription<any, any, string, string, string, string>;

type Keys<T> = Extract<keyof T, string>;
/** A description held to its own keys: its columns, statuses, filters and search fields are its records' keys. */
type HeldToItsKeys<Item, Row, D extends AnyListDescription> = ListDescription<Item, Row, Keys<D['fields']>, Keys<D['statuses']>, Keys<D['filters']>, Keys<D['searchFields']>>;

/**
 * A list's description as written, checked as a ListDescription of its item and row and kept as
 * its literal type: the ids and types of a list (its columns, sort fields, filters, statuses,
 * search fields, own keys, its grid's query and view: registry.ts, grid-types.ts) are derived
 * from it, never written again. `describeList<Invoice, InvoiceRow>()({ ... })`.
 */
export function describeList<Item, Row>() {
  return <const D extends ListDescription<Item, Row, string, string, string, string>>(description: D & HeldToItsKeys<Item, Row, NoInfer<D>>): D => description;
}

/** The keys of one of a description's records (fields, filters, statuses, search fields), in their order, typed as its keys. */
export function keysOf<T extends object>(record: T): Array<Keys<T>> {
  return Object.keys(record) as Array<Keys<T>>;
}

/** The local copy's sort fields of a list, in its fields' order. */
export function localSortFieldsOf(list: AnyListDescription): string[] {
  return Object.values<ListField<unknown>>(list.fields).flatMap((field) => (field.sort ? [field.sort.field] : []));
}

/** The query keys only the local copy answers: every list's (the search box, due dates, currency),
 * the list's own (own.query), and its sort when the service sorts it by nothing. */
export function localOnlyKeysOf(list: AnyListDescription): string[] {
  return [...(serviceSortFieldsOf(list).length === 0 ? ['sortby'] : []), 'text', ...(list.dated ? ['fromduedate', 'toduedate', 'currency'] : []), ...Object.keys(list.own.query)];
}

/** The filters the service itself has (the rest only the copy answers). */
export function serviceFiltersOf(list: AnyListDescription): string[] {
  return Object.entries<ListFilter>(list.filters).flatMap(([name, filter]) => (filter.localOnly ? [] : [name]));
}

/** The service's sort fields of a list, in its fields' order. */
export function serviceSortFieldsOf(list: AnyListDescription): string[] {
  return Object.values<ListField<unknown>>(list.fields).flatMap((field) => (field.sort && field.serviceSorts ? [field.sort.field] : []));
}
