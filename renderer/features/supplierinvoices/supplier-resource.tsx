/**
 * The supplier invoices as the grid's resource (grid-resource.ts): their columns and view rules
 * (supplier-columns.ts), the lists:* channels (as 'supplierinvoices'), the details
 * panel, the overview's chip and the export.
 */
import type { SupplierInvoiceRow } from '../../../electron/common/supplier-invoices';
import { desk } from '../../api';
import { defineGridResource } from '../grid/grid-resource';
import { SupplierOverviewChip } from '../overview/OverviewChip';
import { supplierColumnSpecs, supplierView, type SupplierViewTypes } from './supplier-columns';
import { SupplierDetails } from './SupplierDetails';

export const supplierInvoices = defineGridResource<SupplierInvoiceRow, SupplierViewTypes>({
  id: 'supplierinvoices',
  view: supplierView,
  columns: supplierColumnSpecs,
  rowId: (row) => row.givenNumber,
  api: {
    list: (companyId, query, priority, requestId) => desk().lists.page('supplierinvoices', companyId, query, priority, requestId),
    cancel: (requestId) => desk().lists.cancel(requestId),
    getView: (companyId) => desk().lists.getView('supplierinvoices', companyId),
    views: () => desk().lists.views('supplierinvoices'),
    saveView: (companyId, view) => desk().lists.saveView('supplierinvoices', companyId, view),
  },
  Details: SupplierDetails,
  Narrowing: SupplierOverviewChip,
  // export:start with the resource's id, the supplier column ids and GivenNumbers for selected rows.
  export: { columns: (columns) => [...columns] },
});
