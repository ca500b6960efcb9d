/**
 * npm run security: Electronegativity over the main process, the preload and the renderer's HTML.
 * It exits 0 whatever it finds, so this script reads its CSV and fails on any finding that is not
 * justified inline (`// eng-disable CHECK_ID -- why`, see below). Every eng-disable comment must
 * carry a reason after "--".
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const electronVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Checks excluded for the whole project, each with its reason. (Global checks cannot be disabled
 * inline; see Electronegativity's README.)
 */
const excluded: Record<string, string> = {
  // The policy is built from constants in electron/csp.ts, which the checker cannot evaluate; the
  // e2e test "the content security policy" asserts the policy in the page and that it blocks
  // inline script and network.
  CSPGlobalCheck: 'CSP is assembled from electron/csp.ts and verified by test/e2e/app-shell.test.ts',
};

// Electronegativity downloads from GitHub (updated translations; Electron's release list for
// AvailableSecurityFixesGlobalCheck). Where GitHub cannot be reached (this project's CI reaches only
// the npm registry) a download's retry crashes the whole scan (got: "The onCancel handler was
// attached after the promise settled"), so then its downloads fail at once (offline-got.cjs) and
// the release check, which needs the list, is left out; the run says so.
const RELEASES = 'https://raw.githubusercontent.com/electron/releases/master/index.json';
const releasesReachable = await fetch(RELEASES, { method: 'HEAD', signal: AbortSignal.timeout(5_000) }).then(
  (response) => response.ok,
  () => false,
);
if (!releasesReachable) {
  excluded.AvailableSecurityFixesGlobalCheck = `needs ${RELEASES}, which this machine cannot reach`;
  console.log(`security: AvailableSecurityFixesGlobalCheck left out (${RELEASES} cannot be reached from here); every other check runs.`);
}

// One scan over the main process (with the preload) and the renderer's HTML together, so that
// global checks (navigation limits, permission handler) see the whole app.
const inputs = ['electron', 'renderer/index.html'];
const out = mkdtempSync(path.join(os.tmpdir(), 'electronegativity-'));
const findings: Array<{ rule: string; file: string; line: number; message: string }> = [];
try {
  const scanned = path.join(out, 'app');
  for (const input of inputs) cpSync(path.join(root, input), path.join(scanned, input), { recursive: true });
  const sarif = path.join(out, 'report.sarif');
  execFileSync(
    process.execPath,
    [
      ...(releasesReachable ? [] : ['--require', path.join(root, 'test', 'security', 'offline-got.cjs')]),
      path.join(root, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js'),
      '-i', scanned, '-r', '-v', 'false', '-e', electronVersion, '-x', Object.keys(excluded).join(','), '-o', sarif,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], cwd: root },
  );
  const report = JSON.parse(readFileSync(sarif, 'utf8')) as {
    runs: Array<{ results: Array<{ ruleId: string; message: { text: string }; locations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number } } }> }> }>;
  };
  for (const result of report.runs.flatMap((run) => run.results)) {
    const where = result.locations?.[0]?.physicalLocation;
    findings.push({
      rule: result.ruleId,
      file: where?.artifactLocation?.uri ?? '?',
      line: where?.region?.startLine ?? 0,
      message: result.message.text,
    });
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

// Every inline justification must say why.
const unexplained: string[] = [];
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
for (const file of walk(path.join(root, 'electron')).filter((f) => f.endsWith('.ts'))) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (/eng-disable/.test(line) && !/eng-disable\s+[A-Z_ ]+\s+--\s+\S/.test(line)) unexplained.push(`${path.relative(root, file)}:${index + 1}`);
    });
}

for (const [check, reason] of Object.entries(excluded)) console.log(`excluded ${check}: ${reason}`);
if (findings.length === 0 && unexplained.length === 0) {
  console.log(`electronegativity (Electron ${electronVersion}): no unjustified finding in ${inputs.join(', ')}`);
  process.exit(0);
}
for (const f of findings) console.log(`FINDING ${f.rule} ${f.file}:${f.line} ${f.message}`);
for (const where of unexplained) console.log(`UNEXPLAINED eng-disable (add "-- reason"): ${where}`);
process.exit(1);
