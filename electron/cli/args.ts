import path from 'node:path';
import { parseArgs } from 'node:util';
import { isApiError } from '../kernel/errors';
import { INVOICE_FILTERS, INVOICE_SEARCH_FIELDS, INVOICE_SORT_FIELDS, MAX_LIMIT, SORT_ORDERS, isIsoDate, type InvoiceQuery } from '../api/invoice-query';
import type { ListQuery } from '../api/list-query';
import { resourceIds, type ResourceId } from '../common/resources';
import { supplierFilters, supplierSearchFields, supplierSortFields } from '../common/supplier-invoices';
import { CSV_FORMATS, type ColumnLanguage, type CsvFormat } from '../export/columns';
import { resolvePages, type PageSelection } from '../export/export-job';
import { exportResources } from '../export/export-resources';
import { serviceUrlProblem } from '../settings/service-address';

/**
 * The command line of `npm run export`: options, environment, usage text and exit codes. Pure
 * (argv and env in, a plan or a UsageError out), so it is unit-tested without a process.
 */

export const EXIT = {
  ok: 0,
  /** Not ours: an unexpected error (a bug); the message says what. */
  internal: 1,
  usage: 2,
  auth: 3,
  service: 4,
  file: 5,
  /** The service sent data the app refused (a DocumentNumber that is no file name, a document of another type or over 20 MB, a file id that is no plain id): some files are missing. */
  refused: 6,
  /** 128 + the signal number, as shells report a process ended by Ctrl-C (SIGINT) or SIGTERM. */
  sigint: 130,
  sigterm: 143,
} as const;

export const ENV = {
  clientId: 'INVOICE_DESK_CLIENT_ID',
  clientSecret: 'INVOICE_DESK_CLIENT_SECRET',
  authUrl: 'INVOICE_DESK_AUTH_URL',
  apiUrl: 'INVOICE_DESK_API_URL',
} as const;

export const USAGE = `Usage: npm run -s export -- --tenant <TenantId> --out <file.csv> [options]

Exports a company's customer invoices (or, with --resource supplierinvoices, its supplier
invoices) to a CSV file with a service account (client credentials and a TenantId), without the app. The file is written to a temporary name beside --out and renamed
only when complete: an interrupted or failed export leaves no partial file.

Options:
  --tenant <TenantId>          the company's TenantId (required)
  --out <file.csv>             the file to write (required; its folder must exist; an existing
                               file is replaced only when the export succeeds)
  --resource <resource>        ${resourceIds.join(' or ')} (default invoices):
                               customer invoices, or supplier invoices (leverantörsfakturor;
                               the service account needs the scope supplierinvoice)
  --pages all|N|N-M|N,M,...    which pages of the view (default all)
  --pdf-dir <folder>           also save each exported invoice's PDF there as <DocumentNumber>.pdf
                               (from /preview, which does not mark it sent; files already there
                               are skipped, so a run that stopped can simply be started again);
                               supplier invoices: the scan of the supplier's invoice as
                               <GivenNumber>.pdf, .png or .jpg by its type (scopes connectfile and
                               archive); an invoice without a scan is counted, not an error
  --mirror <folder>            keep the company's local copy in that folder (tenant-<TenantId>.sqlite):
                               brought up to date incrementally (an unchanged company costs one or
                               two requests), then the file is written from it
  --limit 1..${MAX_LIMIT}               invoices per page (default ${MAX_LIMIT})
  --filter <filter>            ${INVOICE_FILTERS.join(', ')}
                               supplier invoices: ${supplierFilters.join(', ')}
  --sortby <field>             ${INVOICE_SORT_FIELDS.join(', ')}
                               supplier invoices only with --mirror (the service lists them in
                               its own order and sorts them by nothing): ${supplierSortFields.join(', ')}
  --sortorder <order>          ${SORT_ORDERS.join(', ')}
  --search <field>=<value>     one search at a time, one of: ${INVOICE_SEARCH_FIELDS.join(', ')}
                               (e.g. customername=Acme); supplier invoices: ${supplierSearchFields.join(', ')}
  --from YYYY-MM-DD            only invoices dated on or after that day (invoice date)
  --to YYYY-MM-DD              only invoices dated on or before that day; --from and --to
                               combine with each other, --filter and --search
  --lastmodified "YYYY-MM-DD HH:mm:ss"
                               only invoices changed since then (service local time)
  --format standard|excel-sv   standard: comma, decimal point (default);
                               excel-sv: semicolon, decimal comma, UTF-8 BOM (Excel, Swedish)
  --lang en|sv                 language of the header line and the status column (default en)
  -h, --help                   show this help

Environment:
  ${ENV.clientId}       the integration's client ID
  ${ENV.clientSecret}   the integration's client secret
  ${ENV.authUrl}        the service's auth URL ({auth_url}; token endpoint {auth_url}/oauth-v1/token)
  ${ENV.apiUrl}         the service's API URL ({base_url}; invoices {base_url}/3/invoices)
                               both https (plain http only to 127.0.0.1, localhost or [::1]), without user:password@

Progress goes to stderr (a bar on a terminal, plain lines otherwise); stdout stays empty.

Exit codes:
  0    done: the file is complete
  2    usage: a missing or invalid option or environment variable (the message names it)
  3    authentication, licence or scope: the service refused the credentials, the tenant,
       the licence or a scope (the message names it: invoice, supplierinvoice, connectfile, archive)
  4    rate limit or service unavailable, after the retries: try again later
  5    file error: the folder does not exist, no permission, disk full
  6    the service sent data the app refused (--pdf-dir: a number that is no file name, a scan
       not PDF/PNG/JPEG, over 20 MB, a bad file id): the rest is written, warnings name them
  130  interrupted (Ctrl-C, SIGINT); 143 terminated (SIGTERM): no file is written; once the
       CSV is written (--pdf-dir), "<file> is complete; N of M scans saved" (or PDFs)
`;

