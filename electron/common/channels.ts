/**
 * THE channel table: every call the window can make (`namespace:method`, request -> response) and
 * every event the main process sends, each with its result or payload type. The preload's method
 * list, `InvoiceDeskApi` and the handlers' types are all derived from it (ipc/contract.ts), so a
 * new channel is written here once, plus its argument schema (ipc/schemas.ts) and its handler.
 * Pure data: the preload and the renderer import it at run time.
 */
import type { ActiveCompany, CompanyList, CompanySummary, ConnectProgress, ConnectStarted, DisconnectResult } from './companies';
import type { ExportProgress } from './export';
import type { InvoiceDocument } from './invoices';
import type { ResourceId, ResourceViews } from './resources';
import type { SupplierInvoiceDocument } from './supplier-invoices';
import type { AppInfo, SettingsView } from './settings';
import type { AllReceivables, CompanyReceivables } from './receivables';
import type { StatementAnswer } from './statement';
import type { SyncStatus } from './sync';
import type { DigestAnswer } from './digest';

/** A table entry: carries the type of what the channel resolves with (or its event's payload). */
export interface Carries<T> {
  readonly carries?: T;
}
const returns = <T>(): Carries<T> => ({});

/** An entry whose channel takes a list's id first and resolves with that list's own `T[R]`. */
export interface PerResource<T extends Record<ResourceId, unknown>> extends Carries<T[ResourceId]> {
  readonly perResource: true;
  readonly byResource?: T;
}
const perResource = <T extends Record<ResourceId, unknown>>(): PerResource<T> => ({ perResource: true });

export const invokeTable = {
  app: { getInfo: returns<AppInfo>() },
  settings: { get: returns<SettingsView>(), update: returns<SettingsView>() },
  companies: {
    list: returns<CompanyList>(),
    /** Only the active company's id: the list itself did not change (a firm's is 300 companies). */
    setActive: returns<ActiveCompany>(),
    rename: returns<CompanyList>(),
    setTags: returns<CompanyList>(),
    disconnect: returns<DisconnectResult>(),
  },
  connect: { start: returns<ConnectStarted>(), cancel: returns<void>(), serviceAccount: returns<CompanySummary>() },
  /**
   * Every list (customer invoices, supplier invoices, ...), its resource id first: a page (from the
   * company's local copy once it is ready, else from the service), its cancel, and the grid's saved view.
   */
  lists: {
    page: perResource<{ [R in ResourceId]: ResourceViews[R]['page'] }>(),
    cancel: returns<void>(),
    getView: perResource<{ [R in ResourceId]: ResourceViews[R]['view'] | null }>(),
    /** Every connected company's stored view of the list, by company id (those without one left out). */
    views: perResource<{ [R in ResourceId]: Record<string, ResourceViews[R]['view']> }>(),
    saveView: returns<void>(),
  },
  /** What is a customer invoice's own: its document and its PDF. */
  invoices: {
    /** The whole invoice: rows, totals, addresses. */
    get: returns<InvoiceDocument>(),
    /** Opens its PDF in the system's viewer; the window learns only the file's name. */
    openPdf: returns<{ fileName: string }>(),
    /** Saves its PDF where the save dialog says; null when cancelled. */
    savePdf: returns<{ fileName: string } | null>(),
  },
  /** What is a supplier invoice's own: its document and its scan. */
  supplierinvoices: {
    /** The whole supplier invoice: its booking rows, VAT, what is still to pay, whether a scan is connected. */
    get: returns<SupplierInvoiceDocument>(),
    /** Opens its scan (PDF, PNG or JPEG) in the system's viewer; the window learns only the file's name. */
    openScan: returns<{ fileName: string }>(),
    /** Saves its scan where the save dialog says; null when cancelled. */
    saveScan: returns<{ fileName: string } | null>(),
  },
  /** The local copies: every company's sync state; a sync now (`full`: also removes what the service no longer lists). */
  sync: { status: returns<SyncStatus[]>(), now: returns<void>() },
  /**
   * Who owes what and for how long, from the local copies: one company, or all of them; a
   * customer's statement as at a day, and that statement saved as CSV where the save dialog says
   * (null when cancelled; the window learns only the file's name).
   */
  receivables: { overview: returns<CompanyReceivables>(), all: returns<AllReceivables>(), statement: returns<StatementAnswer>(), exportStatement: returns<{ fileName: string } | null>() },
  /**
   * "Since you last looked": one company's events or every company's, by kind (a page of
   * one kind with `kind` and `offset`); marked seen, dismissed or snoozed. Read from the local copies.
   */
  digest: { view: returns<DigestAnswer>(), mark: returns<void>() },
  export: {
    /** null when the user cancelled the save dialog. */
    start: returns<{ jobId: string } | null>(),
    cancel: returns<void>(),
    /** Runs a failed or cancelled job again, to the same file. */
    retry: returns<{ jobId: string }>(),
    list: returns<ExportProgress[]>(),
  },
} as const;

export const eventTable = {
  'connect:progress': returns<ConnectProgress>(),
  'companies:changed': returns<CompanyList>(),
  /** Another company chosen (companies:setActive): the id alone, not the whole list again. */
  'companies:active': returns<ActiveCompany>(),
  /** A company's requests are waiting for the rate limit (or no longer are). */
  'company:rateLimit': returns<{ companyId: string; waiting: boolean }>(),
  'export:progress': returns<ExportProgress>(),
  /** A company's local copy changed state (progress, done, failed, turned off). */
  'sync:changed': returns<SyncStatus>(),
  /** A desktop notification was clicked: show that company's digest. */
  'digest:open': returns<{ companyId: string }>(),
} as const;

export type InvokeTable = typeof invokeTable;
export type Namespace = keyof InvokeTable;
/** Every invoke channel's name: `namespace:method`. */
export type InvokeChannel = { [N in Namespace]: `${N}:${keyof InvokeTable[N] & string}` }[Namespace];
export type EventChannel = keyof typeof eventTable;

/** The channel names, in table order (what ipcMain registers and the bridge exposes). */
export function invokeChannelNames(): InvokeChannel[] {
  return Object.entries(invokeTable).flatMap(([namespace, methods]) => Object.keys(methods).map((method) => `${namespace}:${method}` as InvokeChannel));
}

export const eventChannels = Object.keys(eventTable) as EventChannel[];
