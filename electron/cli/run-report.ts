/**
 * The receivables report without the app: the company's local copy brought up to date, then the
 * figures of common/receivables.ts (the app's own definitions) as a table or one JSON object.
 */
import type { PayablesReport } from '../common/payables';
import { ageingBuckets, type ReceivablesReport } from '../common/receivables';
import { serviceDate } from '../common/invoice-status';
import type { MirrorApi } from '../mirror/access/mirror-api';
import { EXIT } from './args';
import { createProgressReporter } from './progress';
import { REPORT_USAGE, parseReportArgs } from './report-args';
import { describeApiError, failureExit, parseOrExit, type CliIo } from './run';
import type { ReportPlan } from './report-args';
import type { Clock } from '../kernel/clock';
import { isApiError } from '../kernel/errors';
import type { CompanySession } from '../companies/company-session';
import { syncResources } from '../mirror/sync/sync-engine';
import { describeSync, syncCliMirror } from './service-session';
import { withUpToDateCopy } from './copy-command';
import { ofCurrency } from '../common/currency-table';
import { terminalJson, terminalSafe } from './terminal-text';
import { runFirmReport } from './run-firm-report';
import { money, table } from './terminal-table';
import type { ResourceId } from '../common/resources';
import type { MonthDays } from '../common/days-outstanding';
import type { DaysOutstanding } from '../mirror/queries/money-history';
import { statementJson, statementText } from './statement-text';

const PREFIX = 'report:';

/** One week and currency of the outlook as other tools read it (its names fixed). */
export interface OutlookJson {
  week: string;
  currency: string;
  in: number;
  out: number | null;
  inExpected: number;
}

/**
 * The JSON other tools read: the field names are fixed, and a field added goes after the others,
 * so a tool that reads them keeps working; the values follow common/owed.ts. `payables`,
 * `awaitingApproval`, `paymentPending` and `payFirst` are null, and every `out` is null, when the supplier invoices
 * cannot be read (the consent lacks their scope, or the module has no licence).
 */
export interface ReportJson {
  asOf: string;
  currencies: ReceivablesReport['currencies'];
  topOverdue: ReceivablesReport['topOverdue'];
  payables: PayablesReport['currencies'] | null;
  drafts: ReceivablesReport['drafts'];
  awaitingApproval: PayablesReport['awaitingApproval'] | null;
  cashOutlook: OutlookJson[];
  /** The text's "Payment under way (still to pay)": per currency, balance and count (part of `payables`). */
  paymentPending: PayablesReport['paymentPending'] | null;
  /** The text's "To pay soonest, by supplier": the ten suppliers, overdue and due within 30 days. */
  payFirst: PayablesReport['soonest'] | null;
  /** Days sales outstanding at the last 12 month ends, oldest first (null: the payments are not known). */
  dso: Array<{ month: string; days: number }> | null;
  /** Days payables outstanding, the same for the supplier side. */
  dpo: Array<{ month: string; days: number }> | null;
}

const monthsJson = (months: MonthDays[] | null): ReportJson['dso'] => months?.map((m) => ({ month: m.month, days: m.days })) ?? null;

export function reportJson(report: ReceivablesReport, days: DaysOutstanding = { dso: null, dpo: null }): ReportJson {
  return {
    asOf: report.asOf,
    currencies: report.currencies,
    topOverdue: report.topOverdue,
    payables: report.payables?.currencies ?? null,
    drafts: report.drafts,
    awaitingApproval: report.payables?.awaitingApproval ?? null,
    cashOutlook: report.cashOutlook.entries.map((e) => ({ week: e.week, currency: e.currency, in: e.in, out: e.out, inExpected: e.inExpected })),
    paymentPending: report.payables?.paymentPending ?? null,
    payFirst: report.payables?.soonest ?? null,
    dso: monthsJson(days.dso),
    dpo: monthsJson(days.dpo),
  };
}

/**
 * The report for a terminal (or a morning e-mail): plain text, one table per section. The service's
 * strings (names, numbers, currency codes) are shown through terminalSafe: in the tables' cells and
 * in the lines of sums.
 */
