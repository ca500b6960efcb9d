/**
 * The supplier register's tab (workspace/list-tabs.ts): its grid, or what the company lacks to read
 * it (its access words, supplier-register-words.ts). A supplier leads to its bills in the supplier
 * invoices' grid, narrowed to it with the chip that names and undoes it; one of its open bills to
 * that bill among them.
 */
import type { SupplierRow } from '../../../electron/common/suppliers';
import { clearedForLink } from '../overview/link-ranges';
import type { TabEntry } from '../workspace/tab-entry';
import { supplierRegister } from './supplier-register-resource';
import { supplierRegisterAccessWords } from './supplier-register-words';

export const supplierRegisterTab: TabEntry<'suppliers'> = {
  grid: supplierRegister,
  access: { words: supplierRegisterAccessWords, testId: 'suppliers-access' },
  follow: (row, open, bill) => {
    const supplier = row as unknown as SupplierRow;
    // The search box finds a bill by its GivenNumber (as an event of "Sedan sist" is found).
    open('supplierinvoices', (view) => ({ ...clearedForLink(view, ''), supplier: supplier.supplierNumber, ...(bill ? { text: bill } : {}) }));
  },
};
