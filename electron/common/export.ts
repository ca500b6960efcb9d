/** Exports: columns, formats, selections and progress. Pure data and types. */
import type { IpcError } from './errors';
import type { GridQuery } from './invoices';
import type { SupplierExportColumnId } from './supplier-export';
import type { SupplierGridQuery } from './supplier-invoices';

export const exportColumnIds = [
  'documentNumber',
  'customerNumber',
  'customerName',
  'invoiceDate',
  'dueDate',
  'total',
  'balance',
  'currency',
  'ocr',
  'status',
  'booked',
  'sent',
  'invoiceType',
  'project',
  'costCenter',
  'finalPayDate',
] as const;
export type ExportColumnId = (typeof exportColumnIds)[number];
export const exportFormats = ['standard', 'excel-sv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** `rows`: the selected rows of one page, by their identity (DocumentNumbers; GivenNumbers for supplier invoices). */
export type ExportSelection =
  | { kind: 'all' }
  | { kind: 'pages'; pages: number[] }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'rows'; page: number; documentNumbers: string[] };

/** What a grid exports, the resource named: customer invoices or supplier invoices. */
export type ExportRequest = InvoiceExportRequest | SupplierExportRequest;

export interface InvoiceExportRequest {
  resource: 'invoices';
  companyId: string;
  /** The current view: filter, sort, search and page size (page is ignored). */
  query: Omit<GridQuery, 'page'>;
  selection: ExportSelection;
  /** The visible columns in their order; the main process writes the UI language's labels as the header. */
  columns: ExportColumnId[];
  format: ExportFormat;
}

export interface SupplierExportRequest {
  resource: 'supplierinvoices';
  companyId: string;
  /** The supplier grid's view (page is ignored). Without a local copy the service reads it in its
   * own order: a sort or a search only the copy answers fails the export with a message saying so. */
  query: Omit<SupplierGridQuery, 'page'>;
  /** `rows` carries GivenNumbers in `documentNumbers`. */
  selection: ExportSelection;
  columns: SupplierExportColumnId[];
  format: ExportFormat;
}

export type ExportState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ExportProgress {
  jobId: string;
  companyId: string;
  state: ExportState;
  pagesDone: number;
  pagesTotal: number | null;
  rows: number;
  secondsLeft: number | null;
  waitingForRateLimit: boolean;
  /** The file's name (not its folder) once chosen. */
  fileName: string;
  error?: IpcError;
}
