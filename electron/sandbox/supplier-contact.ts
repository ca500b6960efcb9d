// A supplier's register fields beyond its name, deterministic from the seed, the company and the
// supplier number (its own PRNG, so no other supplier and no invoice moves when one is added).
// A Swedish supplier has a Swedish address (in the town its name names, if any), phone, e-mail,
// organisation and VAT numbers, and is paid by bankgiro, plusgiro or bank account; some gave no
// organisation number or e-mail. One abroad has its country's address, phone and VAT number and is
// paid by IBAN and BIC (foreign-suppliers.ts). Its terms, currency and cost account are the ones
// its supplier invoices follow (supplier-registry.ts), so the register and the invoices agree.

import { bankgiro, plusgiro, swedishBankAccount, type BankAccount } from './bank-details';
import { companyDomain, organisationNumberFor, phoneFor, slug } from './contact-details';
import { foreignContact, isForeignCountry } from './foreign-suppliers';
import { swedishAddress } from './invoice-details';
import { FIRST_NAMES, SURNAMES, supplierName, type ForeignCountry } from './names';
import { createRng, type Rng } from './prng';
import type { RegisterPatch } from './register-types';
import { approvers, COST_CENTERS } from './supplier-data';
import { COST_ACCOUNTS } from './supplier-registry';

/** What a supplier's invoices already say about it: the register's entry follows from this. */
export interface SupplierIdentity {
  number: string;
  name: string;
  currency: string;
  country: 'SE' | ForeignCountry;
  /** Days from invoice date to due date. */
  terms: number;
  /** The cost account its invoices are booked on. */
  costAccount: number;
}

const COMMENTS = ['', '', '', '', '', 'Ramavtal t.o.m. 2027-12-31.', 'Fakturor via Peppol.', 'Inköpsordernummer krävs på fakturan.', 'Kontaktperson byttes i våras.'];
const TERMS = [10, 15, 20, 30, 30, 45] as const;

/** Swedish giro numbers or a bank account: at least one way to pay, mostly a bankgiro. */
function swedishPayment(rng: Rng): BankAccount & { BG: string; PG: string } {
  const bg = rng.chance(0.85) ? bankgiro(rng) : '';
  const pg = rng.chance(bg === '' ? 0.6 : 0.15) ? plusgiro(rng) : '';
  const account = bg === '' && pg === '' ? swedishBankAccount(rng) : rng.chance(0.1) ? swedishBankAccount(rng) : { BankAccountNumber: '', IBAN: '', BIC: '' };
  return { BG: bg, PG: pg, ...account };
}

/** The legal form after a company's name, whose letters an e-mail domain leaves out. */
const LEGAL_FORM = / (GmbH|ApS|Oy|B\.V\.|SARL|Sp\. z o\.o\.|Inc\.|LLC|Corp\.)$/;

function swedishContact(rng: Rng, supplier: SupplierIdentity): Record<string, unknown> {
  const address = swedishAddress(rng, supplier.name);
  const organisationNumber = rng.chance(0.08) ? '' : organisationNumberFor(rng, supplier.name, false);
  const domain = companyDomain(supplier.name) || `leverantor-${supplier.number}`;
  return {
    ...address,
    Country: 'Sverige',
    Email: rng.chance(0.08) ? '' : `${rng.pick(['faktura', 'ekonomi', 'info', 'order', 'kundservice'])}@${domain}.se`,
    OrganisationNumber: organisationNumber,
    Phone: phoneFor(rng, address.City, false),
    VATNumber: organisationNumber === '' ? '' : `SE${organisationNumber.replace('-', '')}01`,
    WWW: rng.chance(0.6) ? `www.${domain}.se` : '',
    YourReference: rng.chance(0.7) ? `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}` : '',
    ...swedishPayment(rng),
  };
}

function abroadContact(rng: Rng, supplier: SupplierIdentity, country: ForeignCountry): Record<string, unknown> {
  const { domain: ending, ...contact } = foreignContact(rng, country);
  const domain = slug(supplier.name.replace(LEGAL_FORM, '')) || `supplier-${supplier.number}`;
  return {
    ...contact,
    BG: '',
    Email: rng.chance(0.08) ? '' : `${rng.pick(['invoice', 'accounts', 'billing'])}@${domain}.${ending}`,
    OrganisationNumber: '',
    PG: '',
    WWW: `www.${domain}.${ending}`,
    YourReference: '',
  };
}

/**
 * The stored fields of a well-formed supplier, keys in code-unit order (the order the service sends
 * them in): the list item's and the single supplier's (terms of payment, VAT number and type,
 * comments, country, web address, references).
 */
export function supplierFields(seed: string, tenantId: string, supplier: SupplierIdentity, active: boolean): Record<string, unknown> {
  const rng = createRng(`${seed}:${tenantId}:supplier-register:${supplier.number}`);
  const contact = supplier.country === 'SE' ? swedishContact(rng, supplier) : abroadContact(rng, supplier, supplier.country);
  const fields: Record<string, unknown> = {
    ...contact,
    Active: active,
    Comments: rng.pick(COMMENTS),
    CostCenter: rng.chance(0.15) ? rng.pick(COST_CENTERS) : '',
    CountryCode: supplier.country,
    Currency: supplier.currency,
    Name: supplier.name,
    // Who at the company deals with this supplier: one of those who approve its invoices.
    OurReference: rng.pick(approvers(seed, tenantId)),
    PreDefinedAccount: String(supplier.costAccount),
    SupplierNumber: supplier.number,
    TermsOfPayment: String(supplier.terms),
    // As its invoices' VAT type: Swedish VAT at home, EU acquisition within the union, reverse charge beyond it.
    VATType: supplier.country === 'SE' ? 'NORMAL' : supplier.country === 'US' ? 'REVERSE' : 'EUINTERNAL',
  };
  return Object.fromEntries(Object.keys(fields).sort().map((key) => [key, fields[key]]));
}

/**
 * A supplier the generator did not make (a test's, or one a new supplier invoice names): abroad
 * when `given` names a foreign CountryCode, else Swedish; its currency the one given, else its
 * country's; its name, terms and cost account given or from the seed.
 */
export function newSupplierIdentity(seed: string, tenantId: string, number: string, given: RegisterPatch): SupplierIdentity {
  const rng = createRng(`${seed}:${tenantId}:added-supplier:${number}`);
  const countryCode = given['CountryCode'];
  const country = isForeignCountry(countryCode) ? countryCode : 'SE';
  const currency = typeof given['Currency'] === 'string' ? given['Currency'] : country === 'SE' ? 'SEK' : country === 'US' ? 'USD' : 'EUR';
  const name = typeof given['Name'] === 'string' ? given['Name'] : supplierName(rng);
  return { number, name, currency, country, terms: rng.pick(TERMS), costAccount: rng.pick(COST_ACCOUNTS).account };
}
