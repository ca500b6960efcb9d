// Every documented error, over HTTP against the sandbox, reaches the caller with its true kind and
// remedy: by the service's code whatever the status, by status where no code came.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../electron/kernel/errors';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { connect } from './helpers';

describe('service error codes against the sandbox', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 20, seed: 'service-codes', rateLimits: false });
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    sandbox.control.clearFaults();
    sandbox.control.resetCounters();
  });

  async function listError(options: Parameters<typeof connect>[2] = {}): Promise<{ error: ApiError; refreshes: number; calls: number }> {
    const c = await connect(sandbox, 'small', { via: 'issue', ...options });
    const error = (await c.session.listPage('invoices', {}, { priority: 'interactive' }).catch((e: unknown) => e)) as ApiError;
    c.session.close();
    const counters = sandbox.control.counters();
    return { error, refreshes: counters.tokenRequests.refresh_token, calls: counters.invoiceEndpoints.list };
  }

  it.each([
    [2000311, 403],
    [2000311, 401],
    [2000310, 403],
  ])('code %i with HTTP %i: one refresh and one retry, then final', async (code, status) => {
    sandbox.control.injectFault('invoices', { code, status });
    const { error, refreshes, calls } = await listError();
    expect(error.kind).toBe('unauthorized');
    expect(error.serviceCode).toBe(code);
    expect(refreshes).toBe(1);
    expect(calls).toBe(2);
  });

  it('code 2000311 with 403 once: the refresh and retry succeed', async () => {
    sandbox.control.injectFault('invoices', { code: 2000311, status: 403, count: 1 });
    const c = await connect(sandbox, 'small', { via: 'issue' });
    await expect(c.session.listPage('invoices', {}, { priority: 'interactive' })).resolves.toMatchObject({ currentPage: 1 });
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBe(1);
    c.session.close();
  });

  it('2000663 with HTTP 400 is scope-missing, no refresh', async () => {
    sandbox.control.injectFault('invoices', { code: 2000663, status: 400 });
    const { error, refreshes } = await listError();
    expect(error.kind).toBe('scope-missing');
    expect(refreshes).toBe(0);
  });

  it('2001339 is permission-missing with its own remedy, no refresh, no retry', async () => {
    sandbox.control.injectFault('invoices', { code: 2001339, status: 403 });
    const { error, refreshes, calls } = await listError();
    expect(error.kind).toBe('permission-missing');
    expect(error.remedy).toMatch(/permission/);
    expect(error.serviceMessage).toBeTruthy();
    expect(refreshes).toBe(0);
    expect(calls).toBe(1);
  });

  it('2001103 and 2001101: both licence-missing, with distinct messages and remedies; the service\'s words kept', async () => {
    sandbox.control.injectFault('invoices', { code: 2001103 });
    const api = (await listError()).error;
    sandbox.control.injectFault('invoices', { code: 2001101, status: 401 });
    const module = (await listError()).error;
    expect(api.kind).toBe('licence-missing');
    expect(api.toInfo().serviceMessage).toBe('Api-licens saknas.');
    expect(module.kind).toBe('licence-missing');
    expect(module.reason).toBe('module-licence');
    expect(module.message).not.toBe(api.message);
    expect(module.remedy).not.toBe(api.remedy);
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBe(0);
  });

  it.each([
    ['empty', 500, 'empty-answer', /empty answer/],
    ['html', 502, 'html-page', /web page/],
  ] as const)('a %s %i names its cause after the retries, never the filter', async (body, status, reason, text) => {
    sandbox.control.injectFault('invoices', { status, body });
    const { error } = await listError({ session: { clientOptions: { retry: { maxRetries: 1, minDelayMs: 1, maxDelayMs: 2 } } } });
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(text);
    expect(error.reason).toBe(reason);
    expect(`${error.message} ${error.remedy}`).not.toMatch(/filter/i);
  });

  it('an API address ending in /3 (requests go to /3/3/invoices): says to remove the /3', async () => {
    const c = await connect(sandbox, 'small', { via: 'issue', apiUrl: `${sandbox.apiUrl}/3` });
    const error = (await c.session.listPage('invoices', {}, { priority: 'interactive' }).catch((e: unknown) => e)) as ApiError;
    c.session.close();
    expect(error).toMatchObject({ kind: 'unavailable', retryable: false, reason: 'api-address-ends-in-3' });
    expect(error.message).toMatch(/end in \/3/);
    expect(error.remedy).toMatch(/remove/);
    expect(sandbox.control.counters().requests).toBe(1);
  });

  it('a 404 web page on the list: the API address is wrong', async () => {
    sandbox.control.injectFault('invoices', { status: 404, body: 'html' });
    const { error, calls } = await listError();
    expect(error).toMatchObject({ kind: 'unavailable', retryable: false, reason: 'wrong-api-address' });
    expect(calls).toBe(1);
  });
});
