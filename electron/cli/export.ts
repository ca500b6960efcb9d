// `npm run export -- --tenant <TenantId> --out <file.csv> [options]`: the headless export for
// service accounts. The process wiring only (cli/command.ts); everything else is in
// run.ts (testable in-process). `--help` lists the options and exit codes.
//
// Ctrl-C (SIGINT) or SIGTERM: the export is cancelled, its temporary file removed, and the process
// exits with 130 (or 143). A second Ctrl-C exits at once (the export's own cleanup may then not
// have finished).
// First, before anything loads node:sqlite: its "experimental" warning would be noise in cron mail.
import './quiet-sqlite-warning';

const { runCommand } = await import('./command');
const { runCli } = await import('./run');

runCommand('export', runCli, (signal) => `${signal === 'SIGINT' ? 'interrupted' : 'terminated'}, removing the unfinished file...`);
