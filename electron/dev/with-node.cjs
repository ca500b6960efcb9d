#!/usr/bin/env node
// Runs a command on a Node that has `node:sqlite` (22.16 or later; Electron 45 itself runs Node 24).
// When the machine's own Node is older (Debian 12 ships Node 20, past its end of life in April
// 2026), it installs Node 24 once from the npm registry's `node` package into
// node_modules/.node24/ and puts it first on the PATH of the command, so a fresh machine still needs
// only `npm install` and `npm test`. Plain CommonJS: it must run on the old Node too.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** The Node the project provisions: the major Electron 45 runs. Pinned so every run is the same. */
const PROVISIONED = '24.21.0';
const MINIMUM = [22, 16]; // node:sqlite with StatementSync.setReturnArrays

function hasSqlite(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

function provisionedBin(root) {
  const prefix = path.join(root, 'node_modules', '.node24');
  const bin = path.join(prefix, 'node_modules', 'node', 'bin');
  const node = path.join(bin, process.platform === 'win32' ? 'node.exe' : 'node');
  const ok = () => fs.existsSync(node) && spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim() === PROVISIONED;
  if (!ok()) {
    process.stderr.write(`Node ${process.versions.node} has no node:sqlite; installing Node ${PROVISIONED} from the npm registry into ${path.relative(root, prefix)}/ (once)\n`);
    fs.mkdirSync(prefix, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `node@${PROVISIONED}`], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (result.status !== 0 || !ok()) {
      process.stderr.write(`Could not install Node ${PROVISIONED}. Install Node 22.16 or later (24 recommended) and run the command again.\n`);
      process.exit(1);
    }
  }
  return bin;
}

function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    // Without a command: print the PATH entry to use (for .ci/run), or nothing when this Node will do.
    if (!hasSqlite(process.versions.node)) process.stdout.write(provisionedBin(path.resolve(__dirname, '..', '..')) + '\n');
    return;
  }
  const env = { ...process.env };
  if (!hasSqlite(process.versions.node)) {
    const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH';
    env[key] = provisionedBin(path.resolve(__dirname, '..', '..')) + path.delimiter + (env[key] ?? '');
  }
  const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (result.error) {
    process.stderr.write(`${command}: ${result.error.message}\n`);
    process.exit(1);
  }
  process.exit(result.status ?? 1);
}

main();
