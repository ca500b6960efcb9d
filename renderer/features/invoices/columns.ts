/**
 * The grid's columns. Their ids are the contract's ExportColumnIds, so "export the visible columns
 * in their order" is the grid's own column list, with no mapping that could drift.
 *
 * The renderer may use nothing but the contract's types, so the constants are duplicated here and
 * checked against the contract's types at compile time: a column added to or removed from the
 * contract fails `tsc -p tsconfig.renderer.json` until this file follows.
 */
import type { ExportColumnId, GridQuery, InvoiceRow } from '../../../electron/ipc/contract';

export type SortField = NonNullable<GridQuery['sortby']>;
export type FilterId = NonNullable<GridQuery['filter']>;
export type SearchField = NonNullable<GridQuery['search']>['field'];

/** Every column, main ones first in their default order, then the optional ones. */
export const allColumnIds = [
  'documentNumber',
  'customerNumber',
  'customerName',
  'invoiceDate',
  'dueDate',
  'total',
  'balance',
  'currency',
  'ocr',
  'status',
  'booked',
  'sent',
  'invoiceType',
  'project',
  'costCenter',
  'finalPayDate',
] as const satisfies readonly ExportColumnId[];

// Compile-time: the list covers the contract's ids exactly.
type Missing = Exclude<ExportColumnId, (typeof allColumnIds)[number]>;
const _everyContractColumnIsHere: [Missing] extends [never] ? true : Missing = true;
void _everyContractColumnIsHere;

/** Shown by default, in this order. */
export const defaultColumnIds: readonly ExportColumnId[] = allColumnIds.slice(0, 10);

export const sortFields = ['documentnumber', 'customername', 'customernumber', 'invoicedate', 'ocr', 'total'] as const satisfies readonly SortField[];
export const filterIds = ['unpaid', 'unpaidoverdue', 'fullypaid', 'unbooked', 'cancelled'] as const satisfies readonly FilterId[];
/** The search box's fields: the three the issue names, plus customer number, which the contract also allows. */
export const searchFields = ['customername', 'documentnumber', 'ocr', 'customernumber'] as const satisfies readonly SearchField[];
export const pageSizes = [25, 50, 100, 250, 500] as const satisfies readonly GridQuery['limit'][];
export const defaultPageSize = 50;

type _Check<T extends true> = T;
// Every sort field, filter and search field of the contract is offered.
export type _SortFieldsComplete = _Check<[Exclude<SortField, (typeof sortFields)[number]>] extends [never] ? true : false>;
export type _FiltersComplete = _Check<[Exclude<FilterId, (typeof filterIds)[number]>] extends [never] ? true : false>;

export type ColumnKind = 'text' | 'number' | 'amount' | 'date' | 'flag' | 'status';

export interface ColumnSpec {
  id: ExportColumnId;
  kind: ColumnKind;
  /** The server's sort field, for the six columns the service can sort. */
  sortField?: SortField;
  /** Width in px (rows are virtualised, so widths are fixed rather than measured). */
  width: number;
  /** The value as it sits in an InvoiceRow. */
  value: (row: InvoiceRow) => string | number | boolean | null;
}

export const columnSpecs: Record<ExportColumnId, ColumnSpec> = {
  documentNumber: { id: 'documentNumber', kind: 'number', sortField: 'documentnumber', width: 84, value: (r) => r.documentNumber },
  customerNumber: { id: 'customerNumber', kind: 'number', sortField: 'customernumber', width: 80, value: (r) => r.customerNumber },
  customerName: { id: 'customerName', kind: 'text', sortField: 'customername', width: 146, value: (r) => r.customerName },
  invoiceDate: { id: 'invoiceDate', kind: 'date', sortField: 'invoicedate', width: 126, value: (r) => r.invoiceDate },
  dueDate: { id: 'dueDate', kind: 'date', width: 116, value: (r) => r.dueDate },
  total: { id: 'total', kind: 'amount', sortField: 'total', width: 124, value: (r) => r.total },
  balance: { id: 'balance', kind: 'amount', width: 124, value: (r) => r.balance },
  currency: { id: 'currency', kind: 'text', width: 76, value: (r) => r.currency },
  ocr: { id: 'ocr', kind: 'number', sortField: 'ocr', width: 110, value: (r) => r.ocr },
  status: { id: 'status', kind: 'status', width: 108, value: (r) => r.status },
  booked: { id: 'booked', kind: 'flag', width: 80, value: (r) => r.booked },
  sent: { id: 'sent', kind: 'flag', width: 76, value: (r) => r.sent },
  invoiceType: { id: 'invoiceType', kind: 'text', width: 140, value: (r) => r.invoiceType },
  project: { id: 'project', kind: 'text', width: 96, value: (r) => r.project },
  costCenter: { id: 'costCenter', kind: 'text', width: 120, value: (r) => r.costCenter },
  finalPayDate: { id: 'finalPayDate', kind: 'date', width: 110, value: (r) => r.finalPayDate },
};

export function isColumnId(value: unknown): value is ExportColumnId {
  return typeof value === 'string' && (allColumnIds as readonly string[]).includes(value);
}

/** Numbers and amounts right-aligned (every cell uses tabular digits); text and dates left. */
export function isEndAligned(kind: ColumnKind): boolean {
  return kind === 'number' || kind === 'amount';
}

export const sortFieldOf = (id: ExportColumnId): SortField | undefined => columnSpecs[id].sortField;
export function columnOfSortField(field: SortField): ExportColumnId {
  const spec = Object.values(columnSpecs).find((s) => s.sortField === field);
  if (!spec) throw new Error(`no column sorts by ${field}`);
  return spec.id;
}
