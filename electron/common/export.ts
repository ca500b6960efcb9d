/** Exports: columns, formats, selections and progress. Pure data and types. */
import type { IpcError } from './errors';
import type { ResourceId, ResourceViews } from './resources';

export const exportFormats = ['standard', 'excel-sv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** `rows`: the selected rows of one page, by their identity (DocumentNumbers; GivenNumbers for supplier invoices). */
export type ExportSelection =
  | { kind: 'all' }
  | { kind: 'pages'; pages: number[] }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'rows'; page: number; documentNumbers: string[] };

/**
 * What a grid exports, its list named: the list's view (page is ignored: filter, sort, search and
 * page size), the selection, its visible columns in their order (the main process writes the UI
 * language's labels as the header) and the format. Without a local copy the service reads the
 * view: a sort or a search only the copy answers fails the export with a message saying so.
 */
export type ExportRequestOf<R extends ResourceId> = {
  resource: R;
  companyId: string;
  query: Omit<ResourceViews[R]['query'], 'page'>;
  /** `rows` names the list's identities (DocumentNumbers, GivenNumbers) in `documentNumbers`. */
  selection: ExportSelection;
  columns: ResourceViews[R]['column'][];
  format: ExportFormat;
};

export type ExportRequest = { [R in ResourceId]: ExportRequestOf<R> }[ResourceId];

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
