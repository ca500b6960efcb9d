/**
 * The command line of `npm run export`: its usage text, its general options (tenant, output file,
 * resource, format, language, --pdf-dir, --mirror) and the plan they make with the environment.
 * The view's options (pages, filter, sort, search, dates) are parsed in export-query-args.ts. Pure
 * (argv and env in, a plan or a UsageError out), so it is unit-tested without a process.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_LIMIT, SORT_ORDERS, type ListQuery } from '../api/list-query';
import { keysOf, localSortFieldsOf, serviceSortFieldsOf } from '../common/lists/list-description';
import { eachList, lists } from '../common/lists/registry';
import { resourceIds, type ResourceId } from '../common/resources';
import { CSV_FORMATS, type ColumnLanguage, type CsvFormat } from '../export/columns';
import type { PageSelection } from '../export/export-job';
import { ENV, invalid, oneOf, requireEnv, requireUrl, usageFromParseArgs, UsageError } from './args';
import { buildQuery, parsePages } from './export-query-args';

// The help's lists, the registry's (common/lists): the service's for customer invoices, the copy's sorts for supplier invoices.
const [INVOICE_FILTERS, INVOICE_SORT_FIELDS, INVOICE_SEARCH_FIELDS] = [keysOf(lists.invoices.filters), serviceSortFieldsOf(lists.invoices), keysOf(lists.invoices.searchFields)];
const [supplierFilters, supplierSortFields, supplierSearchFields] = [keysOf(lists.supplierinvoices.filters), localSortFieldsOf(lists.supplierinvoices), keysOf(lists.supplierinvoices.searchFields)];

export const USAGE = `Usage: npm run -s export -- --tenant <TenantId> --out <file.csv> [options]

Exports a company's customer invoices (or, with --resource, its supplier invoices or its
customer register) to a CSV file with a service account (client credentials and a TenantId), without the app. The file is written to a temporary name beside --out and renamed
only when complete: an interrupted or failed export leaves no partial file.

Options:
  --tenant <TenantId>          the company's TenantId (required)
  --out <file.csv>             the file to write (required; its folder must exist; an existing
                               file is replaced only when the export succeeds)
  --resource <resource>        ${resourceIds.join(', ')} (default invoices):
                               customer invoices; supplier invoices (leverantörsfakturor;
                               the service account needs the scope supplierinvoice); or the
                               customer register (kunder; scope customer): what each customer
                               owes, its overdue, open invoices, how late it usually pays and its
                               last invoice come from the local copy's invoices, only with --mirror;
                               or the payments of either side (scope payment)
  --pages all|N|N-M|N,M,...    which pages of the view (default all)
  --pdf-dir <folder>           also save each exported invoice's PDF there as <DocumentNumber>.pdf
                               (from /preview, which does not mark it sent; files already there
                               are skipped, so a run that stopped can simply be started again);
                               supplier invoices: the scan of the supplier's invoice as
                               <GivenNumber>.pdf, .png or .jpg by its type (scopes connectfile and
                               archive); an invoice without a scan is counted, not an error
  --mirror <folder>            keep the company's local copy in that folder (tenant-<TenantId>.sqlite):
                               brought up to date incrementally (an unchanged company costs one or
                               two requests), then the file is written from it; a folder
                               other users may write to only when sticky (as /tmp), and a
                               copy or journal there of another user's is refused (exit 5)
  --limit 1..${MAX_LIMIT}               invoices per page (default ${MAX_LIMIT})
  --filter <filter>            ${INVOICE_FILTERS.join(', ')}
                               supplier invoices: ${supplierFilters.join(', ')}
                               customers: active, inactive; with --mirror also withoverdue
  --sortby <field>             ${INVOICE_SORT_FIELDS.join(', ')}
                               supplier invoices only with --mirror (the service lists them in
                               its own order and sorts them by nothing): ${supplierSortFields.join(', ')}
                               customers: customernumber, name; with --mirror any column
  --sortorder <order>          ${SORT_ORDERS.join(', ')}
  --search <field>=<value>     one search at a time, one of: ${INVOICE_SEARCH_FIELDS.join(', ')}
                               (e.g. customername=Acme); supplier invoices: ${supplierSearchFields.join(', ')};
                               customers: name, customernumber
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
  3    authentication, licence or scope: the service refused the credentials, the tenant, the
       licence or a scope (it names it: invoice, supplierinvoice, customer, connectfile, archive)
  4    rate limit or service unavailable, after the retries: try again later
  5    file error: the folder does not exist, no permission, disk full, a --mirror
       folder or copy of another user's
  6    the service sent data the app refused (--pdf-dir: a number that is no file name, a scan
       not PDF/PNG/JPEG, over 20 MB, a bad file id, a 404): the rest is written, warnings name them
  130  interrupted (Ctrl-C, SIGINT); 143 terminated (SIGTERM): no file is written; once the
       CSV is written (--pdf-dir), "<file> is complete; N of M scans saved" (or PDFs)
`;

/** What --pdf-dir saves, from the lists whose rows have documents: "invoices' PDFs and supplier invoices' scans". */
function documentsSaved(): string {
  const saved = eachList().flatMap(({ list }) => (list.documents ? [`${list.noun}s' ${list.documents.kind === 'pdf' ? 'PDFs' : 'scans'}`] : []));
  return saved.length > 1 ? `${saved.slice(0, -1).join(', ')} and ${saved.at(-1)}` : saved.join('');
}

export interface ExportPlan {
  tenantId: string;
  /** What to export (--resource, default invoices). */
  resource: ResourceId;
  /** Absolute path. */
  out: string;
  /** Absolute path of the folder for the invoices' PDFs (--pdf-dir), when asked for. */
  pdfDir?: string;
  /** Absolute path of the folder of the company's local copy (--mirror), when asked for. */
  mirrorDir?: string;
  pages: PageSelection;
  /** The query of the list named by --resource. */
  query: ListQuery;
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
  if (pdfDir && lists[resource].documents === null) throw invalid('--pdf-dir', `${lists[resource].noun}s have no documents to save (it saves ${documentsSaved()})`);

  if (text.mirror !== undefined && text.mirror.trim() === '') throw invalid('--mirror', 'the folder name is empty');
  if (text.mirror !== undefined && text.lastmodified !== undefined) throw invalid('--lastmodified', 'it cannot be combined with --mirror (the local copy holds every invoice)');
  const mirrorDir = text.mirror === undefined ? undefined : path.resolve(base, text.mirror);

  return { help: false, plan: { tenantId, resource, out, pages, query, format, lang, clientId, clientSecret, authUrl, apiUrl, ...(pdfDir ? { pdfDir } : {}), ...(mirrorDir ? { mirrorDir } : {}) } };
}
