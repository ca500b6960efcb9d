import { describe, expect, it } from 'vitest';
import { createApiClient, type TokenSource } from '../../../electron/api/api-client';
import { createFakeClock, type FakeClock } from '../../../electron/kernel/clock';
import { ApiError, isNetworkFailure } from '../../../electron/kernel/errors';
import { createRateLimiter } from '../../../electron/api/rate-limiter';
import { createFakeFetch, json, type FakeHandler } from './helpers';

function tokensFake() {
  let n = 1;
  const log: string[] = [];
  let licence: boolean | undefined;
  const source: TokenSource = {
    getAccessToken: async () => `at-${n}`,
    onUnauthorized: async (failed) => {
      log.push(`unauthorized:${failed}`);
      if (failed === `at-${n}`) n += 1;
      return `at-${n}`;
    },
    reportLicence: (missing) => {
      licence = missing;
    },
  };
  return { source, log, licence: () => licence };
}

function setup(handler: FakeHandler, opts: { clock?: FakeClock; timeoutMs?: number; random?: () => number } = {}) {
  const clock = opts.clock ?? createFakeClock(0);
  const fake = createFakeFetch(handler);
  const tokens = tokensFake();
  const limiter = createRateLimiter({ clock });
  const client = createApiClient({
    apiUrl: 'https://api.example/',
    tokens: tokens.source,
    limiter,
    clock,
    fetch: fake.fetch,
    random: opts.random ?? (() => 0.5),
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
  });
  return { clock, fake, tokens, limiter, client };
}

async function settle<T>(clock: FakeClock, promise: Promise<T>): Promise<T | ApiError> {
  const result = promise.catch((error: unknown) => error as ApiError);
  await clock.runAll(10 * 60_000);
  return result;
}

