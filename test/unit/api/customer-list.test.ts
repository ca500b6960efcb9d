// The customer list as the real service may send it (docs/service.md, Customers): strings, but numbers
// read too; Active a boolean, "true"/"false", or absent (then unknown, never guessed); a null or
// missing field, an unknown extra field: every customer kept; only an item without a usable
// CustomerNumber cannot be shown. And its query: the service's filters (not "with overdue", the
// copy's own), its sorts by number and name, one search field.
import { describe, expect, it } from 'vitest';
import { listEndpoints } from '../../../electron/api/list-endpoints';
import { serviceQueryOf, localQueryOf } from '../../../electron/api/list-queries';
import type { OddityReport } from '../../../electron/api/list-response';

const parseCustomerListResponse = listEndpoints.customers.parse;

const item = {
  '@url': 'https://api.example/3/customers/17',
  Active: true,
  Address1: 'Storgatan 1',
  Address2: '',
  City: 'Örebro',
  CustomerNumber: '17',
  Email: 'info@example.se',
  Name: 'Örebro Järn AB',
  OrganisationNumber: '556677-8899',
  Phone: '019-123456',
  ZipCode: '702 10',
};
const page = (items: unknown[]) => ({ MetaInformation: { '@TotalResources': items.length, '@TotalPages': 1, '@CurrentPage': 1 }, Customers: items });

describe('the customer list', () => {
  it('reads an item as the service sends it', () => {
    const { items } = parseCustomerListResponse(page([item]));
    expect(items).toEqual([
      { customerNumber: '17', name: 'Örebro Järn AB', email: 'info@example.se', phone: '019-123456', organisationNumber: '556677-8899', address1: 'Storgatan 1', address2: '', zipCode: '702 10', city: 'Örebro', active: true, url: item['@url'] },
    ]);
  });

  it('reads Active as a boolean or its text, and an item without it (or with null) as unknown', () => {
    const { items } = parseCustomerListResponse(
      page([
        { ...item, CustomerNumber: '1', Active: 'false' },
        { ...item, CustomerNumber: '2', Active: 'true' },
        { ...item, CustomerNumber: '3', Active: null },
        { ...(({ Active: _a, ...rest }) => rest)(item), CustomerNumber: '4' },
        { ...item, CustomerNumber: '5', Active: false },
      ]),
    );
    expect(items.map((c) => [c.customerNumber, c.active])).toEqual([
      ['1', false],
      ['2', true],
      ['3', null],
      ['4', null],
      ['5', false],
    ]);
  });

  it('keeps every customer with missing, null, numeric or unknown fields, and counts what was odd', () => {
    const odd: OddityReport[] = [];
    const { items } = parseCustomerListResponse(
      page([
        { CustomerNumber: 42, Name: 'Bara nummer' },
        { ...item, CustomerNumber: '43', Phone: 46701234567, Email: null, City: null, Name: null, Extra: { nested: true } },
        { ...item, CustomerNumber: '44', OrganisationNumber: ['x'] },
        { ...item, CustomerNumber: null },
      ]),
      { onOddity: (report) => odd.push(report) },
    );
    expect(items.map((c) => c.customerNumber)).toEqual(['42', '43', '44']);
    expect(items[0]).toMatchObject({ name: 'Bara nummer', email: '', city: '', active: null });
    expect(items[1]).toMatchObject({ phone: '46701234567', email: '', city: '', name: '' });
    expect(items[2]?.organisationNumber).toBe('');
    expect(odd[0]?.dropped).toBe(1);
  });

  it('sends the service its own filters, sorts and one search field; "with overdue" and the figures only to the copy', () => {
    const service = serviceQueryOf('customers');
    expect(service({ limit: 50, filter: 'inactive', sortby: 'name', sortorder: 'descending', search: { field: 'name', value: 'berg' } })).toMatchObject({ filter: 'inactive', sortby: 'name' });
    expect(() => service({ limit: 50, filter: 'withoverdue' })).toThrow(/filter/);
    expect(() => service({ limit: 50, sortby: 'owed' })).toThrow(/sortby/);
    expect(localQueryOf('customers')({ limit: 50, filter: 'withoverdue', sortby: 'owed' })).toMatchObject({ filter: 'withoverdue', sortby: 'owed' });
  });
});
