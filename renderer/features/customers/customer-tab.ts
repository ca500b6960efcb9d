/**
 * The customer register's tab (workspace/list-tabs.ts): its grid, or what the company lacks to
 * read it (its access words, customer-words.ts). A customer leads to its invoices, every one of them, with the
 * chip that names and undoes it.
 */
import type { CustomerRow } from '../../../electron/common/customers';
import { rememberCustomerName } from '../overview/customer-names';
import { clearedForLink } from '../overview/link-ranges';
import type { TabEntry } from '../workspace/tab-entry';
import { customerRegister } from './customer-register-resource';
import { customerAccessWords } from './customer-words';

export const customerTab: TabEntry<'customers'> = {
  grid: customerRegister,
  access: { words: customerAccessWords, testId: 'customers-access' },
  follow: (row, open) => {
    const customer = row as unknown as CustomerRow;
    rememberCustomerName(customer.customerNumber, customer.name);
    open('invoices', (view) => ({ ...clearedForLink(view, ''), customer: customer.customerNumber }));
  },
};
