/**
 * The customer register as the grid's resource (grid-resource.ts): its columns and view rules
 * (customer-columns.ts), the lists:* channels (as 'customers'), its details panel and the export.
 */
import type { CustomerRow } from '../../../electron/common/customers';
import { desk } from '../../api';
import { defineGridResource } from '../grid/grid-resource';
import { customerColumnSpecs, customerRegisterView, type CustomerRegisterViewTypes } from './customer-columns';
import { CustomerDetails } from './CustomerDetails';

export const customerRegister = defineGridResource<CustomerRow, CustomerRegisterViewTypes>({
  id: 'customers',
  view: customerRegisterView,
  columns: customerColumnSpecs,
  rowId: (row) => row.customerNumber,
  api: {
    list: (companyId, query, priority, requestId) => desk().lists.page('customers', companyId, query, priority, requestId),
    cancel: (requestId) => desk().lists.cancel(requestId),
    getView: (companyId) => desk().lists.getView('customers', companyId),
    views: () => desk().lists.views('customers'),
    saveView: (companyId, view) => desk().lists.saveView('customers', companyId, view),
  },
  Details: CustomerDetails,
  export: { columns: (columns) => [...columns] },
});
