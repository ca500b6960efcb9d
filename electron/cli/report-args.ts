/** `npm run -s report` arguments: the export's tenant, environment and --mirror rules, its exit codes. */
import { parseArgs } from 'node:util';
import { ENV, invalid, mirrorFolder, serviceAccountEnv, tenantAndMirror, usageFromParseArgs, userBase, UsageError } from './args';
import { tenantList, tenantsFromFile } from './firm-args';
import type { ServiceAccount } from './service-session';
import { CUSTOMER_NUMBER } from '../common/customers';

export const REPORT_USAGE = `Usage: npm run -s report -- --tenant <TenantId> --mirror <folder> [--json]
       npm run -s report -- --tenant <TenantId> --mirror <folder> --customer <CustomerNumber> [--as-of YYYY-MM-DD] [--json]
       npm run -s report -- --tenants <TenantId,TenantId,...> | --tenants-file <file> --mirror <folder> [--json]

Who owes what, what you owe, and what comes in and goes out: brings the company's local copy in
<folder> up to date (as \`export --mirror\` does: a few requests for an unchanged company) and
prints what is owed and overdue per currency, the ageing of what is owed (not yet due, 1-30,
31-60, 61-90, over 90 days overdue), the ten customers who owe the most overdue and how late each
usually pays, the same for what you owe your suppliers, and a 12-week cash outlook.
Owed: the balance of booked, not cancelled customer invoices (credit notes negative); overdue:
owed and due before today (Swedish calendar). Unbooked invoices (drafts) are never owed: the
table shows them apart. To pay: the balance of supplier invoices not cancelled, booked or not.
Without the supplier invoices' scope the payables are left out with a warning.
DSO and DPO (days sales and payables outstanding, countback method, SEK at each invoice's rate)
at the last 12 month ends need the payments (scope payment): without it they are left out
(null in JSON) with a warning.

With --customer: that customer's statement as at --as-of (default today), per currency: the
invoices its balance counts (booked, not cancelled, dated on or before the day) and their
payments dated on or before it, with a running balance, the ageing of that balance, and the
payments that cannot be placed (of drafts, cancelled or unknown invoices, or without a date).
It needs the payment scope (exit 3 without it).

With --tenants or --tenants-file (an accounting firm's client companies): brings each company's
copy in <folder> up to date, four at once, and prints one row per company, in the order given:
owed to you, overdue, over 60 days overdue, you owe, overdue bills (all in SEK at each invoice's
own rate), the lowest week of the 12-week outlook (its Monday and its net: money in by due date
minus money out, overdue left out; the earliest on ties), the days since the last invoice, and
the company's problem. A company that fails is a row with its problem (its figures empty) and the
others finish; one without the supplier invoices' scope keeps its customer figures.

Options:
  --tenant <TenantId>   the company's TenantId (required)
  --mirror <folder>     the folder of the company's local copy (required; made when missing)
                        (one other users may write to only when sticky, as /tmp; a copy
                        or journal there of another user's is refused: exit 5)
  --json                one JSON object on stdout instead of the tables:
                        { asOf, currencies: { SEK: { owed, overdue, buckets: { notDue, d1_30,
                        d31_60, d61_90, d90plus }, counts: { owed, overdue, notDue, ... } } },
                        topOverdue: [{ customerNumber, customerName, currency, amount, count,
                        oldestDueDate, usualDaysLate }],
                        payables: { SEK: same shape as currencies } (null: not known),
                        drafts: { SEK: { amount, count } },
                        awaitingApproval: { SEK: { amount, count } } (null: not known),
                        cashOutlook: [{ week (its Monday), currency, in, out, inExpected }]
                        (the 12 weeks of every currency with anything in them; overdue in
                        no week; out null when the payables are not known),
                        dso: [{ month: "YYYY-MM", days }] and dpo (12 month ends, oldest
                        first, the current month as at today; null when not known) }
                        With --customer: { customerNumber, name, asOf, currencies: { SEK: {
                        balance, rows: [{ date, kind (invoice, credit or payment),
                        documentNumber, amount, balance }], ageing: { notDue, d1_30, d31_60,
                        d61_90, d90plus }, notPlaced: [{ number, invoiceNumber, paymentDate,
                        amount, currency, reason }] } } }
                        With --tenants: { asOf, companies: [{ tenantId, name, owedSek,
                        overdueSek, overdue60Sek, youOweSek, overdueBillsSek, lowestWeek:
                        { week, netSek }, daysSinceLastInvoice, problem }] } (amounts with
                        two decimals; null where not known; problem null or the error's
                        kind: needs-reconnect, licence-missing, scope-missing, file, ...)
  --customer <number>   a customer's statement instead of the report (its CustomerNumber)
  --as-of <YYYY-MM-DD>  the statement's day (default today; only with --customer)
  --tenants <ids>       the client companies' TenantIds, separated by commas (instead of --tenant)
  --tenants-file <file> the same from a file: separated by commas, spaces or lines; # starts a
                        comment (a name beside each id); a regular file of at most 1 MB
  -h, --help            show this help

Environment: ${ENV.clientId}, ${ENV.clientSecret}, ${ENV.authUrl}, ${ENV.apiUrl}
(as for export). Progress goes to stderr; stdout carries only the report.

Exit codes: 0 done, 2 usage, 3 authentication/licence/scope, 4 rate limit or service unavailable
(after the retries), 5 file error (the local copy's folder or file), 130/143 interrupted.
With --tenants: 0 when every company succeeded, 7 when some failed (every row is written, each
failure said on stderr), and the first failure's code when all failed.
`;

