/** Each company's grid view (sort, filter, search, page size, columns), kept across restarts. */
import type { ViewStateOf } from '../common/lists/grid-types';
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
