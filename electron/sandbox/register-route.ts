// A register's two routes, GET /3/{path} and GET /3/{path}/{number} (the customer register, the
// supplier register): the token's shared rate limit, licence and scope checks (guardResource), as
// every /3/ resource; the list's query and page (register-query.ts) under MetaInformation; the
// single record under its singular wrapper, or a 404 with the service's ErrorInformation. The list
// item carries every stored field but the single record's own; values are sent as stored, so a
// test's malformed record reaches the client exactly as a real odd answer would.

import { errorReply } from './errors';
import { jsonReply, type Reply } from './http';
import { filterWithSearchRefused } from './list-params';
import type { RegisterBook, RegisterEntry } from './register-book';
import { parseRegisterQuery, runRegisterQuery, type RegisterSearch } from './register-query';
import { guardResource } from './resource-guard';
import type { CompanyState, ServiceState } from './state';

/** What one register's routes differ in. */
export interface RegisterRoute<N extends string> {
  scope: string;
  /** The path under /3/ ('customers') and the wrappers of the list ('Customers') and of one record ('Customer'). */
  path: string;
  list: string;
  one: string;
  /** Fields only the single record carries; every other stored field (an unknown one a test added too) is in the list item. */
  singleOnly: ReadonlySet<string>;
  searches: RegisterSearch;
  /** Assumed (no source shows them): the code and words of an unknown number. */
  notFound: { code: number; message: string };
  book(company: CompanyState): RegisterBook<N>;
}

/** Keys in code-unit order, as the service sends them ('@url' sorts first). */
function withUrl(record: RegisterEntry, url: string, fields: Record<string, unknown>): Record<string, unknown> {
  const all: Record<string, unknown> = { ...fields, '@url': `${url}/${encodeURIComponent(record.number)}` };
  return Object.fromEntries(Object.keys(all).sort().map((key) => [key, all[key]]));
}

/** One list item: `@url` and the stored fields but the single record's own. */
export function registerItem<N extends string>(route: RegisterRoute<N>, record: RegisterEntry, apiUrl: string): Record<string, unknown> {
  const listed = Object.fromEntries(Object.entries(record.fields).filter(([key]) => !route.singleOnly.has(key)));
  return withUrl(record, `${apiUrl}/3/${route.path}`, listed);
}

export function handleRegisterList<N extends string>(route: RegisterRoute<N>, state: ServiceState, authorization: string | undefined, params: URLSearchParams): Reply {
  const guarded = guardResource(state, authorization, route.scope);
  if ('reply' in guarded) return guarded.reply;
  const book = route.book(guarded.caller.company);
  const parsed = parseRegisterQuery<N | 'name'>(params, book.sortFields, route.searches);
  if ('error' in parsed) return parsed.error;
  const { query } = parsed;
  const refused = filterWithSearchRefused(state.quirks.oneResourceParameter, query);
  if (refused) return refused;
  const result = runRegisterQuery(book, query);
  return jsonReply(200, {
    MetaInformation: { '@TotalResources': result.total, '@TotalPages': result.totalPages, '@CurrentPage': query.page },
    [route.list]: result.page.map((record) => registerItem(route, record, state.urls.apiUrl)),
  });
}

/** GET /3/{path}/{number}: `{"<one>":{...}}`; an unknown number is a 404. */
export function handleRegisterGet<N extends string>(route: RegisterRoute<N>, state: ServiceState, authorization: string | undefined, number: string): Reply {
  const guarded = guardResource(state, authorization, route.scope);
  if ('reply' in guarded) return guarded.reply;
  const record = route.book(guarded.caller.company).get(number);
  if (!record) return errorReply(404, route.notFound.code, route.notFound.message);
  return jsonReply(200, { [route.one]: withUrl(record, `${state.urls.apiUrl}/3/${route.path}`, record.fields) });
}
