/**
 * THE contract between the renderer and the main process.
 *
 * One map of invoke channels (request -> response) with the schema of their arguments, one map of
 * event channels (main -> renderer) with their payload types, and the shape of the object the
 * preload exposes as `window.invoiceDesk`. Both sides type against this file; the renderer imports
 * it with `import type` only. No Electron import here, and no token or secret type ever appears.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Results and errors that cross the boundary

/** Why an IPC call failed, in words the renderer can show and act on. Plain data only. */
export type IpcErrorKind =
  | 'invalid-input' // the arguments did not match the contract's schema
  | 'forbidden' // the sender is not the app's own window
  | 'internal' // a bug: the main process logged it
  // the API core's taxonomy (electron/api/errors.ts), passed through unchanged
  | 'unauthorized'
  | 'needs-reconnect'
  | 'scope-missing'
  | 'licence-missing'
  | 'rate-limited'
  | 'unavailable'
  | 'bad-request'
  | 'busy'
  | 'cancelled'
  | 'not-found'
  | 'file';

export interface IpcError {
  kind: IpcErrorKind;
  /** What went wrong, for the user. */
  message: string;
  /** What the user can do about it, when there is something. */
  remedy?: string;
  /** The service's own message (often Swedish), when it sent one. */
  serviceMessage?: string;
}

/**
 * Every invoke returns this envelope instead of throwing: errors thrown across Electron's IPC and
 * context bridge lose everything but their message, and the renderer needs the kind to act on.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---------------------------------------------------------------------------------------------
// Values

export interface AppInfo {
  name: string;
  version: string;
  platform: 'darwin' | 'win32' | 'linux' | string;
  electronVersion: string;
  /** Whether the OS offers a real keyring for safeStorage (false for Linux's basic_text backend). */
  keyringAvailable: boolean;
  /** The safeStorage backend on Linux ('gnome_libsecret', 'basic_text', ...), else 'os'. */
  keyringBackend: string;
}

// Companies and connecting

/** A connected company's health, each with a remedy the UI shows. */
export type CompanyStatus = 'connected' | 'needs-reconnect' | 'scope-missing' | 'licence-missing';

export interface CompanySummary {
  /** The app's id for the company (stable across reconnects: derived from the tenant). */
  id: string;
  name: string;
  organisationNumber: string;
  tenantId: string;
  /** 'user': authorization code with refresh tokens; 'service': client credentials. */
  kind: 'user' | 'service';
  status: CompanyStatus;
  /** Why the status is not 'connected', and what to do. */
  statusMessage?: string;
  remedy?: string;
  /** Connected to the built-in demo service. */
  demo: boolean;
}

export interface CompanyList {
  companies: CompanySummary[];
  activeId: string | null;
}

/**
 * What disconnecting did. The company is gone from the app either way; `revokeWarning` says its
 * access could not be revoked at the service, which may then still list the integration:
 * 'failed' (the service refused or could not be reached) or 'other-service' (the settings now name
 * another service, so the connection's own service could not be asked).
 */
export interface DisconnectResult extends CompanyList {
  revokeWarning?: { companyName: string; reason: 'failed' | 'other-service' };
}

export type ConnectPhase = 'waiting-for-browser' | 'exchanging' | 'reading-company' | 'done' | 'failed' | 'cancelled';

export interface ConnectProgress {
  flowId: string;
  phase: ConnectPhase;
  /** The authorization URL, to copy when the browser did not open (it carries no secret). */
  authorizationUrl?: string;
  companyId?: string;
  error?: IpcError;
}

export interface ConnectStarted {
  flowId: string;
  authorizationUrl: string;
}

// ---------------------------------------------------------------------------------------------
// Settings

export type Language = 'sv' | 'en';

export interface SettingsView {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  /** Whether a client secret is stored or set in the environment. Never the secret itself. */
  clientSecretSet: boolean;
  redirectPort: number | null;
  language: Language;
  /** Settings fixed by INVOICE_DESK_* environment variables (the UI shows them read-only). */
  fromEnvironment: Array<'authUrl' | 'apiUrl' | 'clientId' | 'clientSecret' | 'redirectPort'>;
  /** INVOICE_DESK_* values that were ignored because they are invalid, with why. */
  environmentProblems: string[];
  /** No client credentials configured: the app offers the demo company. */
  demoMode: boolean;
}

// ---------------------------------------------------------------------------------------------
// Invoices

export type InvoiceStatus = 'paid' | 'partly-paid' | 'unpaid' | 'overdue' | 'cancelled' | 'unbooked';

/** One invoice as the grid shows it: the list fields plus the status derived in the main process. */
export interface InvoiceRow {
  documentNumber: string;
  customerNumber: string;
  customerName: string;
  invoiceDate: string;
  dueDate: string;
  total: number;
  balance: number;
  currency: string;
  currencyRate: number;
  currencyUnit: number;
  booked: boolean;
  cancelled: boolean;
  sent: boolean;
  ocr: string;
  invoiceType: string;
  finalPayDate: string | null;
  costCenter: string;
  project: string;
  termsOfPayment: string;
  wayOfDelivery: string;
  externalInvoiceReference1: string;
  externalInvoiceReference2: string;
  voucherNumber: number | null;
  voucherSeries: string | null;
  voucherYear: number | null;
  status: InvoiceStatus;
}

