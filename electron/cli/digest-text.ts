/**
 * The digest command's output: its JSON (field names other tools read, fixed) and its text for a morning e-mail
 * from cron, grouped by kind, in English or Swedish. Every service string in the text goes through
 * terminalSafe; the JSON through terminalJson (cli/terminal-text.ts).
 */
import { digestKindLabels, digestKinds, eventDay, type DigestEvent } from '../common/digest';
import { terminalJson, terminalSafe } from './terminal-text';

export interface DigestJson {
  asOf: string;
  events: Array<Omit<DigestEvent, 'seq'>>;
}

export function digestJson(asOf: string, events: readonly DigestEvent[]): string {
  const json: DigestJson = { asOf, events: events.map(({ seq: _seq, ...event }) => event) };
  return `${terminalJson(json)}\n`;
}

const WORDS = {
  en: { head: (tenant: string, asOf: string, n: number) => `Tenant ${tenant}: what changed since you last looked (as of ${asOf}), ${n} event${n === 1 ? '' : 's'}`, none: (tenant: string, asOf: string) => `Tenant ${tenant}: nothing new since the last digest (as of ${asOf}).`, locale: 'en-US' },
  sv: { head: (tenant: string, asOf: string, n: number) => `Företag ${tenant}: vad som hänt sedan sist (per ${asOf}), ${n} ${n === 1 ? 'händelse' : 'händelser'}`, none: (tenant: string, asOf: string) => `Företag ${tenant}: inget nytt sedan förra sammanfattningen (per ${asOf}).`, locale: 'sv-SE' },
} as const;

/** Grouped lines: per kind its count and sums per currency, then one line per event, newest first. */
export function digestText(tenantId: string, asOf: string, events: readonly DigestEvent[], lang: 'en' | 'sv'): string {
  const words = WORDS[lang];
  if (events.length === 0) return `${words.none(tenantId, asOf)}\n`;
  const money = (currency: string, amount: number): string => `${terminalSafe(currency)} ${amount.toLocaleString(words.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const lines = [words.head(tenantId, asOf, events.length)];
  for (const kind of digestKinds) {
    const mine = events.filter((event) => event.kind === kind).reverse();
    if (mine.length === 0) continue;
    const sums = new Map<string, number>();
    for (const event of mine) sums.set(event.currency, (sums.get(event.currency) ?? 0) + event.amount);
    const sumText = [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => money(currency, Math.round(amount * 100) / 100)).join(', ');
    lines.push('', `${digestKindLabels[kind][lang]}: ${mine.length} (${sumText})`);
    for (const event of mine) {
      lines.push(`  ${eventDay(event)}  ${terminalSafe(event.id)}  ${terminalSafe(event.counterpartyName)} (${terminalSafe(event.counterpartyNumber)})  ${money(event.currency, event.amount)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
