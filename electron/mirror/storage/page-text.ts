/**
 * A list page stored from its text, in the copy's own thread: reading 500 items field by field
 * (list-response.ts) makes a tree of objects that lives until it is stored, and on the main thread,
 * for several companies' syncs at once, that work and its garbage would stall the main event loop.
 * So the main thread reads only the page's numbers and passes the text here. The same parser, so
 * the same items, the same tolerance, the same oddities.
 */
import { listEndpoints } from '../../api/list-endpoints';
import type { OddityReport, PageNumbers } from '../../api/list-response';
import { ApiError } from '../../kernel/errors';
import type { ResourceId } from '../../common/resources';
import type { MirrorStore } from './mirror-store';

export interface SavedPageText {
  /** Items stored (those the parser kept). */
  items: number;
  /** What the parser found odd on the page, for the main thread's log. */
  oddity: OddityReport | null;
}

/**
 * Parses a page's text and stores it as savePage does. `numbers`: what the main thread pages by
 * (skimmed from the text, list-response.ts skimPageNumbers): a page whose parse says otherwise is
 * refused, nothing of it stored, as a body the parser cannot read is.
 */
export function savePageText(store: MirrorStore, resource: ResourceId, text: string, numbers?: PageNumbers): SavedPageText {
  let oddity: OddityReport | null = null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('unavailable', { message: 'The service sent an unreadable response.', retryable: false });
  }
  const page = listEndpoints[resource].parse(json, {
    onOddity: (report) => {
      oddity = report;
    },
  });
  if (numbers && (numbers.currentPage !== page.currentPage || numbers.totalPages !== page.totalPages || numbers.totalResources !== page.totalResources)) {
    throw new ApiError('unavailable', { message: `The service sent a list page whose numbers the app cannot read (page ${page.currentPage} of ${page.totalPages}).`, retryable: false });
  }
  store.savePage(resource, page.items, page.currentPage, page.totalResources);
  return { items: page.items.length, oddity };
}
