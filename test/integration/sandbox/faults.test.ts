// Fault injection per route: 5xx (or a chosen status), connection resets, truncated JSON, bursts
// of 429, extra latency, limited to the next N requests, and clearFaults().

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { company, getJson, invoices, tokenFor, tokenRequest } from './helpers';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100, rateLimits: false });
  token = tokenFor(sandbox, 'small');
});
afterEach(() => sandbox.control.clearFaults());
afterAll(() => sandbox.close());

describe('injectFault', () => {
  it('errorRate 1 answers 503; other routes are not affected', async () => {
    sandbox.control.injectFault('invoices', { errorRate: 1 });
    const res = await invoices(sandbox, token);
    expect(res.status).toBe(503);
    expect((await getJson(`${sandbox.apiUrl}/3/companyinformation`, token)).status).toBe(200);
  });

  it('status chooses the error status; count limits it to the next N requests', async () => {
    sandbox.control.injectFault('invoices', { errorRate: 1, status: 500, count: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await invoices(sandbox, token)).status);
    expect(statuses).toEqual([500, 500, 200, 200]);
  });

  it('a status alone applies to every request', async () => {
    sandbox.control.injectFault('companyinformation', { status: 502, count: 1 });
    expect((await getJson(`${sandbox.apiUrl}/3/companyinformation`, token)).status).toBe(502);
    expect((await getJson(`${sandbox.apiUrl}/3/companyinformation`, token)).status).toBe(200);
  });

  it('errorRate 0.5 fails about half of the requests', async () => {
    sandbox.control.injectFault('invoices', { errorRate: 0.5 });
    const statuses = [];
    for (let i = 0; i < 100; i += 1) statuses.push((await invoices(sandbox, token, { limit: 1 })).status);
    const failed = statuses.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(25);
    expect(failed).toBeLessThan(75);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
  });

  it('resetRate destroys the connection without a response', async () => {
    sandbox.control.injectFault('invoices', { resetRate: 1, count: 1 });
    const before = sandbox.control.counters();
    await expect(fetch(`${sandbox.apiUrl}/3/invoices`, { headers: { Authorization: `Bearer ${token}` } })).rejects.toThrow();
    const after = sandbox.control.counters();
    expect(after.requests).toBe(before.requests + 1);
    expect(after.served).toBe(before.served);
    expect((await invoices(sandbox, token)).status).toBe(200);
  });

  it('malformedJsonRate sends a truncated JSON body with 200', async () => {
    sandbox.control.injectFault('invoices', { malformedJsonRate: 1, count: 1 });
    const res = await fetch(`${sandbox.apiUrl}/3/invoices`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const text = await res.text();
    expect(text.startsWith('{"MetaInformation"')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('burst429 refuses the next N requests with 429 (counted), then the service answers again', async () => {
    sandbox.control.injectFault('invoices', { burst429: 3 });
    const before = sandbox.control.counters().http429;
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await invoices(sandbox, token)).status);
    expect(statuses).toEqual([429, 429, 429, 200, 200]);
    expect(sandbox.control.counters().http429).toBe(before + 3);
  });

  it('latencyMs delays the answers of the route', async () => {
    sandbox.control.injectFault('invoices', { latencyMs: [200, 250], count: 1 });
    const started = performance.now();
    const answered: string[] = [];
    const delayed = invoices(sandbox, token).then((r) => (answered.push('first'), r));
    // count: 1: the next request is not held, so it overtakes the delayed one (an order, not a time).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const plain = invoices(sandbox, token).then((r) => (answered.push('second'), r));
    expect((await delayed).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect((await plain).status).toBe(200);
    expect(answered).toEqual(['second', 'first']);
  });

  it('works on the token endpoint too', async () => {
    sandbox.control.injectFault('token', { errorRate: 1, count: 1 });
    const tenant = company(sandbox, 'small').tenantId;
    expect((await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: tenant })).status).toBe(503);
    expect((await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: tenant })).status).toBe(200);
  });

  it('a failed token request consumes nothing: the refresh token still works afterwards', async () => {
    const pair = sandbox.control.issueTokens({ tenantId: company(sandbox, 'small').tenantId, scopes: ['invoice'] });
    sandbox.control.injectFault('token', { resetRate: 1, count: 1 });
    await expect(
      tokenRequest(sandbox, { grant_type: 'refresh_token', refresh_token: pair.refresh_token }),
    ).rejects.toThrow();
    expect((await tokenRequest(sandbox, { grant_type: 'refresh_token', refresh_token: pair.refresh_token })).status).toBe(200);
  });

  it('clearFaults removes every fault', async () => {
    sandbox.control.injectFault('invoices', { errorRate: 1 });
    sandbox.control.injectFault('companyinformation', { errorRate: 1 });
    sandbox.control.clearFaults();
    expect((await invoices(sandbox, token)).status).toBe(200);
    expect((await getJson(`${sandbox.apiUrl}/3/companyinformation`, token)).status).toBe(200);
  });

  it('rejects nonsense', () => {
    expect(() => sandbox.control.injectFault('invoices', { errorRate: 2 })).toThrow(RangeError);
    expect(() => sandbox.control.injectFault('invoices', { status: 200 })).toThrow(RangeError);
    expect(() => sandbox.control.injectFault('nowhere' as 'invoices', { errorRate: 1 })).toThrow(RangeError);
  });

  it('counts arrivals by route', async () => {
    sandbox.control.resetCounters();
    await invoices(sandbox, token);
    await getJson(`${sandbox.apiUrl}/3/companyinformation`, token);
    await getJson(`${sandbox.apiUrl}/nowhere`, token);
    expect(sandbox.control.counters().byRoute).toEqual({ invoices: 1, companyinformation: 1, other: 1 });
  });
});

