/**
 * The firm's report (`report --tenants`) on stdout: one row per client company, as a table for a
 * person or a cron e-mail, or as JSON for other tools, every amount written with two decimals.
 */
import type { CompanySummary } from '../common/firm';
import { money, table } from './terminal-table';
import { terminalJson } from './terminal-text';

/** One company's row: its figures when its copy could be read, and what went wrong, if anything. */
export interface FirmRow {
  tenantId: string;
  /** The company's name at the service ('' when it could not be asked). */
  name: string;
  /** Null when the company failed before its figures (its problem says why). */
  summary: CompanySummary | null;
  /** Null, or the error's kind (needs-reconnect, licence-missing, scope-missing, file, ...). */
  problem: string | null;
}

const dash = (value: number | null | undefined): string => (value === null || value === undefined ? '-' : money(value));

export function firmText(asOf: string, rows: readonly FirmRow[]): string {
  const cells = rows.map(({ tenantId, name, summary: s, problem }) => [
    tenantId,
    name,
    dash(s?.owedSek),
    dash(s?.overdueSek),
    dash(s?.overdue60Sek),
    dash(s?.youOweSek),
    dash(s?.overdueBillsSek),
    s?.lowestWeek ? s.lowestWeek.week : '-',
    dash(s?.lowestWeek?.netSek),
    s?.daysSinceLastInvoice === null || s?.daysSinceLastInvoice === undefined ? '-' : String(s.daysSinceLastInvoice),
    problem ?? '',
  ]);
  const failed = rows.filter((row) => row.problem !== null).length;
  return [
    `Client companies as of ${asOf}: ${rows.length}${failed > 0 ? `, ${failed} with a problem (see stderr)` : ''}. SEK at each invoice's own rate; the lowest week of the 12-week outlook (its Monday and net).`,
    '',
    table([['Tenant', 'Company', 'Owed', 'Overdue', 'Over 60 days', 'You owe', 'Overdue bills', 'Lowest week', 'Net', 'Days since invoice', 'Problem'], ...cells], [2, 3, 4, 5, 6, 8, 9]),
    '',
  ].join('\n');
}

/** An amount as JSON with two decimals (1234.50), null as null. */
const amount = (value: number | null | undefined): string => (value === null || value === undefined ? 'null' : value.toFixed(2));

/** `{ asOf, companies: [...] }`: written by hand so each amount keeps its two decimals; every text through terminalJson. */
export function firmJson(asOf: string, rows: readonly FirmRow[]): string {
  const companies = rows.map(({ tenantId, name, summary: s, problem }) => {
    const lowest = s?.lowestWeek ? `{"week":${terminalJson(s.lowestWeek.week)},"netSek":${amount(s.lowestWeek.netSek)}}` : 'null';
    return (
      `{"tenantId":${terminalJson(tenantId)},"name":${terminalJson(name)},"owedSek":${amount(s?.owedSek)},"overdueSek":${amount(s?.overdueSek)},` +
      `"overdue60Sek":${amount(s?.overdue60Sek)},"youOweSek":${amount(s?.youOweSek)},"overdueBillsSek":${amount(s?.overdueBillsSek)},"lowestWeek":${lowest},` +
      `"daysSinceLastInvoice":${terminalJson(s?.daysSinceLastInvoice ?? null)},"problem":${terminalJson(problem)}}`
    );
  });
  return `{"asOf":${terminalJson(asOf)},"companies":[${companies.join(',')}]}\n`;
}
