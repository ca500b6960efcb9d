// A hostile stand-in of the service on 127.0.0.1: it streams more than the app
// reads (a document, a page of JSON, an error answer, the token endpoint's answer) and records
// whether it got to send everything. The client must stop at the limit, close the connection (so
// the server never finishes: nothing beyond the limit is held), and fail with a clear error.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type TokenSource } from '../../../electron/api/api-client';
import { createRateLimiter } from '../../../electron/api/rate-limiter';
import { createTokenClient } from '../../../electron/auth/token-client';
import { BODY_LIMITS } from '../../../electron/kernel/body';
import { createFakeClock } from '../../../electron/kernel/clock';
import { isApiError, type ApiError } from '../../../electron/kernel/errors';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

interface Stream {
  status: number;
  contentType: string;
  /** The opening bytes, then filler up to `total` bytes, then the closing bytes. */
  head: string;
  fill: string;
  tail: string;
  total: number;
  /** Declare the length up front (Content-Length) instead of chunked encoding. */
  declareLength?: boolean;
}

interface Served {
  /** Bytes handed to the socket. */
  sent: number;
  /** Every byte was written and the response ended. */
  completed: boolean;
  /** The connection closed (by the client, or after the end). */
  closed: Promise<void>;
}

/** Writes `stream` with back-pressure: a client that stops reading stops the server too. */
async function serve(response: ServerResponse, stream: Stream, served: Served): Promise<void> {
  let open = true;
  response.on('close', () => (open = false));
  response.writeHead(stream.status, {
    'content-type': stream.contentType,
    ...(stream.declareLength ? { 'content-length': String(stream.total) } : {}),
  });
  const filler = Buffer.alloc(CHUNK, stream.fill);
  const write = async (bytes: Buffer): Promise<boolean> => {
    if (!open) return false;
    served.sent += bytes.length;
    if (!response.write(bytes)) {
      // Wait for whichever comes first and take both listeners off: a 'close' listener left behind
      // by every drained write piles up (MaxListenersExceededWarning after ten waits).
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.once('drain', done);
        response.once('close', done);
      });
    }
    return open;
  };
  const head = Buffer.from(stream.head);
  const tail = Buffer.from(stream.tail);
  if (!(await write(head))) return;
  let left = stream.total - head.length - tail.length;
  while (left > 0) {
    const bytes = left >= CHUNK ? filler : filler.subarray(0, left);
    if (!(await write(bytes))) return;
    left -= bytes.length;
  }
  if (!(await write(tail))) return;
  response.end();
  served.completed = true;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The hostile service: answers every request with `stream`; returns its address and what it served. */
async function hostile(stream: Stream): Promise<{ url: string; served: Served[] }> {
  const served: Served[] = [];
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    let onClose!: () => void;
    const record: Served = { sent: 0, completed: false, closed: new Promise((resolve) => (onClose = resolve)) };
    response.on('close', () => onClose());
    served.push(record);
    void serve(response, stream, record);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, served };
}