export interface InvoicePageView {
  rows: InvoiceRow[];
  currentPage: number;
  /** 0 when there are no invoices (the service's own convention). */
  totalPages: number;
  totalResources: number;
}

export const sortFields = ['documentnumber', 'customername', 'customernumber', 'invoicedate', 'ocr', 'total'] as const;
export const filters = ['unpaid', 'cancelled', 'fullypaid', 'unpaidoverdue', 'unbooked'] as const;
export const searchFields = ['customername', 'documentnumber', 'ocr', 'customernumber'] as const;
export const pageSizes = [25, 50, 100, 250, 500] as const;

/** The grid's query. The main process validates it again with the API core's rules. */
export interface GridQuery {
  page: number;
  limit: number;
  sortby?: (typeof sortFields)[number];
  sortorder?: 'ascending' | 'descending';
  filter?: (typeof filters)[number];
  search?: { field: (typeof searchFields)[number]; value: string };
}

export type RequestPriority = 'interactive' | 'prefetch';

/** The grid's per-company view state, kept across restarts. */
export interface ViewState {
  sortby?: GridQuery['sortby'];
  sortorder?: GridQuery['sortorder'];
  filter?: GridQuery['filter'];
  search?: GridQuery['search'];
  limit: number;
  /** Visible columns in their order (ids of exportColumnIds). */
  columns: string[];
}

// ---------------------------------------------------------------------------------------------
// Export

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
export type ExportFormat = 'standard' | 'excel-sv';

export type ExportSelection =
  | { kind: 'all' }
  | { kind: 'pages'; pages: number[] }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'rows'; page: number; documentNumbers: string[] };

export interface ExportRequest {
  companyId: string;
  /** The current view: filter, sort, search and page size (page is ignored). */
  query: Omit<GridQuery, 'page'>;
  selection: ExportSelection;
  columns: Array<{ id: ExportColumnId; header: string }>;
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

// ---------------------------------------------------------------------------------------------
// Invoke channels: name -> argument schema (a tuple: the arguments as the renderer passes them)

/**
 * The argument schemas, built in one pure function: the preload imports this file for the method
 * table only, and the annotation lets the bundler drop zod and the schemas from it.
 */
function buildInvokeSchemas() {
  const id = z.string().min(1).max(100);
  const text = (max: number) => z.string().max(max);
  const httpUrl = z
    .string()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'must be an http(s) URL');
  const pageNumber = z.number().int().min(1).max(1_000_000);
  const gridQueryShape = {
    limit: z.number().int().min(1).max(500),
    sortby: z.enum(sortFields).optional(),
    sortorder: z.enum(['ascending', 'descending']).optional(),
    filter: z.enum(filters).optional(),
    search: z.object({ field: z.enum(searchFields), value: text(200) }).strict().optional(),
  };
  const gridQuery = z.object({ page: pageNumber, ...gridQueryShape }).strict();
  const viewState = z
    .object({
      sortby: gridQueryShape.sortby,
      sortorder: gridQueryShape.sortorder,
      filter: gridQueryShape.filter,
      search: gridQueryShape.search,
      limit: z.number().int().min(1).max(500),
      columns: z.array(z.enum(exportColumnIds)).max(exportColumnIds.length),
    })
    .strict();
  const exportSelection = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }).strict(),
    z.object({ kind: z.literal('pages'), pages: z.array(pageNumber).min(1).max(10_000) }).strict(),
    z.object({ kind: z.literal('range'), from: pageNumber, to: pageNumber }).strict().refine((r) => r.from <= r.to, 'from must not be after to'),
    z.object({ kind: z.literal('rows'), page: pageNumber, documentNumbers: z.array(text(30)).min(1).max(500) }).strict(),
  ]);

  return {
    'app:getInfo': z.tuple([]),
    'settings:get': z.tuple([]),
    'settings:update': z.tuple([
      z
        .object({
          authUrl: httpUrl.optional(),
          apiUrl: httpUrl.optional(),
          clientId: text(200).optional(),
          /** Write-only: an empty string removes the stored secret. */
          clientSecret: text(500).optional(),
          redirectPort: z.number().int().min(1024).max(65535).nullable().optional(),
          language: z.enum(['sv', 'en']).optional(),
        })
        .strict(),
    ]),
    'companies:list': z.tuple([]),
    'companies:setActive': z.tuple([id]),
    'companies:rename': z.tuple([id, z.string().trim().min(1).max(120)]),
    'companies:disconnect': z.tuple([id]),
    /** Starts the browser flow: a new company, or a reconnect of `companyId`. */
    'connect:start': z.tuple([z.object({ demo: z.boolean(), reconnectCompanyId: id.optional() }).strict()]),
    'connect:cancel': z.tuple([id]),
    'connect:serviceAccount': z.tuple([z.object({ tenantId: z.string().regex(/^\d{1,20}$/, 'TenantId is digits') }).strict()]),
    /** The optional request id lets the renderer cancel a page it no longer needs (invoices:cancel). */
    'invoices:list': z.tuple([id, gridQuery, z.enum(['interactive', 'prefetch']), id.optional()]),
    'invoices:cancel': z.tuple([id]),
    'view:get': z.tuple([id]),
    'view:save': z.tuple([id, viewState]),
    'export:start': z.tuple([
      z
        .object({
          companyId: id,
          query: z.object(gridQueryShape).strict(),
          selection: exportSelection,
          columns: z.array(z.object({ id: z.enum(exportColumnIds), header: text(100) }).strict()).min(1).max(exportColumnIds.length),
          format: z.enum(['standard', 'excel-sv']),
        })
        .strict(),
    ]),
    'export:cancel': z.tuple([id]),
    /** Runs a failed or cancelled job again, to the same file. */
    'export:retry': z.tuple([id]),
    'export:list': z.tuple([]),
  } as const;
}

