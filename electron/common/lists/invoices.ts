/**
 * Customer invoices (kundfakturor), `GET /3/invoices`: what the owner is owed. The registry's
 * description of the list (list-description.ts); its item is read by invoice-reading.ts, its
 * details panel and PDF are the customer invoices' own.
 */
import { deriveStatus } from '../invoice-status';
import type { Invoice, InvoiceRow } from '../invoices';
import { describeList } from './list-description';
import { invoiceReading } from './invoice-reading';
import { DATE_GLOB, DRAFT_SQL, OPEN_AT_SQL, OVERDUE_SQL, OWED_SQL } from './owed-sql';
import { bit, INVOICE_COVERED, invoiceColumns, numericKey } from './stored-columns';

/** Sorting by status puts what needs attention first. */
const STATUS_ORDER = `CASE
  WHEN cancelled = 1 THEN 5
  WHEN booked = 0 THEN 3
  WHEN balance = 0 THEN 4
  WHEN balance != 0 AND due_date GLOB '${DATE_GLOB}' AND due_date < :today THEN 0
  WHEN balance > 0 AND balance < total THEN 2
  ELSE 1 END`;

/** The receivables definitions (common/owed.ts) an overview's link narrows the grid to. */
const SCOPES = ['owed', 'drafts', 'notcancelled', 'paid'] as const;

