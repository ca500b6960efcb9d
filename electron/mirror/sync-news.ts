/**
 * What a finished sync adds to "since you last looked" (issue 38), apart from the mirror manager
 * that decides when companies sync: today's date-driven events (digest.ts; the first time a
 * baseline), the unseen count for the sidebar, and this sync's own events for a notification.
 */
import type { KindTally } from '../common/digest';
import type { MirrorApi } from './mirror-api';

/**
 * `before`: the newest event's seq when the sync began. `tell`: the sync's events, when it may end
 * in a notification ("Sync now" and an export's sync tell nothing: the user is looking). A failure
 * is logged and the sync stays a success: the digest is brought up to date by the next one.
 */
export async function noteSyncNews(mirror: MirrorApi, before: number, today: string, tell: ((tallies: KindTally[]) => void) | undefined, log: (error: unknown) => void): Promise<{ unseen?: number }> {
  try {
    await mirror.noteDateEvents(today);
    const tallies = await mirror.eventsAfter(before);
    if (tallies.length > 0) tell?.(tallies);
    return { unseen: await mirror.unseenCount(today) };
  } catch (error) {
    log(error);
    return {};
  }
}
