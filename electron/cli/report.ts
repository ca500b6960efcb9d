// `npm run -s report -- --tenant <TenantId> --mirror <folder> [--json]`: the receivables report
// for a service account (issue 17). The process wiring only; everything else is in run-report.ts.
// Ctrl-C / SIGTERM stop the sync (what it stored stays: the next run resumes) and exit 130 / 143.
import { ApiError } from '../kernel/errors';
import { EXIT } from './args';
import { runReport } from './run-report';

const controller = new AbortController();
let interruptedBy: NodeJS.Signals | undefined;

function onSignal(signal: NodeJS.Signals): void {
  if (interruptedBy) process.exit(signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint);
  interruptedBy = signal;
  controller.abort(new ApiError('cancelled', { message: `The report was stopped (${signal}).` }));
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', () => onSignal('SIGTERM'));

runReport(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
  interruptedBy: () => interruptedBy,
}).then(
  (code) => {
    process.exitCode = code;
    setTimeout(() => process.exit(code), 2000).unref();
  },
  (error: unknown) => {
    process.stderr.write(`report: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(EXIT.internal);
  },
);
