/**
 * A list's page when the company's local copy cannot answer yet, from the list's description:
 * whether the service can answer the query at all (common/lists/service-answers.ts, the same rule
 * the export follows), and the service's page as the grid shows it. One implementation for every
 * list; list-handlers.ts runs the flow around it.
 */
import type { CompanySession } from '../companies/company-session';
import type { RequestPriority } from '../common/list-primitives';
import type { AnyListDescription, ListField } from '../common/lists/list-description';
import { lists } from '../common/lists/registry';
import { askedOfService, copyOnlyPartsOf, flaggedItem, needsCopyWords } from '../common/lists/service-answers';
import type { ResourceId, ResourceViews } from '../common/resources';

/** Why the service cannot answer this query of the list (the refusal's message), or undefined when it can. */
export function needsCopy(id: ResourceId, query: object): string | undefined {
  const list: AnyListDescription = lists[id];
  const parts = copyOnlyPartsOf(list, query);
  return parts.length === 0 ? undefined : needsCopyWords(list, parts);
}

/** The columns only the copy fills (the customers' figures), empty in a row of the service. */
function copyFiguresEmpty(list: AnyListDescription): Record<string, null> {
  return Object.fromEntries(Object.entries<ListField<unknown>>(list.fields).flatMap(([column, field]) => (field.fromCopy ? [[column, null]] : [])));
}

/**
 * A row of the service's page: the item without its service URL (the window has no use for it),
 * the states the page itself says (its filter), the row's fields the copy adds with nothing kept
 * (the customers' currency) but its own figures empty, and the status the grid and the CSV show.
 */
function serviceRowOf(list: AnyListDescription, item: object, filter: string | undefined, today: string): object {
  const { url: _url, ...known } = flaggedItem(list, item as { url?: string }, filter);
  return { ...known, ...list.stored.rowFields?.({}), ...copyFiguresEmpty(list), status: list.statusOf(known, today) };
}

/** A page of the list from the service (once needsCopy said it can answer), as the grid shows it. */
export async function servicePage<R extends ResourceId>(
  id: R,
  session: CompanySession,
  query: ResourceViews[R]['query'],
  options: { priority: RequestPriority; signal: AbortSignal },
  today: string,
): Promise<ResourceViews[R]['page']> {
  const list: AnyListDescription = lists[id];
  const served = await session.listPage(id, askedOfService(list, query), options);
  const filter = (query as { filter?: string }).filter;
  const rows = served.items.map((item) => serviceRowOf(list, item, filter, today));
  return { rows, currentPage: served.currentPage, totalPages: served.totalPages, totalResources: served.totalResources, source: 'service' } as unknown as ResourceViews[R]['page'];
}