describe('api client: PDF documents', () => {
  it('returns the bytes of a PDF, asked for as application/pdf', async () => {
    const pdf = Buffer.from('%PDF-1.4\n...%%EOF\n', 'latin1');
    const { clock, fake, client } = setup(() => new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const bytes = await settle(clock, client.getPdf('/3/invoices/7/preview', { priority: 'interactive' }));
    expect(Buffer.isBuffer(bytes) && bytes.equals(pdf)).toBe(true);
    expect(fake.calls[0]?.headers.accept).toBe('application/pdf');
  });

  it('refuses, without retrying, a 200 that is not a PDF (an HTML page, JSON), naming what came', async () => {
    const { clock, fake, client } = setup(() => new Response('<html>Logga in</html>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }));
    const error = (await settle(clock, client.getPdf('/3/invoices/7/preview', { priority: 'interactive' }))) as ApiError;
    // A refused document: the CLI's --pdf-dir skips it with a warning and goes on (exit 6).
    expect(error).toMatchObject({ kind: 'unavailable', retryable: false, reason: 'refused-document' });
    expect(error.message).toContain('text/html instead of a PDF');
    expect(fake.calls).toHaveLength(1);
  });

  it('refuses, without retrying, a scan that is not a PDF, PNG or JPEG (a TIFF), naming its type', async () => {
    const tiff = Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0]);
    const { clock, fake, client } = setup(() => new Response(tiff, { status: 200, headers: { 'content-type': 'image/tiff' } }));
    const error = (await settle(clock, client.getScan('/3/archive/f-1', { priority: 'export' }))) as ApiError;
    expect(error).toMatchObject({ kind: 'unavailable', retryable: false, reason: 'refused-document' });
    expect(error.message).toBe('The service sent 10 bytes of image/tiff, which is not a PDF, PNG or JPEG.');
    expect(fake.calls).toHaveLength(1);
  });

  it("classifies an error answer by the service's body, as for JSON (404 invoice not found)", async () => {
    const { clock, client } = setup(() => json(404, { ErrorInformation: { error: 1, message: 'Kan inte hitta fakturan.', code: 2000434 } }));
    const error = (await settle(clock, client.getPdf('/3/invoices/999/preview', { priority: 'interactive' }))) as ApiError;
    expect(error).toMatchObject({ kind: 'not-found', serviceMessage: 'Kan inte hitta fakturan.' });
  });
});

describe('api client', () => {
  it('sends a bearer GET with the query and returns the JSON body', async () => {
    const { clock, fake, client } = setup(() => json(200, { ok: true }));
    const body = await settle(clock, client.get('/3/invoices', { page: 2, limit: 100, none: undefined }, { priority: 'interactive' }));
    expect(body).toEqual({ ok: true });
    expect(fake.calls[0]?.url.toString()).toBe('https://api.example/3/invoices?page=2&limit=100');
    expect(fake.calls[0]?.headers.authorization).toBe('Bearer at-1');
  });

  it('401 -> one refresh and one retry with the new token', async () => {
    const { clock, fake, client, tokens } = setup((call) => (call.headers.authorization === 'Bearer at-1' ? json(401, { message: 'unauthorized' }) : json(200, { ok: 2 })));
    expect(await settle(clock, client.get('/3/invoices', undefined, { priority: 'interactive' }))).toEqual({ ok: 2 });
    expect(tokens.log).toEqual(['unauthorized:at-1']);
    expect(fake.calls.map((c) => c.headers.authorization)).toEqual(['Bearer at-1', 'Bearer at-2']);
  });

  it('a second 401 is final: never a loop', async () => {
    const { clock, fake, client, tokens } = setup(() => json(401, { message: 'unauthorized' }));
    const error = await settle(clock, client.get('/3/invoices', undefined, { priority: 'interactive' }));
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(fake.calls).toHaveLength(2);
    expect(tokens.log).toHaveLength(1);
  });

  it.each([400, 401])('the licence body with status %i is licence-missing, with no refresh and no retry', async (status) => {
    const { clock, fake, client, tokens } = setup(() => json(status, { ErrorInformation: { Error: 1, Message: 'Resource owner does not have enough licenses', Code: 2001103 } }));
    const error = await settle(clock, client.get('/3/invoices', undefined, { priority: 'interactive' }));
    expect(error).toMatchObject({ kind: 'licence-missing', serviceCode: 2001103 });
    expect(fake.calls).toHaveLength(1);
    expect(tokens.log).toEqual([]);
    expect(tokens.licence()).toBe(true);
  });

  it('403 is scope-missing, not retried', async () => {
    const { clock, fake, client } = setup(() => json(403, { ErrorInformation: { error: 1, message: 'No access', code: 2000663 } }));
    expect(await settle(clock, client.get('/3/invoices', undefined, { priority: 'interactive' }))).toMatchObject({ kind: 'scope-missing' });
    expect(fake.calls).toHaveLength(1);
  });

  it('400 is bad-request with the service message, not retried', async () => {
    const { clock, fake, client } = setup(() => json(400, { ErrorInformation: { error: 1, message: 'Ett ogiltigt filter har använts.', code: 2000587 } }));
    expect(await settle(clock, client.get('/3/invoices', undefined, { priority: 'interactive' }))).toMatchObject({ kind: 'bad-request', serviceMessage: 'Ett ogiltigt filter har använts.' });
    expect(fake.calls).toHaveLength(1);
  });

  it('5xx is retried 3 times with backoff between 1 and 30 s, then unavailable', async () => {
    const clock = createFakeClock(0);
    const starts: number[] = [];
    const { fake, client } = setup(
      () => {
        starts.push(clock.now());
        return json(500, { ErrorInformation: { error: 1, message: 'System exception', code: 1000003 } });
      },
      { clock, random: () => 1 },
    );
    const error = await settle(clock, client.get('/3/invoices', undefined, { priority: 'prefetch' }));
    expect(error).toMatchObject({ kind: 'unavailable', retryable: true, message: expect.stringMatching(/after 3 retries/) });
    expect(fake.calls).toHaveLength(4);
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number));
    expect(gaps).toEqual([2000, 4000, 8000]);
  });

  it('recovers when a transient failure clears', async () => {
    const { clock, client } = setup((_, i) => (i < 2 ? new Response('bad gateway', { status: 502 }) : json(200, { ok: 1 })));
    expect(await settle(clock, client.get('/x', undefined, { priority: 'interactive' }))).toEqual({ ok: 1 });
  });

  it('a network error and malformed JSON are retried', async () => {
    let i = 0;
    const { clock, client } = setup(() => {
      i += 1;
      if (i === 1) throw new TypeError('fetch failed');
      if (i === 2) return new Response('{"Invoices": [', { status: 200 });
      return json(200, { ok: 3 });
    });
    expect(await settle(clock, client.get('/x', undefined, { priority: 'interactive' }))).toEqual({ ok: 3 });
  });

  it('429 pauses the whole queue and retries', async () => {
    const clock = createFakeClock(0);
    const starts: number[] = [];
    const { client, limiter } = setup(
      (_, i) => {
        starts.push(clock.now());
        return i === 0 ? json(429, { message: 'Too many requests' }) : json(200, { ok: i });
      },
      { clock, random: () => 0.5 },
    );
    const first = client.get('/a', undefined, { priority: 'export' }).catch((e: unknown) => e);
    await clock.advance(1);
    expect(limiter.stats().pausedUntil).toBeGreaterThan(1000);
    const second = client.get('/b', undefined, { priority: 'interactive' }).catch((e: unknown) => e);
    await clock.runAll(60_000);
    expect(await first).toEqual({ ok: 2 });
    expect(await second).toEqual({ ok: 1 });
    // Nothing started during the pause (1.5 s with random 0.5).
    expect(starts[1]).toBeGreaterThanOrEqual(1500);
    // The company's limiter keeps a wider margin for the network's jitter from now on.
    expect(limiter.stats()).toMatchObject({ rateLimited: 1, marginMs: 250 });
  });

  it('persistent 429 ends as rate-limited after the retries', async () => {
    const { clock, fake, client } = setup(() => json(429, {}));
    expect(await settle(clock, client.get('/a', undefined, { priority: 'export' }))).toMatchObject({ kind: 'rate-limited' });
    expect(fake.calls).toHaveLength(4);
  });

  it('times out on the injected clock and retries', async () => {
    const { clock, fake, client } = setup((_, i) => (i === 0 ? new Promise<Response>(() => undefined) : json(200, { ok: true })), { timeoutMs: 5000 });
    expect(await settle(clock, client.get('/a', undefined, { priority: 'interactive' }))).toEqual({ ok: true });
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0]?.signal?.aborted).toBe(true);
  });

  it('the breaker opens after 5 consecutive failures, fails fast, and recovers through a probe', async () => {
    const clock = createFakeClock(0);
    let healthy = false;
    const { fake, client } = setup(() => (healthy ? json(200, { ok: true }) : new Response('down', { status: 503 })), { clock, random: () => 0 });
    // Two requests with 3 retries each: 8 failures, the breaker opens at the 5th.
    const a = client.get('/a', undefined, { priority: 'prefetch' }).catch((e: unknown) => e);
    const b = client.get('/b', undefined, { priority: 'prefetch' }).catch((e: unknown) => e);
    await clock.runAll(120_000);
    expect(await a).toMatchObject({ kind: 'unavailable' });
    expect(await b).toMatchObject({ kind: 'unavailable' });
    expect(client.breaker.state()).toBe('open');
    const sent = fake.calls.length;
    expect(sent).toBeLessThan(8);
    healthy = true;
    const c = client.get('/c', undefined, { priority: 'interactive' }).catch((e: unknown) => e);
    await clock.runAll(120_000);
    expect(await c).toEqual({ ok: true });
    expect(client.breaker.state()).toBe('closed');
  });

  it('with the service out of reach, every call gives up as a network failure, also one that gave up behind the breaker others tripped', async () => {
    const clock = createFakeClock(0);
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    }, { clock, random: () => 0 });
    // Two lists read at once: the breaker opens on their failures together.
    const calls = Array.from({ length: 3 }, (_, i) => client.get(`/list${i}`, undefined, { priority: 'sync' }).catch((e: unknown) => e));
    await clock.runAll(120_000);
    const errors = await Promise.all(calls);
    expect(client.breaker.openCount()).toBeGreaterThan(0);
    for (const error of errors) expect(isNetworkFailure(error), String((error as Error).message)).toBe(true);
  });

  it('a storm that ends while the breaker is open: waiters go on after one good probe', async () => {
    const clock = createFakeClock(0);
    const { fake, client } = setup((_, i) => (i < 5 ? new Response('down', { status: 503 }) : json(200, { ok: i })), { clock, random: () => 0 });
    const states: string[] = [];
    client.breaker.onStateChange((s) => states.push(s));
    const all = Array.from({ length: 8 }, (_, i) => client.get(`/p${i}`, undefined, { priority: 'prefetch' }).catch((e: unknown) => e));
    await clock.runAll(120_000);
    const results = await Promise.all(all);
    expect(results.every((r) => typeof r === 'object' && r !== null && 'ok' in r)).toBe(true);
    expect(states).toEqual(['open', 'half-open', 'closed']);
    // 5 failures, then the remaining calls succeed: the queued ones were not sent into the open breaker.
    expect(fake.calls.length).toBe(5 + 8);
  });

  it('a permanent outage: every call ends unavailable, and the breaker keeps the load down', async () => {
    const clock = createFakeClock(0);
    const { fake, client } = setup(() => new Response('down', { status: 503 }), { clock, random: () => 0.5 });
    const all = Array.from({ length: 6 }, (_, i) => client.get(`/p${i}`, undefined, { priority: 'prefetch' }).catch((e: unknown) => e));
    await clock.runAll(10 * 60_000);
    for (const r of await Promise.all(all)) expect(r).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/Gave up after 3 retries/) });
    // Without the breaker this would be 6 x 4 = 24 requests.
    expect(fake.calls.length).toBeLessThanOrEqual(12);
    expect(clock.now()).toBeLessThan(60_000);
  });

  it('a transient token-endpoint failure (down, or 429) is retried; needs-reconnect is final', async () => {
    const clock = createFakeClock(0);
    const fake = createFakeFetch(() => json(200, { ok: true }));
    let failures = 2;
    const tokens: TokenSource = {
      getAccessToken: async () => {
        if (failures > 0) {
          failures -= 1;
          throw failures === 1 ? new ApiError('unavailable', { message: 'token endpoint down' }) : new ApiError('rate-limited', { message: 'The token endpoint answered 429 Too Many Requests.' });
        }
        return 'at';
      },
      onUnauthorized: async () => 'at',
    };
    const client = createApiClient({ apiUrl: 'https://api.example', tokens, limiter: createRateLimiter({ clock }), clock, fetch: fake.fetch, random: () => 0 });
    expect(await settle(clock, client.get('/a', undefined, { priority: 'interactive' }))).toEqual({ ok: true });
    const broken = createApiClient({
      apiUrl: 'https://api.example',
      tokens: { getAccessToken: async () => Promise.reject(new ApiError('needs-reconnect')), onUnauthorized: async () => 'x' },
      limiter: createRateLimiter({ clock }),
      clock,
      fetch: fake.fetch,
    });
    expect(await settle(clock, broken.get('/a', undefined, { priority: 'interactive' }))).toMatchObject({ kind: 'needs-reconnect' });
    expect(fake.calls).toHaveLength(1);
  });

  it('abort while waiting for a retry gives cancelled', async () => {
    const { clock, client } = setup(() => new Response('down', { status: 503 }));
    const controller = new AbortController();
    const p = client.get('/a', undefined, { priority: 'interactive', signal: controller.signal }).catch((e: unknown) => e);
    await clock.advance(10);
    controller.abort();
    expect(await p).toMatchObject({ kind: 'cancelled' });
  });

  it('abort during the request gives cancelled and no retry', async () => {
    const { clock, fake, client } = setup(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const p = client.get('/a', undefined, { priority: 'interactive', signal: controller.signal }).catch((e: unknown) => e);
    await clock.advance(10);
    controller.abort();
    expect(await p).toMatchObject({ kind: 'cancelled' });
    await clock.runAll(60_000);
    expect(fake.calls).toHaveLength(1);
  });

  it('never puts the token into an error', async () => {
    const { clock, client } = setup(() => {
      throw new TypeError('connect ECONNREFUSED with Bearer at-1');
    });
    const error = (await settle(clock, client.get('/a', undefined, { priority: 'interactive' }))) as ApiError;
    expect(JSON.stringify(error.toInfo())).not.toContain('at-1');
  });
});
