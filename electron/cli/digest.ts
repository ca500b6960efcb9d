// `npm run -s digest -- --tenant <TenantId> --mirror <folder> [--json] [--since D] [--lang sv|en]`:
// what changed since the last digest. The process wiring only (cli/command.ts);
// everything else is in run-digest.ts. Ctrl-C / SIGTERM stop the sync (what it stored stays, and
// nothing is marked printed) and exit 130 / 143.
// First, before anything loads node:sqlite: its "experimental" warning would be noise in cron mail.
import './quiet-sqlite-warning';

const { runCommand } = await import('./command');
const { runDigest } = await import('./run-digest');

runCommand('digest', runDigest, (signal) => `${signal === 'SIGINT' ? 'interrupted' : 'terminated'}, stopping the sync...`);
