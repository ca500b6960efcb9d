/**
 * npm run dev: Vite's dev server for the renderer (hot reload), the main process and the preload
 * rebuilt on change, and Electron restarted whenever either bundle changes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const devServerUrl = 'http://localhost:5173/';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  children.push(child);
  return child;
}

async function waitForBuild(mode: 'main' | 'preload'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(bin('vite'), ['build', '--mode', mode], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build --mode ${mode} failed`))));
  });
}

let electron: ChildProcess | undefined;
function restartElectron(): void {
  if (electron) {
    electron.removeAllListeners('exit');
    electron.kill();
  }
  electron = run(bin('electron'), ['.'], { ...process.env, VITE_DEV_SERVER_URL: devServerUrl });
  electron.on('exit', (code) => {
    if (code !== null) shutdown(code);
  });
}

function shutdown(code = 0): void {
  for (const child of children) child.kill();
  process.exit(code);
}

await Promise.all([waitForBuild('main'), waitForBuild('preload')]);
run(bin('vite'), []);
run(bin('vite'), ['build', '--mode', 'main', '--watch']);
run(bin('vite'), ['build', '--mode', 'preload', '--watch']);
restartElectron();

let pending: NodeJS.Timeout | undefined;
watch(path.join(root, 'dist-electron'), (_event, file) => {
  if (!file?.endsWith('.cjs')) return;
  clearTimeout(pending);
  pending = setTimeout(restartElectron, 300);
});
process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());
