/** `npm run -s report` arguments: the export's tenant, environment and --mirror rules, its exit codes. */
import { parseArgs } from 'node:util';
import { ENV, invalid, serviceAccountEnv, tenantAndMirror, usageFromParseArgs, UsageError } from './args';
import type { ServiceAccount } from './service-session';
import { CUSTOMER_NUMBER } from '../common/customers';

export const REPORT_USAGE = `Usage: npm run -s report -- --tenant <TenantId> --mirror <folder> [--json]
       npm run -s report -- --tenant <TenantId> --mirror <folder> --customer <CustomerNumber> [--as-of YYYY-MM-DD] [--json]

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

Options:
  --tenant <TenantId>   the company's TenantId (required)
  --mirror <folder>     the folder of the company's local copy (required; made when missing)
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
  --customer <number>   a customer's statement instead of the report (its CustomerNumber)
  --as-of <YYYY-MM-DD>  the statement's day (default today; only with --customer)
  -h, --help            show this help

Environment: ${ENV.clientId}, ${ENV.clientSecret}, ${ENV.authUrl}, ${ENV.apiUrl}
(as for export). Progress goes to stderr; stdout carries only the report.

Exit codes: 0 done, 2 usage, 3 authentication/licence/scope, 4 rate limit or service unavailable
(after the retries), 5 file error (the local copy's folder or file), 130/143 interrupted.
`;

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

export function parseReportArgs(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): { help: true } | { help: false; plan: ReportPlan } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...argv], options: { tenant: { type: 'string' }, mirror: { type: 'string' }, json: { type: 'boolean' }, customer: { type: 'string' }, 'as-of': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageFromParseArgs(error);
  }
  if (values.help === true) return { help: true };
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
