/**
 * The labels the grid and the CSV share, in Swedish and English: column names and invoice
 * statuses. The renderer's dictionaries include them (labelMessages), the export and the CLI write
 * them as the CSV's header and status column, so a file says what the grid says.
 */
import type { ExportColumnId } from './export';
import type { InvoiceStatus } from './invoices';
import type { Language } from './settings';

export const columnLabels: Record<Language, Record<ExportColumnId, string>> = {
  sv: {
    documentNumber: 'Fakturanr',
    customerNumber: 'Kundnr',
    customerName: 'Kund',
    invoiceDate: 'Fakturadatum',
    dueDate: 'Förfallodatum',
    total: 'Totalt',
    balance: 'Saldo',
    currency: 'Valuta',
    ocr: 'OCR',
    status: 'Status',
    booked: 'Bokförd',
    sent: 'Skickad',
    invoiceType: 'Fakturatyp',
    project: 'Projekt',
    costCenter: 'Kostnadsställe',
    finalPayDate: 'Slutbetald',
  },
  en: {
    documentNumber: 'Invoice no.',
    customerNumber: 'Cust. no.',
    customerName: 'Customer',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    total: 'Total',
    balance: 'Balance',
    currency: 'Currency',
    ocr: 'OCR',
    status: 'Status',
    booked: 'Booked',
    sent: 'Sent',
    invoiceType: 'Type',
    project: 'Project',
    costCenter: 'Cost center',
    finalPayDate: 'Final pay date',
  },
};

export const statusLabels: Record<Language, Record<InvoiceStatus, string>> = {
  sv: {
    paid: 'Betald',
    'partly-paid': 'Delbetald',
    unpaid: 'Obetald',
    overdue: 'Förfallen',
    cancelled: 'Makulerad',
    unbooked: 'Ej bokförd',
  },
  en: {
    paid: 'Paid',
    'partly-paid': 'Partly paid',
    unpaid: 'Unpaid',
    overdue: 'Overdue',
    cancelled: 'Cancelled',
    unbooked: 'Unbooked',
  },
};

/** The supplier grid's and its CSV's labels: one source (supplier-labels.ts), so a file says what the grid says. */
export { supplierColumnLabels, supplierStatusLabels } from './supplier-labels';

type LabelKey = `grid.col.${ExportColumnId}` | `grid.status.${InvoiceStatus}`;

/** The labels under the renderer's message keys (`grid.col.<id>`, `grid.status.<status>`). */
export function labelMessages(language: Language): Record<LabelKey, string> {
  const entries = [
    ...Object.entries(columnLabels[language]).map(([id, label]) => [`grid.col.${id}`, label]),
    ...Object.entries(statusLabels[language]).map(([status, label]) => [`grid.status.${status}`, label]),
  ];
  return Object.fromEntries(entries) as Record<LabelKey, string>;
}
