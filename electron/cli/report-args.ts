/** `npm run -s report` arguments: the export's tenant, environment and --mirror rules, its exit codes. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ENV, invalid, requireEnv, requireUrl, usageFromParseArgs, UsageError } from './args';
import type { ServiceAccount } from './service-session';

export const REPORT_USAGE = `Usage: npm run -s report -- --tenant <TenantId> --mirror <folder> [--json]

Who owes what, what you owe, and what comes in and goes out: brings the company's local copy in
<folder> up to date (as \`export --mirror\` does: a few requests for an unchanged company) and
prints what is owed and overdue per currency, the ageing of what is owed (not yet due, 1-30,
31-60, 61-90, over 90 days overdue), the ten customers who owe the most overdue and how late each
usually pays, the same for what you owe your suppliers, and a 12-week cash outlook.
Owed: the balance of booked, not cancelled customer invoices (credit notes negative); overdue:
owed and due before today (Swedish calendar). Unbooked invoices (drafts) are never owed: the
table shows them apart. To pay: the balance of supplier invoices not cancelled, booked or not.
Without the supplier invoices' scope the payables are left out with a warning.

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
                        no week; out null when the payables are not known) }
  -h, --help            show this help

Environment: ${ENV.clientId}, ${ENV.clientSecret}, ${ENV.authUrl}, ${ENV.apiUrl}
(as for export). Progress goes to stderr; stdout carries only the report.

Exit codes: 0 done, 2 usage, 3 authentication/licence/scope, 4 rate limit or service unavailable
(after the retries), 5 file error (the local copy's folder or file), 130/143 interrupted.
`;

export interface ReportPlan extends ServiceAccount {
  mirrorDir: string;
  json: boolean;
}

export function parseReportArgs(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): { help: true } | { help: false; plan: ReportPlan } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...argv], options: { tenant: { type: 'string' }, mirror: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageFromParseArgs(error);
  }
  if (values.help === true) return { help: true };
  const tenant = typeof values.tenant === 'string' ? values.tenant.trim() : undefined;
  if (tenant === undefined) throw new UsageError('--tenant is required', true);
  if (!/^\d{1,18}$/.test(tenant)) throw invalid('--tenant', `"${tenant}" is not a TenantId (digits only)`);
  if (typeof values.mirror !== 'string') throw new UsageError('--mirror is required: the report is computed on the local copy', true);
  if (values.mirror.trim() === '') throw invalid('--mirror', 'the folder name is empty');
  // Under npm, the folder the user typed is relative to where they ran npm.
  const base = env.npm_lifecycle_event === 'report' && env.INIT_CWD ? env.INIT_CWD : cwd;
  return {
    help: false,
    plan: {
      tenantId: tenant,
      mirrorDir: path.resolve(base, values.mirror),
      json: values.json === true,
      clientId: requireEnv(env, ENV.clientId),
      clientSecret: requireEnv(env, ENV.clientSecret),
      authUrl: requireUrl(env, ENV.authUrl),
      apiUrl: requireUrl(env, ENV.apiUrl),
    },
  };
}
