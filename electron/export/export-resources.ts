/**
 * What the export needs to know of each list resource, in one description per resource: its
 * columns (ids, Swedish and English headers, how a row's cell is written), its status words, the
 * identity that "selected rows" name, the query the service takes (and the parts only the local
 * copy answers), and how its pages are read, from the service or from the copy. The export job,
 * the CSV writer, the queue, the app's export service and the CLI read this description; adding a
 * resource adds an entry here, never a second export.
 */
import { validateInvoiceQuery } from '../api/invoice-query';
import { listQueryValidator, type ListQuery } from '../api/list-query';
import type { ListPage } from '../api/list-response';
import { validateSupplierInvoiceQuery } from '../api/supplier-invoice-query';
import type { AnyListDescription, Words } from '../common/lists/list-description';
import { columnIdsOf, lists } from '../common/lists/registry';
import type { ResourceId } from '../common/resources';
import type { Language } from '../common/settings';
import { supplierFilters, supplierLocalOnlyQueryKeys, supplierSearchFields, supplierSortFields, type SupplierInvoice, type SupplierInvoiceRow } from '../common/supplier-invoices';
import { ApiError } from '../kernel/errors';
import { cellOf, type CellContext, type CellValue, type ExportColumn } from './columns';
import type { ExportSession } from './export-session';

/** One page of a view's rows, from the service or from the local copy: the generic list page. */
export type RowPage<Row> = ListPage<Row>;

export interface PageReadOptions {
  priority: 'export';
  signal?: AbortSignal;
  /** Exactly these pages of `query`, in this order; default all of them. */
  pages?: number[];
}

/** The part of a view's query the export itself reads (the rest is the resource's). */
export interface ViewQuery {
  limit?: number;
  page?: number;
}

/**
 * A resource as the export sees it. `Row` is one item of a page, `Id` a column id, `Status` a
 * status id. The methods are written as methods so that a description of any resource is an
 * `ExportResource` (the job treats rows as opaque and hands them back to the description).
 */
export interface ExportResource<Row = unknown, Id extends string = string, Status extends string = string> {
  id: ResourceId;
  /** In messages: "invoice", "supplier invoice". */
  noun: string;
  /** Every column, in the default order. */
  columnIds: readonly Id[];
  headers: Readonly<Record<Language, Readonly<Record<Id, string>>>>;
  statusLabels: Readonly<Record<Language, Readonly<Record<Status, string>>>>;
  /** The default file name's word for its rows: `Acme fakturor 2026-05-01.csv`. */
  fileWord: Readonly<Record<Language, string>>;
  /** The row's identity at the service (DocumentNumber, GivenNumber): what "selected rows" name. */
  identity(row: Row): string;
  /** A row's cell: amounts as numbers, everything else already text. */
  cell(row: Row, id: Id, context: CellContext): CellValue;
  /** The view's query as the service takes it; throws ApiError('bad-request') naming what it cannot
   * take (what only the local copy answers says so). */
  serviceQuery(input: unknown): ListQuery;
  /** The view's query as the local copy takes it, from the CLI (whose sort fields are the copy's). */
  localQuery(input: unknown): ListQuery;
  /** The view's pages from the session: the service's when `session.local` is not set, else the copy's. */
  pages(session: ExportSession, query: ViewQuery, options: PageReadOptions): AsyncIterable<RowPage<Row>>;
}

/** Every column of a resource, in its default order, with the headers of `language`. */
export function columnsOf<Id extends string>(resource: ExportResource<unknown, Id, string>, language: Language): ExportColumn<Id>[] {
  return resource.columnIds.map((id) => ({ id, header: resource.headers[language][id] }));
}

/** Words per language, as a table per language (what the CSV's header and status column read). */
function byLanguage<K extends string>(table: Readonly<Record<K, { label: Words } | Words>>): Record<Language, Record<K, string>> {
  const pick = (language: Language) => Object.fromEntries(Object.entries<{ label: Words } | Words>(table).map(([key, value]) => [key, ('label' in value ? value.label : value)[language]])) as Record<K, string>;
  return { sv: pick('sv'), en: pick('en') };
}

