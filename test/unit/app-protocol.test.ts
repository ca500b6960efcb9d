import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, resolveAppFile, serveAppRequest } from '../../electron/app-protocol';

// A project-like folder: dist/ with the bundle, and beside it files that must never be served.
let root: string;
let dist: string;
const csp = "default-src 'none'";
const serve = (url: string, init?: RequestInit) => serveAppRequest(new Request(url, init), { distDir: dist, csp });

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'app-protocol-'));
  dist = path.join(root, 'dist');
  await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await fs.writeFile(path.join(dist, 'assets', 'index-abc.js'), 'export {}');
  await fs.writeFile(path.join(dist, 'assets', 'index-abc.css'), 'body{}');
  await fs.writeFile(path.join(dist, 'assets', 'logo.SVG'), '<svg/>');
  await fs.writeFile(path.join(dist, 'assets', 'notes.unknown'), 'x');
  await fs.writeFile(path.join(root, 'package.json'), '{"name":"secret-beside-dist"}');
  // A sibling whose name starts with dist's: a prefix test ("startsWith(dist)") would let it through.
  await fs.mkdir(path.join(root, 'dist-electron'));
  await fs.writeFile(path.join(root, 'dist-electron', 'main.js'), 'secret');
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('resolveAppFile', () => {
  it('maps the entry, the root and assets to files inside dist/ with their content types', () => {
    expect(resolveAppFile(APP_ENTRY_URL, dist)).toEqual({ ok: true, file: path.join(dist, 'index.html'), contentType: 'text/html; charset=utf-8' });
    expect(resolveAppFile('app://invoice-desk/', dist)).toMatchObject({ ok: true, file: path.join(dist, 'index.html') });
    expect(resolveAppFile('app://invoice-desk/assets/index-abc.js?v=1#x', dist)).toEqual({
      ok: true,
      file: path.join(dist, 'assets', 'index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(resolveAppFile('app://invoice-desk/assets/index-abc.css', dist)).toMatchObject({ contentType: 'text/css; charset=utf-8' });
    expect(resolveAppFile('app://invoice-desk/assets/logo.SVG', dist)).toMatchObject({ contentType: 'image/svg+xml' });
    expect(resolveAppFile('app://invoice-desk/assets/my%20font.woff2', dist)).toMatchObject({ ok: true, file: path.join(dist, 'assets', 'my font.woff2'), contentType: 'font/woff2' });
  });

  it.each([
    ['encoded dots and slash in one segment', 'app://invoice-desk/%2e%2e%2fpackage.json'],
    ['encoded dots and slash, upper case', 'app://invoice-desk/%2E%2E%2Fpackage.json'],
    ['an encoded dot-dot segment followed by a path', 'app://invoice-desk/assets/..%2f..%2fpackage.json'],
    ['an encoded backslash', 'app://invoice-desk/..%5cpackage.json'],
    ['a raw backslash (not a separator in a custom URL to Node, but one on Windows)', 'app://invoice-desk/..\\package.json'],
    ['an encoded absolute path', 'app://invoice-desk/%2fetc%2fpasswd'],
    ['an encoded Windows drive', 'app://invoice-desk/C%3A%5CWindows%5Cwin.ini'],
    ['an encoded NUL', 'app://invoice-desk/index.html%00.png'],
    ['a malformed escape', 'app://invoice-desk/%E0%A4%A'],
    ['an empty segment', 'app://invoice-desk//etc/passwd'],
    ['a directory (trailing slash)', 'app://invoice-desk/assets/'],
  ])('refuses %s with 403', (_name, url) => {
    expect(resolveAppFile(url, dist)).toMatchObject({ ok: false, status: 403 });
  });

  it('resolves folded dot segments to files inside dist/ only', () => {
    // Node's URL parser (like Chromium's) folds literal and %2e dot segments before the handler
    // sees the path: what is left names a file inside dist/ (which then does not exist).
    expect(resolveAppFile('app://invoice-desk/../package.json', dist)).toMatchObject({ ok: true, file: path.join(dist, 'package.json') });
    expect(resolveAppFile('app://invoice-desk/%2e%2e/package.json', dist)).toMatchObject({ ok: true, file: path.join(dist, 'package.json') });
    expect(resolveAppFile('app://invoice-desk/assets/../../dist-electron/main.js', dist)).toMatchObject({
      ok: true,
      file: path.join(dist, 'dist-electron', 'main.js'),
    });
  });

  it.each([
    ['another host', 'app://evil/index.html'],
    ['the host with a port', 'app://invoice-desk:8080/index.html'],
    ['credentials in the URL', 'app://user:pw@invoice-desk/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['https on the same host name', 'https://invoice-desk/index.html'],
    ['not a URL', 'not a url'],
    ['a kind of file the app does not serve', 'app://invoice-desk/assets/notes.unknown'],
  ])('refuses %s with 404', (_name, url) => {
    expect(resolveAppFile(url, dist)).toMatchObject({ ok: false, status: 404 });
  });
});

describe('serveAppRequest', () => {
  it('serves dist files with their content type and the CSP header', async () => {
    const response = await serve(APP_ENTRY_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(csp);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>app</title>');
    const script = await serve('app://invoice-desk/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('export {}');
  });

  it('gives no file content for traversal, other hosts or missing files', async () => {
    const cases: Array<[string, number]> = [
      ['app://invoice-desk/%2e%2e%2fpackage.json', 403],
      ['app://invoice-desk/..%5Cpackage.json', 403],
      ['app://invoice-desk/../package.json', 404], // folded to /package.json, which dist/ does not have
      ['app://invoice-desk/assets/../../dist-electron/main.js', 404],
      ['app://evil/index.html', 404],
      ['app://invoice-desk/missing.js', 404],
      ['app://invoice-desk/assets', 404], // a directory without the slash: EISDIR
    ];
    for (const [url, status] of cases) {
      const response = await serve(url);
      expect({ url, status: response.status }).toEqual({ url, status });
      expect(response.headers.get('content-security-policy')).toBe(csp);
      const text = await response.text();
      expect(text).not.toContain('secret');
      expect(text).not.toContain('<title>');
    }
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await serve(APP_ENTRY_URL, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await serve(APP_ENTRY_URL, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 500, not the error, when a file cannot be read', async () => {
    const denied = Object.assign(new Error('EACCES: permission denied, open /home/someone/dist/index.html'), { code: 'EACCES' });
    const response = await serveAppRequest(new Request(APP_ENTRY_URL), { distDir: dist, csp, read: () => Promise.reject(denied) });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('/home/someone');
  });
});
