/** The customer invoices' tab (workspace/list-tabs.ts): their grid, which says its own errors; an event of "Sedan sist" is its invoice, by number. */
import { clearedForLink } from '../overview/link-ranges';
import type { TabEntry } from '../workspace/tab-entry';
import { customerInvoices } from './invoice-resource';

export const invoiceTab: TabEntry<'invoices'> = {
  grid: customerInvoices,
  access: null,
  showEvent: (documentNumber) => (view) => ({ ...clearedForLink(view, ''), search: { field: 'documentnumber', value: documentNumber } }),
};
