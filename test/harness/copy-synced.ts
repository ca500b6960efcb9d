/**
 * When the harness's picture may be taken after --connect-demo: once the company's local copy is
 * synced as the README's pictures show it (every list read, the sidebar's "Synkad HH:MM"), not
 * mid-sync with the grid switching from the service to the copy and the overview appearing.
 */
import type { Page } from 'playwright-core';
import { resourceIds } from '../../electron/common/resources';
import type { SyncStatus } from '../../electron/common/sync';

export type CopyVerdict = { state: 'synced' } | { state: 'waiting'; why: string } | { state: 'failed'; why: string };

/** Where one company's copy stands: synced (or no copy kept), still syncing, or failed. */
export function copyVerdict(status: SyncStatus | undefined): CopyVerdict {
  if (!status) return { state: 'waiting', why: 'no sync status yet' };
  if (status.phase === 'off') return { state: 'synced' }; // local copies are off: nothing to wait for
  if (status.phase === 'error' || status.offline) return { state: 'failed', why: status.error ? `${status.error.kind}: ${status.error.message}` : 'offline' };
  if (status.phase !== 'idle') {
    const progress = status.progress ? ` (${status.progress.done} of ${status.progress.total ?? '?'} ${status.progress.resource})` : '';
    return { state: 'waiting', why: `${status.phase}${progress}` };
  }
  // Each list either read, or refused with its own error (a scope or licence the company lacks), shown on its tab.
  const unread = resourceIds.find((id) => !status.resources[id].ready && !status.resources[id].error);
  if (unread) return { state: 'waiting', why: `${unread} not read yet` };
  return { state: 'synced' };
}

/** Waits until `companyId`'s copy is synced and the page shows it with nothing loading. */
export async function waitForCopySynced(page: Page, companyId: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reply = (await page.evaluate(() => (window as unknown as { invoiceDesk: { sync: { status: () => Promise<unknown> } } }).invoiceDesk.sync.status())) as {
      value?: SyncStatus[];
    };
    const verdict = copyVerdict(reply.value?.find((s) => s.companyId === companyId));
    if (verdict.state === 'synced') break;
    if (verdict.state === 'failed') throw new Error(`the local copy could not be synced: ${verdict.why}`);
    if (Date.now() > until) throw new Error(`the local copy was not synced after ${Math.round(timeoutMs / 1000)} s: ${verdict.why}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The window follows the sync's events: wait until it says so and nothing in it is loading.
  await page.waitForFunction(
    (id) => {
      const line = document.querySelector<HTMLElement>(`[data-testid="sync"][data-company="${id}"] [data-testid="sync-status"]`);
      return (!line || line.dataset.phase !== 'syncing') && document.querySelector('[aria-busy="true"]') === null;
    },
    companyId,
    { timeout: 30_000 },
  );
}
