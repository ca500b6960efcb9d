// A customer's register fields beyond its name, deterministic from the seed, the company and the
// customer number: the address the customer's invoices already carry (invoice-details.ts, so the
// register and the single invoice agree, the City too), and Swedish contact details that fit it
// (contact-details.ts): a phone number with the city's area code, an e-mail address made from the
// name, and an organisation number of the right kind, each with its Luhn digit.

import { companyDomain, organisationNumberFor, phoneFor, slug, weighted } from './contact-details';
import { customerAddress } from './invoice-details';
import { createRng, type Rng } from './prng';

const MAIL_BOXES = ['info', 'faktura', 'ekonomi', 'kontakt', 'order'];
const MAIL_PROVIDERS = ['gmail.com', 'telia.com', 'hotmail.com', 'outlook.com', 'icloud.com'];

export type CustomerKind = 'COMPANY' | 'PRIVATE';

function emailFor(rng: Rng, name: string, kind: CustomerKind, number: string): string {
  if (rng.chance(0.06)) return ''; // some customers gave none
  if (kind === 'PRIVATE') {
    const [first = 'kund', ...rest] = name.split(' ');
    return `${slug(first)}.${slug(rest.join(' ')) || number}@${rng.pick(MAIL_PROVIDERS)}`;
  }
  return `${rng.pick(MAIL_BOXES)}@${companyDomain(name) || `kund-${number}`}.se`;
}

const TERMS = [['30', 0.6], ['10', 0.15], ['20', 0.15], ['15', 0.1]] as const;

/**
 * The stored fields of a well-formed customer, keys in code-unit order (the order the service sends
 * them in). Its own PRNG per customer number, so neither the invoices nor the other customers move
 * when one is added.
 */
export function customerFields(seed: string, tenantId: string, number: string, name: string, kind: CustomerKind, active: boolean): Record<string, unknown> {
  const address = customerAddress(seed, tenantId, number, name);
  const rng = createRng(`${seed}:${tenantId}:register:${number}`);
  const organisationNumber = organisationNumberFor(rng, name, kind === 'PRIVATE');
  const email = emailFor(rng, name, kind, number);
  const phone = phoneFor(rng, address.City, kind === 'PRIVATE');
  return {
    Active: active,
    Address1: address.Address1,
    // A household has no accounts department to send the invoice in care of.
    Address2: kind === 'PRIVATE' && address.Address2.startsWith('c/o') ? '' : address.Address2,
    City: address.City,
    Currency: 'SEK',
    CustomerNumber: number,
    Email: email,
    Name: name,
    OrganisationNumber: organisationNumber,
    Phone: phone,
    TermsOfPayment: weighted(rng, TERMS),
    Type: kind,
    VATType: 'SEVAT',
    ZipCode: address.ZipCode,
  };
}
