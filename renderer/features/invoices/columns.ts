/**
 * The customer invoice grid's columns (the registry's, list-columns.ts). Their ids are the
 * registry's column ids, so "export the visible columns in their order" is the grid's own column
 * list, with no mapping that could drift; the sort fields, filters and search fields are the
 * registry's too (the main process validates against the same description).
 */
import type { InvoiceRow } from '../../../electron/common/invoices';
import { pageSizes } from '../../../electron/common/list-primitives';
import { columnIdsOf, lists, type ColumnOf, type FilterOf, type ServiceSortFieldOf, type SortFieldOf } from '../../../electron/common/lists/registry';
import { listColumns, type ListColumn } from '../grid/list-columns';

export type InvoiceColumnId = ColumnOf<'invoices'>;
/** Every column sorts on the local copy; six at the service too. */
export type LocalSortField = SortFieldOf<'invoices'>;
export type SortField = ServiceSortFieldOf<'invoices'>;
export type FilterId = FilterOf<'invoices'>;
export { pageSizes };
export { isEndAligned, type ColumnKind } from '../grid/grid-resource';

/** Every column, main ones first in their default order, then the optional ones. */
export const allColumnIds = columnIdsOf('invoices');

/** Shown by default, in this order (the registry's): they fit the default window (1280 × 800) without
 * sideways scrolling; OCR, currency and the rest are in the column menu. */
export const defaultColumnIds: readonly InvoiceColumnId[] = lists.invoices.defaultColumns;

export const defaultPageSize = 50;

/** A customer invoice column: every one sorts on the copy; six at the service too. */
export interface ColumnSpec extends ListColumn<InvoiceRow, LocalSortField, SortField> {
  id: InvoiceColumnId;
  localSortField: LocalSortField;
}

/** The customer invoices' columns, from the registry (common/lists/invoices.ts). */
export const columnSpecs = listColumns<'invoices', InvoiceRow, LocalSortField, SortField>('invoices') as Record<InvoiceColumnId, ColumnSpec>;

export function isColumnId(value: unknown): value is InvoiceColumnId {
  return typeof value === 'string' && (allColumnIds as readonly string[]).includes(value);
}

/** The service's sort field of a column: six columns have one. */
export const sortFieldOf = (id: InvoiceColumnId): SortField | undefined => columnSpecs[id].sortField;
/** The local copy's sort field of a column: every column has one. */
export const localSortFieldOf = (id: InvoiceColumnId): LocalSortField => columnSpecs[id].localSortField;
/** The column a sort field sorts (the service's six are local sort fields too, with the same name). */
export function columnOfSortField(field: LocalSortField): InvoiceColumnId {
  const spec = Object.values(columnSpecs).find((s) => s.localSortField === field);
  if (!spec) throw new Error(`no column sorts by ${field}`);
  return spec.id;
}
