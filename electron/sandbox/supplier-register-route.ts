// GET /3/suppliers and GET /3/suppliers/{SupplierNumber} (docs/service.md, Supplier register): a
// register's routes (register-route.ts) with scope `supplier` (the `supplierinvoice` scope alone
// is not enough). The list item carries the contact and bank fields (strings) and `Active` (a
// boolean, assumed as for customers); terms of payment, VAT number and type, comments, country,
// web address and references come only with the single supplier. No balance: what is owed comes
// from the supplier invoices. One search at a time (assumed, as for customers): `name` or
// `suppliernumber`.

import { ERROR_CODES } from './errors';
import type { RegisterRoute } from './register-route';

export const SUPPLIER_REGISTER: RegisterRoute<'suppliernumber'> = {
  scope: 'supplier',
  path: 'suppliers',
  list: 'Suppliers',
  one: 'Supplier',
  singleOnly: new Set(['Comments', 'Country', 'OurReference', 'TermsOfPayment', 'VATNumber', 'VATType', 'WWW', 'YourReference']),
  searches: { name: 'Name', suppliernumber: 'SupplierNumber' },
  notFound: { code: ERROR_CODES.supplierNotFound, message: 'Kan inte hitta leverantören.' },
  book: (company) => company.supplierRegister,
};
