/**
 * The supplier register's fields, filters and search fields (its description is lists/suppliers.ts):
 * apart from it so that its grid's types (supplier-grid.ts) are derived from these records'
 * own keys without importing the description, which the list of resources could not (an import
 * cycle). The description holds them to ListDescription's shape.
 */
import type { SupplierRow } from './suppliers';

export const supplierFields = {
  supplierNumber: { label: { sv: 'Levnr', en: 'Supplier no.' }, kind: 'number', width: 80, value: (r: SupplierRow) => r.supplierNumber, sort: { field: 'suppliernumber', sql: 'supplier_no' }, serviceSorts: true },
  name: { label: { sv: 'Namn', en: 'Name' }, kind: 'text', width: 140, value: (r: SupplierRow) => r.name, sort: { field: 'name', sql: 'name_rank' }, serviceSorts: true },
  organisationNumber: { label: { sv: 'Org.nr', en: 'Org. no.' }, kind: 'text', width: 100, value: (r: SupplierRow) => r.organisationNumber, sort: { field: 'organisationnumber', sql: 'organisation_number' } },
  owed: { label: { sv: 'Att betala (kr)', en: 'You owe (SEK)' }, kind: 'amount', width: 132, value: (r: SupplierRow) => r.owed, sort: { field: 'owed', sql: 'owed_sek' }, fromCopy: true },
  overdue: { label: { sv: 'Förfallet (kr)', en: 'Overdue (SEK)' }, kind: 'amount', width: 132, value: (r: SupplierRow) => r.overdue, sort: { field: 'overdue', sql: 'overdue_sek' }, fromCopy: true },
  openBills: { label: { sv: 'Öppna fakturor', en: 'Open bills' }, kind: 'number', width: 124, value: (r: SupplierRow) => r.openBills, sort: { field: 'openbills', sql: 'open_bills' }, fromCopy: true },
  paysDaysLate: { label: { sv: 'Du betalar sent (dagar)', en: 'You pay (days late)' }, kind: 'number', width: 180, value: (r: SupplierRow) => r.paysDaysLate, sort: { field: 'payslate', sql: 'habit_days' }, fromCopy: true },
  lastBill: { label: { sv: 'Senaste faktura', en: 'Last bill' }, kind: 'date', width: 132, value: (r: SupplierRow) => r.lastBill, sort: { field: 'lastbill', sql: 'last_bill' }, fromCopy: true },
  city: { label: { sv: 'Ort', en: 'City' }, kind: 'text', width: 110, value: (r: SupplierRow) => r.city, sort: { field: 'city', sql: 'city' } },
  email: { label: { sv: 'E-post', en: 'Email' }, kind: 'text', width: 180, value: (r: SupplierRow) => r.email, sort: { field: 'email', sql: 'email' } },
  phone: { label: { sv: 'Telefon', en: 'Phone' }, kind: 'text', width: 120, value: (r: SupplierRow) => r.phone, sort: { field: 'phone', sql: 'phone' } },
  bg: { label: { sv: 'BG', en: 'BG' }, kind: 'text', width: 100, value: (r: SupplierRow) => r.bg, sort: { field: 'bg', sql: 'bg' } },
  pg: { label: { sv: 'PG', en: 'PG' }, kind: 'text', width: 100, value: (r: SupplierRow) => r.pg, sort: { field: 'pg', sql: 'pg' } },
  iban: { label: { sv: 'IBAN', en: 'IBAN' }, kind: 'text', width: 200, value: (r: SupplierRow) => r.iban, sort: { field: 'iban', sql: 'iban' } },
} as const;

// A supplier whose item does not say Active (NULL) is in neither chip.
export const supplierFilters = {
  active: { label: { sv: 'Aktiva', en: 'Active' }, sql: 'active = 1' },
  inactive: { label: { sv: 'Inaktiva', en: 'Inactive' }, sql: 'active = 0' },
  // Only the copy knows what is overdue: the service has no balances.
  withoverdue: { label: { sv: 'Med förfallet', en: 'With overdue' }, sql: 'overdue_bills > 0', localOnly: true },
} as const;

/** The service's search fields (one at a time); the copy's search box finds the organisation number too. */
export const supplierSearchFields = {
  name: { label: { sv: 'Namn', en: 'Name' }, column: 'name' },
  suppliernumber: { label: { sv: 'Levnr', en: 'Supplier no.' }, column: 'supplier_number' },
} as const;