export class UsageError extends Error {
  /** Print the whole usage after the message (missing or unknown options). */
  readonly showUsage: boolean;
  constructor(message: string, showUsage = false) {
    super(message);
    this.name = 'UsageError';
    this.showUsage = showUsage;
  }
}

export interface ExportPlan {
  tenantId: string;
  /** What to export, when not the customer invoices (--resource). */
  resource?: Exclude<ResourceId, 'invoices'>;
  /** Absolute path. */
  out: string;
  /** Absolute path of the folder for the invoices' PDFs (--pdf-dir), when asked for. */
  pdfDir?: string;
  /** Absolute path of the folder of the company's local copy (--mirror), when asked for. */
  mirrorDir?: string;
  pages: PageSelection;
  /** The customer invoices' query, or the supplier invoices' (--resource). */
  query: InvoiceQuery | ListQuery;
  format: CsvFormat;
  lang: ColumnLanguage;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  apiUrl: string;
}

export type ParsedCommand = { help: true } | { help: false; plan: ExportPlan };

const OPTIONS = {
  tenant: { type: 'string' },
  resource: { type: 'string' },
  out: { type: 'string' },
  pages: { type: 'string' },
  limit: { type: 'string' },
  filter: { type: 'string' },
  sortby: { type: 'string' },
  sortorder: { type: 'string' },
  search: { type: 'string', multiple: true },
  from: { type: 'string' },
  to: { type: 'string' },
  lastmodified: { type: 'string' },
  format: { type: 'string' },
  lang: { type: 'string' },
  'pdf-dir': { type: 'string' },
  mirror: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Node's parseArgs messages, rewritten to name the option plainly. */
export function usageFromParseArgs(error: unknown): UsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-{1,2}[^'\s]+)/.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`unknown option ${option ?? message}`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (option && /argument missing|ambiguous/i.test(message)) return new UsageError(`${option} needs a value`, true);
      if (option) return new UsageError(`${option} does not take a value`, true);
      return new UsageError(message, true);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const arg = /'([^']*)'/.exec(message)?.[1];
      return new UsageError(`unexpected argument ${arg ? `"${arg}"` : ''}: every value belongs to an option`.replace(' :', ':'), true);
    }
    default:
      return new UsageError(message, true);
  }
}

