/**
 * The supplier invoices' labels the grid and the CSV share, in Swedish and English: column names,
 * statuses and filters. The renderer's dictionaries include them (supplierLabelMessages); an export
 * can write them as its header and status column, so a file says what the grid says.
 */
import type { Language } from './settings';
import type { SupplierExportColumnId } from './supplier-export';
import type { SupplierFilter, SupplierInvoiceStatus } from './supplier-invoices';

export const supplierColumnLabels: Record<Language, Record<SupplierExportColumnId, string>> = {
  sv: {
    givenNumber: 'Löpnr',
    supplierNumber: 'Lev.nr',
    supplierName: 'Leverantör',
    invoiceNumber: 'Fakturanr',
    invoiceDate: 'Fakturadatum',
    dueDate: 'Förfallodatum',
    total: 'Totalt',
    balance: 'Saldo',
    currency: 'Valuta',
    status: 'Status',
    ocr: 'OCR',
    booked: 'Bokförd',
    finalPayDate: 'Slutbetald',
    authorizerName: 'Attestant',
    project: 'Projekt',
    costCenter: 'Kostnadsställe',
  },
  en: {
    givenNumber: 'Given no.',
    supplierNumber: 'Supplier no.',
    supplierName: 'Supplier',
    invoiceNumber: 'Invoice no.',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    total: 'Total',
    balance: 'Balance',
    currency: 'Currency',
    status: 'Status',
    ocr: 'OCR',
    booked: 'Booked',
    finalPayDate: 'Final pay date',
    authorizerName: 'Approver',
    project: 'Project',
    costCenter: 'Cost center',
  },
};

export const supplierStatusLabels: Record<Language, Record<SupplierInvoiceStatus, string>> = {
  sv: {
    paid: 'Betald',
    'payment-pending': 'Betalning pågår',
    'awaiting-approval': 'Att attestera',
    overdue: 'Förfallen',
    'partly-paid': 'Delbetald',
    unpaid: 'Obetald',
    cancelled: 'Makulerad',
  },
  en: {
    paid: 'Paid',
    'payment-pending': 'Payment pending',
    'awaiting-approval': 'Awaiting approval',
    overdue: 'Overdue',
    'partly-paid': 'Partly paid',
    unpaid: 'Unpaid',
    cancelled: 'Cancelled',
  },
};

/** The filter chips' names (the service's filter names are not for people). */
export const supplierFilterLabels: Record<Language, Record<SupplierFilter, string>> = {
  sv: {
    unpaid: 'Obetalda',
    unpaidoverdue: 'Förfallna',
    authorizepending: 'Att attestera',
    pendingpayment: 'Betalning pågår',
    fullypaid: 'Betalda',
    unbooked: 'Ej bokförda',
    cancelled: 'Makulerade',
  },
  en: {
    unpaid: 'Unpaid',
    unpaidoverdue: 'Overdue',
    authorizepending: 'Awaiting approval',
    pendingpayment: 'Payment pending',
    fullypaid: 'Paid',
    unbooked: 'Unbooked',
    cancelled: 'Cancelled',
  },
};

type SupplierLabelKey = `supplier.col.${SupplierExportColumnId}` | `supplier.status.${SupplierInvoiceStatus}` | `supplier.filter.${SupplierFilter}`;

/** The labels under the renderer's message keys (`supplier.col.<id>`, `supplier.status.<status>`, `supplier.filter.<filter>`). */
export function supplierLabelMessages(language: Language): Record<SupplierLabelKey, string> {
  const entries = [
    ...Object.entries(supplierColumnLabels[language]).map(([id, label]) => [`supplier.col.${id}`, label]),
    ...Object.entries(supplierStatusLabels[language]).map(([status, label]) => [`supplier.status.${status}`, label]),
    ...Object.entries(supplierFilterLabels[language]).map(([filter, label]) => [`supplier.filter.${filter}`, label]),
  ];
  return Object.fromEntries(entries) as Record<SupplierLabelKey, string>;
}
