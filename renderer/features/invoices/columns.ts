/**
 * The customer invoice grid's columns (the registry's, list-columns.ts). Their ids are common's column ids, so "export the visible columns in their
 * order" is the grid's own column list, with no mapping that could drift; the sort fields, filters,
 * search fields and page sizes are common's too (the main process validates against the same lists).
 */
import { exportColumnIds, type ExportColumnId } from '../../../electron/common/invoices';
import type { InvoiceFilter, InvoiceRow, LocalSortField, SearchField, SortField } from '../../../electron/common/invoices';
import { lists } from '../../../electron/common/lists/registry';
import { listColumns, type ListColumn } from '../grid/list-columns';

export { filters as filterIds, localSortFields, pageSizes, searchFields, sortFields } from '../../../electron/common/invoices';
export type { LocalSortField, SearchField, SortField };
export type FilterId = InvoiceFilter;
export { isEndAligned, type ColumnKind } from '../grid/grid-resource';

/** Every column, main ones first in their default order, then the optional ones. */
export const allColumnIds = exportColumnIds;

/** Shown by default, in this order (the registry's): they fit the default window (1280 × 800) without
 * sideways scrolling; OCR, currency and the rest are in the column menu. */
export const defaultColumnIds: readonly ExportColumnId[] = lists.invoices.defaultColumns;

export const defaultPageSize = 50;

/** A customer invoice column: every one sorts on the copy; six at the service too. */
export interface ColumnSpec extends ListColumn<InvoiceRow, LocalSortField, SortField> {
  id: ExportColumnId;
  localSortField: LocalSortField;
}

/** The customer invoices' columns, from the registry (common/lists/invoices.ts). */
export const columnSpecs = listColumns<'invoices', InvoiceRow, LocalSortField, SortField>('invoices') as Record<ExportColumnId, ColumnSpec>;

export function isColumnId(value: unknown): value is ExportColumnId {
  return typeof value === 'string' && (allColumnIds as readonly string[]).includes(value);
}

/** The service's sort field of a column: six columns have one. */
export const sortFieldOf = (id: ExportColumnId): SortField | undefined => columnSpecs[id].sortField;
/** The local copy's sort field of a column: every column has one. */
export const localSortFieldOf = (id: ExportColumnId): LocalSortField => columnSpecs[id].localSortField;
/** The column a sort field sorts (the service's six are local sort fields too, with the same name). */
export function columnOfSortField(field: LocalSortField): ExportColumnId {
  const spec = Object.values(columnSpecs).find((s) => s.localSortField === field);
  if (!spec) throw new Error(`no column sorts by ${field}`);
  return spec.id;
}
