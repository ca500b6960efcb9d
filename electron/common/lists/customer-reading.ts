/**
 * How a customer of `GET /3/customers` is read (item-reading.ts): its fields are strings at the
 * service (docs/service.md, Customers), but numbers are read too; `Active` is *assumed* in the list
 * item, a boolean or "true"/"false": read either, and an item without it (or with null) is neither
 * active nor inactive (null), never guessed.
 */
import type { Customer } from '../customers';
import { itemReading } from './item-reading';

export const customerReading = itemReading<Customer>()({
  identity: 'CustomerNumber',
  fields: {
    '@url': 'url',
    CustomerNumber: 'key',
    Name: 'text',
    Email: 'text',
    Phone: 'text',
    OrganisationNumber: 'text',
    Address1: 'text',
    Address2: 'text',
    ZipCode: 'text',
    City: 'text',
    Active: 'flagOrNull',
  },
  // A register's contact fields are often empty or null; Active is assumed and may be absent.
  nullIsNormal: ['@url', 'Email', 'Phone', 'OrganisationNumber', 'Address1', 'Address2', 'ZipCode', 'City', 'Active'],
  toItem(raw) {
    const customer: Customer = {
      customerNumber: raw.CustomerNumber,
      name: raw.Name ?? '',
      email: raw.Email ?? '',
      phone: raw.Phone ?? '',
      organisationNumber: raw.OrganisationNumber ?? '',
      address1: raw.Address1 ?? '',
      address2: raw.Address2 ?? '',
      zipCode: raw.ZipCode ?? '',
      city: raw.City ?? '',
      active: raw.Active ?? null,
    };
    if (raw['@url'] !== undefined) customer.url = raw['@url'];
    return customer;
  },
});
