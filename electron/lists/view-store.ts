/** Each company's grid view (sort, filter, search, page size, columns), kept across restarts. */
import type { ViewStateOf } from '../common/lists/grid-types';
import { resourceIds, type ResourceId } from '../common/resource-ids';
import type { KeyValueStore } from '../kernel/key-value-store';

/** One grid's views by company, under its own key ('views': the customer invoices', as always). */
export function createViewStore<V = ViewStateOf<'invoices'>>(store: KeyValueStore, VIEWS_KEY = 'views') {
  const all = () => (store.get(VIEWS_KEY) as Record<string, V> | undefined) ?? {};
  return {
    /** Every company's stored view (the window keeps them all: a switch of company needs no call for its view). */
    all,
    get: (companyId: string): V | null => (Object.hasOwn(all(), companyId) ? (all()[companyId] ?? null) : null),
    set: (companyId: string, view: V): void => store.set(VIEWS_KEY, { ...all(), [companyId]: view }),
    delete: (companyId: string): void => {
      const { [companyId]: _gone, ...rest } = all();
      store.set(VIEWS_KEY, rest);
    },
  };
}

export type ViewStore<V = ViewStateOf<'invoices'>> = ReturnType<typeof createViewStore<V>>;

/**
 * The store keys released versions kept each list's views under (kept, or those views would be
 * lost); a list added since keeps its own under `views:<id>`.
 */
const RELEASED_KEYS: Readonly<Partial<Record<ResourceId, string>>> = {
  invoices: 'views',
  supplierinvoices: 'supplierViews',
  customers: 'customerViews',
  invoicepayments: 'invoicePaymentViews',
  supplierinvoicepayments: 'supplierPaymentViews',
};

/** The store key of a list's saved views. */
export const viewsKeyOf = (id: ResourceId): string => RELEASED_KEYS[id] ?? `views:${id}`;

/** Every list's saved views, each under its own key. */
export function createListViewStores(store: KeyValueStore): { [R in ResourceId]: ViewStore<ViewStateOf<R>> } {
  return Object.fromEntries(resourceIds.map((id) => [id, createViewStore(store, viewsKeyOf(id))])) as { [R in ResourceId]: ViewStore<ViewStateOf<R>> };
}