export function invalid(option: string, detail: string): UsageError {
  return new UsageError(`invalid ${option}: ${detail}`);
}

export function parsePages(value: string): PageSelection {
  const text = value.trim();
  let selection: PageSelection;
  if (text === 'all') selection = 'all';
  else if (/^\d+$/.test(text)) selection = [Number(text)];
  else if (/^\d+\s*-\s*\d+$/.test(text)) {
    const [from, to] = text.split('-').map((part) => Number(part.trim())) as [number, number];
    selection = { from, to };
  } else if (/^\d+(\s*,\s*\d+)+$/.test(text)) selection = text.split(',').map((part) => Number(part.trim()));
  else throw invalid('--pages', `"${value}" is not all, N, N-M or N,M,... (pages are numbered from 1)`);
  try {
    resolvePages(selection);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid export: /, '') : String(error);
    throw invalid('--pages', `${detail.replace(/\.$/, '')} (got "${value}")`);
  }
  return selection;
}

function parseLimit(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw invalid('--limit', `"${value}" is not a whole number from 1 to ${MAX_LIMIT}`);
  return Number(value.trim());
}

function parseSearch(values: readonly string[], fields: readonly string[]): { field: string; value: string } {
  if (values.length > 1) {
    throw invalid('--search', `only one search at a time (the service takes one search parameter; got ${values.length}); --from, --to and --filter combine with it`);
  }
  const value = values[0] ?? '';
  const at = value.indexOf('=');
  if (at <= 0) throw invalid('--search', `"${value}" is not field=value (fields: ${fields.join(', ')})`);
  const field = value.slice(0, at).trim().toLowerCase();
  if (field === 'fromdate' || field === 'todate') {
    throw invalid('--search', `${field} is not a search field: use --${field === 'fromdate' ? 'from' : 'to'} YYYY-MM-DD (it combines with --search and --filter)`);
  }
  return { field, value: value.slice(at + 1) };
}

/** The query's field names as the command line spells them. */
const OPTION_OF: Record<string, string> = { fromdate: 'from', todate: 'to' };

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(option, `"${value}" is not one of: ${allowed.join(', ')}`);
}

export function requireEnv(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new UsageError(`${name} is not set (see Environment in --help)`);
  return value;
}

/**
 * The app's own address rule (https; plain http only to this machine; no user name, password,
 * query or fragment): the client secret and tokens are sent there. The value is not echoed: it may
 * hold a password.
 */
export function requireUrl(env: NodeJS.ProcessEnv, name: string): string {
  const value = requireEnv(env, name);
  const problem = serviceUrlProblem(value);
  if (problem) throw new UsageError(`${name} ${problem}`);
  return value.replace(/\/+$/, '');
}

