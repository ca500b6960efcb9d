import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureElectronBinary, installedExecutable } from '../../../electron/dev/electron-binary';
import { describeFetchFailure } from '../../../electron/dev/network-error.cjs';

/** A stand-in for node_modules/electron with the given install.js. */
function fakePackage(installScript: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'electron-pkg-'));
  writeFileSync(path.join(dir, 'install.js'), installScript);
  return dir;
}

/** A port on 127.0.0.1 that nothing listens on (bound, then closed): a connection there is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What ensureElectronBinary says on the terminal, kept here instead of printed. */
function recorder(): { lines: string[]; say: (line: string) => void } {
  const lines: string[] = [];
  return { lines, say: (line) => lines.push(line) };
}

describe("Electron's binary before npm start", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses the binary when it is installed, and says nothing', () => {
    const dir = fakePackage('process.exit(3)');
    dirs.push(dir);
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'electron'), '');
    writeFileSync(path.join(dir, 'path.txt'), 'electron');
    const out = recorder();
    expect(installedExecutable(dir)).toBe(path.join(dir, 'dist', 'electron'));
    expect(ensureElectronBinary(dir, { env: {}, say: out.say })).toEqual({ ok: true, executable: path.join(dir, 'dist', 'electron') });
    expect(out.lines).toEqual([]);
  });

  it('downloads it once with the installer when it is missing, and says so', () => {
    const dir = fakePackage(`const fs = require('fs'); fs.mkdirSync(__dirname + '/dist'); fs.writeFileSync(__dirname + '/dist/electron', ''); fs.writeFileSync(__dirname + '/path.txt', 'electron');`);
    dirs.push(dir);
    const out = recorder();
    expect(ensureElectronBinary(dir, { env: {}, say: out.say })).toMatchObject({ ok: true });
    expect(out.lines).toEqual(["Downloading Electron's binary (once)..."]);
  });

  it('says what to do, without a stack trace, when the download fails', () => {
    const dir = fakePackage(`console.error('HTTPError: Response code 403 (Forbidden) for https://github.com/electron/electron/releases/x.zip\\n    at Request.<anonymous> (/x/got.js:1:1)'); process.exit(1);`);
    dirs.push(dir);
    const result = ensureElectronBinary(dir, { env: { HTTPS_PROXY: 'http://proxy.example:3128' }, say: () => {} });
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
    const result = ensureElectronBinary(dir, { env: {}, command: 'npm run dist', say: () => {} });
    expect(result.ok).toBe(false);
    expect(result.advice).toContain('getaddrinfo ENOTFOUND github.com');
    expect(result.advice).toContain('Then try again: npm run dist');
    expect(result.advice).not.toContain('npm start');
    expect(result.advice).not.toMatch(/\n\s+at /);
  });

  it("names the network error behind the installer's 'fetch failed' (a refused connection)", async () => {
    // What Electron's install.js does: fetch from ELECTRON_MIRROR, and on failure print the stack.
    const dir = fakePackage(`fetch(process.env.ELECTRON_MIRROR).then(() => process.exit(0), (err) => { console.error(err.stack); process.exit(1); });`);
    dirs.push(dir);
    const port = await closedPort();
    const result = ensureElectronBinary(dir, { env: { ELECTRON_MIRROR: `http://127.0.0.1:${port}/` }, say: () => {} });
    expect(result.ok).toBe(false);
    expect(result.advice).toContain(`(TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(result.advice).not.toMatch(/\n\s+at /);
  });
});

describe('the network error behind a failed fetch', () => {
  it('a refused connection: a real fetch to a closed port on 127.0.0.1', async () => {
    const port = await closedPort();
    const error: unknown = await fetch(`http://127.0.0.1:${port}/`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('fetch failed');
    expect(describeFetchFailure(error)).toBe(`fetch failed: connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it("a failed name lookup, a proxy's answer, a certificate: the cause's message, with its code when the message lacks it", () => {
    const failed = (cause: unknown) => new TypeError('fetch failed', { cause });
    expect(describeFetchFailure(failed(Object.assign(new Error('getaddrinfo ENOTFOUND github.com'), { code: 'ENOTFOUND' })))).toBe('fetch failed: getaddrinfo ENOTFOUND github.com');
    expect(describeFetchFailure(failed(Object.assign(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), { code: 'UND_ERR_ABORTED' })))).toBe(
      'fetch failed: Proxy response (407) !== 200 when HTTP Tunneling (UND_ERR_ABORTED)',
    );
    expect(describeFetchFailure(failed(Object.assign(new Error('unable to get local issuer certificate'), { code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' })))).toBe(
      'fetch failed: unable to get local issuer certificate (UNABLE_TO_GET_ISSUER_CERT_LOCALLY)',
    );
  });

  it('every address of a host (an AggregateError with an empty message), and a cause of a cause', () => {
    const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    const aggregate = Object.assign(new AggregateError([refused('::1:9'), refused('127.0.0.1:9')], ''), { code: 'ECONNREFUSED' });
    expect(describeFetchFailure(new TypeError('fetch failed', { cause: aggregate }))).toBe('fetch failed: connect ECONNREFUSED ::1:9; connect ECONNREFUSED 127.0.0.1:9');
    const nested = new TypeError('fetch failed', { cause: new Error('socket hang up', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }) });
    expect(describeFetchFailure(nested)).toBe('fetch failed: socket hang up; read ECONNRESET');
  });

  it('an error without a cause is its message alone', () => {
    expect(describeFetchFailure(new Error('Response code 404 (Not Found)'))).toBe('Response code 404 (Not Found)');
  });
});
