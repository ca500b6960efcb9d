/**
 * Supplier invoices (leverantörsfakturor), `GET /3/supplierinvoices`: what the owner must pay
 * (docs/service.md, Supplier invoices). The registry's description of the list (list-description.ts);
 * its item is read by supplier-invoice-reading.ts, its details panel and scan are its own. The
 * service sorts this list by nothing and, without the copy, searches it by supplier number alone.
 */
import { supplierStatusOf, type SupplierInvoice, type SupplierInvoiceRow } from '../supplier-invoices';
import { describeList } from './list-description';
import { supplierInvoiceReading } from './supplier-invoice-reading';
import { DATE_GLOB, TO_PAY_AT_SQL, TO_PAY_OVERDUE_SQL, TO_PAY_SQL } from './owed-sql';
import { bit, INVOICE_COVERED, invoiceColumns, numericKey } from './stored-columns';

/** The order of supplierStatusOf's statuses, what needs attention first: overdue, to approve, being paid, partly paid, unpaid, paid, cancelled. */
const STATUS_ORDER = `CASE
  WHEN cancelled = 1 THEN 6
  WHEN balance = 0 THEN 5
  WHEN payment_pending = 1 THEN 2
  WHEN authorize_pending = 1 THEN 1
  WHEN due_date GLOB '${DATE_GLOB}' AND due_date < :today THEN 0
  WHEN abs(balance) < abs(total) THEN 3
  ELSE 4 END`;

/** The payables definitions (common/owed.ts, common/payables.ts) an overview's link narrows the grid to:
 * to pay (not cancelled, with a balance); of those, awaiting approval; with a payment under way. */
const SCOPES = ['topay', 'approval', 'paying'] as const;

