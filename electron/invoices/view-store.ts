/** Each company's grid view (sort, filter, search, page size, columns), kept across restarts. */
import type { ViewState } from '../common/invoices';
import type { KeyValueStore } from '../settings/settings-service';

const VIEWS_KEY = 'views';

export function createViewStore(store: KeyValueStore) {
  const all = () => (store.get(VIEWS_KEY) as Record<string, ViewState> | undefined) ?? {};
  return {
    get: (companyId: string): ViewState | null => (Object.hasOwn(all(), companyId) ? (all()[companyId] ?? null) : null),
    set: (companyId: string, view: ViewState): void => store.set(VIEWS_KEY, { ...all(), [companyId]: view }),
    delete: (companyId: string): void => {
      const { [companyId]: _gone, ...rest } = all();
      store.set(VIEWS_KEY, rest);
    },
  };
}

export type ViewStore = ReturnType<typeof createViewStore>;
