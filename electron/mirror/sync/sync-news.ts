/**
 * What a finished sync adds to "since you last looked", apart from the mirror manager
 * that decides when companies sync: today's date-driven events (digest.ts; the first time a
 * baseline), the unseen count for the sidebar, and this sync's own events for a notification.
 */
import type { KindTally } from '../../common/digest';
import type { MirrorApi } from '../access/mirror-api';

/**
 * `tell`: the events since the last notification, when this sync may end in one ("Sync now" and an
 * export's sync tell nothing: the user is looking; what they recorded is not told later either). A
 * failure is logged and the sync stays a success: the next one brings the digest up to date.
 */
export async function noteSyncNews(mirror: MirrorApi, today: string, tell: ((tallies: KindTally[]) => void) | undefined, log: (error: unknown) => void): Promise<{ unseen?: number }> {
  try {
    await mirror.noteDateEvents(today);
    const tallies = await mirror.takeNews(tell !== undefined);
    if (tallies.length > 0) tell?.(tallies);
    return { unseen: await mirror.unseenCount(today) };
  } catch (error) {
    log(error);
    return {};
  }
}