export const invokeChannels = /* @__PURE__ */ buildInvokeSchemas();

export type InvokeChannel = keyof typeof invokeChannels;
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]>;

/** What each invoke channel resolves with (inside the Result envelope). */
export interface InvokeResults {
  'app:getInfo': AppInfo;
  'settings:get': SettingsView;
  'settings:update': SettingsView;
  'companies:list': CompanyList;
  'companies:setActive': CompanyList;
  'companies:rename': CompanyList;
  'companies:disconnect': DisconnectResult;
  'connect:start': ConnectStarted;
  'connect:cancel': void;
  'connect:serviceAccount': CompanySummary;
  'invoices:list': InvoicePageView;
  'invoices:cancel': void;
  'view:get': ViewState | null;
  'view:save': void;
  /** null when the user cancelled the save dialog. */
  'export:start': { jobId: string } | null;
  'export:cancel': void;
  'export:retry': { jobId: string };
  'export:list': ExportProgress[];
}

// ---------------------------------------------------------------------------------------------
// Event channels: main -> renderer

export interface EventPayloads {
  'connect:progress': ConnectProgress;
  'companies:changed': CompanyList;
  /** A company's requests are waiting for the rate limit (or no longer are). */
  'company:rateLimit': { companyId: string; waiting: boolean };
  'export:progress': ExportProgress;
}
export type EventChannel = keyof EventPayloads;
export const eventChannels: readonly EventChannel[] = ['connect:progress', 'companies:changed', 'company:rateLimit', 'export:progress'];

// ---------------------------------------------------------------------------------------------
// The object on window.invoiceDesk

export type Unsubscribe = () => void;

type Method<C extends InvokeChannel> = (...args: InvokeArgs<C>) => Promise<Result<InvokeResults[C]>>;

export interface InvoiceDeskApi {
  app: { getInfo: Method<'app:getInfo'> };
  settings: { get: Method<'settings:get'>; update: Method<'settings:update'> };
  companies: {
    list: Method<'companies:list'>;
    setActive: Method<'companies:setActive'>;
    rename: Method<'companies:rename'>;
    disconnect: Method<'companies:disconnect'>;
  };
  connect: { start: Method<'connect:start'>; cancel: Method<'connect:cancel'>; serviceAccount: Method<'connect:serviceAccount'> };
  invoices: { list: Method<'invoices:list'>; cancel: Method<'invoices:cancel'> };
  view: { get: Method<'view:get'>; save: Method<'view:save'> };
  export: { start: Method<'export:start'>; cancel: Method<'export:cancel'>; retry: Method<'export:retry'>; list: Method<'export:list'> };
  events: {
    /** Listen to one of the contract's event channels; any other name is refused. */
    on<E extends EventChannel>(channel: E, listener: (payload: EventPayloads[E]) => void): Unsubscribe;
  };
}

/** The method table of the bridge: which namespace.method calls which channel. */
export const bridgeMethods = {
  app: { getInfo: 'app:getInfo' },
  settings: { get: 'settings:get', update: 'settings:update' },
  companies: {
    list: 'companies:list',
    setActive: 'companies:setActive',
    rename: 'companies:rename',
    disconnect: 'companies:disconnect',
  },
  connect: { start: 'connect:start', cancel: 'connect:cancel', serviceAccount: 'connect:serviceAccount' },
  invoices: { list: 'invoices:list', cancel: 'invoices:cancel' },
  view: { get: 'view:get', save: 'view:save' },
  export: { start: 'export:start', cancel: 'export:cancel', retry: 'export:retry', list: 'export:list' },
} as const satisfies { [N in Exclude<keyof InvoiceDeskApi, 'events'>]: Record<keyof InvoiceDeskApi[N], InvokeChannel> };

/** Bridge functions that return synchronously (everything else returns a Promise). */
export const syncBridgePaths = ['events.on'] as const;
