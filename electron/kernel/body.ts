/**
 * Response bodies read with a ceiling: every body the app reads from the service (a page of JSON,
 * a document, an error answer, the token endpoint's answer) goes through readBodyCapped, so a
 * hostile or broken service streaming without end cannot make the app (or the CLI) hold more than
 * the limit in memory. Reading stops at the limit, the stream is cancelled (which closes the
 * connection), and the request fails with an error that says what was too large.
 */
import { ApiError } from './errors';

/** What a body is, for its limit and for the error's words. */
export type BodyKind = 'document' | 'json' | 'error' | 'token';

const KB = 1024;
const MB = 1024 * KB;

/**
 * Documents and scans: an invoice's PDF is a few hundred kB. A JSON page: 500 invoices are about
 * 1 MB. Error answers and the token endpoint's answer: a few hundred bytes.
 */
export const BODY_LIMITS: Readonly<Record<BodyKind, number>> = { document: 20 * MB, json: 8 * MB, error: 64 * KB, token: 64 * KB };

const described: Record<BodyKind, string> = {
  document: 'a document',
  json: 'a page of data',
  error: 'an error answer',
  token: "the token endpoint's answer",
};

function size(bytes: number): string {
  return bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} kB`;
}

/**
 * The request's clear failure: not retried, since a service that sends too much will send it again.
 * A document over its cap is a refused document (one PDF or scan the app will not take); anything
 * else too large fails whatever reads it.
 */
export function bodyTooLarge(kind: BodyKind, limit: number): ApiError {
  return new ApiError('unavailable', {
    message: `The service sent more than ${size(limit)} for ${described[kind]}; the app reads at most ${size(limit)} and stopped there.`,
    remedy: 'The service sent far more data than expected. Try again later; if it keeps happening, check the service address in the settings.',
    retryable: false,
    ...(kind === 'document' ? { reason: 'refused-document' as const } : {}),
  });
}

/**
 * The body's bytes, read as they arrive and never more than `limit` (default: the kind's limit).
 * A declared Content-Length above the limit fails before anything is read. Past the limit, the
 * stream is cancelled and a bodyTooLarge error is thrown. Aborting the request's signal fails the
 * read as fetch does.
 */
export async function readBodyCapped(response: Response, kind: BodyKind, limit: number = BODY_LIMITS[kind]): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw bodyTooLarge(kind, limit);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Cancelling the stream closes the connection: the rest is never received.
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge(kind, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** The body as text (UTF-8, a BOM dropped, as Response.text() does), within the kind's limit. */
export async function readTextCapped(response: Response, kind: BodyKind, limit?: number): Promise<string> {
  return new TextDecoder().decode(await readBodyCapped(response, kind, limit));
}
