// One company's supplier register: a register (register-book.ts) of the suppliers its supplier
// invoices come from, built on first use, kept in step with the supplier invoices the control
// object adds or renumbers (noteParty: a new supplier number brings its supplier in, named and in
// the currency its invoice gives).

import { RegisterBook } from './register-book';
import type { RegisterContext } from './register-data';
import { newSupplierIdentity, supplierFields } from './supplier-contact';
import type { StoredSupplierInvoice } from './supplier-data';
import { buildSupplierRegister } from './supplier-register-data';
import type { Supplier } from './supplier-registry';

export type SupplierRegisterBook = RegisterBook<'suppliernumber'>;

/** `suppliers` and `invoices` are read once, when the register is first needed (they are generated then if need be). */
export function supplierRegisterBook(context: RegisterContext, suppliers: () => readonly Supplier[], invoices: () => readonly StoredSupplierInvoice[]): SupplierRegisterBook {
  return new RegisterBook({
    what: 'supplier',
    numberField: 'SupplierNumber',
    numberSort: 'suppliernumber',
    build: () => buildSupplierRegister(context, suppliers(), invoices()),
    newFields: (number, given) => supplierFields(context.seed, context.tenantId, newSupplierIdentity(context.seed, context.tenantId, number, given), true),
  });
}
