/**
 * What the export needs to know of each list resource, in one description per resource: its
 * columns (ids, Swedish and English headers, how a row's cell is written), its status words, the
 * identity that "selected rows" name, the query the service takes (and the parts only the local
 * copy answers), and how its pages are read, from the service or from the copy. The export job,
 * the CSV writer, the queue, the app's export service and the CLI read this description; adding a
 * resource adds an entry here, never a second export.
 */
import { localQueryOf, serviceQueryOf } from '../api/list-queries';
import type { ListQuery } from '../api/list-query';
import type { ListPage } from '../api/list-response';
import { wordsIn, type AnyListDescription, type Words } from '../common/lists/list-description';
import { askedOfService, copyOnlyPartsOf, flaggedItem, needsCopyWords } from '../common/lists/service-answers';
import { columnIdsOf, lists } from '../common/lists/registry';
import { resourceIds, type ResourceId } from '../common/resources';
import type { Language } from '../common/settings';
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
  /** The columns only the local copy fills (ListField.fromCopy): left out of a CSV written without it. */
  copyOnlyColumnIds: readonly Id[];
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
  const pick = (language: Language) => Object.fromEntries(Object.entries<{ label: Words } | Words>(table).map(([key, value]) => [key, wordsIn(value, language)])) as Record<K, string>;
  return { sv: pick('sv'), en: pick('en') };
}

/** What the registry says of a list's export: its columns, headers, status words, file word, identity and cells. */
function described<R extends ResourceId>(id: R) {
  const list: AnyListDescription = lists[id];
  return {
    id,
    noun: list.noun,
    columnIds: columnIdsOf(id),
    copyOnlyColumnIds: columnIdsOf(id).filter((column) => (list.fields as Readonly<Record<string, { fromCopy?: true }>>)[column]?.fromCopy),
    headers: byLanguage<string>(list.fields),
    statusLabels: byLanguage<string>(list.statuses),
    fileWord: list.fileWord,
    identity: (row: unknown) => list.identity(row),
    cell: (row: unknown, column: string, context: CellContext) => cellOf(list, row, column, context),
  };
}

/**
 * The view's query for the service: what only the local copy answers (service-answers.ts, as the
 * grid without a copy) is refused with a message saying so, rather than sent; the rest is asked
 * as the service takes it.
 */
function serviceQueryNamingLocalParts(id: ResourceId): (input: unknown) => ListQuery {
  const list: AnyListDescription = lists[id];
  const validate = serviceQueryOf(id);
  return (input) => {
    if (input === null || typeof input !== 'object') return validate(input);
    const parts = copyOnlyPartsOf(list, input);
    if (parts.length > 0) {
      const words = needsCopyWords(list, parts);
      throw new ApiError('bad-request', {
        field: parts[0]!.key,
        message: `Invalid export: ${words.charAt(0).toLowerCase()}${words.slice(1)}`,
        remedy: 'Wait for the first sync to finish (or turn the local copy on in Settings), or export without that sort or search.',
      });
    }
    return validate(askedOfService(list, input));
  };
}

/** The identities in each of a list's filtered lists (its flagLists), read whole before an export from the service. */
async function flagSets(id: ResourceId, session: ExportSession, options: PageReadOptions): Promise<Map<string, Set<string>>> {
  const sets = new Map<string, Set<string>>();
  const list: AnyListDescription = lists[id];
  for (const flag of list.sync.flagLists) {
    const identities = new Set<string>();
    const read = { priority: options.priority, ...(options.signal ? { signal: options.signal } : {}) };
    for await (const page of session.listPages(id, { limit: 500, filter: flag.filter }, read)) for (const item of page.items) identities.add(list.identity(item));
    sets.set(flag.field, identities);
  }
  return sets;
}

/**
 * A list's export, from its description: its pages as the session lists them. From the service, the
 * states its item lacks come from its own filtered lists (flagLists: small, one request each, as
 * every sync reads them), so the status column says what the grid says; the copy's rows have them.
 */
function exportOf<R extends ResourceId>(id: R): ExportResource {
  const list: AnyListDescription = lists[id];
  return {
    ...described(id),
    serviceQuery: serviceQueryNamingLocalParts(id),
    // The copy sorts and filters by any field it keeps (the CLI's --sortby and --filter with --mirror).
    localQuery: localQueryOf(id),
    async *pages(session, query, options) {
      const flags = session.local || list.sync.flagLists.length === 0 ? undefined : await flagSets(id, session, options);
      const filter = (query as { filter?: string }).filter;
      for await (const page of session.listPages(id, query, options)) {
        const items = flags ? (page.items as unknown as Array<{ url?: string }>).map(({ url: _url, ...item }) => flaggedItem(list, item, filter, flags)) : page.items;
        yield { items, currentPage: page.currentPage, totalPages: page.totalPages, totalResources: page.totalResources };
      }
    },
  };
}

/** Every list's export description, by its id. */
export const exportResources = Object.fromEntries(resourceIds.map((id) => [id, exportOf(id)])) as Record<ResourceId, ExportResource>;
