/**
 * The two payment lists (docs/service.md, Payments), scope `payment`: `GET /3/invoicepayments` (money
 * in, for customer invoices) and `GET /3/supplierinvoicepayments` (money out; its InvoiceNumber is
 * the supplier invoice's GivenNumber). Described once for both sides (paymentList), each with its
 * own tables, checkpoint and words. Its item is read by payment-reading.ts. The service's order is
 * its own (payment date, then number; no sort field is confirmed), so the copy reads in it and
 * sorts the rest; the only search the service has is by invoice number.
 */
import { paymentStatusOf, type Payment, type PaymentRow } from '../payments';
import { describeList, type Words } from './list-description';
import { paymentReading } from './payment-reading';
import { bit, numericKey } from './stored-columns';

interface Side {
  path: string;
  wrapperKey: string;
  noun: string;
  fileWord: Words;
  /** Table names' stem: `invoice_payments`, `supplier_invoice_payments`. */
  table: string;
  stateKey: string;
  grid: Words;
  invoiceLabel: Words;
}

function paymentList(side: Side) {
  return describeList<Payment, PaymentRow>()({
    noun: side.noun,
    fileWord: side.fileWord,
    api: { path: side.path, wrapperKey: side.wrapperKey, scope: 'payment', item: paymentReading },
    identity: (payment) => payment.number,
    // A payment has its own date, not an invoice's or a due date.
    dated: false,
    tab: false,
    documents: null,
    fields: {
      number: { label: { sv: 'Betalningsnr', en: 'Payment no.' }, kind: 'number', width: 110, value: (r) => r.number, sort: { field: 'number', sql: 'number_key' } },
      invoiceNumber: { label: side.invoiceLabel, kind: 'number', width: 100, value: (r) => r.invoiceNumber, sort: { field: 'invoicenumber', sql: 'invoice_key' } },
      paymentDate: { label: { sv: 'Betaldatum', en: 'Payment date' }, kind: 'date', width: 120, value: (r) => (r.paymentDate === '' ? null : r.paymentDate), sort: { field: 'paymentdate', sql: 'payment_date' } },
      amount: { label: { sv: 'Belopp', en: 'Amount' }, kind: 'amount', width: 130, value: (r) => r.amount, sort: { field: 'amount', sql: 'amount' } },
      currency: { label: { sv: 'Valuta', en: 'Currency' }, kind: 'text', width: 76, value: (r) => r.currency, sort: { field: 'currency', sql: 'currency' } },
      source: { label: { sv: 'Sätt', en: 'Source' }, kind: 'text', width: 90, value: (r) => r.source, sort: { field: 'source', sql: 'source' } },
      booked: { label: { sv: 'Bokförd', en: 'Booked' }, kind: 'flag', width: 80, value: (r) => r.booked, sort: { field: 'booked', sql: 'booked' } },
    },
    defaultColumns: ['paymentDate', 'invoiceNumber', 'amount', 'currency', 'source', 'booked'],
    dropOrder: ['number', 'source', 'booked', 'currency'],
    growColumn: 'invoiceNumber',
    statuses: { booked: { sv: 'Bokförd', en: 'Booked' }, unbooked: { sv: 'Ej bokförd', en: 'Unbooked' } },
    statusOf: (payment) => paymentStatusOf(payment),
    filters: {},
    searchFields: { invoicenumber: { label: side.invoiceLabel, column: 'invoice_number' } },
    stored: {
      table: side.table,
      dataTable: `${side.table.replace(/s$/, '')}_data`,
      wordsTable: `${side.table.replace(/s$/, '')}_words`,
      namesTable: `${side.table.replace(/s$/, '')}_sources`,
      stateKey: side.stateKey,
      namesDirtyKey: `namesDirty:${side.stateKey.slice('sync:'.length)}`,
      identity: 'number',
      orderKey: 'number_key',
      // A payment names no party (its invoice does): the ranked "name" is its source, two values.
      nameOf: (payment) => payment.source,
      nameColumn: 'source',
      columns: [
        { name: 'number', type: 'TEXT', value: (p) => p.number },
        { name: 'number_key', type: 'REAL', value: (p) => numericKey(p.number) },
        { name: 'invoice_number', type: 'TEXT', value: (p) => p.invoiceNumber },
        { name: 'invoice_key', type: 'REAL', value: (p) => numericKey(p.invoiceNumber) },
        { name: 'payment_date', type: 'TEXT', value: (p) => p.paymentDate },
        { name: 'amount', type: 'REAL', value: (p) => p.amount },
        { name: 'amount_sek', type: 'REAL', nullable: true, value: (p) => p.amountSek },
        { name: 'currency', type: 'TEXT', value: (p) => p.currency },
        { name: 'booked', type: 'INTEGER', value: (p) => bit(p.booked) },
        { name: 'source', type: 'TEXT', value: (p) => p.source },
      ],
      searchWords: (p) => [p.number, p.invoiceNumber, p.paymentDate, p.source].join(' '),
      extraColumns: [],
      extraTypes: {},
      // One invoice's payments (a details panel, a statement).
      covered: ['invoice_number'],
      sums: { currency: 'currency', total: 'amount', balance: 'amount', tallied: false },
    },
    // The service's own order (payment date, then number): no sort field is confirmed.
    sync: { order: {}, flagLists: [] },
    own: {
      // The payments of one invoice (its details panel), by its exact number.
      query: { invoice: { kind: 'text', max: 30, where: 'invoice_number = :invoice' } },
      view: {},
    },
    words: {
      grid: side.grid,
      text: { sv: 'Sök på betalningsnr, fakturanr eller datum', en: 'Search payment no., invoice no. or date' },
      textPlaceholder: { sv: 'Sök nummer, datum…', en: 'Search number, date…' },
      sumsOne: { sv: '1 betalning', en: '1 payment' },
      sumsCount: { sv: '{count} betalningar', en: '{count} payments' },
      selectRow: { sv: 'Välj betalning {number}', en: 'Select payment {number}' },
      notSortable: { sv: 'Tjänsten listar betalningar i sin egen ordning.', en: 'The service lists payments in its own order.' },
      syncing: { sv: 'Synkar betalningar {done} av {total}', en: 'Syncing payments {done} of {total}' },
      syncingUnknown: { sv: 'Synkar betalningar {done}', en: 'Syncing payments {done}' },
    },
  });
}

export const invoicePaymentsList = paymentList({
  path: '/3/invoicepayments',
  wrapperKey: 'InvoicePayments',
  noun: 'customer payment',
  fileWord: { sv: 'inbetalningar', en: 'customer payments' },
  table: 'invoice_payments',
  stateKey: 'sync:invoicepayments',
  grid: { sv: 'Inbetalningar', en: 'Payments received' },
  invoiceLabel: { sv: 'Fakturanr', en: 'Invoice no.' },
});

export const supplierPaymentsList = paymentList({
  path: '/3/supplierinvoicepayments',
  wrapperKey: 'SupplierInvoicePayments',
  noun: 'supplier payment',
  fileWord: { sv: 'utbetalningar', en: 'supplier payments' },
  table: 'supplier_invoice_payments',
  stateKey: 'sync:supplierinvoicepayments',
  grid: { sv: 'Utbetalningar', en: 'Payments made' },
  invoiceLabel: { sv: 'Löpnr', en: 'Given no.' },
});
