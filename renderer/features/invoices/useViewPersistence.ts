/** Saves a company's grid view (sort, filter, search, page size, columns) shortly after each change, and at unmount. */
import { useCallback, useEffect, useRef } from 'react';
import { desk, unwrap } from '../../api';
import { toViewState, type GridView } from './view';

const VIEW_SAVE_DELAY_MS = 300;

export function useViewPersistence(companyId: string, initialView: GridView, view: GridView): void {
  const pendingSave = useRef<string | null>(null);
  const savedJson = useRef(JSON.stringify(toViewState(initialView)));
  const flushSave = useCallback(() => {
    const json = pendingSave.current;
    pendingSave.current = null;
    if (json === null || json === savedJson.current) return;
    savedJson.current = json;
    unwrap(desk().view.save(companyId, JSON.parse(json))).catch(() => {
      // Not worth a banner: the view still works in this session, and the next change retries.
      savedJson.current = '';
    });
  }, [companyId]);
  useEffect(() => {
    pendingSave.current = JSON.stringify(toViewState(view));
    const timer = setTimeout(flushSave, VIEW_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view, flushSave]);
  useEffect(() => () => flushSave(), [flushSave]);
}
