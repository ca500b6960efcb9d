/**
 * What changed since the last digest, without the app: the company's local copy brought up to date
 * (customer invoices; supplier invoices when the consent has their scope), today's date-driven
 * events noted, then the events no earlier run printed written out and marked printed only once the
 * output took them. A run stopped or failing before that, or whose output was closed (`digest |
 * mail` with a mailer that failed), prints them next time: each event at least once.
 */
import { serviceDate } from '../common/invoice-status';
import { EXIT } from './args';
import { DIGEST_USAGE, parseDigestArgs } from './digest-args';
import { digestJson, digestText } from './digest-text';
import { outputClosed, writeOutput } from './output-write';
import { parseOrExit, type CliIo } from './run';
import { syncOptional } from './run-report';
import { withUpToDateCopy } from './copy-command';
import { terminalSafe } from './terminal-text';

const PREFIX = 'digest:';

export async function runDigest(argv: readonly string[], io: CliIo): Promise<number> {
  const err = (line: string): void => {
    io.stderr.write(`${PREFIX} ${terminalSafe(line)}\n`);
  };
  const plan = parseOrExit(() => parseDigestArgs(argv, io.env, io.cwd), DIGEST_USAGE, io, err);
  if (typeof plan === 'number') return plan;
  return withUpToDateCopy(plan, io, 'digest', err, async ({ mirror, session, clock }) => {
    await syncOptional('supplierinvoices', 'supplier invoices', 'bills', mirror, session, clock, io, err, plan);
    const today = serviceDate(clock.now());
    await mirror.noteDateEvents(today);
    const events = await mirror.eventsToPrint(plan.since !== undefined ? { since: plan.since } : {});
    try {
      await writeOutput(io.stdout, plan.json ? digestJson(today, events) : digestText(plan.tenantId, today, events, plan.lang));
    } catch (error) {
      err(outputClosed(error) ? 'the output was closed before the digest was written: nothing was marked' : `the digest could not be written (${writeProblem(error)}): nothing was marked`);
      return EXIT.file;
    }
    const last = events.at(-1);
    if (plan.since === undefined && last) await mirror.markPrinted(last.seq);
    return EXIT.ok;
  });
}

/** A failed write's system code (ENOSPC: stdout is a file on a full disk), or its message. */
function writeProblem(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}
