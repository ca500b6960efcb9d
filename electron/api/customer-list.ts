/**
 * The customer list's response (list-response.ts, with the customers' item description). Its
 * fields are strings at the service (docs/service.md, Customers), but numbers are read too; `Active` is
 * *assumed* in the list item, a boolean or "true"/"false": read either, and an item without it
 * (or with null) is neither active nor inactive (null), never guessed.
 */
import { z } from 'zod';
import { lists } from '../common/lists/registry';
import type { Customer } from '../common/customers';
import { listResponseParser, text, type ListPage, type ParseOptions } from './list-response';

/** Active as the service may send it: a boolean, its text, or null (unknown). */
const activeLike = z.union([z.boolean(), z.enum(['true', 'false', 'TRUE', 'FALSE', '1', '0']).transform((s) => s === 'true' || s === 'TRUE' || s === '1'), z.null()]);

const customerFields = {
  '@url': z.string().optional(),
  CustomerNumber: z.union([z.string().regex(/^\s*\S+\s*$/).transform((s) => s.trim()), z.number().int().transform(String)]),
  Name: text.optional(),
  Email: text.optional(),
  Phone: text.optional(),
  OrganisationNumber: text.optional(),
  Address1: text.optional(),
  Address2: text.optional(),
  ZipCode: text.optional(),
  City: text.optional(),
  Active: activeLike.optional(),
};

type RawCustomer = z.infer<z.ZodObject<typeof customerFields>>;

function toCustomer(raw: RawCustomer): Customer {
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
}

/** A register's contact fields are often empty or null; Active is assumed and may be absent. */
const NULL_IS_NORMAL = new Set(['@url', 'Email', 'Phone', 'OrganisationNumber', 'Address1', 'Address2', 'ZipCode', 'City', 'Active']);

const parse = listResponseParser({
  noun: lists.customers.noun,
  wrapper: lists.customers.api.wrapperKey,
  identity: 'CustomerNumber',
  fields: customerFields,
  nullIsNormal: NULL_IS_NORMAL,
  toItem: toCustomer,
});

/** Parses the body of GET /3/customers (see listResponseParser). */
export function parseCustomerListResponse(json: unknown, options: ParseOptions = {}): ListPage<Customer> {
  return parse(json, options);
}
