/**
 * react-query over receivables:overview and receivables:all. The figures are computed on the local
 * copies, so they change when a copy does: sync/queries.ts marks them stale when a sync completes
 * (with the company's grid pages); a new day (the buckets move) is caught by a minute's staleness.
 */
import { useQuery } from '@tanstack/react-query';
import type { AllReceivables, CompanyReceivables } from '../../../electron/common/receivables';
import { desk, unwrap, type DeskError } from '../../api';

export const receivablesKeys = {
  all: ['receivables'] as const,
  company: (companyId: string) => ['receivables', 'company', companyId] as const,
  everyCompany: ['receivables', 'every'] as const,
};

const STALE_MS = 60_000;

/** One company's overview; `enabled` once its local copy is ready. */
export function useCompanyReceivables(companyId: string, enabled: boolean) {
  return useQuery<CompanyReceivables, DeskError>({
    queryKey: receivablesKeys.company(companyId),
    queryFn: () => unwrap(desk().receivables.overview(companyId)),
    enabled,
    staleTime: STALE_MS,
  });
}

/** Every connected company's owed and overdue, with the totals per currency. */
export function useAllReceivables() {
  return useQuery<AllReceivables, DeskError>({
    queryKey: receivablesKeys.everyCompany,
    queryFn: () => unwrap(desk().receivables.all()),
    staleTime: STALE_MS,
    // Opened now and then, and cheap (computed on the copies): always the figures of the moment.
    refetchOnMount: 'always',
  });
}
