// One company's customer register: a register (register-book.ts) built from its invoices on first
// use, kept in step with the invoices the control object adds or renumbers (noteParty). A customer
// a test adds is a company unless its Type says PRIVATE, named from the seed unless it gives a Name.

import { customerFields } from './customer-contact';
import { buildRegister, personName } from './customer-data';
import type { StoredInvoice } from './data';
import { customerName } from './names';
import { createRng } from './prng';
import { RegisterBook } from './register-book';
import type { RegisterContext } from './register-data';

export type CustomerBook = RegisterBook<'customernumber'>;

/** `invoices` is read once, when the register is first needed (it generates them if need be). */
export function customerBook(context: RegisterContext, invoices: () => readonly StoredInvoice[]): CustomerBook {
  return new RegisterBook({
    what: 'customer',
    numberField: 'CustomerNumber',
    numberSort: 'customernumber',
    build: () => buildRegister(context, invoices()),
    newFields(number, given) {
      const kind = given['Type'] === 'PRIVATE' ? 'PRIVATE' : 'COMPANY';
      const rng = createRng(`${context.seed}:${context.tenantId}:added:${number}`);
      const name = typeof given['Name'] === 'string' ? given['Name'] : kind === 'PRIVATE' ? personName(rng) : customerName(rng);
      return customerFields(context.seed, context.tenantId, number, name, kind, true);
    },
  });
}
