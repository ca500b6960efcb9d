// GET /3/customers and GET /3/customers/{CustomerNumber} (docs/service.md, Customers): a register's
// routes (register-route.ts) with scope `customer`. The list item carries the register's contact
// fields (strings) and `Active` (a boolean: assumed, and the app also reads the strings
// "true"/"false"); terms of payment, type, VAT type and currency come only with the single
// customer. One search at a time: `name` or `customernumber`.

import { ERROR_CODES } from './errors';
import type { RegisterRoute } from './register-route';

export const CUSTOMER_REGISTER: RegisterRoute<'customernumber'> = {
  scope: 'customer',
  path: 'customers',
  list: 'Customers',
  one: 'Customer',
  singleOnly: new Set(['Currency', 'TermsOfPayment', 'Type', 'VATType']),
  searches: { name: 'Name', customernumber: 'CustomerNumber' },
  notFound: { code: ERROR_CODES.customerNotFound, message: 'Kan inte hitta kunden.' },
  book: (company) => company.customers,
};
