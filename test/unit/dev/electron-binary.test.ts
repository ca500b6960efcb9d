import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureElectronBinary, installedExecutable } from '../../../electron/dev/electron-binary';

/** A stand-in for node_modules/electron with the given install.js. */
function fakePackage(installScript: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'electron-pkg-'));
  writeFileSync(path.join(dir, 'install.js'), installScript);
  return dir;
}

describe("Electron's binary before npm start", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses the binary when it is installed', () => {
    const dir = fakePackage('process.exit(3)');
    dirs.push(dir);
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'electron'), '');
    writeFileSync(path.join(dir, 'path.txt'), 'electron');
    expect(installedExecutable(dir)).toBe(path.join(dir, 'dist', 'electron'));
    expect(ensureElectronBinary(dir, {})).toEqual({ ok: true, executable: path.join(dir, 'dist', 'electron') });
  });

  it('downloads it once with the installer when it is missing', () => {
    const dir = fakePackage(`const fs = require('fs'); fs.mkdirSync(__dirname + '/dist'); fs.writeFileSync(__dirname + '/dist/electron', ''); fs.writeFileSync(__dirname + '/path.txt', 'electron');`);
    dirs.push(dir);
    expect(ensureElectronBinary(dir, {})).toMatchObject({ ok: true });
  });

  it('says what to do, without a stack trace, when the download fails', () => {
    const dir = fakePackage(`console.error('HTTPError: Response code 403 (Forbidden) for https://github.com/electron/electron/releases/x.zip\\n    at Request.<anonymous> (/x/got.js:1:1)'); process.exit(1);`);
    dirs.push(dir);
    const result = ensureElectronBinary(dir, { HTTPS_PROXY: 'http://proxy.example:3128' });
    expect(result.ok).toBe(false);
    expect(result.advice).toContain('Response code 403');
    expect(result.advice).toContain('HTTPS_PROXY is http://proxy.example:3128');
    expect(result.advice).toContain('ELECTRON_MIRROR');
    expect(result.advice).toContain('npm run harness');
    expect(result.advice).not.toMatch(/\n\s+at /);
  });

  it('npm run dist gets the same advice, naming npm run dist (ENOTFOUND: no stack trace)', () => {
    const dir = fakePackage(`console.error('RequestError: getaddrinfo ENOTFOUND github.com\\n    at ClientRequest.<anonymous> (/x/got.js:1:1)'); process.exit(1);`);
    dirs.push(dir);
    const result = ensureElectronBinary(dir, {}, 'npm run dist');
    expect(result.ok).toBe(false);
    expect(result.advice).toContain('getaddrinfo ENOTFOUND github.com');
    expect(result.advice).toContain('Then try again: npm run dist');
    expect(result.advice).not.toContain('npm start');
    expect(result.advice).not.toMatch(/\n\s+at /);
  });
});
