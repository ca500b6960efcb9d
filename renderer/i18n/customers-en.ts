/** English words of the customer register's tab (keys: customers-sv.ts). */
import type { customersSv } from './customers-sv';

export const customersEn: Record<keyof typeof customersSv, string> = {
  'customers.details.title': 'Customer {number}',
  'customers.details.showInvoices': "Show the customer's invoices",
  'customers.details.address': 'Address',
  'customers.details.noFigures': 'Amounts and payment habits show once the local copy is ready.',
  'customers.access.scope-missing.title': 'Invoice Desk has no access to the customer register',
  'customers.access.scope-missing.body':
    'The company was connected before Invoice Desk could show the customer register, so that access was never approved. Approve it in your browser; the invoices and the overview keep working meanwhile.',
  'customers.access.scope-missing.serviceAccount':
    "The service account's activation lacks access to the customer register. A system administrator needs to activate the service account again with that access; the invoices keep working.",
  'customers.access.approve': 'Approve access',
  'customers.access.licence-missing.title': 'The company has no licence for the customer register',
  'customers.access.licence-missing.body': "An administrator needs to add the module to the company's subscription at the service. Reconnecting does not help; the invoices keep working.",
  'customers.access.permission-missing.title': 'The user may not see the customer register',
  'customers.access.permission-missing.body':
    "An administrator of the company needs to give the user access to customers in the service's user settings. Reconnecting does not help; the invoices keep working.",
  'customers.access.other.title': 'The customer register could not be read',
};
