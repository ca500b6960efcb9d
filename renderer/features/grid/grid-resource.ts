/**
 * What the grid needs to know about a resource (customer invoices, supplier invoices, later
 * customers or payments): its columns, its view rules (filters, sort and search fields: a
 * ViewLogic), its labels, its channels (list, cancel, view get/save), the identity of a row, its
 * details panel and its export (which source answers it: its id's copy, sync/queries.ts' useGridMode).
 * The grid's components read only this: a
 * new resource is a description (../invoices/invoice-resource.tsx, ../supplierinvoices/supplier-resource.tsx), never
 * a copied grid.
 */
import type { ComponentType } from 'react';
import type { CurrencySum, Language, RequestPriority, Result } from '../../../electron/ipc/contract';
import { lists } from '../../../electron/common/lists/registry';
import type { ResourceId } from '../../../electron/common/resources';
import type { MessageKey } from '../../i18n/messages';
import type { ViewLogic } from './view-logic';
import type { GridViewOf, SavedViewOf, StoredView, ViewQuery, ViewTypes } from './view-spec';

/** What every row of a grid has: a status (its badge) and a currency (its amounts). */
export interface GridRow {
  status: string;
  currency: string;
}

export type ColumnKind = 'text' | 'number' | 'amount' | 'date' | 'flag' | 'status';

/** How a column shows (its sort fields are the view spec's). */
export interface ColumnDisplay<R> {
  kind: ColumnKind;
  /** Width in px (rows are virtualised, so widths are fixed rather than measured). */
  width: number;
  /** The value as it sits in a row. */
  value(row: R): string | number | boolean | null;
}

/** A page of the resource's list channel. */
export interface GridPage<R> {
  rows: R[];
  currentPage: number;
  /** 0 when there are none (the service's own convention). */
  totalPages: number;
  totalResources: number;
  source: 'local' | 'service';
  /** The local copy only: count, Total and Balance of the whole filtered view, per currency. */
  sums?: CurrencySum[];
}

/** The labels a grid shows for its resource (column names: `column`; statuses: `status`). */
export interface GridLabels<R extends GridRow, V extends ViewTypes> {
  /** The grid's accessible name ("Kundfakturor"). */
  grid: MessageKey;
  column(id: V['column']): MessageKey;
  status(status: R['status']): MessageKey;
  filter(id: V['filter']): MessageKey;
  searchField(id: V['search']): MessageKey;
  /** The local copy's one search box: what it searches, and its placeholder. */
  text: MessageKey;
  textPlaceholder: MessageKey;
  /** The footer's count: "1 faktura", "{count} fakturor". */
  sumsOne: MessageKey;
  sumsCount: MessageKey;
  /** The sums' two heads, when the list names them (the customers' owed and overdue). */
  sums?: { total: MessageKey; balance: MessageKey };
  /** A row's checkbox: "Välj faktura {number}". */
  selectRow: MessageKey;
  /** The header's tooltip on a column that does not sort without the copy. */
  notSortable: MessageKey;
  /**
   * Said above the grid without a local copy when the service cannot do what the copy does
   * (undefined: nothing to say): while the copy is being read, and with local copies turned off.
   */
  serviceNote?: { waiting: MessageKey; off: MessageKey };
}

/** The props of a resource's details panel. */
export interface DetailsProps<R> {
  /** The grid's resource (its columns and labels for the list fields). */
  resource: AnyGridResource;
  row: R;
  companyId: string;
  language: Language;
  onClose: () => void;
  /** What the row leads to beyond its details (a customer: its invoices; `document`: the one of them
   * its panel names, a supplier's open bill), when the tab offers it. */
  onFollow?: (row: R, document?: string) => void;
}

/** The props of what a resource shows above its grid when something beside it narrowed the view (the receivables overview's chip). */
export interface NarrowingProps<V extends ViewTypes> {
  companyId: string;
  view: GridViewOf<V>;
  language: Language;
  onChange: (update: (current: GridViewOf<V>) => GridViewOf<V>) => void;
}

