/**
 * The app:// scheme that serves the renderer bundle (dist/) instead of file://. Plain Node (no
 * Electron import) so that the refusal rules are unit-tested and the test harness serves the page
 * with this very code; window.ts registers it with Electron.
 *
 * Why not file://: every file on the disk is a file:// URL, file:// has no real origin for the CSP
 * or the sender check to tell the bundle from any other file, and Electron grants file:// pages
 * extra privileges (the grantFileProtocolExtraPrivileges fuse, turned off in electron-builder.yml).
 * An app:// page has one origin of its own, and this handler answers only for files inside dist/.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'invoice-desk';
/** The renderer's origin. (Node's URL reports "null" as the origin of any custom scheme: compare scheme and host instead.) */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * For protocol.registerSchemesAsPrivileged. standard: relative URLs, 'self' in the CSP and web
 * storage work as for https; secure: a secure context (no mixed content); supportFetchAPI: the
 * Fetch machinery accepts the scheme (the page's own fetch() stays forbidden by connect-src 'none').
 * Deliberately absent: bypassCSP, corsEnabled (other origins could read the bundle),
 * allowServiceWorkers, stream.
 */
export const appSchemePrivileges = { standard: true, secure: true, supportFetchAPI: true } as const;

/** Content types by extension: only these kinds are served (an unknown kind is a 404, never a guess). */
export const mimeTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export type AppFileResolution =
  | { ok: true; file: string; contentType: string }
  | { ok: false; status: 403 | 404; reason: string };

/**
 * Which file of distDir an app:// URL names, or why none. Chromium has already resolved "." and
 * ".." segments by the time a URL reaches the handler, but encoded separators ("%2f", "%5c") and
 * encoded dots inside a segment ("%2e%2e%2f..") survive canonicalisation: each segment is decoded
 * on its own and refused when the decoded text could leave its folder.
 */
export function resolveAppFile(requestUrl: string, distDir: string): AppFileResolution {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 404, reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port !== '' || url.username !== '' || url.password !== '') {
    return { ok: false, status: 404, reason: 'not the app origin' };
  }
  const rawSegments = url.pathname === '/' || url.pathname === '' ? ['index.html'] : url.pathname.split('/').slice(1);
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, status: 403, reason: 'malformed escape' };
    }
    // Empty ("//" or a trailing "/": no directory listings), dot segments, separators of any OS,
    // NUL, and ":" (a Windows drive letter or an NTFS stream name).
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) {
      return { ok: false, status: 403, reason: 'path outside the bundle' };
    }
    segments.push(segment);
  }
  const root = path.resolve(distDir);
  const file = path.resolve(root, ...segments);
  const relative = path.relative(root, file);
  // Belt and braces: whatever the segment rules missed, the result must lie below distDir.
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    return { ok: false, status: 403, reason: 'path outside the bundle' };
  }
  const contentType = mimeTypes[path.extname(file).toLowerCase()];
  if (contentType === undefined) return { ok: false, status: 404, reason: 'not a kind of file the app serves' };
  return { ok: true, file, contentType };
}

export interface AppResponder {
  /** The bundle's folder: dist/ beside dist-electron/. */
  distDir: string;
  /** The renderer's Content-Security-Policy, sent as a header on every answer (index.html also carries it in a meta tag). */
  csp: string;
  /** Reads a file (tests substitute failures); node:fs by default. */
  read?: (file: string) => Promise<Uint8Array<ArrayBuffer>>;
}

/** The protocol.handle handler: answers a request for an app:// URL from the bundle, or refuses it. */
export async function serveAppRequest(request: Request, responder: AppResponder): Promise<Response> {
  const headers = {
    'Content-Security-Policy': responder.csp,
    'X-Content-Type-Options': 'nosniff',
  };
  const refuse = (status: number, text: string, extra: Record<string, string> = {}) =>
    new Response(request.method === 'HEAD' ? null : text, {
      status,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', ...extra },
    });
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  const resolved = resolveAppFile(request.url, responder.distDir);
  if (!resolved.ok) return refuse(resolved.status, resolved.status === 403 ? 'Forbidden' : 'Not found');
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await (responder.read ?? readFile)(resolved.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
    return refuse(missing ? 404 : 500, missing ? 'Not found' : 'Could not read the file');
  }
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: { ...headers, 'Content-Type': resolved.contentType, 'Content-Length': String(body.byteLength) },
  });
}
