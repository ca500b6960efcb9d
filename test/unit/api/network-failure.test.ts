// Which failures mean "no service answered" (the app shows Offline at once) and which are the
// service's own answer: the mark survives the retries, and a probe asks once, without retrying.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/api/api-client';
import { createRateLimiter } from '../../../electron/api/rate-limiter';
import { createFakeClock } from '../../../electron/kernel/clock';
import { isNetworkFailure, type ApiError } from '../../../electron/kernel/errors';
import { createFakeFetch, json, type FakeHandler } from './helpers';

function setup(handler: FakeHandler, timeoutMs?: number) {
  const clock = createFakeClock(0);
  const fake = createFakeFetch(handler);
  const client = createApiClient({
    apiUrl: 'https://api.example/',
    tokens: { getAccessToken: async () => 'at-1', onUnauthorized: async () => 'at-1' },
    limiter: createRateLimiter({ clock }),
    clock,
    fetch: fake.fetch,
    random: () => 0.5,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  const settle = async (promise: Promise<unknown>): Promise<unknown> => {
    const result = promise.catch((error: unknown) => error);
    await clock.runAll(10 * 60_000);
    return result;
  };
  return { fake, client, settle };
}

describe('a network failure, after the retries', () => {
  it('a refused connection or a failed name lookup, every attempt: unavailable, and marked as no answer', async () => {
    const { fake, client, settle } = setup(() => {
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND api.example') });
    });
    const error = (await settle(client.get('/3/invoices', undefined, { priority: 'interactive' }))) as ApiError;
    expect(fake.calls).toHaveLength(4);
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/Gave up after 3 retries/) });
    expect(isNetworkFailure(error)).toBe(true);
  });

  it('a timeout is no answer either', async () => {
    const { client, settle } = setup(() => new Promise<Response>(() => undefined), 5_000);
    expect(isNetworkFailure(await settle(client.get('/3/invoices', undefined, { priority: 'interactive' })))).toBe(true);
  });

  it('a 503 (or a 500) is the service answering: unavailable, but not offline', async () => {
    const { client, settle } = setup(() => json(503, { message: 'Service Unavailable' }));
    const error = await settle(client.get('/3/invoices', undefined, { priority: 'interactive' }));
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect(isNetworkFailure(error)).toBe(false);
  });

  it('maxRetries 0 (the offline check): one request, then the failure', async () => {
    const { fake, client, settle } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await settle(client.get('/3/invoices', { limit: 1 }, { priority: 'sync', maxRetries: 0 }));
    expect(fake.calls).toHaveLength(1);
    expect(isNetworkFailure(error)).toBe(true);
  });
});
