/**
 * The customer invoices as the grid's resource (grid-resource.ts): their columns (columns.ts),
 * view rules (view.ts), labels, the lists:* channels (as 'invoices'),
 * the details panel, the receivables overview's chip and the export.
 */
import type { ExportColumnId, InvoiceFilter, InvoiceRow, InvoiceStatus, SearchField } from '../../../electron/ipc/contract';
import { desk } from '../../api';
import { OverviewChip } from '../receivables/OverviewChip';
import { columnKey, statusKey } from './cells';
import { columnSpecs } from './columns';
import { dropLast, dropOrder } from './column-fit';
import { defineGridResource } from './grid-resource';
import { GROW_COLUMN } from './gridLayout';
import { InvoiceDetails } from './InvoiceDetails';
import { customerView, type CustomerViewTypes } from './view';

export const customerInvoices = defineGridResource<InvoiceRow, CustomerViewTypes>({
  id: 'invoices',
  view: customerView,
  columns: columnSpecs,
  dropOrder,
  dropLast,
  growColumn: GROW_COLUMN,
  labels: {
    grid: 'grid.label',
    column: (id: ExportColumnId) => columnKey(id),
    status: (status: InvoiceStatus) => statusKey(status),
    filter: (id: InvoiceFilter) => `grid.filter.${id}`,
    searchField: (id: SearchField) => `grid.search.${id}`,
    text: 'grid.text.label',
    textPlaceholder: 'grid.text.placeholder',
    sumsOne: 'grid.sums.one',
    sumsCount: 'grid.sums.count',
    selectRow: 'grid.rows.select',
    notSortable: 'grid.sort.notSortable',
  },
  rowId: (row) => row.documentNumber,
  api: {
    list: (companyId, query, priority, requestId) => desk().lists.page('invoices', companyId, query, priority, requestId),
    cancel: (requestId) => desk().lists.cancel(requestId),
    getView: (companyId) => desk().lists.getView('invoices', companyId),
    saveView: (companyId, view) => desk().lists.saveView('invoices', companyId, view),
  },
  Details: InvoiceDetails,
  Narrowing: OverviewChip,
  export: { columns: (columns) => [...columns] },
});
