// `npm run -s report -- --tenant <TenantId> --mirror <folder> [--json]`: the receivables report
// for a service account. The process wiring only (cli/command.ts); everything else is
// in run-report.ts. Ctrl-C / SIGTERM stop the sync (what it stored stays: the next run resumes)
// and exit 130 / 143.
// First, before anything loads node:sqlite: its "experimental" warning would be noise in cron mail.
import './quiet-sqlite-warning';

const { runCommand } = await import('./command');
const { runReport } = await import('./run-report');

runCommand('report', runReport, (signal) => `${signal === 'SIGINT' ? 'interrupted' : 'terminated'}, stopping the sync...`);