export function reportText(report: ReceivablesReport, tenantId: string, days: DaysOutstanding = { dso: null, dpo: null }): string {
  const currencies = Object.keys(report.currencies).sort();
  const draftCodes = Object.keys(report.drafts).sort();
  // Drafts are not owed (common/owed.ts): a line of their own, never in the table's figures.
  const drafts = draftCodes.length === 0 ? [] : ['', `Drafts (not booked, not owed): ${draftCodes.map((code) => `${terminalSafe(code)} ${money(report.drafts[code]!.amount)} (${report.drafts[code]!.count})`).join(', ')}`];
  if (currencies.length === 0) return [`Tenant ${tenantId}, ${report.asOf}: nothing is owed.`, ...drafts, '', ...daysText(days)].join('\n');
  const head = ['Currency', 'Owed', 'Overdue', 'Not due', '1-30', '31-60', '61-90', 'Over 90'];
  const rows = currencies.map((currency) => {
    const c = report.currencies[currency]!;
    return [currency, money(c.owed), money(c.overdue), ...ageingBuckets.map((b) => `${money(c.buckets[b])} (${c.counts[b]})`)];
  });
  const top = report.topOverdue.map((t, i) => [`${i + 1}.`, `${t.customerName} (${t.customerNumber})`, t.currency, money(t.amount), String(t.count), t.oldestDueDate, usually(t.usualDaysLate)]);
  return [
    `Receivables of tenant ${tenantId} as of ${report.asOf} (amounts per currency; invoice counts in brackets)`,
    '',
    table([head, ...rows], [1, 2, 3, 4, 5, 6, 7]),
    ...drafts,
    '',
    top.length === 0 ? 'Nothing is overdue.' : 'Most overdue, by customer:',
    ...(top.length === 0 ? [] : ['', table([['', 'Customer', 'Currency', 'Overdue', 'Invoices', 'Oldest due', 'Usually pays'], ...top], [3, 4])]),
    '',
    ...payablesText(report),
    ...outlookText(report),
    ...daysText(days),
  ].join('\n');
}

/** DSO and DPO at the 12 month ends, one row a month. */
function daysText(days: DaysOutstanding): string[] {
  const months = days.dso ?? days.dpo;
  if (!months) return ['DSO and DPO: not known (the payments cannot be read: see the warning above).', ''];
  const cell = (list: MonthDays[] | null, i: number): string => (list ? (list[i] as MonthDays).days.toFixed(1) : '-');
  const rows = months.map((m, i) => [m.month, m.asOf, cell(days.dso, i), cell(days.dpo, i)]);
  return ['Days outstanding, countback method (SEK at each invoice\'s rate; the current month as at today)', '', table([['Month', 'As at', 'DSO', 'DPO'], ...rows], [2, 3]), ''];
}

const usually = (days: number): string => (days === 0 ? 'on time' : `${days} day${days === 1 ? '' : 's'} late`);

/** Payables: to pay per currency and its ageing, awaiting approval, payments under way, the suppliers to pay soonest. */
function payablesText(report: ReceivablesReport): string[] {
  const payables = report.payables;
  if (!payables) return ['Payables: not known (the supplier invoices cannot be read: see the warning above).', ''];
  const currencies = Object.keys(payables.currencies).sort();
  if (currencies.length === 0) return ['Payables: nothing to pay.', ''];
  const head = ['Currency', 'To pay', 'Overdue', 'Not due', '1-30', '31-60', '61-90', 'Over 90'];
  const rows = currencies.map((currency) => {
    const c = payables.currencies[currency]!;
    return [currency, money(c.owed), money(c.overdue), ...ageingBuckets.map((b) => `${money(c.buckets[b])} (${c.counts[b]})`)];
  });
  const sums = (label: string, figures: Record<string, { amount: number; count: number }>): string[] => {
    const codes = Object.keys(figures).sort();
    return codes.length === 0 ? [] : [`${label}: ${codes.map((code) => `${terminalSafe(code)} ${money(figures[code]!.amount)} (${figures[code]!.count})`).join(', ')}`];
  };
  const soonest = payables.soonest.map((s, i) => [`${i + 1}.`, `${s.supplierName} (${s.supplierNumber})`, s.currency, money(s.overdue), money(s.dueSoon), s.firstDueDate]);
  return [
    `Payables as of ${report.asOf} (supplier invoices not cancelled with a balance, booked or not)`,
    '',
    table([head, ...rows], [1, 2, 3, 4, 5, 6, 7]),
    '',
    ...sums('Awaiting approval (part of to pay)', payables.awaitingApproval),
    ...sums('Payment under way (still to pay)', payables.paymentPending),
    ...(soonest.length === 0 ? [] : ['', 'To pay soonest, by supplier (overdue, and due within 30 days):', '', table([['', 'Supplier', 'Currency', 'Overdue', 'Due soon', 'First due'], ...soonest], [3, 4])]),
    '',
  ];
}

/** The 12-week outlook, one table per currency: in (by due date), expected in (by habit), out, net. */
function outlookText(report: ReceivablesReport): string[] {
  const outlook = report.cashOutlook;
  const currencies = [...new Set(outlook.entries.map((e) => e.currency))];
  if (currencies.length === 0) return [];
  const lines = [`Cash outlook, 12 weeks from the week of ${outlook.weeks[0]} (weeks start on Monday; overdue apart, in no week)`, ''];
  for (const currency of currencies) {
    const overdue = ofCurrency(outlook.overdue, currency);
    const out = (value: number | null): string => (value === null ? '-' : money(value));
    const rows = [
      ['Week of', 'In (due)', 'In (expected)', 'Out', 'Net (due)'],
      ['Overdue', money(overdue?.in ?? 0), '', out(overdue?.out ?? null), ''],
      ...outlook.entries.filter((e) => e.currency === currency).map((e) => [e.week, money(e.in), money(e.inExpected), out(e.out), e.out === null ? '-' : money(Math.round((e.in - e.out) * 100) / 100)]),
    ];
    lines.push(terminalSafe(currency), table(rows, [1, 2, 3, 4]), '');
  }
  return lines;
}

