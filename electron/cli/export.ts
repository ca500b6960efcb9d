// `npm run export -- --tenant <TenantId> --out <file.csv> [options]`: the headless export for
// service accounts (issue 8). The process wiring only: argv, environment, signals, exit code.
// Everything else is in run.ts (testable in-process). `--help` lists the options and exit codes.
//
// Ctrl-C (SIGINT) or SIGTERM: the export is cancelled, its temporary file removed, and the process
// exits with 130 (or 143), as shells report a process stopped by that signal. A second Ctrl-C
// exits at once (the export's own cleanup may then not have finished).

import { ApiError } from '../kernel/errors';
import { EXIT } from './args';
import { runCli } from './run';

const controller = new AbortController();
let interruptedBy: NodeJS.Signals | undefined;

function onSignal(signal: NodeJS.Signals): void {
  if (interruptedBy) {
    process.stderr.write(`\nexport: ${signal} again, exiting now.\n`);
    process.exit(signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint);
  }
  interruptedBy = signal;
  process.stderr.write(`\nexport: ${signal === 'SIGINT' ? 'interrupted' : 'terminated'}, removing the unfinished file...\n`);
  controller.abort(new ApiError('cancelled', { message: `The export was stopped (${signal}).` }));
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// A closed terminal or a scheduler's hang-up stops the export the same way.
process.on('SIGHUP', () => onSignal('SIGTERM'));

runCli(process.argv.slice(2), {
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
    process.stderr.write(`export: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(EXIT.internal);
  },
);
