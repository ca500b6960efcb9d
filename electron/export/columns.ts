import type { Invoice } from '../api/invoice-list';
import { deriveStatus, type InvoiceStatus } from '../invoices/invoice-status';
import { exportColumnIds } from '../common/export';
import { columnLabels } from '../common/labels';
import type { Language } from '../common/settings';

/**
 * The exportable columns, shared with the grid (the grid shows a subset of them in the user's
 * order; the export writes the grid's visible columns in that order). Ids are stable: they go into
 * settings and over IPC. Headers are the grid's own labels (common/labels.ts) in the UI language
 * (the CLI picks English or Swedish with --lang).
 */

/** The contract's list: the grid, the IPC and the CSV share one set of column ids. */
export const EXPORT_COLUMN_IDS = exportColumnIds;

export type ExportColumnId = (typeof EXPORT_COLUMN_IDS)[number];

/** A column of the file: its id (the customer invoices' by default; each resource has its own ids) and header. */
export interface ExportColumn<Id extends string = ExportColumnId> {
  id: Id;
  header: string;
}

export const CSV_FORMATS = ['standard', 'excel-sv'] as const;

/**
 * - `standard`: comma, ISO dates, decimal point, no BOM, CRLF line ends (RFC 4180 says CRLF, and
 *   every CSV reader accepts it).
 * - `excel-sv`: what Excel with Swedish regional settings opens by double-click: semicolon,
 *   decimal comma, UTF-8 BOM (without it Excel reads the file as Windows-1252 and breaks å, ä, ö),
 *   CRLF, and Excel's Swedish boolean words.
 * Dates are `YYYY-MM-DD` in both: that is also the Swedish locale's own date format.
 */
export type CsvFormat = (typeof CSV_FORMATS)[number];

/** The CSV's header and status words follow a UI language (the CLI's --lang). */
export type ColumnLanguage = Language;

/** Every column, in the default order, with the headers of `language`. */
export function defaultColumns(language: ColumnLanguage = 'en'): ExportColumn[] {
  return EXPORT_COLUMN_IDS.map((id) => ({ id, header: columnLabels[language][id] }));
}

export function isExportColumnId(value: unknown): value is ExportColumnId {
  return typeof value === 'string' && (EXPORT_COLUMN_IDS as readonly string[]).includes(value);
}

/** Columns whose cells are numbers (written as numbers, never neutralised: see csv.ts). */
export const NUMERIC_COLUMNS: ReadonlySet<ExportColumnId> = new Set<ExportColumnId>(['total', 'balance']);

/**
 * A cell as the CSV writer receives it: amounts stay `number` (so the writer can tell a negative
 * amount from text that starts with a minus sign), everything else is already text.
 */
export type CellValue = string | number;

export interface CellContext<Status extends string = InvoiceStatus> {
  format: CsvFormat;
  /** Local calendar date `YYYY-MM-DD`, for the status column. */
  today: string;
  /** Text of the status column; default the stable status ids (`partly-paid`, ...). */
  statusLabels?: Readonly<Record<Status, string>>;
}

const BOOLEAN_WORDS: Record<CsvFormat, readonly [string, string]> = {
  standard: ['true', 'false'],
  // Excel in Swedish reads SANT and FALSKT as its boolean values.
  'excel-sv': ['SANT', 'FALSKT'],
};

export function formatBoolean(value: boolean, format: CsvFormat): string {
  const [yes, no] = BOOLEAN_WORDS[format];
  return value ? yes : no;
}

/**
 * An amount without thousands separators: two decimals (1234.50), or more when the value really
 * has more (0.125 stays 0.125, nothing is rounded away); a decimal comma for `excel-sv`.
 */
export function formatAmount(value: number, format: CsvFormat): string {
  const fixed = value.toFixed(2);
  const text = Number(fixed) === value ? fixed : String(value);
  const normalised = text === '-0.00' ? '0.00' : text;
  return format === 'excel-sv' ? normalised.replace('.', ',') : normalised;
}

export function cellValue(invoice: Invoice, id: ExportColumnId, context: CellContext): CellValue {
  switch (id) {
    case 'documentNumber':
      return invoice.documentNumber;
    case 'customerNumber':
      return invoice.customerNumber;
    case 'customerName':
      return invoice.customerName;
    case 'invoiceDate':
      return invoice.invoiceDate;
    case 'dueDate':
      return invoice.dueDate;
    case 'total':
      return invoice.total;
    case 'balance':
      return invoice.balance;
    case 'currency':
      return invoice.currency;
    case 'ocr':
      return invoice.ocr;
    case 'status': {
      const status = deriveStatus(invoice, context.today);
      return context.statusLabels?.[status] ?? status;
    }
    case 'booked':
      return formatBoolean(invoice.booked, context.format);
    case 'sent':
      return formatBoolean(invoice.sent, context.format);
    case 'invoiceType':
      return invoice.invoiceType;
    case 'project':
      return invoice.project;
    case 'costCenter':
      return invoice.costCenter;
    case 'finalPayDate':
      return invoice.finalPayDate ?? '';
  }
}

/** One row: the cells of `columns`, in their order. */
export function rowValues(invoice: Invoice, columns: readonly ExportColumn[], context: CellContext): CellValue[] {
  return columns.map((column) => cellValue(invoice, column.id, context));
}
