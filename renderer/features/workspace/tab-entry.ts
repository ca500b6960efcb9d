/**
 * What a list's tab in a company's workspace is (list-tabs.ts holds one per list): its grid, the
 * notice it shows when the company cannot read the list, what a row leads to, how an event of
 * "Sedan sist" shows its row. Which lists have a tab is their descriptions' say (`tab`), so a list
 * with a tab and no entry is a type error, never a tab that quietly shows another list.
 */
import type { DigestResource } from '../../../electron/common/digest';
import type { Descriptions } from '../../../electron/common/lists/registry';
import type { ResourceId } from '../../../electron/common/resources';
import type { AnyGridResource, AnyGridView, GridRow } from '../grid/grid-resource';
import type { ViewUpdate } from '../grid/view-channel';
import type { AccessWords } from './access-text';

/** The lists with a tab of their own: every list whose description does not say `tab: false`. */
export type TabListId = { [R in ResourceId]: Descriptions[R]['tab'] extends false ? never : R }[ResourceId];

/** Shows a list's tab with its grid's view changed (the grid takes the change as its own). */
export type OpenTab = (tab: TabListId, update: ViewUpdate<AnyGridView>) => void;

export interface ListTab {
  /** The list's grid (its `id` is the tab's). */
  grid: AnyGridResource;
  /**
   * The notice shown instead of the grid when the company cannot read the list (a scope it never
   * approved, a licence or a permission it lacks): its words (the tab's own) and its test id. null: the
   * grid says those errors itself (the customer invoices, what a company is connected for).
   */
  access: { words: AccessWords; testId: string } | null;
  /** What a row leads to beyond its details (a customer: its invoices), offered by its details panel;
   * `document`: one of them that the panel names (a supplier's open bill), by its identity. */
  follow?: (row: GridRow, open: OpenTab, document?: string) => void;
}

/** A list "Sedan sist" tells of: the view that shows one of its rows, named by the event's id. */
interface ShowsEvents {
  showEvent(id: string): ViewUpdate<AnyGridView>;
}

/** The tab of list `R`: a list the digest tells of shows its events. */
export type TabEntry<R extends TabListId> = ListTab & (R extends DigestResource ? ShowsEvents : Partial<ShowsEvents>);