/** The real fetch; a fake clock that never moves (no timeout, no backoff fires); no retries. */
function apiClient(apiUrl: string) {
  const clock = createFakeClock();
  const tokens: TokenSource = { getAccessToken: async () => 'at', onUnauthorized: async () => 'at' };
  return createApiClient({ apiUrl, tokens, limiter: createRateLimiter({ clock, pacing: false }), clock, retry: { maxRetries: 0 } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** More than the limit plus anything the sockets' buffers on loopback could hold (a few MB). */
const beyond = (limit: number) => 2 * limit + 32 * MB;

/** The server was cut off: it never got to send the whole stream, and sent less than the stream. */
async function expectCutOff(served: Served[], total: number): Promise<void> {
  expect(served).toHaveLength(1);
  await served[0]!.closed;
  expect(served[0]!.completed).toBe(false);
  expect(served[0]!.sent).toBeLessThan(total);
}

describe('response bodies are read with a ceiling', () => {
  it('a document (/preview): stops at 20 MB, closes the connection, and says so', async () => {
    const total = beyond(BODY_LIMITS.document);
    const { url, served } = await hostile({ status: 200, contentType: 'application/pdf', head: '%PDF-1.4\n', fill: ' ', tail: '\n%%EOF\n', total });
    const error = await failure(apiClient(url).getPdf('/3/invoices/1/preview', { priority: 'export' }));
    // A refused document (as a PDF of another type): --pdf-dir skips it with a warning.
    expect(error).toMatchObject({ kind: 'unavailable', retryable: false, reason: 'refused-document' });
    expect(error.message).toBe('The service sent more than 20 MB for a document; the app reads at most 20 MB and stopped there.');
    await expectCutOff(served, total);
  });

  it('a document declared larger than 20 MB is refused before its body is read', async () => {
    const total = beyond(BODY_LIMITS.document);
    const { url, served } = await hostile({ status: 200, contentType: 'application/pdf', head: '%PDF-1.4\n', fill: ' ', tail: '\n%%EOF\n', total, declareLength: true });
    const error = await failure(apiClient(url).getPdf('/3/invoices/1/preview', { priority: 'export' }));
    expect(error.message).toMatch(/more than 20 MB for a document/);
    await expectCutOff(served, total);
  });

  it('a page of JSON: stops at 8 MB (valid JSON all the way), not retried', async () => {
    const total = beyond(BODY_LIMITS.json);
    const { url, served } = await hostile({ status: 200, contentType: 'application/json', head: '{"Invoices":[],"Padding":"', fill: 'a', tail: '"}', total });
    const error = await failure(apiClient(url).get('/3/invoices', { page: 1 }, { priority: 'interactive' }));
    expect(error).toMatchObject({ kind: 'unavailable', retryable: false });
    // Not a refused document: a list that cannot be read stops whatever reads it.
    expect(error.reason).toBeUndefined();
    expect(error.message).toBe('The service sent more than 8 MB for a page of data; the app reads at most 8 MB and stopped there.');
    await expectCutOff(served, total);
  });

  it('an error answer: stops at 64 kB', async () => {
    const total = beyond(BODY_LIMITS.error);
    const { url, served } = await hostile({ status: 400, contentType: 'application/json', head: '{"ErrorInformation":{"message":"', fill: 'x', tail: '","code":2000588}}', total });
    const error = await failure(apiClient(url).get('/3/invoices', undefined, { priority: 'interactive' }));
    expect(error.message).toBe('The service sent more than 64 kB for an error answer; the app reads at most 64 kB and stopped there.');
    await expectCutOff(served, total);
  });

  it("the token endpoint's answer: stops at 64 kB, and is not taken for a network failure", async () => {
    const total = beyond(BODY_LIMITS.token);
    const { url, served } = await hostile({ status: 200, contentType: 'application/json', head: '{"access_token":"at","token_type":"bearer","expires_in":3600,"padding":"', fill: 'x', tail: '"}', total });
    const client = createTokenClient({ authUrl: url, clientId: 'c', clientSecret: 's', clock: createFakeClock() });
    const error = await failure(client.refresh('rt'));
    expect(error).toMatchObject({ kind: 'unavailable', retryable: false });
    expect(error.message).toBe("The service sent more than 64 kB for the token endpoint's answer; the app reads at most 64 kB and stopped there.");
    await expectCutOff(served, total);
  });

  it('a body within its limit is read whole', async () => {
    const { url, served } = await hostile({ status: 200, contentType: 'application/json', head: '{"Invoices":[],"Padding":"', fill: 'a', tail: '"}', total: BODY_LIMITS.json });
    const body = (await apiClient(url).get('/3/invoices', undefined, { priority: 'interactive' })) as { Padding: string };
    expect(body.Padding.length).toBe(BODY_LIMITS.json - '{"Invoices":[],"Padding":""}'.length);
    await served[0]!.closed;
    expect(served[0]!.completed).toBe(true);
  });
});
