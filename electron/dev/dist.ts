/**
 * npm run dist: package the app with electron-builder for this OS's targets (Linux: AppImage and
 * deb; macOS: dmg; Windows: nsis; each is built on its own OS). Electron's binary comes first, from
 * Electron's own npm package (downloaded once, as npm start does), and electron-builder packages
 * that binary instead of downloading Electron a second time; where the download is blocked this
 * says what to do instead of a getaddrinfo ENOTFOUND stack trace, and exits 1.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureElectronBinary } from './electron-binary';

/** electron-builder's flag for this OS's targets (electron-builder.yml lists them per OS). */
export function platformFlag(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? '--mac' : platform === 'win32' ? '--win' : '--linux';
}

const root = path.resolve(import.meta.dirname, '..', '..');
const electronDir = path.join(root, 'node_modules', 'electron');
const electron = ensureElectronBinary(electronDir, { command: 'npm run dist' });
if (!electron.ok) {
  process.stderr.write(`${electron.advice ?? ''}\n`);
  process.exit(1);
}
// shell: npm and npx are .cmd files on Windows.
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: true });
if (build.status !== 0) process.exit(build.status ?? 1);
const packaged = spawnSync('npx', ['electron-builder', platformFlag(process.platform), `--config.electronDist=${path.join(electronDir, 'dist')}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
process.exit(packaged.status ?? 1);