/**
 * A list the report can do without (the supplier invoices for the payables, the payments for DSO and
 * DPO): a consent without its scope, or a company without the module, is not a failed report; the
 * rest is still right, so a warning names what is missing and that part is left out (null). Any
 * other error fails the report.
 */
export async function syncOptional(resource: ResourceId, nouns: string, leftOut: string, mirror: MirrorApi, session: CompanySession, clock: Clock, io: CliIo, err: (line: string) => void, plan: { tenantId: string }): Promise<boolean> {
  const progress = createProgressReporter(io.stderr, () => clock.now(), 'report');
  try {
    const synced = await syncCliMirror(mirror, session, clock, progress, syncResources[resource], io.signal);
    err(`tenant ${plan.tenantId}: ${nouns} up to date (${describeSync(synced, nouns)})`);
    return true;
  } catch (error) {
    progress.finish();
    if (!isApiError(error) || !OPTIONAL_LIST_ERRORS.has(error.kind)) throw error;
    err(`warning: ${leftOut} left out: ${describeApiError(error, { ...plan, resource }).line}`);
    return false;
  }
}

/** The errors that are one list's own (as the app keeps them per list). */
const OPTIONAL_LIST_ERRORS = new Set(['scope-missing', 'licence-missing', 'permission-missing']);

/** A customer's statement (--customer): the register for the name (optional), the payments (required). */
async function runStatement(request: NonNullable<ReportPlan['statement']>, mirror: MirrorApi, session: CompanySession, clock: Clock, io: CliIo, err: (line: string) => void, plan: ReportPlan): Promise<number> {
  await syncOptional('customers', 'customers', 'the customer register (the name comes from the invoices)', mirror, session, clock, io, err, plan);
  const progress = createProgressReporter(io.stderr, () => clock.now(), 'report');
  try {
    const synced = await syncCliMirror(mirror, session, clock, progress, syncResources.invoicepayments, io.signal);
    err(`tenant ${plan.tenantId}: customer payments up to date (${describeSync(synced, 'customer payments')})`);
  } catch (error) {
    progress.finish();
    return failureExit(error, io, err, { ...plan, resource: 'invoicepayments' }, '.');
  }
  const asOf = request.asOf ?? serviceDate(clock.now());
  const statement = await mirror.customerStatement(request.customerNumber, asOf);
  if (!statement) {
    err(`customer ${request.customerNumber} is not in the local copy of tenant ${plan.tenantId} (neither in the customer register nor on an invoice). Check --customer (the CustomerNumber).`);
    return EXIT.usage;
  }
  io.stdout.write(plan.json ? `${terminalJson(statementJson(statement))}\n` : statementText(statement));
  return EXIT.ok;
}

export async function runReport(argv: readonly string[], io: CliIo): Promise<number> {
  // Every line: the service's words (its error messages) included, none of its control characters.
  const err = (line: string): void => {
    io.stderr.write(`${PREFIX} ${terminalSafe(line)}\n`);
  };
  const plan = parseOrExit(() => parseReportArgs(argv, io.env, io.cwd), REPORT_USAGE, io, err);
  if (typeof plan === 'number') return plan;
  if ('tenantIds' in plan) {
    try {
      return await runFirmReport(plan, io, err);
    } catch (error) {
      return failureExit(error, io, err, { tenantId: plan.tenantIds.join(','), resource: 'invoices' }, ': no report was written; each copy keeps what it stored.');
    }
  }
  return withUpToDateCopy(plan, io, 'report', err, async ({ mirror, session, clock }) => {
    if (plan.statement) return await runStatement(plan.statement, mirror, session, clock, io, err, plan);
    const payablesKnown = await syncOptional('supplierinvoices', 'supplier invoices', 'payables', mirror, session, clock, io, err, plan);
    const customerPayments = await syncOptional('invoicepayments', 'customer payments', 'DSO', mirror, session, clock, io, err, plan);
    const supplierPayments = payablesKnown && (await syncOptional('supplierinvoicepayments', 'supplier payments', 'DPO', mirror, session, clock, io, err, plan));
    const today = serviceDate(clock.now());
    const report = await mirror.receivables(today, payablesKnown);
    const days = await mirror.daysOutstanding(today, { dso: customerPayments, dpo: supplierPayments });
    // JSON: the values exact (tools read them), with nothing a terminal would act on written raw.
    io.stdout.write(plan.json ? `${terminalJson(reportJson(report, days))}\n` : reportText(report, plan.tenantId, days));
    return EXIT.ok;
  });
}
