/**
 * How a supplier of `GET /3/suppliers` is read (item-reading.ts): its fields are strings at the
 * service (docs/service.md, Supplier register), numbers read too; the bank details as given;
 * `Active` is *assumed* in the list item, as for customers: a boolean or "true"/"false", and an
 * item without it (or with null) is neither active nor inactive (null), never guessed.
 */
import type { Supplier } from '../suppliers';
import { itemReading } from './item-reading';

export const supplierReading = itemReading<Supplier>()({
  identity: 'SupplierNumber',
  fields: {
    '@url': 'url',
    SupplierNumber: 'key',
    Name: 'text',
    OrganisationNumber: 'text',
    Address1: 'text',
    Address2: 'text',
    ZipCode: 'text',
    City: 'text',
    CountryCode: 'text',
    Phone: 'text',
    Email: 'text',
    BG: 'text',
    PG: 'text',
    BankAccountNumber: 'text',
    IBAN: 'text',
    BIC: 'text',
    Active: 'flagOrNull',
  },
  // A register's contact and bank fields are often empty or null; Active is assumed and may be absent.
  nullIsNormal: ['@url', 'OrganisationNumber', 'Address1', 'Address2', 'ZipCode', 'City', 'CountryCode', 'Phone', 'Email', 'BG', 'PG', 'BankAccountNumber', 'IBAN', 'BIC', 'Active'],
  toItem(raw) {
    const supplier: Supplier = {
      supplierNumber: raw.SupplierNumber,
      name: raw.Name ?? '',
      organisationNumber: raw.OrganisationNumber ?? '',
      address1: raw.Address1 ?? '',
      address2: raw.Address2 ?? '',
      zipCode: raw.ZipCode ?? '',
      city: raw.City ?? '',
      countryCode: raw.CountryCode ?? '',
      phone: raw.Phone ?? '',
      email: raw.Email ?? '',
      bg: raw.BG ?? '',
      pg: raw.PG ?? '',
      bankAccountNumber: raw.BankAccountNumber ?? '',
      iban: raw.IBAN ?? '',
      bic: raw.BIC ?? '',
      active: raw.Active ?? null,
    };
    if (raw['@url'] !== undefined) supplier.url = raw['@url'];
    return supplier;
  },
});
