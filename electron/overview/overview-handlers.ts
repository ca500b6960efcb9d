/**
 * receivables:* — the overview's channels: who owes what and for how long, and what is owed to the
 * suppliers, computed on the local copies (common/receivables.ts, common/payables.ts); a customer's
 * statement and its CSV; days outstanding.
 */
import type { CompanySummary } from '../common/companies';
import type { AllReceivables, ReceivablesReport } from '../common/receivables';
import type { ResourceId } from '../common/resources';
import type { SyncStatus } from '../common/sync';
import type { HandlersOf } from '../ipc/contract';
import type { Clock } from '../kernel/clock';
import { serviceDate } from '../common/invoice-status';
import type { MirrorApi } from '../mirror/access/mirror-api';
import { currencyTable, ofCurrency } from '../common/currency-table';
import type { DaysOutstanding } from '../common/days-outstanding';
import type { Language } from '../common/settings';
import type { StatementAnswer, StatementAudience } from '../common/statement';
import { openAtomicFile } from '../export/atomic-file';
import { statementCsv, statementFileName } from '../export/statement-csv';
import path from 'node:path';

export interface OverviewDeps {
  clock: Clock;
  /** The connected companies (throws for an unknown id, like every company channel). */
  companies(): CompanySummary[];
  record(companyId: string): unknown;
  mirrors: { ready(companyId: string, resource: ResourceId): Promise<MirrorApi | undefined>; statusOf(companyId: string): SyncStatus | undefined };
  /** The native save dialog for a CSV; null when cancelled. */
  chooseFile(defaultName: string): Promise<string | null>;
  language(): Language;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

export function overviewHandlers(deps: OverviewDeps): HandlersOf<'receivables'> {
  const reportOf = async (companyId: string, today: string): Promise<ReceivablesReport | null> => {
    const mirror = await deps.mirrors.ready(companyId, 'invoices');
    // Payables once the supplier invoices' copy can answer (their first read complete, their scope granted).
    return mirror ? mirror.receivables(today, (await deps.mirrors.ready(companyId, 'supplierinvoices')) !== undefined) : null;
  };
  /** DSO once the customer payments' copy can answer; DPO once the supplier invoices' and their payments' can. */
  const daysOf = async (companyId: string, today: string): Promise<DaysOutstanding> => {
    const mirror = await deps.mirrors.ready(companyId, 'invoices');
    if (!mirror) return { dso: null, dpo: null };
    const dso = (await deps.mirrors.ready(companyId, 'invoicepayments')) !== undefined;
    const dpo = (await deps.mirrors.ready(companyId, 'supplierinvoices')) !== undefined && (await deps.mirrors.ready(companyId, 'supplierinvoicepayments')) !== undefined;
    return mirror.daysOutstanding(today, { dso, dpo });
  };
  const statementOf = async (companyId: string, customerNumber: string, asOf: string, audience: StatementAudience): Promise<StatementAnswer> => {
    deps.record(companyId);
    const status = deps.mirrors.statusOf(companyId);
    for (const resource of ['invoices', 'invoicepayments'] as const) {
      if (!(await deps.mirrors.ready(companyId, resource))) {
        const error = status?.resources[resource].error;
        return { state: 'waiting', resource, ...(error ? { error } : {}) };
      }
    }
    const mirror = (await deps.mirrors.ready(companyId, 'invoices')) as MirrorApi;
    const statement = await mirror.customerStatement(customerNumber, asOf, audience);
    return statement ? { state: 'ready', statement } : { state: 'unknown-customer' };
  };
  return {
    'receivables:overview': async (companyId) => {
      deps.record(companyId);
      const today = serviceDate(deps.clock.now());
      const status = deps.mirrors.statusOf(companyId);
      return { companyId, report: await reportOf(companyId, today), days: await daysOf(companyId, today), syncedAt: status?.resources.invoices.lastSyncedAt ?? null };
    },
    'receivables:statement': (companyId, customerNumber, asOf) => statementOf(companyId, customerNumber, asOf, 'owner'),
    'receivables:exportStatement': async (companyId, customerNumber, asOf, format) => {
      // The file is what the owner sends the customer: without the payments that may be anyone's.
      const answer = await statementOf(companyId, customerNumber, asOf, 'customer');
      // The window offers the export only for a statement it shows; anything else has nothing to save.
      if (answer.state !== 'ready') return null;
      const language = deps.language();
      const file = await deps.chooseFile(statementFileName(customerNumber, asOf, language));
      if (!file) return null;
      const out = await openAtomicFile(file);
      try {
        await out.write(statementCsv(answer.statement, format, language));
        await out.commit();
      } catch (error) {
        await out.abort();
        throw error;
      }
      return { fileName: path.basename(file) };
    },
    'receivables:all': async () => {
      const today = serviceDate(deps.clock.now());
      const totals = currencyTable<AllReceivables['totals'][string]>();
      const companies: AllReceivables['companies'] = [];
      for (const company of deps.companies()) {
        const report = await reportOf(company.id, today);
        const currencies = currencyTable<AllReceivables['companies'][number]['currencies'][string]>();
        const payables = report?.payables ?? null;
        const codes = new Set([...Object.keys(report?.currencies ?? {}), ...Object.keys(payables?.currencies ?? {})]);
        for (const currency of codes) {
          const owed = report ? ofCurrency(report.currencies, currency) : undefined;
          const toPay = payables ? (ofCurrency(payables.currencies, currency)?.owed ?? 0) : null;
          const figures = { owed: owed?.owed ?? 0, overdue: owed?.overdue ?? 0, countOverdue: owed?.counts.overdue ?? 0, toPay, net: toPay === null ? null : round2((owed?.owed ?? 0) - toPay) };
          currencies[currency] = figures;
          const total = (totals[currency] ??= { owed: 0, overdue: 0, countOverdue: 0, toPay: 0, net: 0 });
          total.owed = round2(total.owed + figures.owed);
          total.overdue = round2(total.overdue + figures.overdue);
          total.countOverdue += figures.countOverdue;
          if (total.toPay !== null && toPay !== null) total.toPay = round2(total.toPay + toPay);
        }
        const days = await daysOf(company.id, today);
        companies.push({ companyId: company.id, name: company.name, ready: report !== null, payablesKnown: payables !== null, currencies, dso: days.dso?.at(-1)?.days ?? null, dpo: days.dpo?.at(-1)?.days ?? null });
      }
      // What all companies owe is known only when every company's payables are (an unknown one
      // may owe in any currency); the net with it.
      const allKnown = companies.every((c) => c.payablesKnown);
      for (const total of Object.values(totals)) {
        if (!allKnown || total.toPay === null) total.toPay = null;
        total.net = total.toPay === null ? null : round2(total.owed - total.toPay);
      }
      return { asOf: today, companies, totals };
    },
  };
}
