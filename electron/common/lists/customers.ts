/**
 * The customer register (kunder), `GET /3/customers` (docs/service.md, Customers). The registry's
 * description of the list (list-description.ts); its item is read by customer-reading.ts. The
 * service sorts it by number and name and filters it by active or inactive; what each customer
 * owes, how late it pays and when it was last invoiced are the copy's own figures, kept per
 * customer from the customer invoices (customer-figures.ts), so they sort and sum like
 * any column.
 */
import { customerStatusOf, type Customer, type CustomerRow } from '../customers';
import { describeList } from './list-description';
import { customerFigures } from './customer-figures';
import { customerReading } from './customer-reading';
import { numericKey } from './stored-columns';

/** Active as the copy keeps it: 1, 0, or NULL when the item does not say. */
const activeBit = (active: boolean | null): number | null => (active === null ? null : active ? 1 : 0);

export const customersList = describeList<Customer, CustomerRow>()({
  noun: 'customer',
  fileWord: { sv: 'kunder', en: 'customers' },
  api: { path: '/3/customers', wrapperKey: 'Customers', scope: 'customer', item: customerReading },
  identity: (customer) => customer.customerNumber,
  // A register, not invoices: no invoice or due dates, one currency (the figures are in SEK).
  dated: false,
  tab: true,
  documents: null,
  fields: {
    customerNumber: { label: { sv: 'Kundnr', en: 'Customer no.' }, kind: 'number', width: 80, value: (r) => r.customerNumber, sort: { field: 'customernumber', sql: 'customer_no' }, serviceSorts: true },
    name: { label: { sv: 'Namn', en: 'Name' }, kind: 'text', width: 150, value: (r) => r.name, sort: { field: 'name', sql: 'name_rank' }, serviceSorts: true },
    organisationNumber: { label: { sv: 'Org.nr', en: 'Org. no.' }, kind: 'text', width: 116, value: (r) => r.organisationNumber, sort: { field: 'organisationnumber', sql: 'organisation_number' } },
    city: { label: { sv: 'Ort', en: 'City' }, kind: 'text', width: 110, value: (r) => r.city, sort: { field: 'city', sql: 'city' } },
    email: { label: { sv: 'E-post', en: 'Email' }, kind: 'text', width: 180, value: (r) => r.email, sort: { field: 'email', sql: 'email' } },
    phone: { label: { sv: 'Telefon', en: 'Phone' }, kind: 'text', width: 120, value: (r) => r.phone, sort: { field: 'phone', sql: 'phone' } },
    active: { label: { sv: 'Aktiv', en: 'Active' }, kind: 'flag', width: 72, value: (r) => r.active, sort: { field: 'active', sql: 'active' } },
    owed: { label: { sv: 'Att få (kr)', en: 'Owed (SEK)' }, kind: 'amount', width: 124, value: (r) => r.owed, sort: { field: 'owed', sql: 'owed_sek' }, fromCopy: true },
    overdue: { label: { sv: 'Förfallet (kr)', en: 'Overdue (SEK)' }, kind: 'amount', width: 132, value: (r) => r.overdue, sort: { field: 'overdue', sql: 'overdue_sek' }, fromCopy: true },
    openInvoices: { label: { sv: 'Öppna fakturor', en: 'Open invoices' }, kind: 'number', width: 124, value: (r) => r.openInvoices, sort: { field: 'openinvoices', sql: 'open_invoices' }, fromCopy: true },
    usuallyPaysDaysLate: { label: { sv: 'Betalar sent (dagar)', en: 'Usually pays (days late)' }, kind: 'number', width: 176, value: (r) => r.usuallyPaysDaysLate, sort: { field: 'usuallypays', sql: 'habit_days' }, fromCopy: true },
    lastInvoice: { label: { sv: 'Senaste faktura', en: 'Last invoice' }, kind: 'date', width: 132, value: (r) => r.lastInvoice, sort: { field: 'lastinvoice', sql: 'last_invoice' }, fromCopy: true },
  },
  // Who they are and the five figures: they fit the default window (1280 × 800); contact details are in the column menu.
  defaultColumns: ['customerNumber', 'name', 'owed', 'overdue', 'openInvoices', 'usuallyPaysDaysLate', 'lastInvoice'],
  dropOrder: ['phone', 'email', 'organisationNumber', 'city', 'active', 'lastInvoice', 'usuallyPaysDaysLate', 'openInvoices', 'customerNumber'],
  growColumn: 'name',
  statuses: {
    active: { sv: 'Aktiv', en: 'Active' },
    inactive: { sv: 'Inaktiv', en: 'Inactive' },
    unknown: { sv: 'Okänd', en: 'Unknown' },
  },
  statusOf: (customer) => customerStatusOf(customer),
  // A customer whose item does not say Active (NULL) is in neither chip.
  filters: {
    active: { label: { sv: 'Aktiva', en: 'Active' }, sql: 'active = 1' },
    inactive: { label: { sv: 'Inaktiva', en: 'Inactive' }, sql: 'active = 0' },
    withoverdue: { label: { sv: 'Med förfallet', en: 'With overdue' }, sql: 'overdue_invoices > 0', localOnly: true },
  },
  searchFields: {
    name: { label: { sv: 'Namn', en: 'Name' }, column: 'name' },
    customernumber: { label: { sv: 'Kundnr', en: 'Customer no.' }, column: 'customer_number' },
  },
  stored: {
    table: 'customers',
    dataTable: 'customer_data',
    wordsTable: 'customer_words',
    // customer_names is the customer invoices' (their customers' names as the invoices carry them).
    namesTable: 'customer_register_names',
    stateKey: 'sync:customers',
    namesDirtyKey: 'namesDirty:customers',
    identity: 'customer_number',
    orderKey: 'customer_no',
    nameOf: (customer) => customer.name,
    nameColumn: 'name',
    columns: [
      { name: 'customer_number', type: 'TEXT', value: (c) => c.customerNumber },
      { name: 'customer_no', type: 'REAL', value: (c) => numericKey(c.customerNumber) },
      { name: 'name', type: 'TEXT', value: (c) => c.name },
      { name: 'organisation_number', type: 'TEXT', value: (c) => c.organisationNumber },
      { name: 'city', type: 'TEXT', value: (c) => c.city },
      { name: 'email', type: 'TEXT', value: (c) => c.email },
      { name: 'phone', type: 'TEXT', value: (c) => c.phone },
      { name: 'active', type: 'INTEGER', nullable: true, value: (c) => activeBit(c.active) },
    ],
    searchWords: (c) => [c.name, c.customerNumber, c.organisationNumber, c.email, c.city].join(' '),
    // The figures, kept per customer from the invoices (customer-figures.ts); no habit is -1
    // and no invoice '' (so they sort first, as NULL would, under NOT NULL columns).
    extraColumns: ['owed_sek', 'overdue_sek', 'open_invoices', 'overdue_invoices', 'habit_days', 'last_invoice'],
    extraTypes: { owed_sek: 'REAL', overdue_sek: 'REAL', open_invoices: 'INTEGER', overdue_invoices: 'INTEGER', habit_days: 'INTEGER', last_invoice: 'TEXT' },
    // Active or not, with overdue.
    covered: ['active', 'overdue_invoices'],
    figures: customerFigures,
    rowFields: (kept) => ({
      currency: 'SEK',
      owed: typeof kept['owed_sek'] === 'number' ? kept['owed_sek'] : 0,
      overdue: typeof kept['overdue_sek'] === 'number' ? kept['overdue_sek'] : 0,
      openInvoices: typeof kept['open_invoices'] === 'number' ? kept['open_invoices'] : 0,
      usuallyPaysDaysLate: typeof kept['habit_days'] === 'number' && kept['habit_days'] >= 0 ? kept['habit_days'] : null,
      lastInvoice: typeof kept['last_invoice'] === 'string' && kept['last_invoice'] !== '' ? kept['last_invoice'] : null,
    }),
    // The view's sums: how many customers, what they owe and what of it is overdue, in SEK.
    sums: { currency: `'SEK'`, total: 'owed_sek', balance: 'overdue_sek', tallied: false },
  },
  // Read in customer number order (the service's default).
  sync: { order: { sortby: 'customernumber', sortorder: 'ascending' }, flagLists: [], figuresFrom: ['invoices'] },
  own: { query: {}, view: {} },
  words: {
    grid: { sv: 'Kunder', en: 'Customers' },
    text: { sv: 'Sök på namn, kundnr, org.nr, e-post eller ort', en: 'Search name, customer no., org. no., email or city' },
    textPlaceholder: { sv: 'Sök kund, nummer, ort…', en: 'Search customer, number, city…' },
    sumsOne: { sv: '1 kund', en: '1 customer' },
    sumsCount: { sv: '{count} kunder', en: '{count} customers' },
    sumsTotal: { sv: 'Att få', en: 'Owed' },
    sumsBalance: { sv: 'Förfallet', en: 'Overdue' },
    selectRow: { sv: 'Välj kund {number}', en: 'Select customer {number}' },
    notSortable: { sv: 'Tjänsten sorterar kunder bara på nummer och namn.', en: 'The service sorts customers by number and name only.' },
    syncing: { sv: 'Synkar kunder {done} av {total}', en: 'Syncing customers {done} of {total}' },
    syncingUnknown: { sv: 'Synkar kunder {done}', en: 'Syncing customers {done}' },
    serviceNote: {
      waiting: {
        sv: 'Den lokala kopian läses in. Till dess visar tjänsten kundregistret utan belopp: vad varje kund är skyldig, förfallet, öppna fakturor och betalvanor kommer när kopian är klar.',
        en: 'The local copy is being read. Until then the service shows the register without amounts: what each customer owes, overdue, open invoices and payment habits come when the copy is ready.',
      },
      off: {
        sv: 'Lokal kopia är avstängd i Inställningar. Tjänsten visar kundregistret utan belopp: vad varje kund är skyldig och hur sent den betalar kräver kopian.',
        en: 'The local copy is turned off in Settings. The service shows the register without amounts: what each customer owes and how late it pays need the copy.',
      },
    },
  },
});
