// Small HTTP helpers shared by the routes: the reply value the handlers return (the server adds
// latency and faults before writing it), body reading and HTTP Basic parsing.

import type { IncomingMessage } from 'node:http';

/** What a route handler answers. Handlers do not write to the socket themselves. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** Text is sent as UTF-8; a Buffer (a PDF) as it is. */
  body: string | Buffer;
  /** True when the body is JSON (only those can be cut short by a malformedJson fault). */
  json: boolean;
}

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
    json: true,
  };
}

/** A PDF shown in place (`inline`), under a file name a browser or viewer would offer. */
export function pdfReply(bytes: Buffer, fileName: string): Reply {
  return {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"` },
    body: bytes,
    json: false,
  };
}

/** A file of the archive: its own type, shown in place under its archive name. */
export function fileReply(bytes: Buffer, contentType: string, fileName: string): Reply {
  // Printable ASCII only in a header (Node refuses control characters; quotes would end the value).
  const safeName = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    status: 200,
    headers: { 'Content-Type': contentType, 'Content-Disposition': `inline; filename="${safeName}"` },
    body: bytes,
    json: false,
  };
}

export function htmlReply(status: number, html: string, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // The consent page must not be framed (clickjacking) and runs no script at all.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      ...headers,
    },
    body: html,
    json: false,
  };
}

export function redirectReply(location: string): Reply {
  return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' }, body: '', json: false };
}

export class BodyTooLargeError extends Error {}

/** Reads a request body as UTF-8, refusing anything larger than `limitBytes`. */
export async function readBody(req: IncomingMessage, limitBytes = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) throw new BodyTooLargeError(`request body larger than ${limitBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The id and secret of an `Authorization: Basic ...` header, or null when absent or malformed. */
export function parseBasicAuth(header: string | undefined): { id: string; secret: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The token of an `Authorization: Bearer ...` header (scheme case-insensitive), or null. */
export function parseBearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? (match[1] ?? null) : null;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
