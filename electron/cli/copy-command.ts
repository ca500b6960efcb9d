/**
 * The frame of the commands that read a company's local copy (report, digest): apart from
 * service-session.ts (the session and the copy themselves) and run.ts (exit codes), which it joins.
 */
import { systemClock, type Clock } from '../kernel/clock';
import type { CompanySession } from '../companies/company-session';
import type { MirrorApi } from '../mirror/access/mirror-api';
import { syncResources } from '../mirror/sync/sync-engine';
import { createProgressReporter } from './progress';
import { failureExit, type CliIo } from './run';
import { describeSync, openCliMirror, openServiceSession, syncCliMirror, type ServiceAccount } from './service-session';

/** What a command does with a company's copy once its customer invoices are up to date. */
export interface CopyContext {
  mirror: MirrorApi;
  session: CompanySession;
  clock: Clock;
}

/**
 * The report's and the digest's frame: the service account's session, the copy in --mirror opened
 * and its customer invoices brought up to date (said on stderr), then `work`; any failure (the
 * service's, the file's, Ctrl-C) its exit code. The session and the copy are closed either way.
 */
export async function withUpToDateCopy(plan: ServiceAccount & { mirrorDir: string }, io: CliIo, command: string, err: (line: string) => void, work: (context: CopyContext) => Promise<number>): Promise<number> {
  const clock = io.clock ?? systemClock;
  const session = openServiceSession(plan, clock, io.fetch);
  const progress = createProgressReporter(io.stderr, () => clock.now(), command);
  let mirror: MirrorApi | undefined;
  try {
    mirror = await openCliMirror(plan.mirrorDir, plan.tenantId);
    const synced = await syncCliMirror(mirror, session, clock, progress, syncResources.invoices, io.signal);
    err(`tenant ${plan.tenantId}: local copy up to date (${describeSync(synced, 'invoices')})`);
    return await work({ mirror, session, clock });
  } catch (error) {
    progress.finish();
    return failureExit(error, io, err, { ...plan, resource: 'invoices' }, '.');
  } finally {
    session.close();
    await mirror?.close();
  }
}
