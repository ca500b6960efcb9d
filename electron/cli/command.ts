/**
 * What the export and report commands share as processes: argv, environment and signals in, an exit
 * code out. Ctrl-C (SIGINT), SIGTERM or a hang-up (SIGHUP, as SIGTERM) abort the run, which then
 * exits 130 or 143 as shells report a process stopped by that signal; a second signal exits at once.
 */
import { ApiError } from '../kernel/errors';
import { EXIT } from './args';
import { terminalSafe } from './terminal-text';
import type { CliIo } from './run';

/** Options both commands take that npm would keep for itself as its own config without `--`. */
const OWN_OPTIONS = ['tenant', 'out', 'mirror', 'json', 'pages', 'limit', 'filter', 'sortby', 'sortorder', 'search', 'from', 'to', 'lastmodified', 'format', 'lang', 'pdf_dir', 'since'];

/**
 * `npm run export --tenant 1 --out f.csv` (without `--`) gives the options to npm, which keeps them
 * as its config (npm_config_tenant, ...) and runs the command without them. Says so, or null.
 */
export function optionsTakenByNpm(name: string, argv: readonly string[], env: Record<string, string | undefined>): string | null {
  if (env.npm_lifecycle_event !== name) return null;
  const taken = OWN_OPTIONS.filter((option) => env[`npm_config_${option}`] !== undefined && !argv.includes(`--${option.replace('_', '-')}`));
  if (taken.length === 0) return null;
  const given = taken.map((option) => `--${option.replace('_', '-')}`).join(', ');
  return `${name}: npm kept ${given} for itself: put -- before the ${name}'s options, as in npm run -s ${name} -- --tenant <TenantId> ...`;
}

export function runCommand(name: string, run: (argv: readonly string[], io: CliIo) => Promise<number>, stopping: (signal: NodeJS.Signals) => string): void {
  const npmTook = optionsTakenByNpm(name, process.argv.slice(2), process.env);
  if (npmTook) {
    process.stderr.write(`${npmTook}\n`);
    process.exit(EXIT.usage);
  }
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
      // A bug's message may quote the service: each line of it without control characters.
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`${name}: unexpected error: ${text.split('\n').map(terminalSafe).join('\n')}\n`);
      process.exit(EXIT.internal);
    },
  );
}