/** What the export menu sends for this resource (undefined: the grid shows no export menu). */
export interface GridExport<V extends ViewTypes> {
  /** The column ids as the export names them (the grid's own). */
  columns(columns: readonly V['column'][]): string[];
}

/**
 * A list's labels under its message keys (common/lists/list-labels.ts): every list says its
 * columns, statuses, filters, search fields and grid words the same way, keyed by its id.
 */
export function gridLabelsOf<R extends GridRow, V extends ViewTypes>(id: ResourceId): GridLabels<R, V> {
  const key = (rest: string) => `list.${id}.${rest}` as MessageKey;
  return {
    grid: key('grid'),
    column: (column) => key(`col.${column}`),
    status: (status) => key(`status.${status}`),
    filter: (filter) => key(`filter.${filter}`),
    searchField: (field) => key(`search.${field}`),
    text: key('text'),
    textPlaceholder: key('textPlaceholder'),
    sumsOne: key('sumsOne'),
    sumsCount: key('sumsCount'),
    selectRow: key('selectRow'),
    notSortable: key('notSortable'),
    ...(lists[id].words.sumsTotal && lists[id].words.sumsBalance ? { sums: { total: key('sumsTotal'), balance: key('sumsBalance') } } : {}),
    ...(lists[id].words.serviceNote ? { serviceNote: { waiting: key('serviceNote.waiting'), off: key('serviceNote.off') } } : {}),
  };
}

export interface GridResource<R extends GridRow, V extends ViewTypes> {
  id: ResourceId;
  view: ViewLogic<V>;
  columns: Record<V['column'], ColumnDisplay<R>>;
  /** Dropped first to last on a narrow window; the rest never (see column-fit.ts). */
  dropOrder: readonly V['column'][];
  /** Dropped after all of dropOrder, the sort column included (the customer grid's due date beside the details panel). */
  dropLast?: readonly V['column'][];
  /** The column that takes the width left over on a wide window. */
  growColumn: V['column'];
  /** Its words (gridLabelsOf: from the registry, by the list's id). */
  labels: GridLabels<R, V>;
  /** A row's identity (the checkbox's, the selection's, the `data-document-number` of its <tr>). */
  rowId(row: R): string;
  api: {
    list(companyId: string, query: ViewQuery<V>, priority: RequestPriority, requestId: string): Promise<Result<GridPage<R>>>;
    cancel(requestId: string): Promise<Result<void>>;
    getView(companyId: string): Promise<Result<StoredView | null>>;
    /** Every connected company's stored view, by company id. */
    views(): Promise<Result<Record<string, StoredView>>>;
    saveView(companyId: string, view: SavedViewOf<V>): Promise<Result<void>>;
  };
  Details: ComponentType<DetailsProps<R>>;
  Narrowing?: ComponentType<NarrowingProps<V>>;
  export?: GridExport<V>;
}

/** A resource description as the grid's components take it (their row and id types erased). */
export type AnyGridResource = GridResource<GridRow, ViewTypes>;
/** A view as the grid's components hold it. */
export type AnyGridView = GridViewOf<ViewTypes>;

/**
 * Checks a description against its own row and id types, then hands it to the grid with them
 * erased: the grid only passes a resource's rows, ids and views back to the same description's
 * functions, so the types it cannot see cannot be mixed up.
 */
export function defineGridResource<R extends GridRow, V extends ViewTypes>(resource: Omit<GridResource<R, V>, 'labels' | 'dropOrder' | 'dropLast' | 'growColumn'>): AnyGridResource {
  // Its words and how its columns fit are the registry's (common/lists), by the list's id.
  const { dropOrder, dropLast, growColumn } = lists[resource.id] as { dropOrder: readonly V['column'][]; dropLast?: readonly V['column'][]; growColumn: V['column'] };
  const described: GridResource<R, V> = { ...resource, labels: gridLabelsOf<R, V>(resource.id), dropOrder, ...(dropLast ? { dropLast } : {}), growColumn };
  return described as unknown as AnyGridResource;
}

/** Numbers and amounts right-aligned (every cell uses tabular digits); text and dates left. */
export function isEndAligned(kind: ColumnKind): boolean {
  return kind === 'number' || kind === 'amount';
}