describe('the service errors the real service sends, classified by code, not status', () => {
  it.each([
    [2000311, 403, 'code'],
    [2000310, 401, 'code'],
    [2000663, 400, 'code'],
    [2001101, 400, 'code'],
    [2001339, 403, 'code'],
  ])('code %i with HTTP %i: ErrorInformation with the code and a Swedish message', async (code, status) => {
    sandbox.control.injectFault('invoices', { code, status, count: 1 });
    const res = await fetch(`${sandbox.apiUrl}/3/invoices`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { ErrorInformation: Record<string, unknown> };
    const info = Object.fromEntries(Object.entries(body.ErrorInformation).map(([k, v]) => [k.toLowerCase(), v]));
    expect(info['code']).toBe(code);
    expect(typeof info['message']).toBe('string');
    expect((await invoices(sandbox, token)).status).toBe(200);
  });

  it('2001103 carries the service\'s own words, "Api-licens saknas."; a code alone answers 400', async () => {
    sandbox.control.injectFault('invoices', { code: 2001103, count: 1 });
    const res = await fetch(`${sandbox.apiUrl}/3/invoices`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ErrorInformation: { Error: 1, Message: 'Api-licens saknas.', Code: 2001103 } });
  });

  it('a 500 with an empty body, and a proxy\'s 502 web page', async () => {
    sandbox.control.injectFault('invoices', { status: 500, body: 'empty', count: 1 });
    const empty = await fetch(`${sandbox.apiUrl}/3/invoices`, { headers: { Authorization: `Bearer ${token}` } });
    expect(empty.status).toBe(500);
    expect(await empty.text()).toBe('');
    sandbox.control.injectFault('invoices', { status: 502, body: 'html', count: 1 });
    const html = await fetch(`${sandbox.apiUrl}/3/invoices`, { headers: { Authorization: `Bearer ${token}` } });
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toMatch(/^<html>/);
  });

  it('an API address that already ends in /3 reaches no resource: /3/3/invoices is a 404 without ErrorInformation', async () => {
    const res = await fetch(`${sandbox.apiUrl}/3/3/invoices`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/ErrorInformation/);
  });
});
