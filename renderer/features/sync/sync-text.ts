/**
 * What the sidebar says about a company's local copy (its SyncStatus): "Synced 14:32", "Syncing
 * 12 000 of 50 000", "Offline: the local copy from 14:32", or the last sync's error with its
 * remedy; nothing while local copies are off. Pure, so every wording is unit-tested.
 */
import type { Language } from '../../../electron/ipc/contract';
import { resourceIds, type ResourceId } from '../../../electron/common/resources';
import type { SyncStatus } from '../../../electron/common/sync';
import { errorWords } from '../../i18n/errors';
import type { MessageKey } from '../../i18n/messages';
import { formatCount, formatDate } from '../grid/format';
import { localDay } from '../grid/date-range';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

export type SyncTone = 'synced' | 'never' | 'syncing' | 'offline' | 'error';

export interface SyncText {
  tone: SyncTone;
  text: string;
  /** What to do about an error. */
  remedy?: string;
}

/**
 * Each list's progress words ("Synkar 7 000 av 50 000"), the registry's: the first list's read is
 * plain, a later list's names itself (it follows the first and has its own count).
 */
const progressWords = (id: ResourceId): { known: MessageKey; unknown: MessageKey } => ({ known: `list.${id}.syncing`, unknown: `list.${id}.syncingUnknown` });

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment on the PC's clock as the user reads it: "14:32" today, "2026-03-14 14:32" (sv) or "14 Mar 2026 14:32" (en) before. */
export function formatSyncTime(iso: string, now: Date, language: Language): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const day = localDay(at);
  return day === localDay(now) ? time : `${formatDate(day, language)} ${time}`;
}

/** The line for a company's sync state, or null when local copies are off. */
export function describeSync(status: SyncStatus, now: Date, language: Language, t: T): SyncText | null {
  if (status.phase === 'off') return null;
  if (status.phase === 'syncing') {
    const progress = status.progress;
    // Before the first page has come there is nothing to count yet.
    if (!progress || (progress.done === 0 && progress.total === null)) return { tone: 'syncing', text: t('sync.starting') };
    const done = formatCount(progress.done, language);
    const words = progressWords(progress.resource);
    return progress.total === null
      ? { tone: 'syncing', text: t(words.unknown, { done }) }
      : { tone: 'syncing', text: t(words.known, { done, total: formatCount(progress.total, language) }) };
  }
  // The time of the copy the company opens on: its first list's last read.
  const lastSyncedAt = status.resources[resourceIds[0]].lastSyncedAt;
  const time = lastSyncedAt ? formatSyncTime(lastSyncedAt, now, language) : '';
  if (status.offline) return { tone: 'offline', text: time ? t('sync.offline', { time }) : t('sync.offlineNone') };
  if (status.phase === 'error' && status.error) {
    const words = errorWords(status.error, language);
    return words.remedy ? { tone: 'error', text: words.headline, remedy: words.remedy } : { tone: 'error', text: words.headline };
  }
  return time ? { tone: 'synced', text: t('sync.synced', { time }) } : { tone: 'never', text: t('sync.never') };
}
