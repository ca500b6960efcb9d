/**
 * digest:* — "since you last looked", read from the local copies: one company's events,
 * or every company's in one list (All companies), by kind; marked seen, dismissed or snoozed, after
 * which the sidebar's count follows. A company whose customer invoices have no complete copy yet
 * has no digest (nothing recorded).
 */
import { addDays } from '../common/calendar';
import type { CompanySummary } from '../common/companies';
import { currencyTable, type CurrencyTable } from '../common/currency-table';
import { digestKinds, type DigestAnswer, type DigestGroupView, type DigestKind, type SnoozeChoice } from '../common/digest';
import { serviceDate } from '../common/invoice-status';
import type { ResourceId } from '../common/resources';
import type { HandlersOf } from '../ipc/contract';
import type { Clock } from '../kernel/clock';
import { newestFirst, olderThanFor } from './digest-pages';
import type { MirrorApi } from '../mirror/access/mirror-api';

export interface DigestDeps {
  clock: Clock;
  /** The connected companies. */
  companies(): CompanySummary[];
  /** Throws for a company that is not connected (like every company channel). */
  record(companyId: string): unknown;
  mirrors: {
    ready(companyId: string, resource: ResourceId): Promise<MirrorApi | undefined>;
    digestChanged(companyId: string): Promise<void>;
    /** Known today to show nothing (its unseen count, taken today, is 0): every company's digest skips its copy. */
    nothingShown(companyId: string): boolean;
  };
}

/** The day a snooze ends: tomorrow, or the Monday after today (a Monday's next Monday is a week on). */
export function snoozeUntil(today: string, choice: SnoozeChoice): string {
  if (choice === 'tomorrow') return addDays(today, 1);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(today, ((8 - weekday) % 7) || 7);
}

export function digestHandlers(deps: DigestDeps): HandlersOf<'digest'> {
  return {
    'digest:view': async (companyId, query) => {
      const today = serviceDate(deps.clock.now());
      if (companyId !== null) deps.record(companyId);
      const companies = deps.companies().filter((c) => companyId === null || c.id === companyId);
      // Sums by the service's currency strings: a table without a prototype ('__proto__' a currency of its own).
      const groups = new Map<DigestKind, DigestGroupView & { sums: CurrencyTable<number> }>();
      const answer: DigestAnswer = { unseen: 0, groups: [], lastSeq: {} };
      for (const company of companies) {
        // A firm's 300 copies are not opened to find nothing: only the companies with events shown
        // today (the sidebar's count, kept by each sync and each mark), or whose count is not known today.
        if (companyId === null && deps.mirrors.nothingShown(company.id)) continue;
        const mirror = await deps.mirrors.ready(company.id, 'invoices');
        if (!mirror) continue;
        // The window reads what is true today: the date-driven kinds first (once each); what it
        // shows is not told again in a notification; the sidebar's count follows what it found.
        if ((await mirror.noteDateEvents(today)) > 0) await deps.mirrors.digestChanged(company.id);
        await mirror.takeNews(false);
        // Each company's first page after the cursor, merged below into the page after it (digest-pages.ts).
        const view = await mirror.digestView(today, { limit: query.limit, ...(query.kind ? { kind: query.kind } : {}), ...(query.after ? { olderThan: olderThanFor(query.after, company.id) } : {}) });
        answer.unseen += view.unseen;
        answer.lastSeq[company.id] = view.lastSeq;
        for (const group of view.groups) {
          const merged = groups.get(group.kind) ?? { kind: group.kind, count: 0, sums: currencyTable<number>(), items: [] };
          merged.count += group.count;
          for (const [currency, amount] of Object.entries(group.sums)) merged.sums[currency] = Math.round(((merged.sums[currency] ?? 0) + amount) * 100) / 100;
          merged.items.push(...group.items.map((item) => ({ ...item, companyId: company.id, companyName: company.name })));
          groups.set(group.kind, merged);
        }
      }
      for (const kind of digestKinds) {
        const group = groups.get(kind);
        if (!group) continue;
        if (query.kind !== undefined && kind !== query.kind) group.items = [];
        group.items.sort(newestFirst);
        group.items = group.items.slice(0, query.limit);
        answer.groups.push(group);
      }
      return answer;
    },
    'digest:mark': async (companyId, mark) => {
      deps.record(companyId);
      const mirror = await deps.mirrors.ready(companyId, 'invoices');
      if (!mirror) return;
      const today = serviceDate(deps.clock.now());
      await mirror.markDigest(today, mark.action === 'snooze' ? { action: 'snooze', seq: mark.seq, until: snoozeUntil(today, mark.until) } : mark);
      await deps.mirrors.digestChanged(companyId);
    },
  };
}
