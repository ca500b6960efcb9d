/**
 * The supplier register (leverantörer), `GET /3/suppliers` (docs/service.md, Supplier register):
 * the registry's description of the list (list-description.ts); its item is read by
 * supplier-reading.ts; its ids and its grid's types are derived from it (registry.ts). The service
 * sorts it by number and name and filters it by active or inactive; what the company owes each
 * supplier, what of it is overdue, how late it pays them and their last bill are the copy's own
 * figures, kept per supplier from the supplier invoices (supplier-figures.ts), so they sort and
 * sum like any column.
 */
import { supplierActivityOf, type Supplier, type SupplierRow } from '../suppliers';
import { describeList } from './list-description';
import { numericKey } from './stored-columns';
import { supplierFigures } from './supplier-figures';
import { supplierReading } from './supplier-reading';

/** Active as the copy keeps it: 1, 0, or NULL when the item does not say. */
const activeBit = (active: boolean | null): number | null => (active === null ? null : active ? 1 : 0);
const numberOr = (value: unknown, none: number | null): number | null => (typeof value === 'number' ? value : none);

export const suppliersList = describeList<Supplier, SupplierRow>()({
  noun: 'supplier',
  fileWord: { sv: 'leverantörer', en: 'suppliers' },
  api: { path: '/3/suppliers', wrapperKey: 'Suppliers', scope: 'supplier', item: supplierReading },
  identity: (supplier) => supplier.supplierNumber,
  // A register, not invoices: no invoice or due dates, one currency (the figures are in SEK).
  dated: false,
  tab: true,
  documents: null,
  fields: {
    supplierNumber: { label: { sv: 'Levnr', en: 'Supplier no.' }, kind: 'number', width: 80, value: (r) => r.supplierNumber, sort: { field: 'suppliernumber', sql: 'supplier_no' }, serviceSorts: true },
    name: { label: { sv: 'Namn', en: 'Name' }, kind: 'text', width: 140, value: (r) => r.name, sort: { field: 'name', sql: 'name_rank' }, serviceSorts: true },
    organisationNumber: { label: { sv: 'Org.nr', en: 'Org. no.' }, kind: 'text', width: 100, value: (r) => r.organisationNumber, sort: { field: 'organisationnumber', sql: 'organisation_number' } },
    owed: { label: { sv: 'Att betala (kr)', en: 'You owe (SEK)' }, kind: 'amount', width: 132, value: (r) => r.owed, sort: { field: 'owed', sql: 'owed_sek' }, fromCopy: true },
    overdue: { label: { sv: 'Förfallet (kr)', en: 'Overdue (SEK)' }, kind: 'amount', width: 132, value: (r) => r.overdue, sort: { field: 'overdue', sql: 'overdue_sek' }, fromCopy: true },
    openBills: { label: { sv: 'Öppna fakturor', en: 'Open bills' }, kind: 'number', width: 124, value: (r) => r.openBills, sort: { field: 'openbills', sql: 'open_bills' }, fromCopy: true },
    paysDaysLate: { label: { sv: 'Du betalar sent (dagar)', en: 'You pay (days late)' }, kind: 'number', width: 180, value: (r) => r.paysDaysLate, sort: { field: 'payslate', sql: 'habit_days' }, fromCopy: true },
    lastBill: { label: { sv: 'Senaste faktura', en: 'Last bill' }, kind: 'date', width: 132, value: (r) => r.lastBill, sort: { field: 'lastbill', sql: 'last_bill' }, fromCopy: true },
    city: { label: { sv: 'Ort', en: 'City' }, kind: 'text', width: 110, value: (r) => r.city, sort: { field: 'city', sql: 'city' } },
    email: { label: { sv: 'E-post', en: 'Email' }, kind: 'text', width: 180, value: (r) => r.email, sort: { field: 'email', sql: 'email' } },
    phone: { label: { sv: 'Telefon', en: 'Phone' }, kind: 'text', width: 120, value: (r) => r.phone, sort: { field: 'phone', sql: 'phone' } },
    bg: { label: { sv: 'BG', en: 'BG' }, kind: 'text', width: 100, value: (r) => r.bg, sort: { field: 'bg', sql: 'bg' } },
    pg: { label: { sv: 'PG', en: 'PG' }, kind: 'text', width: 100, value: (r) => r.pg, sort: { field: 'pg', sql: 'pg' } },
    iban: { label: { sv: 'IBAN', en: 'IBAN' }, kind: 'text', width: 200, value: (r) => r.iban, sort: { field: 'iban', sql: 'iban' } },
  },
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
  // A supplier whose item does not say Active (NULL) is in neither chip; only the copy knows what is overdue.
  filters: {
    active: { label: { sv: 'Aktiva', en: 'Active' }, sql: 'active = 1' },
    inactive: { label: { sv: 'Inaktiva', en: 'Inactive' }, sql: 'active = 0' },
    // Only the copy knows what is overdue: the service has no balances.
    withoverdue: { label: { sv: 'Med förfallet', en: 'With overdue' }, sql: 'overdue_bills > 0', localOnly: true },
  },
  // The service's search fields (one at a time); the copy's search box finds the organisation number too.
  searchFields: {
    name: { label: { sv: 'Namn', en: 'Name' }, column: 'name' },
    suppliernumber: { label: { sv: 'Levnr', en: 'Supplier no.' }, column: 'supplier_number' },
  },
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
    // Active or not, with overdue.
    covered: ['active', 'overdue_bills'],
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
});
