/**
 * What the service answers of a list's query without the local copy, from the list's description
 * alone: the parts only the copy answers (its local-only keys, a sort or a filter the service does
 * not have), the query as the service is asked it, and what a page of the service's own filtered
 * list says of its rows. The grid without a copy (electron/lists/service-lists.ts), the export from
 * the service (export/export-resources.ts) and the CLI's refusals (cli/export-query-args.ts) read
 * these, so all three refuse and ask the same.
 */
import { localOnlyKeysOf, localSortFieldsOf, serviceSortFieldsOf, type AnyListDescription } from './list-description';

/** What a refusal says the service cannot do with a part. */
export type CopyOnlyVerb = 'sort' | 'filter' | 'search';

/** A part of a query only the local copy answers: its key in the query and how a refusal names it. */
export interface CopyOnlyPart {
  key: string;
  /** "sort by balance", "filter withoverdue", "currency", "text". */
  words: string;
  verb: CopyOnlyVerb;
}

const verbOf = (key: string): CopyOnlyVerb => (key === 'sortby' ? 'sort' : key === 'text' ? 'search' : 'filter');

/**
 * The parts of `query` only the local copy answers, in the order a refusal names them: the list's
 * local-only keys that are set, then a sort by a field only the copy sorts, then a filter only the
 * copy has. Empty: the service answers the query itself. A sort field or filter the list does not
 * have at all is not the copy's either: the query's validation refuses it.
 */
export function copyOnlyPartsOf(list: AnyListDescription, query: object): CopyOnlyPart[] {
  const given = query as Readonly<Record<string, unknown>>;
  const sortby = typeof given.sortby === 'string' ? given.sortby : undefined;
  const filter = typeof given.filter === 'string' ? given.filter : undefined;
  const localOnly = localOnlyKeysOf(list);
  const parts = localOnly.filter((key) => given[key] !== undefined).map((key): CopyOnlyPart => ({ key, words: key === 'sortby' ? `sort by ${String(sortby)}` : key, verb: verbOf(key) }));
  if (sortby !== undefined && !localOnly.includes('sortby') && !serviceSortFieldsOf(list).includes(sortby) && localSortFieldsOf(list).includes(sortby)) {
    parts.push({ key: 'sortby', words: `sort by ${sortby}`, verb: 'sort' });
  }
  if (filter !== undefined && (list.filters as Readonly<Record<string, { localOnly?: true }>>)[filter]?.localOnly) {
    parts.push({ key: 'filter', words: `filter ${filter}`, verb: 'filter' });
  }
  return parts;
}

/** "The service cannot filter or sort invoices this way (currency, sort by balance): that needs the local copy, which is not ready." */
export function needsCopyWords(list: AnyListDescription, parts: readonly CopyOnlyPart[]): string {
  const verbs = [...new Set(parts.map((part) => part.verb))];
  return `The service cannot ${verbs.join(' or ')} ${list.noun}s this way (${parts.map((part) => part.words).join(', ')}): that needs the local copy, which is not ready.`;
}

/**
 * The query as the service is asked it, once nothing in it is the copy's alone: an order without
 * a sort field means nothing to a service that sorts the list by nothing (it lists in its own
 * order), so it is left out.
 */
export function askedOfService<Q extends object>(list: AnyListDescription, query: Q): Q {
  if (serviceSortFieldsOf(list).length > 0 || !('sortorder' in query)) return query;
  const { sortorder: _order, ...rest } = query as Q & { sortorder?: unknown };
  return rest as Q;
}

/**
 * An item as a page of the service shows it, with the states its list item lacks (the list's
 * flagLists): a page of the service's own filtered list says every item on it has that state;
 * `known`, when given, holds the identities of each filtered list read whole (the export's).
 */
export function flaggedItem<Item extends object>(list: AnyListDescription, item: Item, filter: string | undefined, known?: ReadonlyMap<string, ReadonlySet<string>>): Item {
  if (list.sync.flagLists.length === 0) return item;
  const flagged = { ...item } as Record<string, unknown>;
  for (const flag of list.sync.flagLists) {
    flagged[flag.field] = flagged[flag.field] === true || filter === flag.filter || known?.get(flag.field)?.has(list.identity(item)) === true;
  }
  return flagged as Item;
}
