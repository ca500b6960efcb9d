/**
 * The receivables report without the app: the company's local copy brought up to date, then the
 * figures of common/receivables.ts (the app's own definitions) as a table or one JSON object.
 */
import { systemClock } from '../kernel/clock';
import { ageingBuckets, type ReceivablesReport } from '../common/receivables';
import { serviceDate } from '../invoices/invoice-status';
import type { MirrorApi } from '../mirror/mirror-api';
import { EXIT } from './args';
import { createProgressReporter } from './progress';
import { REPORT_USAGE, parseReportArgs } from './report-args';
import { failureExit, parseOrExit, type CliIo } from './run';
import { describeSync, openCliMirror, openServiceSession, syncCliMirror } from './service-session';

const PREFIX = 'report:';

/** The JSON other tools read: the field names are fixed (issue 17); the values follow common/owed.ts. */
export function reportJson(report: ReceivablesReport): Pick<ReceivablesReport, 'asOf' | 'currencies' | 'topOverdue'> {
  return { asOf: report.asOf, currencies: report.currencies, topOverdue: report.topOverdue };
}

const money = (value: number): string => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function table(rows: string[][], right: number[]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, i) => (right.includes(i) ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number))).join('  ').trimEnd()).join('\n');
}

/** The report for a terminal (or a morning e-mail): plain text, one table per section. */
export function reportText(report: ReceivablesReport, tenantId: string): string {
  const currencies = Object.keys(report.currencies).sort();
  const draftCodes = Object.keys(report.drafts).sort();
  // Drafts are not owed (common/owed.ts): a line of their own, never in the table's figures.
  const drafts = draftCodes.length === 0 ? [] : ['', `Drafts (not booked, not owed): ${draftCodes.map((code) => `${code} ${money(report.drafts[code]!.amount)} (${report.drafts[code]!.count})`).join(', ')}`];
  if (currencies.length === 0) return [`Tenant ${tenantId}, ${report.asOf}: nothing is owed.`, ...drafts, ''].join('\n');
  const head = ['Currency', 'Owed', 'Overdue', 'Not due', '1-30', '31-60', '61-90', 'Over 90'];
  const rows = currencies.map((currency) => {
    const c = report.currencies[currency]!;
    return [currency, money(c.owed), money(c.overdue), ...ageingBuckets.map((b) => `${money(c.buckets[b])} (${c.counts[b]})`)];
  });
  const top = report.topOverdue.map((t, i) => [`${i + 1}.`, `${t.customerName} (${t.customerNumber})`, t.currency, money(t.amount), String(t.count), t.oldestDueDate]);
  return [
    `Receivables of tenant ${tenantId} as of ${report.asOf} (amounts per currency; invoice counts in brackets)`,
    '',
    table([head, ...rows], [1, 2, 3, 4, 5, 6, 7]),
    ...drafts,
    '',
    top.length === 0 ? 'Nothing is overdue.' : 'Most overdue, by customer:',
    ...(top.length === 0 ? [] : ['', table([['', 'Customer', 'Currency', 'Overdue', 'Invoices', 'Oldest due'], ...top], [3, 4])]),
    '',
  ].join('\n');
}

export async function runReport(argv: readonly string[], io: CliIo): Promise<number> {
  const err = (line: string): void => {
    io.stderr.write(`${PREFIX} ${line}\n`);
  };
  const plan = parseOrExit(() => parseReportArgs(argv, io.env, io.cwd), REPORT_USAGE, io, err);
  if (typeof plan === 'number') return plan;
  const clock = io.clock ?? systemClock;
  const session = openServiceSession(plan, clock, io.fetch);
  const progress = createProgressReporter(io.stderr, () => clock.now(), 'report');
  let mirror: MirrorApi | undefined;
  try {
    mirror = await openCliMirror(plan.mirrorDir, plan.tenantId);
    const synced = await syncCliMirror(mirror, session, clock, progress, io.signal);
    err(`tenant ${plan.tenantId}: local copy up to date (${describeSync(synced)})`);
    const report = await mirror.receivables(serviceDate(clock.now()));
    io.stdout.write(plan.json ? `${JSON.stringify(reportJson(report))}\n` : reportText(report, plan.tenantId));
    return EXIT.ok;
  } catch (error) {
    progress.finish();
    return failureExit(error, io, err, plan, '.');
  } finally {
    session.close();
    await mirror?.close();
  }
}
