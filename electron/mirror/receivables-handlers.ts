/** receivables:* — who owes what and for how long, computed on the local copies (common/receivables.ts). */
import type { CompanySummary } from '../common/companies';
import type { AllReceivables, ReceivablesReport } from '../common/receivables';
import type { ResourceId } from '../common/resources';
import type { SyncStatus } from '../common/sync';
import type { HandlersOf } from '../ipc/contract';
import type { Clock } from '../kernel/clock';
import { serviceDate } from '../common/invoice-status';
import type { MirrorApi } from './mirror-api';
import { currencyTable, ofCurrency } from '../common/currency-table';

export interface ReceivablesDeps {
  clock: Clock;
  /** The connected companies (throws for an unknown id, like every company channel). */
  companies(): CompanySummary[];
  record(companyId: string): unknown;
  mirrors: { ready(companyId: string, resource: ResourceId): Promise<MirrorApi | undefined>; statuses(): SyncStatus[] };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

export function receivablesHandlers(deps: ReceivablesDeps): HandlersOf<'receivables'> {
  const reportOf = async (companyId: string, today: string): Promise<ReceivablesReport | null> => {
    const mirror = await deps.mirrors.ready(companyId, 'invoices');
    // Payables once the supplier invoices' copy can answer (their first read complete, their scope granted).
    return mirror ? mirror.receivables(today, (await deps.mirrors.ready(companyId, 'supplierinvoices')) !== undefined) : null;
  };
  return {
    'receivables:overview': async (companyId) => {
      deps.record(companyId);
      const today = serviceDate(deps.clock.now());
      const status = deps.mirrors.statuses().find((s) => s.companyId === companyId);
      return { companyId, report: await reportOf(companyId, today), syncedAt: status?.resources.invoices.lastSyncedAt ?? null };
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
        companies.push({ companyId: company.id, name: company.name, ready: report !== null, payablesKnown: payables !== null, currencies });
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
