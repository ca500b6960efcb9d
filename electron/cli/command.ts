/**
 * What the export and report commands share as processes: argv, environment and signals in, an exit
 * code out. Ctrl-C (SIGINT), SIGTERM or a hang-up (SIGHUP, as SIGTERM) abort the run, which then
 * exits 130 or 143 as shells report a process stopped by that signal; a second signal exits at once.
 */
import { ApiError } from '../kernel/errors';
import { EXIT } from './args';
import type { CliIo } from './run';

export function runCommand(name: string, run: (argv: readonly string[], io: CliIo) => Promise<number>, stopping: (signal: NodeJS.Signals) => string): void {
  const controller = new AbortController();
  let interruptedBy: NodeJS.Signals | undefined;

  const onSignal = (signal: NodeJS.Signals): void => {
    if (interruptedBy) {
      process.stderr.write(`\n${name}: ${signal} again, exiting now.\n`);
      process.exit(signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint);
    }
    interruptedBy = signal;
    process.stderr.write(`\n${name}: ${stopping(signal)}\n`);
    controller.abort(new ApiError('cancelled', { message: `The ${name} was stopped (${signal}).` }));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A closed terminal or a scheduler's hang-up stops the run the same way.
  process.on('SIGHUP', () => onSignal('SIGTERM'));

  run(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    signal: controller.signal,
    interruptedBy: () => interruptedBy,
  }).then(
    (code) => {
      process.exitCode = code;
      // Idle keep-alive sockets must not hold the process open after the work is done.
      setTimeout(() => process.exit(code), 2000).unref();
    },
    (error: unknown) => {
      process.stderr.write(`${name}: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(EXIT.internal);
    },
  );
}