/** The firm's report (--tenants): every company's row, the same service account. */
export interface FirmPlan extends Omit<ServiceAccount, 'tenantId'> {
  tenantIds: string[];
  mirrorDir: string;
  json: boolean;
}

export interface ReportPlan extends ServiceAccount {
  mirrorDir: string;
  json: boolean;
  /** A customer's statement instead of the report: its CustomerNumber and the day (undefined: today). */
  statement?: { customerNumber: string; asOf?: string };
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function calendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  // The years the app's dates live in (as the window's channels): 0000-0099 would be read as 1900-1999 by Date.UTC.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= '1900-01-01' && text <= '2999-12-31';
}

const OPTIONS = {
  tenant: { type: 'string' },
  tenants: { type: 'string' },
  'tenants-file': { type: 'string' },
  mirror: { type: 'string' },
  json: { type: 'boolean' },
  customer: { type: 'string' },
  'as-of': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseReportArgs(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): { help: true } | { help: false; plan: ReportPlan | FirmPlan } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageFromParseArgs(error);
  }
  if (values.help === true) return { help: true };
  if (values.tenants !== undefined || values['tenants-file'] !== undefined) return { help: false, plan: parseFirmPlan(values, env, cwd) };
  const { tenantId, mirrorDir } = tenantAndMirror(values, env, cwd, 'report', 'the report is computed on the local copy');
  const customer = typeof values.customer === 'string' ? values.customer.trim() : undefined;
  const asOf = typeof values['as-of'] === 'string' ? values['as-of'].trim() : undefined;
  // A CustomerNumber is the service's text (digits usually); anything a terminal or a path would act on is refused.
  if (customer !== undefined && !CUSTOMER_NUMBER.test(customer)) throw invalid('--customer', `"${customer}" is not a CustomerNumber`);
  if (asOf !== undefined && customer === undefined) throw new UsageError('--as-of needs --customer: it is the day of a customer\'s statement', true);
  if (asOf !== undefined && !calendarDay(asOf)) throw invalid('--as-of', `"${asOf}" is not a day (YYYY-MM-DD)`);
  return {
    help: false,
    plan: {
      tenantId,
      mirrorDir,
      json: values.json === true,
      ...(customer !== undefined ? { statement: { customerNumber: customer, ...(asOf !== undefined ? { asOf } : {}) } } : {}),
      ...serviceAccountEnv(env),
    },
  };
}

function parseFirmPlan(values: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv, cwd: string): FirmPlan {
  if (values.tenants !== undefined && values['tenants-file'] !== undefined) throw new UsageError('--tenants and --tenants-file: choose one', true);
  if (values.tenant !== undefined) throw new UsageError('--tenant and --tenants: choose one (one company\'s report, or a row for each)', true);
  if (values.customer !== undefined || values['as-of'] !== undefined) throw new UsageError('--customer is one company\'s statement: use it with --tenant, not --tenants', true);
  const tenantIds = typeof values.tenants === 'string' ? tenantList('--tenants', values.tenants) : tenantsFromFile(String(values['tenants-file']), userBase(env, cwd, 'report'));
  const mirrorDir = mirrorFolder(values, env, cwd, 'report', 'each company\'s figures are computed on its local copy');
  const { clientId, clientSecret, authUrl, apiUrl } = serviceAccountEnv(env);
  return { tenantIds, mirrorDir, json: values.json === true, clientId, clientSecret, authUrl, apiUrl };
}
