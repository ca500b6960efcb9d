/**
 * While the service is out of reach (no answer at all: refused, name lookup, timeout), one cheap
 * request every OFFLINE_CHECK_MS asks whether it is back, for all offline companies together (they
 * share the service): 300 companies offline make one check, not 300, and when it answers every one
 * of them syncs through the scheduler, four at once, not in a storm. A 5xx is an answer, not
 * offline (the scheduler's pause handles a failing service).
 */
import { OFFLINE_CHECK_MS } from '../../common/sync';
import type { Clock } from '../../kernel/clock';
import { isNetworkFailure } from '../../kernel/errors';

export interface OfflineWatch {
  /** The company reached no service: checked from now on until the service answers. */
  watch(companyId: string): void;
  forget(companyId: string): void;
  close(): void;
}

export function createOfflineWatch(options: {
  clock: Clock;
  /** One request to the company's service without retries (CompanySession.ping). */
  probe(companyId: string, signal: AbortSignal): Promise<void>;
  /** Still connected, still offline and not syncing (a sync under way is itself the check). */
  stillOffline(companyId: string): boolean;
  /** The service answered: these companies sync. */
  back(companyIds: string[]): void;
}): OfflineWatch {
  const waiting = new Set<string>();
  const controller = new AbortController();
  let checking = false;

  async function check(): Promise<void> {
    for (;;) {
      await options.clock.sleep(OFFLINE_CHECK_MS, controller.signal);
      for (const companyId of [...waiting]) if (!options.stillOffline(companyId)) waiting.delete(companyId);
      const first = waiting.values().next();
      if (first.done) return;
      try {
        await options.probe(first.value, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isNetworkFailure(error)) continue;
      }
      const back = [...waiting];
      waiting.clear();
      options.back(back);
      return;
    }
  }

  function start(): void {
    if (checking || controller.signal.aborted || waiting.size === 0) return;
    checking = true;
    void check()
      .catch(() => undefined)
      .finally(() => {
        checking = false;
        // A company that went offline while the last check was ending.
        start();
      });
  }

  return {
    watch(companyId) {
      if (controller.signal.aborted) return;
      waiting.add(companyId);
      start();
    },
    forget: (companyId) => void waiting.delete(companyId),
    close: () => controller.abort(),
  };
}
