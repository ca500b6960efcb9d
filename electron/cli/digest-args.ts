/** `npm run -s digest` arguments: the report's tenant, environment and --mirror rules, its exit codes. */
import { parseArgs } from 'node:util';
import { ENV, invalid, oneOf, serviceAccountEnv, tenantAndMirror, usageFromParseArgs } from './args';
import { calendarDay } from './report-args';
import type { ServiceAccount } from './service-session';

export const DIGEST_USAGE = `Usage: npm run -s digest -- --tenant <TenantId> --mirror <folder> [--json] [--since YYYY-MM-DD] [--lang sv|en]

What changed since you last looked: brings the company's local copy in <folder> up to date (as
\`report\` does), then prints what no earlier \`digest\` run on that copy printed, and marks it
printed: invoices paid, paid in part, new (drafts too), cancelled or removed; bills (supplier
invoices) new, approved, paid or removed; and, as of today, invoices newly overdue, invoices more
than 7 days later than their customer usually pays, and bills to pay due within 7 days. The first
run on a copy reads it and prints nothing: from then on, each change is printed once.
Without the supplier invoices' scope the bills are left out with a warning.

Options:
  --tenant <TenantId>   the company's TenantId (required)
  --mirror <folder>     the folder of the company's local copy (required; made when missing)
                        (one other users may write to only when sticky, as /tmp; a copy
                        or journal there of another user's is refused: exit 5)
  --json                one JSON object on stdout: { asOf, events: [{ kind, resource, id, at,
                        amount, currency, balanceAfter, counterpartyNumber, counterpartyName }] }
                        (id: DocumentNumber or GivenNumber; at: the service's time when the read
                        that saw the change began, or the day of a date-driven kind; amount in
                        the invoice's currency: paid: the balance before, part paid: what was
                        paid, overdue, later than usual and due soon: the balance, the rest
                        (new, cancelled, removed, approved): its Total)
  --since <YYYY-MM-DD>  everything recorded from that day, printed or not; marks nothing
  --lang en|sv          the language of the text (default en)
  -h, --help            show this help

Environment: ${ENV.clientId}, ${ENV.clientSecret}, ${ENV.authUrl}, ${ENV.apiUrl}
(as for export). Progress goes to stderr; stdout carries only the digest.

Exit codes: 0 done, 2 usage, 3 authentication/licence/scope, 4 rate limit or service unavailable
(after the retries), 5 file error (the local copy's folder or file), 130/143 interrupted.
`;

export interface DigestPlan extends ServiceAccount {
  mirrorDir: string;
  json: boolean;
  since?: string;
  lang: 'en' | 'sv';
}

export function parseDigestArgs(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): { help: true } | { help: false; plan: DigestPlan } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: [...argv], options: { tenant: { type: 'string' }, mirror: { type: 'string' }, json: { type: 'boolean' }, since: { type: 'string' }, lang: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageFromParseArgs(error);
  }
  if (values.help === true) return { help: true };
  const { tenantId, mirrorDir } = tenantAndMirror(values, env, cwd, 'digest', 'the digest is what changed in the local copy');
  const since = typeof values.since === 'string' ? values.since.trim() : undefined;
  if (since !== undefined && !calendarDay(since)) throw invalid('--since', `"${since}" is not a day (YYYY-MM-DD)`);
  const lang = typeof values.lang === 'string' ? oneOf<'en' | 'sv'>('--lang', values.lang.trim(), ['en', 'sv']) : 'en';
  return {
    help: false,
    plan: { tenantId, mirrorDir, json: values.json === true, ...(since !== undefined ? { since } : {}), lang, ...serviceAccountEnv(env) },
  };
}
