/**
 * The supplier grid's columns and view rules. Column ids are common's (supplierExportColumnIds,
 * the CSV's too); filters, sort and search fields are common's (the main process validates against
 * the same lists). The service lists supplier invoices in its own order only and, without a local
 * copy, searches them by supplier number alone: every sort, the one search box, due dates,
 * currency and sums need the copy.
 */
import { pageSizes } from '../../../electron/common/invoices';
import { supplierExportColumnIds, type SupplierExportColumnId } from '../../../electron/common/supplier-export';
import {
  supplierFilters,
  supplierLocalOnlyQueryKeys,
  supplierScopes,
  supplierSortFields,
  type SupplierFilter,
  type SupplierScope,
  type SupplierInvoiceRow,
  type SupplierSearchField,
  type SupplierSortField,
} from '../../../electron/common/supplier-invoices';
import type { ColumnDisplay } from '../invoices/grid-resource';
import { createViewLogic } from '../invoices/view-logic';
import type { GridViewOf, StoredView, ViewExtras } from '../invoices/view-spec';

export interface SupplierViewTypes {
  column: SupplierExportColumnId;
  filter: SupplierFilter;
  sort: SupplierSortField;
  search: SupplierSearchField;
  scope: SupplierScope;
}

export type SupplierGridView = GridViewOf<SupplierViewTypes>;

export interface SupplierColumnSpec extends ColumnDisplay<SupplierInvoiceRow> {
  /** The local copy's sort field (the approver has none). */
  localSortField?: SupplierSortField;
}

export const supplierColumnSpecs: Record<SupplierExportColumnId, SupplierColumnSpec> = {
  givenNumber: { kind: 'number', localSortField: 'givennumber', width: 80, value: (r) => r.givenNumber },
  supplierNumber: { kind: 'number', localSortField: 'suppliernumber', width: 80, value: (r) => r.supplierNumber },
  supplierName: { kind: 'text', localSortField: 'suppliername', width: 146, value: (r) => r.supplierName },
  invoiceNumber: { kind: 'number', localSortField: 'invoicenumber', width: 96, value: (r) => r.invoiceNumber },
  invoiceDate: { kind: 'date', localSortField: 'invoicedate', width: 126, value: (r) => r.invoiceDate },
  dueDate: { kind: 'date', localSortField: 'duedate', width: 130, value: (r) => r.dueDate },
  total: { kind: 'amount', localSortField: 'total', width: 112, value: (r) => r.total },
  balance: { kind: 'amount', localSortField: 'balance', width: 112, value: (r) => r.balance },
  currency: { kind: 'text', localSortField: 'currency', width: 76, value: (r) => r.currency },
  status: { kind: 'status', localSortField: 'status', width: 132, value: (r) => r.status },
  ocr: { kind: 'number', localSortField: 'ocr', width: 130, value: (r) => r.ocr },
  booked: { kind: 'flag', localSortField: 'booked', width: 80, value: (r) => r.booked },
  finalPayDate: { kind: 'date', localSortField: 'finalpaydate', width: 110, value: (r) => r.finalPayDate },
  authorizerName: { kind: 'text', width: 130, value: (r) => r.authorizerName },
  project: { kind: 'text', localSortField: 'project', width: 96, value: (r) => r.project },
  costCenter: { kind: 'text', localSortField: 'costcenter', width: 120, value: (r) => r.costCenter },
};

/** Shown by default, in this order: they fit the default window (1280 × 800) without sideways scrolling; the rest are in the column menu. */
export const supplierDefaultColumns: readonly SupplierExportColumnId[] = ['supplierNumber', 'supplierName', 'invoiceNumber', 'invoiceDate', 'dueDate', 'total', 'balance', 'status'];

/** On a narrow window (or beside the details panel), dropped first to last; the supplier, due date, balance and status stay. */
export const supplierDropOrder: readonly SupplierExportColumnId[] = ['supplierNumber', 'currency', 'ocr', 'invoiceDate', 'total', 'invoiceNumber'];

const MAX_SUPPLIER_LENGTH = 50;
/** The overview's parts of a supplier view that are valid: a scope (to pay, awaiting approval, payment under way) and one supplier. */
function supplierParts(view: Pick<StoredView, 'supplier' | 'scope'>): ViewExtras<SupplierViewTypes> {
  const out: ViewExtras<SupplierViewTypes> = {};
  if ((supplierScopes as readonly unknown[]).includes(view.scope)) out.scope = view.scope as SupplierScope;
  if (typeof view.supplier === 'string' && view.supplier !== '' && view.supplier.length <= MAX_SUPPLIER_LENGTH) out.supplier = view.supplier;
  return out;
}

export const supplierView = createViewLogic<SupplierViewTypes>({
  allColumns: supplierExportColumnIds,
  defaultColumns: supplierDefaultColumns,
  filters: supplierFilters,
  localSortFieldOf: (id) => supplierColumnSpecs[id].localSortField,
  // The service sorts this list by nothing (api-facts: sortby refused).
  serviceSortFieldOf: () => undefined,
  localSortFields: supplierSortFields,
  serviceSortFields: [],
  // Without a copy the list channel searches by supplier number only (the service cannot search by name).
  searchFields: ['suppliernumber'],
  defaultSearchField: 'suppliernumber',
  // The newest bills first on the copy; the service's own order without it.
  defaultSort: { sortby: 'invoicedate', sortorder: 'descending' },
  pageSizes,
  defaultPageSize: 50,
  localOnlyQueryKeys: supplierLocalOnlyQueryKeys,
  extras: {
    normalise: supplierParts,
    toQuery: (parts) => ({ ...(parts.scope ? { scope: parts.scope } : {}), ...(parts.supplier !== undefined ? { supplier: parts.supplier } : {}) }),
    narrowed: (parts) => parts.scope !== undefined || parts.supplier !== undefined,
  },
});
