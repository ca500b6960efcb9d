/**
 * The supplier register (leverantörer), `GET /3/suppliers` (docs/service.md, Supplier register):
 * the registry's description of the list (list-description.ts); its item is read by
 * supplier-reading.ts, its fields, filters and search fields are common/supplier-fields.ts's. The service
 * sorts it by number and name and filters it by active or inactive; what the company owes each
 * supplier, what of it is overdue, how late it pays them and their last bill are the copy's own
 * figures, kept per supplier from the supplier invoices (supplier-figures.ts), so they sort and
 * sum like any column.
 */
import type { SupplierRegisterColumnId, SupplierRegisterFilter, SupplierRegisterSearchField } from '../supplier-grid';
import { supplierActivityOf, type Supplier, type SupplierActivity, type SupplierRow } from '../suppliers';
import type { ListDescription } from './list-description';
import { numericKey } from './stored-columns';
import { supplierFields, supplierFilters, supplierSearchFields } from '../supplier-fields';
import { supplierFigures } from './supplier-figures';
import { supplierReading } from './supplier-reading';

/** Active as the copy keeps it: 1, 0, or NULL when the item does not say. */
const activeBit = (active: boolean | null): number | null => (active === null ? null : active ? 1 : 0);
const numberOr = (value: unknown, none: number | null): number | null => (typeof value === 'number' ? value : none);

