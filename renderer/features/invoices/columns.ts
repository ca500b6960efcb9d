/**
 * The grid's columns. Their ids are common's column ids, so "export the visible columns in their
 * order" is the grid's own column list, with no mapping that could drift; the sort fields, filters,
 * search fields and page sizes are common's too (the main process validates against the same lists).
 */
import { exportColumnIds, type ExportColumnId } from '../../../electron/common/export';
import type { InvoiceFilter, InvoiceRow, LocalSortField, SearchField, SortField } from '../../../electron/common/invoices';
import type { ColumnKind } from './grid-resource';

export { filters as filterIds, localSortFields, pageSizes, searchFields, sortFields } from '../../../electron/common/invoices';
export type { LocalSortField, SearchField, SortField };
export type FilterId = InvoiceFilter;
export { isEndAligned, type ColumnKind } from './grid-resource';

/** Every column, main ones first in their default order, then the optional ones. */
export const allColumnIds = exportColumnIds;

/** Shown by default, in this order: they fit the default window (1280 × 800) without sideways
 * scrolling; OCR, currency and the rest are in the column menu. */
export const defaultColumnIds: readonly ExportColumnId[] = ['documentNumber', 'customerNumber', 'customerName', 'invoiceDate', 'dueDate', 'total', 'balance', 'status'];

export const defaultPageSize = 50;

export interface ColumnSpec {
  id: ExportColumnId;
  kind: ColumnKind;
  /** The server's sort field, for the six columns the service can sort. */
  sortField?: SortField;
  /** The local copy's sort field: every column sorts there. */
  localSortField: LocalSortField;
  /** Width in px (rows are virtualised, so widths are fixed rather than measured). */
  width: number;
  /** The value as it sits in an InvoiceRow. */
  value: (row: InvoiceRow) => string | number | boolean | null;
}

export const columnSpecs: Record<ExportColumnId, ColumnSpec> = {
  documentNumber: { id: 'documentNumber', kind: 'number', sortField: 'documentnumber', localSortField: 'documentnumber', width: 104, value: (r) => r.documentNumber },
  customerNumber: { id: 'customerNumber', kind: 'number', sortField: 'customernumber', localSortField: 'customernumber', width: 89, value: (r) => r.customerNumber },
  customerName: { id: 'customerName', kind: 'text', sortField: 'customername', localSortField: 'customername', width: 146, value: (r) => r.customerName },
  invoiceDate: { id: 'invoiceDate', kind: 'date', sortField: 'invoicedate', localSortField: 'invoicedate', width: 127, value: (r) => r.invoiceDate },
  dueDate: { id: 'dueDate', kind: 'date', localSortField: 'duedate', width: 127, value: (r) => r.dueDate },
  total: { id: 'total', kind: 'amount', sortField: 'total', localSortField: 'total', width: 120, value: (r) => r.total },
  balance: { id: 'balance', kind: 'amount', localSortField: 'balance', width: 120, value: (r) => r.balance },
  currency: { id: 'currency', kind: 'text', localSortField: 'currency', width: 90, value: (r) => r.currency },
  ocr: { id: 'ocr', kind: 'number', sortField: 'ocr', localSortField: 'ocr', width: 110, value: (r) => r.ocr },
  status: { id: 'status', kind: 'status', localSortField: 'status', width: 104, value: (r) => r.status },
  booked: { id: 'booked', kind: 'flag', localSortField: 'booked', width: 82, value: (r) => r.booked },
  sent: { id: 'sent', kind: 'flag', localSortField: 'sent', width: 80, value: (r) => r.sent },
  invoiceType: { id: 'invoiceType', kind: 'text', localSortField: 'invoicetype', width: 140, value: (r) => r.invoiceType },
  project: { id: 'project', kind: 'text', localSortField: 'project', width: 96, value: (r) => r.project },
  costCenter: { id: 'costCenter', kind: 'text', localSortField: 'costcenter', width: 132, value: (r) => r.costCenter },
  finalPayDate: { id: 'finalPayDate', kind: 'date', localSortField: 'finalpaydate', width: 128, value: (r) => r.finalPayDate },
};

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
