/**
 * The customer invoices as the grid's resource (grid-resource.ts): their columns (columns.ts),
 * view rules (view.ts), the lists:* channels (as 'invoices'),
 * the details panel, the receivables overview's chip and the export.
 */
import type { InvoiceRow } from '../../../electron/ipc/contract';
import { desk } from '../../api';
import { OverviewChip } from '../overview/OverviewChip';
import { columnSpecs } from './columns';
import { defineGridResource } from '../grid/grid-resource';
import { InvoiceDetails } from './InvoiceDetails';
import { customerView, type CustomerViewTypes } from './view';

export const customerInvoices = defineGridResource<InvoiceRow, CustomerViewTypes>({
  id: 'invoices',
  view: customerView,
  columns: columnSpecs,
  rowId: (row) => row.documentNumber,
  api: {
    list: (companyId, query, priority, requestId) => desk().lists.page('invoices', companyId, query, priority, requestId),
    cancel: (requestId) => desk().lists.cancel(requestId),
    getView: (companyId) => desk().lists.getView('invoices', companyId),
    views: () => desk().lists.views('invoices'),
    saveView: (companyId, view) => desk().lists.saveView('invoices', companyId, view),
  },
  Details: InvoiceDetails,
  Narrowing: OverviewChip,
  export: { columns: (columns) => [...columns] },
});
