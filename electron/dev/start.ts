/**
 * npm start: check that Electron's binary is here (or can be fetched), build, then launch the app.
 * Without the binary it prints what to do instead of a stack trace, and exits 1.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureElectronBinary } from './electron-binary';

const root = path.resolve(import.meta.dirname, '..', '..');
const electron = ensureElectronBinary(path.join(root, 'node_modules', 'electron'));
if (!electron.ok || !electron.executable) {
  process.stderr.write(`${electron.advice ?? ''}\n`);
  process.exit(1);
}
// shell: npm is npm.cmd on Windows.
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: true });
if (build.status !== 0) process.exit(build.status ?? 1);
const app = spawnSync(electron.executable, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(app.status ?? 1);
