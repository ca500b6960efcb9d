// The supplier register's description (common/lists/suppliers.ts): the columns the grid and the CSV
// show, in both languages and in their order, those shown by default and those in the column menu;
// its filters, its search fields and its sorts (every column on the copy, number and name at the
// service); its item read as the service sends it (bank details as given, Active a boolean, its
// text or absent); and its words in the grid and in its tab's own words.
import { describe, expect, it } from 'vitest';
import { listEndpoints } from '../../../../electron/api/list-endpoints';
import { localSortFieldsOf, serviceFiltersOf, serviceSortFieldsOf } from '../../../../electron/common/lists/list-description';
import { columnIdsOf, lists } from '../../../../electron/common/lists/registry';
import { requestedScopes } from '../../../../electron/auth/scopes';
import { listColumns } from '../../../../electron/export/columns';
import { supplierRegisterAccessWords, supplierRegisterWords } from '../../../../renderer/features/suppliers/supplier-register-words';
import { dictionaries } from '../../../../renderer/i18n/messages';

const list = lists.suppliers;

describe('the supplier register', () => {
  it('shows these columns in the grid and the CSV alike, in English and Swedish', () => {
    expect(listColumns('suppliers', 'en').map((c) => c.header)).toEqual([
      'Supplier no.',
      'Name',
      'Org. no.',
      'You owe (SEK)',
      'Overdue (SEK)',
      'Open bills',
      'You pay (days late)',
      'Last bill',
      'City',
      'Email',
      'Phone',
      'BG',
      'PG',
      'IBAN',
    ]);
    expect(listColumns('suppliers', 'sv').map((c) => c.header)).toEqual(['Levnr', 'Namn', 'Org.nr', 'Att betala (kr)', 'Förfallet (kr)', 'Öppna fakturor', 'Du betalar sent (dagar)', 'Senaste faktura', 'Ort', 'E-post', 'Telefon', 'BG', 'PG', 'IBAN']);
    // The grid's header says the same as the CSV's.
    for (const language of ['sv', 'en'] as const) for (const column of listColumns('suppliers', language)) expect(dictionaries[language][`list.suppliers.col.${column.id}`]).toBe(column.header);
    // Shown by default: who they are and the figures; the contact and bank columns in the column menu.
    expect(list.defaultColumns).toEqual(['supplierNumber', 'name', 'organisationNumber', 'owed', 'overdue', 'openBills', 'paysDaysLate', 'lastBill']);
    expect(columnIdsOf('suppliers').filter((id) => !list.defaultColumns.includes(id))).toEqual(['city', 'email', 'phone', 'bg', 'pg', 'iban']);
    // The five figures are the copy's own: without it a CSV leaves them out.
    expect(columnIdsOf('suppliers').filter((id) => list.fields[id].fromCopy)).toEqual(['owed', 'overdue', 'openBills', 'paysDaysLate', 'lastBill']);
  });

  it('filters active, inactive and with overdue (only the copy knows what is overdue), sorts any column on the copy and by number and name at the service', () => {
    expect(Object.keys(list.filters)).toEqual(['active', 'inactive', 'withoverdue']);
    expect(serviceFiltersOf(list)).toEqual(['active', 'inactive']);
    expect(serviceSortFieldsOf(list)).toEqual(['suppliernumber', 'name']);
    expect(localSortFieldsOf(list)).toHaveLength(columnIdsOf('suppliers').length);
    expect(Object.keys(list.searchFields)).toEqual(['name', 'suppliernumber']);
    expect(Object.values(list.filters).map((f) => f.label.sv)).toEqual(['Aktiva', 'Inaktiva', 'Med förfallet']);
    expect(list.words.grid).toEqual({ sv: 'Leverantörer', en: 'Suppliers' });
  });

  it('is asked for with its own scope, supplier, from its entry alone', () => {
    expect(list.api).toMatchObject({ path: '/3/suppliers', wrapperKey: 'Suppliers', scope: 'supplier' });
    expect(requestedScopes(false)).toContain('supplier');
  });

  it('reads an item as the service sends it: the bank details as given, Active a boolean, its text or absent', () => {
    const item = {
      '@url': 'https://api.example/3/suppliers/12',
      SupplierNumber: 12,
      Name: 'Ölands Kalk AB',
      OrganisationNumber: '556677-8899',
      Address1: 'Kalkvägen 1',
      Address2: null,
      ZipCode: '386 92',
      City: 'Färjestaden',
      CountryCode: 'SE',
      Phone: '0485-12345',
      Email: null,
      BG: '5050-1055',
      PG: '',
      BankAccountNumber: '8327-9 123 456 789',
      IBAN: '',
      BIC: '',
      Active: 'false',
      Currency: 'SEK',
    };
    const page = listEndpoints.suppliers.parse({ MetaInformation: { '@TotalResources': 3, '@TotalPages': 1, '@CurrentPage': 1 }, Suppliers: [item, { ...item, SupplierNumber: '13', Active: true }, { SupplierNumber: '14', Name: 'Utan' }] });
    expect(page.items[0]).toEqual({
      supplierNumber: '12',
      name: 'Ölands Kalk AB',
      organisationNumber: '556677-8899',
      address1: 'Kalkvägen 1',
      address2: '',
      zipCode: '386 92',
      city: 'Färjestaden',
      countryCode: 'SE',
      phone: '0485-12345',
      email: '',
      bg: '5050-1055',
      pg: '',
      bankAccountNumber: '8327-9 123 456 789',
      iban: '',
      bic: '',
      active: false,
      url: item['@url'],
    });
    expect(page.items.map((s) => [s.supplierNumber, s.active])).toEqual([
      ['12', false],
      ['13', true],
      ['14', null],
    ]);
    expect(page.items.map((s) => list.statusOf(s, '2026-06-15'))).toEqual(['inactive', 'active', 'unknown']);
  });

  it("has its tab's words in both languages, with the same placeholders", () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const words of [supplierRegisterWords, supplierRegisterAccessWords]) {
      for (const key of Object.keys(words.sv) as Array<keyof typeof words.sv>) {
        expect(words.en[key], key).toMatch(/\S/);
        expect(names(words.en[key]), key).toEqual(names(words.sv[key]));
      }
    }
  });
});