export const invoicesList = describeList<Invoice, InvoiceRow>()({
  noun: 'invoice',
  fileWord: { sv: 'fakturor', en: 'invoices' },
  api: { path: '/3/invoices', wrapperKey: 'Invoices', scope: 'invoice', item: invoiceReading },
  identity: (invoice) => invoice.documentNumber,
  dated: true,
  tab: true,
  documents: { kind: 'pdf', namedBy: 'DocumentNumber' },
  // Total and Balance sort by their value in SEK at each invoice's own rate (stored and indexed,
  // mirror-schema.ts steps 2 and 3): 100 EUR sorts among kronor as the 1 145 kr it is, not as 100.
  fields: {
    documentNumber: { label: { sv: 'Fakturanr', en: 'Invoice no.' }, kind: 'number', width: 104, value: (r) => r.documentNumber, sort: { field: 'documentnumber', sql: 'doc_no' }, serviceSorts: true },
    customerNumber: { label: { sv: 'Kundnr', en: 'Cust. no.' }, kind: 'number', width: 89, value: (r) => r.customerNumber, sort: { field: 'customernumber', sql: 'customer_number_key' }, serviceSorts: true },
    customerName: { label: { sv: 'Kund', en: 'Customer' }, kind: 'text', width: 146, value: (r) => r.customerName, sort: { field: 'customername', sql: 'name_rank' }, serviceSorts: true },
    invoiceDate: { label: { sv: 'Fakturadatum', en: 'Invoice date' }, kind: 'date', width: 127, value: (r) => r.invoiceDate, sort: { field: 'invoicedate', sql: 'invoice_date' }, serviceSorts: true },
    dueDate: { label: { sv: 'Förfallodatum', en: 'Due date' }, kind: 'date', width: 127, value: (r) => r.dueDate, sort: { field: 'duedate', sql: 'due_date' } },
    total: { label: { sv: 'Totalt', en: 'Total' }, kind: 'amount', width: 120, value: (r) => r.total, sort: { field: 'total', sql: 'total_sek' }, serviceSorts: true },
    balance: { label: { sv: 'Saldo', en: 'Balance' }, kind: 'amount', width: 120, value: (r) => r.balance, sort: { field: 'balance', sql: 'balance_sek' } },
    currency: { label: { sv: 'Valuta', en: 'Currency' }, kind: 'text', width: 90, value: (r) => r.currency, sort: { field: 'currency', sql: 'currency' } },
    ocr: { label: { sv: 'OCR', en: 'OCR' }, kind: 'number', width: 110, value: (r) => r.ocr, sort: { field: 'ocr', sql: 'ocr' }, serviceSorts: true },
    status: { label: { sv: 'Status', en: 'Status' }, kind: 'status', width: 104, value: (r) => r.status, sort: { field: 'status', sql: STATUS_ORDER } },
    booked: { label: { sv: 'Bokförd', en: 'Booked' }, kind: 'flag', width: 82, value: (r) => r.booked, sort: { field: 'booked', sql: 'booked' } },
    sent: { label: { sv: 'Skickad', en: 'Sent' }, kind: 'flag', width: 80, value: (r) => r.sent, sort: { field: 'sent', sql: 'sent' } },
    invoiceType: { label: { sv: 'Fakturatyp', en: 'Type' }, kind: 'text', width: 140, value: (r) => r.invoiceType, sort: { field: 'invoicetype', sql: 'invoice_type' } },
    project: { label: { sv: 'Projekt', en: 'Project' }, kind: 'text', width: 96, value: (r) => r.project, sort: { field: 'project', sql: 'project' } },
    costCenter: { label: { sv: 'Kostnadsställe', en: 'Cost center' }, kind: 'text', width: 132, value: (r) => r.costCenter, sort: { field: 'costcenter', sql: 'cost_center' } },
    finalPayDate: { label: { sv: 'Slutbetald', en: 'Final pay date' }, kind: 'date', width: 128, value: (r) => r.finalPayDate, sort: { field: 'finalpaydate', sql: 'final_pay_date' } },
  },
  defaultColumns: ['documentNumber', 'customerNumber', 'customerName', 'invoiceDate', 'dueDate', 'total', 'balance', 'status'],
  dropOrder: ['customerNumber', 'currency', 'ocr', 'invoiceDate', 'total'],
  // Beside the details panel the grid is narrow: the due date goes after every other droppable column.
  dropLast: ['dueDate'],
  growColumn: 'customerName',
  statuses: {
    paid: { sv: 'Betald', en: 'Paid' },
    'partly-paid': { sv: 'Delbetald', en: 'Partly paid' },
    unpaid: { sv: 'Obetald', en: 'Unpaid' },
    overdue: { sv: 'Förfallen', en: 'Overdue' },
    cancelled: { sv: 'Makulerad', en: 'Cancelled' },
    unbooked: { sv: 'Ej bokförd', en: 'Unbooked' },
  },
  statusOf: deriveStatus,
  // The service's filters, but "Obetalda" and "Förfallna" by the one rule (common/owed.ts): owed
  // and overdue, as the overview counts them. The service's own (used when there is no copy) leave
  // out credit notes (Balance > 0): the only difference, and the README says so.
  filters: {
    unpaid: { label: { sv: 'Obetalda', en: 'Unpaid' }, sql: OWED_SQL },
    unpaidoverdue: { label: { sv: 'Förfallna', en: 'Overdue' }, sql: OVERDUE_SQL },
    fullypaid: { label: { sv: 'Betalda', en: 'Paid' }, sql: 'cancelled = 0 AND booked = 1 AND balance = 0' },
    unbooked: { label: { sv: 'Ej bokförda', en: 'Unbooked' }, sql: DRAFT_SQL },
    cancelled: { label: { sv: 'Makulerade', en: 'Cancelled' }, sql: 'cancelled = 1' },
  },
  searchFields: {
    customername: { label: { sv: 'Kundnamn', en: 'Customer name' }, column: 'customer_name' },
    documentnumber: { label: { sv: 'Fakturanr', en: 'Invoice no.' }, column: 'document_number' },
    ocr: { label: { sv: 'OCR', en: 'OCR' }, column: 'ocr' },
    customernumber: { label: { sv: 'Kundnr', en: 'Customer no.' }, column: 'customer_number' },
  },
  stored: {
    table: 'invoices',
    dataTable: 'invoice_data',
    wordsTable: 'invoice_words',
    namesTable: 'customer_names',
    // The names of schema 1, unchanged: copies on users' disks keep their checkpoint.
    stateKey: 'sync',
    namesDirtyKey: 'namesDirty',
    identity: 'document_number',
    orderKey: 'doc_no',
    nameOf: (invoice) => invoice.customerName,
    nameColumn: 'customer_name',
    columns: [
      { name: 'document_number', type: 'TEXT', value: (i) => i.documentNumber },
      { name: 'doc_no', type: 'REAL', value: (i) => numericKey(i.documentNumber) },
      { name: 'customer_number', type: 'TEXT', value: (i) => i.customerNumber },
      { name: 'customer_number_key', type: 'REAL', value: (i) => numericKey(i.customerNumber) },
      { name: 'customer_name', type: 'TEXT', value: (i) => i.customerName },
      { name: 'sent', type: 'INTEGER', value: (i) => bit(i.sent) },
      { name: 'ocr', type: 'TEXT', value: (i) => i.ocr },
      { name: 'invoice_type', type: 'TEXT', value: (i) => i.invoiceType },
      ...invoiceColumns<Invoice>(),
    ],
    searchWords: (i) => [i.customerName, i.customerNumber, i.documentNumber, i.ocr, i.externalInvoiceReference1, i.externalInvoiceReference2].join(' '),
    extraColumns: [],
    extraTypes: {},
    // And one customer (the overview's links).
    covered: [...INVOICE_COVERED, 'customer_number'],
  },
  // Read in DocumentNumber order, so a read cut off halfway resumes where it stopped.
  sync: { order: { sortby: 'documentnumber', sortorder: 'ascending' }, flagLists: [] },
  // The overview's links: one customer, a definition of common/owed.ts, paid dates, expected dates.
  own: {
    query: {
      // The receivables definitions (common/owed.ts) as conditions: a link shows exactly what was counted.
      scope: {
        kind: 'choice',
        values: SCOPES,
        where: { owed: OWED_SQL, drafts: DRAFT_SQL, notcancelled: 'cancelled = 0', paid: 'cancelled = 0 AND balance = 0 AND final_pay_date IS NOT NULL' },
      },
      customer: { kind: 'text', max: 50, where: 'customer_number = :customer' },
      // DSO's month: what was owed at that day (owed-sql.ts OPEN_AT_SQL).
      openat: { kind: 'date', where: OPEN_AT_SQL },
      fromfinalpaydate: { kind: 'date', where: 'final_pay_date >= :fromfinalpaydate' },
      tofinalpaydate: { kind: 'date', where: 'final_pay_date <= :tofinalpaydate' },
      // The cash outlook's expected dates join the customers' kept habits (mirror/queries/queryable-resources.ts).
      fromexpecteddate: { kind: 'date' },
      toexpecteddate: { kind: 'date' },
    },
    view: {
      scope: { kind: 'choice', values: SCOPES },
      customer: { kind: 'text', max: 50 },
      openat: { kind: 'date' },
      finalPayRange: { kind: 'bounds', query: { from: 'fromfinalpaydate', to: 'tofinalpaydate' } },
      expectedRange: { kind: 'bounds', query: { from: 'fromexpecteddate', to: 'toexpecteddate' } },
    },
  },
  words: {
    grid: { sv: 'Kundfakturor', en: 'Customer invoices' },
    text: { sv: 'Sök på kund, kundnr, fakturanr, OCR eller referens', en: 'Search customer, customer no., document no., OCR or reference' },
    textPlaceholder: { sv: 'Sök kund, nummer, OCR…', en: 'Search customer, number, OCR…' },
    sumsOne: { sv: '1 faktura', en: '1 invoice' },
    sumsCount: { sv: '{count} fakturor', en: '{count} invoices' },
    selectRow: { sv: 'Välj faktura {number}', en: 'Select invoice {number}' },
    notSortable: { sv: 'Tjänsten kan inte sortera på den här kolumnen.', en: 'The service cannot sort by this column.' },
    // The first list's read is plain: it is what the company's first sync is.
    syncing: { sv: 'Synkar {done} av {total}', en: 'Syncing {done} of {total}' },
    syncingUnknown: { sv: 'Synkar {done}', en: 'Syncing {done}' },
  },
});