export const supplierinvoicesList = describeList<SupplierInvoice, SupplierInvoiceRow>()({
  noun: 'supplier invoice',
  fileWord: { sv: 'leverantörsfakturor', en: 'supplier invoices' },
  api: { path: '/3/supplierinvoices', wrapperKey: 'SupplierInvoices', scope: 'supplierinvoice', item: supplierInvoiceReading },
  identity: (invoice) => invoice.givenNumber,
  dated: true,
  tab: true,
  documents: { kind: 'scan', namedBy: 'GivenNumber' },
  fields: {
    givenNumber: { label: { sv: 'Löpnr', en: 'Given no.' }, kind: 'number', width: 80, value: (r) => r.givenNumber, sort: { field: 'givennumber', sql: 'given_no' } },
    supplierNumber: { label: { sv: 'Lev.nr', en: 'Supplier no.' }, kind: 'number', width: 80, value: (r) => r.supplierNumber, sort: { field: 'suppliernumber', sql: 'supplier_number_key' } },
    supplierName: { label: { sv: 'Leverantör', en: 'Supplier' }, kind: 'text', width: 146, value: (r) => r.supplierName, sort: { field: 'suppliername', sql: 'name_rank' } },
    invoiceNumber: { label: { sv: 'Fakturanr', en: 'Invoice no.' }, kind: 'number', width: 96, value: (r) => r.invoiceNumber, sort: { field: 'invoicenumber', sql: 'invoice_number' } },
    invoiceDate: { label: { sv: 'Fakturadatum', en: 'Invoice date' }, kind: 'date', width: 126, value: (r) => r.invoiceDate, sort: { field: 'invoicedate', sql: 'invoice_date' } },
    dueDate: { label: { sv: 'Förfallodatum', en: 'Due date' }, kind: 'date', width: 130, value: (r) => r.dueDate, sort: { field: 'duedate', sql: 'due_date' } },
    total: { label: { sv: 'Totalt', en: 'Total' }, kind: 'amount', width: 112, value: (r) => r.total, sort: { field: 'total', sql: 'total_sek' } },
    balance: { label: { sv: 'Saldo', en: 'Balance' }, kind: 'amount', width: 112, value: (r) => r.balance, sort: { field: 'balance', sql: 'balance_sek' } },
    currency: { label: { sv: 'Valuta', en: 'Currency' }, kind: 'text', width: 76, value: (r) => r.currency, sort: { field: 'currency', sql: 'currency' } },
    status: { label: { sv: 'Status', en: 'Status' }, kind: 'status', width: 132, value: (r) => r.status, sort: { field: 'status', sql: STATUS_ORDER } },
    ocr: { label: { sv: 'OCR', en: 'OCR' }, kind: 'number', width: 130, value: (r) => r.ocr, sort: { field: 'ocr', sql: 'ocr' } },
    booked: { label: { sv: 'Bokförd', en: 'Booked' }, kind: 'flag', width: 80, value: (r) => r.booked, sort: { field: 'booked', sql: 'booked' } },
    finalPayDate: { label: { sv: 'Slutbetald', en: 'Final pay date' }, kind: 'date', width: 110, value: (r) => r.finalPayDate, sort: { field: 'finalpaydate', sql: 'final_pay_date' } },
    // The approver is not a column of the copy: it does not sort.
    authorizerName: { label: { sv: 'Attestant', en: 'Approver' }, kind: 'text', width: 130, value: (r) => r.authorizerName },
    project: { label: { sv: 'Projekt', en: 'Project' }, kind: 'text', width: 96, value: (r) => r.project, sort: { field: 'project', sql: 'project' } },
    costCenter: { label: { sv: 'Kostnadsställe', en: 'Cost center' }, kind: 'text', width: 120, value: (r) => r.costCenter, sort: { field: 'costcenter', sql: 'cost_center' } },
  },
  defaultColumns: ['supplierNumber', 'supplierName', 'invoiceNumber', 'invoiceDate', 'dueDate', 'total', 'balance', 'status'],
  // The supplier, due date, balance and status stay.
  dropOrder: ['supplierNumber', 'currency', 'ocr', 'invoiceDate', 'total', 'invoiceNumber'],
  growColumn: 'supplierName',
  statuses: {
    paid: { sv: 'Betald', en: 'Paid' },
    'payment-pending': { sv: 'Betalning pågår', en: 'Payment pending' },
    'awaiting-approval': { sv: 'Att attestera', en: 'Awaiting approval' },
    overdue: { sv: 'Förfallen', en: 'Overdue' },
    'partly-paid': { sv: 'Delbetald', en: 'Partly paid' },
    unpaid: { sv: 'Obetald', en: 'Unpaid' },
    cancelled: { sv: 'Makulerad', en: 'Cancelled' },
  },
  // The copy's row carries the status the grid shows; the service's item gets it the same way.
  statusOf: supplierStatusOf,
  // The sandbox's semantics of the service's filters (electron/sandbox/README.md), compared by a test.
  filters: {
    unpaid: { label: { sv: 'Obetalda', en: 'Unpaid' }, sql: TO_PAY_SQL },
    unpaidoverdue: { label: { sv: 'Förfallna', en: 'Overdue' }, sql: TO_PAY_OVERDUE_SQL },
    authorizepending: { label: { sv: 'Att attestera', en: 'Awaiting approval' }, sql: 'authorize_pending = 1' },
    pendingpayment: { label: { sv: 'Betalning pågår', en: 'Payment pending' }, sql: 'payment_pending = 1' },
    fullypaid: { label: { sv: 'Betalda', en: 'Paid' }, sql: 'cancelled = 0 AND balance = 0' },
    unbooked: { label: { sv: 'Ej bokförda', en: 'Unbooked' }, sql: 'cancelled = 0 AND booked = 0' },
    cancelled: { label: { sv: 'Makulerade', en: 'Cancelled' }, sql: 'cancelled = 1' },
  },
  searchFields: {
    suppliernumber: { label: { sv: 'Lev.nr', en: 'Supplier no.' }, column: 'supplier_number' },
    ocr: { label: { sv: 'OCR', en: 'OCR' }, column: 'ocr' },
    project: { label: { sv: 'Projekt', en: 'Project' }, column: 'project' },
    costcenter: { label: { sv: 'Kostnadsställe', en: 'Cost center' }, column: 'cost_center' },
  },
  stored: {
    table: 'supplier_invoices',
    dataTable: 'supplier_invoice_data',
    wordsTable: 'supplier_invoice_words',
    namesTable: 'supplier_names',
    stateKey: 'sync:supplierinvoices',
    namesDirtyKey: 'namesDirty:supplierinvoices',
    identity: 'given_number',
    orderKey: 'given_no',
    nameOf: (invoice) => invoice.supplierName,
    nameColumn: 'supplier_name',
    columns: [
      { name: 'given_number', type: 'TEXT', value: (i) => i.givenNumber },
      { name: 'given_no', type: 'REAL', value: (i) => numericKey(i.givenNumber) },
      { name: 'supplier_number', type: 'TEXT', value: (i) => i.supplierNumber },
      { name: 'supplier_number_key', type: 'REAL', value: (i) => numericKey(i.supplierNumber) },
      { name: 'supplier_name', type: 'TEXT', value: (i) => i.supplierName },
      { name: 'invoice_number', type: 'TEXT', value: (i) => i.invoiceNumber },
      { name: 'credit', type: 'INTEGER', value: (i) => bit(i.credit) },
      ...invoiceColumns<SupplierInvoice>(),
      // The list item has no OCR (docs/service.md, Supplier invoices); the details have it. A list page never forgets a known one.
      { name: 'ocr', type: 'TEXT', value: (i) => i.ocr, keepKnown: { field: 'ocr' } },
    ],
    searchWords: (i) => [i.supplierName, i.supplierNumber, i.givenNumber, i.invoiceNumber, i.ocr, i.externalInvoiceNumber].join(' '),
    // Kept from the filtered lists (authorizepending, pendingpayment) and the details (OCR).
    extraColumns: ['ocr', 'authorize_pending', 'payment_pending'],
    extraTypes: { authorize_pending: 'INTEGER', payment_pending: 'INTEGER' },
    // And one supplier, approval and payment under way.
    covered: [...INVOICE_COVERED, 'supplier_number', 'authorize_pending', 'payment_pending'],
  },
  // The service sorts supplier invoices by nothing (docs/service.md, Supplier invoices: sortby
  // assumed refused): its own order, GivenNumber ascending, is the fixed order. Approval and payment state are not in the
  // list item: the two filtered lists are small and read whole every time (1 request each).
  sync: {
    order: {},
    flagLists: [
      { filter: 'authorizepending', column: 'authorize_pending', field: 'authorizePending' },
      { filter: 'pendingpayment', column: 'payment_pending', field: 'paymentPending' },
    ],
  },
  // The overview's links: one supplier, a definition of common/payables.ts.
  own: {
    query: {
      // The payables definitions (common/owed.ts, common/payables.ts) as conditions, for the overview's links.
      scope: {
        kind: 'choice',
        values: SCOPES,
        where: { topay: TO_PAY_SQL, approval: `${TO_PAY_SQL} AND authorize_pending = 1`, paying: `${TO_PAY_SQL} AND payment_pending = 1` },
      },
      supplier: { kind: 'text', max: 50, where: 'supplier_number = :supplier' },
      // DPO's month: what was to pay at that day (owed-sql.ts TO_PAY_AT_SQL).
      openat: { kind: 'date', where: TO_PAY_AT_SQL },
    },
    view: { scope: { kind: 'choice', values: SCOPES }, supplier: { kind: 'text', max: 50 }, openat: { kind: 'date' } },
  },
  words: {
    grid: { sv: 'Leverantörsfakturor', en: 'Supplier invoices' },
    text: { sv: 'Sök på leverantör, lev.nr, fakturanr eller OCR', en: 'Search supplier, supplier no., invoice no. or OCR' },
    textPlaceholder: { sv: 'Sök leverantör, nummer, OCR…', en: 'Search supplier, number, OCR…' },
    sumsOne: { sv: '1 leverantörsfaktura', en: '1 supplier invoice' },
    sumsCount: { sv: '{count} leverantörsfakturor', en: '{count} supplier invoices' },
    selectRow: { sv: 'Välj leverantörsfaktura {number}', en: 'Select supplier invoice {number}' },
    notSortable: {
      sv: 'Sorteringen väntar på den lokala kopian: tjänsten listar leverantörsfakturor i sin egen ordning.',
      en: 'Sorting waits for the local copy: the service lists supplier invoices in its own order.',
    },
    syncing: { sv: 'Synkar leverantörsfakturor {done} av {total}', en: 'Syncing supplier invoices {done} of {total}' },
    syncingUnknown: { sv: 'Synkar leverantörsfakturor {done}', en: 'Syncing supplier invoices {done}' },
    serviceNote: {
      waiting: {
        sv: 'Den lokala kopian av leverantörsfakturorna läses in. Till dess listar tjänsten dem i sin egen ordning och söker bara på lev.nr; sortering, sökning på namn, förfallodatum, valuta och summor kommer när kopian är klar.',
        en: 'The local copy of the supplier invoices is being read. Until then the service lists them in its own order and searches by supplier number only; sorting, search by name, due dates, currency and sums come when the copy is ready.',
      },
      off: {
        sv: 'Lokal kopia är avstängd i Inställningar. Tjänsten listar leverantörsfakturor i sin egen ordning och söker bara på lev.nr; sortering, sökning på namn, förfallodatum, valuta och summor kräver kopian.',
        en: 'The local copy is turned off in Settings. The service lists supplier invoices in its own order and searches by supplier number only; sorting, search by name, due dates, currency and sums need the copy.',
      },
    },
  },
});
