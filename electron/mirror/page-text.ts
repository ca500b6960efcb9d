/**
 * A list page stored from its text, in the copy's own thread (issue 39): reading 500 items field by
 * field (list-response.ts) takes 15 to 25 ms and makes a tree of objects that lives until it is
 * stored. Done on the main thread for four companies' syncs at once, that work and its garbage
 * were the main event loop's longest stalls; the main thread now reads only the page's numbers and
 * passes the text here. The same parser, so the same items, the same tolerance, the same oddities.
 */
import { listEndpoints } from '../api/list-endpoints';
import type { OddityReport } from '../api/list-response';
import type { ResourceId } from '../common/resources';
import type { MirrorStore } from './mirror-store';

export interface SavedPageText {
  /** Items stored (those the parser kept). */
  items: number;
  /** What the parser found odd on the page, for the main thread's log. */
  oddity: OddityReport | null;
}

/** Parses a page's text (already checked to be the list's JSON by the main thread) and stores it as savePage does. */
export function savePageText(store: MirrorStore, resource: ResourceId, text: string): SavedPageText {
  let oddity: OddityReport | null = null;
  const page = listEndpoints[resource].parse(JSON.parse(text) as unknown, {
    onOddity: (report) => {
      oddity = report;
    },
  });
  store.savePage(resource, page.items, page.currentPage, page.totalResources);
  return { items: page.items.length, oddity };
}