export const suppliersList: ListDescription<Supplier, SupplierRow, SupplierRegisterColumnId, SupplierActivity, SupplierRegisterFilter, SupplierRegisterSearchField, true> = {
  noun: 'supplier',
  fileWord: { sv: 'leverantörer', en: 'suppliers' },
  api: { path: '/3/suppliers', wrapperKey: 'Suppliers', scope: 'supplier', item: supplierReading },
  identity: (supplier) => supplier.supplierNumber,
  // A register, not invoices: no invoice or due dates, one currency (the figures are in SEK).
  dated: false,
  tab: true,
  documents: null,
  fields: supplierFields,
  // Who they are and the five figures: the contact and bank columns are in the column menu.
  defaultColumns: ['supplierNumber', 'name', 'organisationNumber', 'owed', 'overdue', 'openBills', 'paysDaysLate', 'lastBill'],
  dropOrder: ['iban', 'pg', 'bg', 'phone', 'email', 'city', 'organisationNumber', 'lastBill', 'paysDaysLate', 'openBills', 'supplierNumber'],
  growColumn: 'name',
  statuses: {
    active: { sv: 'Aktiv', en: 'Active' },
    inactive: { sv: 'Inaktiv', en: 'Inactive' },
    unknown: { sv: 'Okänd', en: 'Unknown' },
  },
  statusOf: (supplier) => supplierActivityOf(supplier),
  filters: supplierFilters,
  searchFields: supplierSearchFields,
  stored: {
    table: 'suppliers',
    dataTable: 'supplier_data',
    wordsTable: 'supplier_words',
    // supplier_names is the supplier invoices' (their suppliers' names as the bills carry them).
    namesTable: 'supplier_register_names',
    stateKey: 'sync:suppliers',
    namesDirtyKey: 'namesDirty:suppliers',
    identity: 'supplier_number',
    orderKey: 'supplier_no',
    nameOf: (supplier) => supplier.name,
    nameColumn: 'name',
    columns: [
      { name: 'supplier_number', type: 'TEXT', value: (s) => s.supplierNumber },
      { name: 'supplier_no', type: 'REAL', value: (s) => numericKey(s.supplierNumber) },
      { name: 'name', type: 'TEXT', value: (s) => s.name },
      { name: 'organisation_number', type: 'TEXT', value: (s) => s.organisationNumber },
      { name: 'city', type: 'TEXT', value: (s) => s.city },
      { name: 'email', type: 'TEXT', value: (s) => s.email },
      { name: 'phone', type: 'TEXT', value: (s) => s.phone },
      { name: 'bg', type: 'TEXT', value: (s) => s.bg },
      { name: 'pg', type: 'TEXT', value: (s) => s.pg },
      { name: 'iban', type: 'TEXT', value: (s) => s.iban },
      { name: 'active', type: 'INTEGER', nullable: true, value: (s) => activeBit(s.active) },
    ],
    searchWords: (s) => [s.name, s.supplierNumber, s.organisationNumber, s.email, s.city].join(' '),
    // The figures, kept per supplier from its bills (supplier-figures.ts); no habit is -1 and no
    // bill '' (so they sort first, as NULL would, under NOT NULL columns).
    extraColumns: ['owed_sek', 'overdue_sek', 'open_bills', 'overdue_bills', 'habit_days', 'last_bill'],
    extraTypes: { owed_sek: 'REAL', overdue_sek: 'REAL', open_bills: 'INTEGER', overdue_bills: 'INTEGER', habit_days: 'INTEGER', last_bill: 'TEXT' },
    figures: supplierFigures,
    rowFields: (kept) => ({
      currency: 'SEK',
      owed: numberOr(kept['owed_sek'], 0),
      overdue: numberOr(kept['overdue_sek'], 0),
      openBills: numberOr(kept['open_bills'], 0),
      paysDaysLate: typeof kept['habit_days'] === 'number' && kept['habit_days'] >= 0 ? kept['habit_days'] : null,
      lastBill: typeof kept['last_bill'] === 'string' && kept['last_bill'] !== '' ? kept['last_bill'] : null,
    }),
    // The view's sums: how many suppliers, what the company owes them and what of it is overdue, in SEK.
    sums: { currency: `'SEK'`, total: 'owed_sek', balance: 'overdue_sek', tallied: false },
  },
  // Read in supplier number order (the service's default); the figures come from the supplier invoices' copy.
  sync: { order: { sortby: 'suppliernumber', sortorder: 'ascending' }, flagLists: [], figuresFrom: ['supplierinvoices'] },
  own: { query: {}, view: {} },
  words: {
    grid: { sv: 'Leverantörer', en: 'Suppliers' },
    text: { sv: 'Sök på namn, levnr, org.nr, e-post eller ort', en: 'Search name, supplier no., org. no., email or city' },
    textPlaceholder: { sv: 'Sök leverantör, nummer, org.nr…', en: 'Search supplier, number, org. no.…' },
    sumsOne: { sv: '1 leverantör', en: '1 supplier' },
    sumsCount: { sv: '{count} leverantörer', en: '{count} suppliers' },
    sumsTotal: { sv: 'Att betala', en: 'You owe' },
    sumsBalance: { sv: 'Förfallet', en: 'Overdue' },
    selectRow: { sv: 'Välj leverantör {number}', en: 'Select supplier {number}' },
    notSortable: { sv: 'Tjänsten sorterar leverantörer bara på nummer och namn.', en: 'The service sorts suppliers by number and name only.' },
    syncing: { sv: 'Synkar leverantörer {done} av {total}', en: 'Syncing suppliers {done} of {total}' },
    syncingUnknown: { sv: 'Synkar leverantörer {done}', en: 'Syncing suppliers {done}' },
    serviceNote: {
      waiting: {
        sv: 'Den lokala kopian läses in. Till dess visar tjänsten leverantörsregistret utan belopp: vad du är skyldig varje leverantör, förfallet, öppna fakturor och hur sent du betalar kommer när kopian är klar.',
        en: 'The local copy is being read. Until then the service shows the register without amounts: what you owe each supplier, overdue, open bills and how late you pay come when the copy is ready.',
      },
      off: {
        sv: 'Lokal kopia är avstängd i Inställningar. Tjänsten visar leverantörsregistret utan belopp: vad du är skyldig varje leverantör och hur sent du betalar kräver kopian.',
        en: 'The local copy is turned off in Settings. The service shows the register without amounts: what you owe each supplier and how late you pay need the copy.',
      },
    },
  },
};
