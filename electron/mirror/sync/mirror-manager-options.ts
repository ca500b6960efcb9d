/** What the mirror manager is given (mirror-manager.ts): the Electron shell's ports, or a test's. */
import type { KindTally } from '../../common/digest';
import type { IpcError } from '../../common/errors';
import type { ResourceId } from '../../common/resources';
import type { SyncStatus } from '../../common/sync';
import type { Clock } from '../../kernel/clock';
import type { PageSource } from './sync-engine';

export interface MirrorManagerOptions {
  /** The folder of the copies: one `<company id>.sqlite` each (the folder is private, 0700). */
  dir: string;
  /** The built worker (dist-electron/mirror-worker.cjs): a pool of them serves every copy; without it the copies run in this thread. */
  workerScript?: string;
  clock: Clock;
  enabled(): boolean;
  /** `resource`: whose errors these are (a supplier scope error is the supplier side's, not the company's). */
  withSession<T>(companyId: string, run: (session: PageSource) => Promise<T>, resource: ResourceId): Promise<T>;
  /** One cheap request to the company's service without retries (CompanySession.ping): while the
   * service is out of reach, asked every OFFLINE_CHECK_MS; when it answers, the copy syncs. */
  probe(companyId: string, signal: AbortSignal): Promise<void>;
  emit(status: SyncStatus): void;
  toUserError(error: unknown): IpcError;
  log(message: string, error?: unknown): void;
  /** At start, how long only the company on screen syncs (the app: QUIET_START_MS, for its first screen). Default 0. */
  quietStartMs?: number;
  /** Default SYNC_INTERVAL_MS. */
  intervalMs?: number;
  /** A sync (not an export's) recorded events: the app may tell the user in a desktop notification. */
  onEvents?(companyId: string, tallies: KindTally[]): void;
}