/** What the registry says of a list's export: its columns, headers, status words, file word, identity and cells. */
function described<R extends ResourceId>(id: R) {
  const list: AnyListDescription = lists[id];
  return {
    id,
    noun: list.noun,
    columnIds: columnIdsOf(id),
    headers: byLanguage<string>(list.fields),
    statusLabels: byLanguage<string>(list.statuses),
    fileWord: list.fileWord,
    identity: (row: unknown) => list.identity(row),
    cell: (row: unknown, column: string, context: CellContext) => cellOf(list, row, column, context),
  };
}

/** Customer invoices: their pages as the session lists them. */
export const invoiceExport: ExportResource = {
  ...described('invoices'),
  serviceQuery: validateInvoiceQuery,
  localQuery: validateInvoiceQuery,
  pages: (session, query, options) => session.listPages('invoices', query, options),
};

/** A supplier invoice as the export reads it: the service's item (flags added) or the copy's row (status included). */
export type SupplierExportRow = SupplierInvoice | SupplierInvoiceRow;

/**
 * The two states the service's list item lacks (approval, payment under way) come from its own
 * filtered lists, read whole before an export from the service (they are small: one request each,
 * as every sync reads them), so the status column says what the grid says.
 */
const FLAG_LISTS = [
  { filter: 'authorizepending', field: 'authorizePending' },
  { filter: 'pendingpayment', field: 'paymentPending' },
] as const;

const validateLocalSupplierQuery = listQueryValidator({ noun: 'supplier invoice', sortFields: supplierSortFields, filters: supplierFilters, searchFields: supplierSearchFields });

function supplierServiceQuery(input: unknown): ListQuery {
  if (input !== null && typeof input === 'object') {
    const given = input as Record<string, unknown>;
    const localOnly = supplierLocalOnlyQueryKeys.filter((key) => given[key] !== undefined);
    if (localOnly.length > 0) {
      throw new ApiError('bad-request', {
        field: localOnly[0] as string,
        message: `Invalid export: the service cannot sort supplier invoices or search them this way (${localOnly.join(', ')}): that needs the local copy, which is not ready.`,
        remedy: 'Wait for the first sync to finish (or turn the local copy on in Settings), or export without that sort or search.',
      });
    }
    // An order without a sort field means nothing to the service (it lists in its own order).
    if (given.sortorder !== undefined) {
      const { sortorder: _order, ...rest } = given;
      return validateSupplierInvoiceQuery(rest);
    }
  }
  return validateSupplierInvoiceQuery(input);
}

async function pendingSets(session: ExportSession, options: PageReadOptions): Promise<Record<(typeof FLAG_LISTS)[number]['field'], Set<string>>> {
  const sets = { authorizePending: new Set<string>(), paymentPending: new Set<string>() };
  for (const list of FLAG_LISTS) {
    const read = { priority: options.priority, ...(options.signal ? { signal: options.signal } : {}) };
    for await (const page of session.listPages('supplierinvoices', { limit: 500, filter: list.filter }, read)) {
      for (const item of page.items) sets[list.field].add(item.givenNumber);
    }
  }
  return sets;
}

/** Supplier invoices: the service lists them in its own order (GivenNumber ascending) and sorts them by nothing. */
export const supplierExport: ExportResource = {
  ...described('supplierinvoices'),
  serviceQuery: supplierServiceQuery,
  localQuery: validateLocalSupplierQuery,
  async *pages(session, query, options) {
    const flags = session.local ? undefined : await pendingSets(session, options);
    const filter = (query as { filter?: string }).filter;
    for await (const page of session.listPages('supplierinvoices', query, options)) {
      const items = flags
        ? page.items.map(({ url: _url, ...item }): SupplierInvoice => ({
            ...item,
            authorizePending: item.authorizePending || filter === 'authorizepending' || flags.authorizePending.has(item.givenNumber),
            paymentPending: item.paymentPending || filter === 'pendingpayment' || flags.paymentPending.has(item.givenNumber),
          }))
        : page.items;
      yield { items, currentPage: page.currentPage, totalPages: page.totalPages, totalResources: page.totalResources };
    }
  },
};

/** Every resource's export description, by its id. */
export const exportResources = {
  invoices: invoiceExport,
  supplierinvoices: supplierExport,
} as const satisfies Record<ResourceId, ExportResource>;
