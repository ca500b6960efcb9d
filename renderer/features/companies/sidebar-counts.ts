/**
 * The sidebar's line over a firm's companies: how many are synced, syncing, waiting
 * (their turn in the queue, their first read not done yet, or the service out of reach) and failing
 * (a sync that failed, or a connection that needs the user). Pure: unit-tested.
 */
import type { CompanySummary } from '../../../electron/common/companies';
import type { SyncStatus } from '../../../electron/common/sync';
import { matchesWords, searchPartsOf } from './company-search';

export interface SyncCounts {
  synced: number;
  syncing: number;
  waiting: number;
  failing: number;
}

export type SyncState = keyof SyncCounts;

export function syncStateOf(company: CompanySummary, status: SyncStatus | undefined): SyncState {
  if (company.status !== 'connected') return 'failing';
  if (!status || status.phase === 'off') return 'waiting';
  if (status.phase === 'syncing') return 'syncing';
  if (status.error && !status.offline) return 'failing';
  if (status.offline) return 'waiting';
  return status.resources.invoices.lastSyncedAt !== null ? 'synced' : 'waiting';
}

export function syncCounts(companies: readonly CompanySummary[], statuses: readonly SyncStatus[]): SyncCounts {
  const byId = new Map(statuses.map((s) => [s.companyId, s]));
  const counts: SyncCounts = { synced: 0, syncing: 0, waiting: 0, failing: 0 };
  for (const company of companies) counts[syncStateOf(company, byId.get(company.id))] += 1;
  return counts;
}

/** The sidebar's search: every word in the company's name, organisation number, tenant id or tags. */
export const sidebarMatches = (company: CompanySummary, search: string): boolean => matchesWords(searchPartsOf(company), search);
