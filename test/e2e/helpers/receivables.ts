/**
 * The receivables figures computed here from the sandbox's own invoices, with the definitions of
 * owed, overdue, ageing and payables written out by hand (not common/owed.ts or receivables.ts, which the app uses):
 * a misreading shared by the app and the test would otherwise pass. And the axe check the e2e
 * tests share.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { SandboxInvoice } from '../../../electron/sandbox';

export type Bucket = 'notDue' | 'd1_30' | 'd31_60' | 'd61_90' | 'd90plus';

export interface ExpectedCurrency {
  owed: number;
  owedCount: number;
  overdue: number;
  overdueCount: number;
  buckets: Record<Bucket, { amount: number; documents: string[] }>;
}

const DAY = 24 * 60 * 60 * 1000;
const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/**
 * Owed: booked, not cancelled, balance not 0 (credit notes negative). Overdue: owed, due before
 * `today`. Ageing: days past the due date, 0 or less (or no date) not yet due, then 1–30, 31–60,
 * 61–90, over 90. (Unbooked invoices are drafts: expectedDrafts.)
 */
export function expectedReceivables(invoices: readonly SandboxInvoice[], today: string): Record<string, ExpectedCurrency> {
  const out: Record<string, ExpectedCurrency> = {};
  for (const invoice of invoices) {
    if (!invoice.Booked || invoice.Cancelled || invoice.Balance === 0) continue;
    const figures = (out[invoice.Currency] ??= {
      owed: 0,
      owedCount: 0,
      overdue: 0,
      overdueCount: 0,
      buckets: { notDue: { amount: 0, documents: [] }, d1_30: { amount: 0, documents: [] }, d31_60: { amount: 0, documents: [] }, d61_90: { amount: 0, documents: [] }, d90plus: { amount: 0, documents: [] } },
    });
    figures.owed += invoice.Balance;
    figures.owedCount += 1;
    const dated = /^\d{4}-\d{2}-\d{2}$/.test(invoice.DueDate);
    const late = dated ? Math.round((utc(today) - utc(invoice.DueDate)) / DAY) : 0;
    const bucket: Bucket = late <= 0 ? 'notDue' : late <= 30 ? 'd1_30' : late <= 60 ? 'd31_60' : late <= 90 ? 'd61_90' : 'd90plus';
    figures.buckets[bucket].amount += invoice.Balance;
    figures.buckets[bucket].documents.push(invoice.DocumentNumber);
    if (late > 0) {
      figures.overdue += invoice.Balance;
      figures.overdueCount += 1;
    }
  }
  return out;
}

/** Drafts: not booked, not cancelled; their Total and their documents per currency. */
export function expectedDrafts(invoices: readonly SandboxInvoice[]): Record<string, { amount: number; documents: string[] }> {
  const out: Record<string, { amount: number; documents: string[] }> = {};
  for (const invoice of invoices) {
    if (invoice.Booked || invoice.Cancelled) continue;
    const drafts = (out[invoice.Currency] ??= { amount: 0, documents: [] });
    drafts.amount += invoice.Total;
    drafts.documents.push(invoice.DocumentNumber);
  }
  return out;
}

/** axe's serious and critical violations inside `scope`, one line each. */
export async function seriousViolations(page: Page, scope: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(scope).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}