/** The query options, validated by the same validation the app uses (nothing is sent before). */
function buildQuery(values: Record<string, string | undefined>, search: readonly string[] | undefined, resourceId: ResourceId, mirror: boolean): InvoiceQuery | ListQuery {
  const supplier = resourceId === 'supplierinvoices';
  if (supplier && !mirror) {
    // Said before the validator's own words, with the way out.
    for (const option of ['sortby', 'sortorder'] as const) {
      if (values[option] !== undefined) {
        throw invalid(`--${option}`, 'the service cannot sort supplier invoices (it lists them in its own order, by GivenNumber); add --mirror <folder> to sort them on the local copy');
      }
    }
  }
  const resource = exportResources[resourceId];
  const validate = mirror ? resource.localQuery : resource.serviceQuery;
  const input: Record<string, unknown> = { limit: values.limit === undefined ? MAX_LIMIT : parseLimit(values.limit) };
  if (values.filter !== undefined) input.filter = values.filter;
  if (values.sortby !== undefined) input.sortby = values.sortby;
  if (values.sortorder !== undefined) input.sortorder = values.sortorder;
  if (values.lastmodified !== undefined) input.lastmodified = values.lastmodified;
  if (search !== undefined) input.search = parseSearch(search, supplier ? supplierSearchFields : INVOICE_SEARCH_FIELDS);
  if (values.from !== undefined) input.fromdate = values.from;
  if (values.to !== undefined) input.todate = values.to;
  if (values.from !== undefined && values.to !== undefined && isIsoDate(values.from.trim()) && isIsoDate(values.to.trim()) && values.from.trim() > values.to.trim()) {
    throw new UsageError(`invalid --from/--to: --from ${values.from.trim()} is after --to ${values.to.trim()}`);
  }
  try {
    return validate(input);
  } catch (error) {
    if (isApiError(error) && error.kind === 'bad-request') {
      const field = (error.field ?? 'query').split('.')[0] ?? 'query';
      const name = OPTION_OF[field] ?? field;
      const given = name === 'search' ? search?.[0] : values[name];
      const detail = error.message
        .replace(/^Invalid [\w ]+ query: /, '')
        .replace(/^"[\w.]+"\s*:?\s*/, '')
        .replace(/\.$/, '');
      throw invalid(`--${name}`, `${detail}${given !== undefined ? ` (got "${given}")` : ''}`);
    }
    throw error;
  }
}

/**
 * Parses argv (without node and the script) and the environment. `cwd` resolves a relative --out:
 * under `npm run export` npm starts the script in the package folder, so the folder the user typed
 * the command in (npm's INIT_CWD) is used instead.
 */
export function parseExportArgs(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): ParsedCommand {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw usageFromParseArgs(error);
  }
  if (values.help === true) return { help: true };
  const text = values as Record<string, string | undefined>;

  if (text.tenant === undefined) throw new UsageError('--tenant is required', true);
  const tenantId = text.tenant.trim();
  if (!/^\d{1,18}$/.test(tenantId)) throw invalid('--tenant', `"${text.tenant}" is not a TenantId (digits only)`);
  if (text.out === undefined) throw new UsageError('--out is required', true);
  if (text.out.trim() === '') throw invalid('--out', 'the file name is empty');

  const resource = text.resource === undefined ? 'invoices' : oneOf<ResourceId>('--resource', text.resource.trim(), resourceIds);
  const pages = text.pages === undefined ? 'all' : parsePages(text.pages);
  const query = buildQuery(text, values.search as string[] | undefined, resource, text.mirror !== undefined);
  const format = text.format === undefined ? 'standard' : oneOf('--format', text.format, CSV_FORMATS);
  const lang = text.lang === undefined ? 'en' : oneOf<ColumnLanguage>('--lang', text.lang, ['en', 'sv']);

  const clientId = requireEnv(env, ENV.clientId);
  const clientSecret = requireEnv(env, ENV.clientSecret);
  const authUrl = requireUrl(env, ENV.authUrl);
  const apiUrl = requireUrl(env, ENV.apiUrl);

  const base = env.npm_lifecycle_event === 'export' && env.INIT_CWD ? env.INIT_CWD : cwd;
  const out = path.resolve(base, text.out);

  if (text['pdf-dir'] !== undefined && text['pdf-dir'].trim() === '') throw invalid('--pdf-dir', 'the folder name is empty');
  const pdfDir = text['pdf-dir'] === undefined ? undefined : path.resolve(base, text['pdf-dir']);

  if (text.mirror !== undefined && text.mirror.trim() === '') throw invalid('--mirror', 'the folder name is empty');
  if (text.mirror !== undefined && text.lastmodified !== undefined) throw invalid('--lastmodified', 'it cannot be combined with --mirror (the local copy holds every invoice)');
  const mirrorDir = text.mirror === undefined ? undefined : path.resolve(base, text.mirror);

  return { help: false, plan: { tenantId, ...(resource !== 'invoices' ? { resource } : {}), out, pages, query, format, lang, clientId, clientSecret, authUrl, apiUrl, ...(pdfDir ? { pdfDir } : {}), ...(mirrorDir ? { mirrorDir } : {}) } };
}
