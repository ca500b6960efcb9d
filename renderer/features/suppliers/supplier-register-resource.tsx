/**
 * The supplier register as the grid's resource (grid-resource.ts): its columns and view rules
 * (supplier-register-columns.ts), the lists:* channels (as 'suppliers'), its details panel and the export.
 */
import type { SupplierRow } from '../../../electron/common/suppliers';
import { desk } from '../../api';
import { defineGridResource } from '../grid/grid-resource';
import { supplierRegisterColumns, supplierRegisterView, type SupplierRegisterViewTypes } from './supplier-register-columns';
import { SupplierRegisterDetails } from './SupplierRegisterDetails';

export const supplierRegister = defineGridResource<SupplierRow, SupplierRegisterViewTypes>({
  id: 'suppliers',
  view: supplierRegisterView,
  columns: supplierRegisterColumns,
  rowId: (row) => row.supplierNumber,
  api: {
    list: (companyId, query, priority, requestId) => desk().lists.page('suppliers', companyId, query, priority, requestId),
    cancel: (requestId) => desk().lists.cancel(requestId),
    getView: (companyId) => desk().lists.getView('suppliers', companyId),
    views: () => desk().lists.views('suppliers'),
    saveView: (companyId, view) => desk().lists.saveView('suppliers', companyId, view),
  },
  Details: SupplierRegisterDetails,
  export: { columns: (columns) => [...columns] },
});
