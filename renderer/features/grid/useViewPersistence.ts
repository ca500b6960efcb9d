/** Saves a company's grid view (sort, filter, search, page size, columns) through its resource's view channel shortly after each change, and at unmount. */
import { useCallback, useEffect, useRef } from 'react';
import { unwrap } from '../../api';
import type { AnyGridResource, AnyGridView } from './grid-resource';

const VIEW_SAVE_DELAY_MS = 300;

export function useViewPersistence(resource: AnyGridResource, companyId: string, initialView: AnyGridView, view: AnyGridView): void {
  const pendingSave = useRef<string | null>(null);
  const savedJson = useRef(JSON.stringify(resource.view.toViewState(initialView)));
  const flushSave = useCallback(() => {
    const json = pendingSave.current;
    pendingSave.current = null;
    if (json === null || json === savedJson.current) return;
    savedJson.current = json;
    unwrap(resource.api.saveView(companyId, JSON.parse(json))).catch(() => {
      // Not worth a banner: the view still works in this session, and the next change retries.
      savedJson.current = '';
    });
  }, [resource, companyId]);
  useEffect(() => {
    pendingSave.current = JSON.stringify(resource.view.toViewState(view));
    const timer = setTimeout(flushSave, VIEW_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [resource, view, flushSave]);
  useEffect(() => () => flushSave(), [flushSave]);
}
