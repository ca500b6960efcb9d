/** receivables:* — who owes what and for how long, computed on the local copies (common/receivables.ts). */
import type { CompanySummary } from '../common/companies';
import type { AllReceivables, ReceivablesReport } from '../common/receivables';
import type { SyncStatus } from '../common/sync';
import type { HandlersOf } from '../ipc/contract';
import type { Clock } from '../kernel/clock';
import { serviceDate } from '../invoices/invoice-status';
import type { MirrorApi } from './mirror-api';

export interface ReceivablesDeps {
  clock: Clock;
  /** The connected companies (throws for an unknown id, like every company channel). */
  companies(): CompanySummary[];
  record(companyId: string): unknown;
  mirrors: { ready(companyId: string): Promise<MirrorApi | undefined>; statuses(): SyncStatus[] };
}

export function receivablesHandlers(deps: ReceivablesDeps): HandlersOf<'receivables'> {
  const reportOf = async (companyId: string, today: string): Promise<ReceivablesReport | null> => {
    const mirror = await deps.mirrors.ready(companyId);
    return mirror ? mirror.receivables(today) : null;
  };
  return {
    'receivables:overview': async (companyId) => {
      deps.record(companyId);
      const today = serviceDate(deps.clock.now());
      const status = deps.mirrors.statuses().find((s) => s.companyId === companyId);
      return { companyId, report: await reportOf(companyId, today), syncedAt: status?.lastSyncedAt ?? null };
    },
    'receivables:all': async () => {
      const today = serviceDate(deps.clock.now());
      const totals: AllReceivables['totals'] = {};
      const companies: AllReceivables['companies'] = [];
      for (const company of deps.companies()) {
        const report = await reportOf(company.id, today);
        const currencies: AllReceivables['companies'][number]['currencies'] = {};
        for (const [currency, figures] of Object.entries(report?.currencies ?? {})) {
          currencies[currency] = { owed: figures.owed, overdue: figures.overdue, countOverdue: figures.counts.overdue };
          const total = (totals[currency] ??= { owed: 0, overdue: 0, countOverdue: 0 });
          total.owed = Math.round((total.owed + figures.owed) * 100) / 100;
          total.overdue = Math.round((total.overdue + figures.overdue) * 100) / 100;
          total.countOverdue += figures.counts.overdue;
        }
        companies.push({ companyId: company.id, name: company.name, ready: report !== null, currencies });
      }
      return { asOf: today, companies, totals };
    },
  };
}
