/**
 * lists:* — every list's pages through the company's session (from its local copy once the first
 * sync is complete, else from the service), their cancel, and each grid's saved view. One flow for
 * all lists; what the service can answer and its page are read from each list's description
 * (service-lists.ts).
 */
import type { CompanyRegistry } from '../companies/company-registry';
import type { RequestPriority } from '../common/list-primitives';
import type { ResourceId, ResourceViews } from '../common/resources';
import { serviceDate } from '../common/invoice-status';
import type { createListViewStores, ViewStore } from './view-store';
import type { HandlersOf } from '../ipc/contract';
import type { Clock } from '../kernel/clock';
import { ApiError, isApiError } from '../kernel/errors';
import { needsCopy, servicePage } from './service-lists';

/** The service's "invalid filter" and "invalid parameter" codes (docs/service.md, Errors by code). */
const REFUSED_PARAMETER_CODES: ReadonlySet<number> = new Set([2000587, 2000588]);

/** A query of the service that holds both a filter and a search. */
const hasFilterAndSearch = (query: object): boolean => {
  const q = query as { filter?: unknown; search?: unknown };
  return q.filter !== undefined && q.search !== undefined;
};

const filterWithSearchError = (cause?: unknown): ApiError =>
  new ApiError('bad-request', {
    message: 'The service does not take a filter and a search together: this view needs the local copy, which is not ready.',
    remedy: 'Use the filter or the search alone until the first sync finishes, or turn the local copy on in Settings.',
    ...(cause === undefined ? {} : { cause }),
  });

/** What the grids need of the local copies: a page, when the company's copy of that list can answer. */
export interface LocalPages {
  query<R extends ResourceId>(companyId: string, resource: R, query: ResourceViews[R]['query'], today: string): Promise<ResourceViews[R]['page'] | undefined>;
}

/** Each list's saved views, by company. */
export type ListViews = ReturnType<typeof createListViewStores>;

export function listHandlers(deps: { registry: CompanyRegistry; views: ListViews; clock: Clock; mirrors: LocalPages }): HandlersOf<'lists'> {
  const { registry, clock } = deps;
  /** Page requests the window may still cancel, by its request id. */
  const pageRequests = new Map<string, AbortController>();
  /**
   * Lists (`company:resource`) whose service refused a filter and a search in one request. Whether
   * the service takes them together is unconfirmed (docs/service.md, A filter and a search
   * together: the docs say one resource-specific filter at a time, public clients send both): once refused, such a view is refused here at once,
   * in words that say why, without spending the company's quota on it again.
   */
  const refusesFilterWithSearch = new Set<string>();

  async function page<R extends ResourceId>(resource: R, companyId: string, query: ResourceViews[R]['query'], priority: RequestPriority, requestId?: string): Promise<ResourceViews[R]['page']> {
    registry.record(companyId); // a company that is not connected has no pages, local or not
    const today = serviceDate(clock.now());
    // Once its first sync is complete, a company's grid answers from its local copy: at once,
    // any column, offline too. Before that (or with local copies off) the service answers.
    const local = await deps.mirrors.query(companyId, resource, query, today);
    if (local) return local;
    const refusal = needsCopy(resource, query);
    if (refusal) throw new ApiError('bad-request', { message: refusal, remedy: 'Wait for the first sync to finish, or turn the local copy on in Settings.' });
    const combined = hasFilterAndSearch(query);
    const combinationKey = `${companyId}:${resource}`;
    if (combined && refusesFilterWithSearch.has(combinationKey)) throw filterWithSearchError();
    const controller = new AbortController();
    if (requestId) pageRequests.set(requestId, controller);
    try {
      // A request of one list: its scope or licence errors are that list's own.
      return await registry.withSession(companyId, (session) => servicePage(resource, session, query, { priority, signal: controller.signal }, today), resource);
    } catch (error) {
      if (combined && isApiError(error) && error.kind === 'bad-request' && error.serviceCode !== undefined && REFUSED_PARAMETER_CODES.has(error.serviceCode)) {
        refusesFilterWithSearch.add(combinationKey);
        throw filterWithSearchError(error);
      }
      throw error;
    } finally {
      if (requestId) pageRequests.delete(requestId);
    }
  }

  function saveView<R extends ResourceId>(resource: R, companyId: string, view: ResourceViews[R]['view']): void {
    registry.record(companyId); // only a connected company has a view
    (deps.views[resource] as ViewStore<ResourceViews[R]['view']>).set(companyId, view);
  }

  return {
    'lists:page': async (...[resource, companyId, query, priority, requestId]) => page(resource, companyId, query, priority, requestId),
    // A page the user paged past: it leaves the company's queue before it uses any quota.
    'lists:cancel': async (requestId) => pageRequests.get(requestId)?.abort(),
    'lists:getView': async (resource, companyId) => deps.views[resource].get(companyId),
    'lists:views': async (resource) => {
      const connected = new Set(registry.list().companies.map((c) => c.id));
      return Object.fromEntries(Object.entries(deps.views[resource].all()).filter(([companyId]) => connected.has(companyId)));
    },
    'lists:saveView': async (resource, companyId, view) => saveView(resource, companyId, view),
  };
}
