/**
 * The firm's overview: one row per connected company from what the window already holds,
 * the company list and each company's sync state with its stored figures (SyncStatus.summary), so
 * the view never opens a copy. Its health, whether it needs attention, the search and the tag
 * filter. Pure: unit-tested.
 */
import { tagKey, type CompanySummary as Company } from '../../../electron/common/companies';
import type { CompanySummary } from '../../../electron/common/firm';
import type { SyncStatus } from '../../../electron/common/sync';
import { matchesWords, searchPartsOf } from '../companies/company-search';

/**
 * What a company's connection and copy need, the worst first: the company's own status (its
 * remedy in the company header), a list the company lacks a scope or licence for, a failed sync,
 * a connection to renew soon, the service out of reach, or nothing.
 */
export const healthKinds = ['needs-reconnect', 'licence-missing', 'scope-missing', 'sync-failed', 'renew-soon', 'offline', 'ok'] as const;
export type Health = (typeof healthKinds)[number];

/** Health kinds that make a company "need attention" (offline is the network's, not the company's). */
const problems: ReadonlySet<Health> = new Set<Health>(['needs-reconnect', 'licence-missing', 'scope-missing', 'sync-failed', 'renew-soon']);

export interface FirmRow {
  companyId: string;
  name: string;
  organisationNumber: string;
  tenantId: string;
  tags: readonly string[];
  /** Absent until the company's customer invoices' copy is ready. */
  summary: CompanySummary | undefined;
  /** When any of its lists was last read completely (ISO), or null. */
  lastSyncedAt: string | null;
  syncing: boolean;
  health: Health;
  /** Days left of the connection when it is to be renewed soon. */
  expiresInDays: number | undefined;
}

export function healthOf(company: Company, status: SyncStatus | undefined): Health {
  if (company.status !== 'connected') return company.status;
  const listErrors = status ? Object.values(status.resources).map((r) => r.error?.kind) : [];
  if (listErrors.includes('licence-missing')) return 'licence-missing';
  if (listErrors.includes('scope-missing')) return 'scope-missing';
  if (status?.error && !status.offline) return 'sync-failed';
  if (company.expiresInDays !== undefined) return 'renew-soon';
  if (status?.offline) return 'offline';
  return 'ok';
}

function latest(status: SyncStatus | undefined): string | null {
  let last: string | null = null;
  for (const resource of Object.values(status?.resources ?? {})) if (resource.lastSyncedAt && (last === null || resource.lastSyncedAt > last)) last = resource.lastSyncedAt;
  return last;
}

/**
 * Rows already made, by their company: reused while the company and its status are the same
 * objects. A sync's event replaces only its own company's status (withStatus) and a refetched list
 * keeps the objects of companies that did not change (React Query's structural sharing), so the
 * other 299 rows stay the same objects and the table skips drawing them again (FirmTable's FirmRowView).
 */
export type FirmRowCache = WeakMap<Company, { status: SyncStatus | undefined; row: FirmRow }>;

export function firmRows(companies: readonly Company[], statuses: readonly SyncStatus[], cache?: FirmRowCache): FirmRow[] {
  const byId = new Map(statuses.map((s) => [s.companyId, s]));
  return companies.map((company) => {
    const status = byId.get(company.id);
    const kept = cache?.get(company);
    if (kept && kept.status === status) return kept.row;
    const row: FirmRow = {
      companyId: company.id,
      name: company.name,
      organisationNumber: company.organisationNumber,
      tenantId: company.tenantId,
      tags: company.tags ?? [],
      summary: status?.summary,
      lastSyncedAt: latest(status),
      syncing: status?.phase === 'syncing',
      health: healthOf(company, status),
      expiresInDays: company.expiresInDays,
    };
    cache?.set(company, { status, row });
    return row;
  });
}

/** Overdue more than 60 days, a week of the outlook below zero, or a problem with its connection. */
export function needsAttention(row: FirmRow): boolean {
  return problems.has(row.health) || (row.summary?.overdue60Sek ?? 0) > 0 || (row.summary?.lowestWeek?.netSek ?? 0) < 0;
}

/** Every word of the search is in its name, organisation number (with or without the dash), tenant id or a tag. */
export const matchesSearch = (row: FirmRow, search: string): boolean => matchesWords(searchPartsOf(row), search);

export const hasTag = (row: FirmRow, tag: string): boolean => row.tags.some((t) => tagKey(t) === tagKey(tag));

export interface FirmFilter {
  search: string;
  attentionOnly: boolean;
  /** A tag, or null for every company. */
  tag: string | null;
}

export function filterRows(rows: readonly FirmRow[], filter: FirmFilter): FirmRow[] {
  return rows.filter((row) => (!filter.attentionOnly || needsAttention(row)) && (filter.tag === null || hasTag(row, filter.tag)) && matchesSearch(row, filter.search));
}

/** Every tag in use, each once (the first spelling met), sorted as Swedish sorts. */
export function allTags(rows: readonly FirmRow[]): string[] {
  const seen = new Map<string, string>();
  for (const row of rows) for (const tag of row.tags) if (!seen.has(tagKey(tag))) seen.set(tagKey(tag), tag);
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'sv'));
}

/** Tags as typed in the cell's box: separated by commas. */
export const parseTags = (text: string): string[] => text.split(',').map((tag) => tag.trim()).filter(Boolean);
