// Rate limits (docs/service.md, Rate limits and Rate limits in practice): 25 per rolling 5 s per access token, 300 per rolling 60 s
// per client and tenant, counted at arrival; 429 with a JSON body and no Retry-After; refused
// requests consume no quota. The window tests move the service clock instead of waiting, and the
// service's clock otherwise stands still: however long a burst takes on a busy machine, it arrives
// at one instant of the service's time, so no window slides unless a test moves the clock.

import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../electron/sandbox';
import { company, getJson, invoices, tokenFor, tokenRequest } from './helpers';

let sandbox: Sandbox | undefined;

const SERVICE_NOW = Date.parse('2026-11-23T08:00:00.000Z');

async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  sandbox = await startSandbox({ largeInvoiceCount: 100, now: () => SERVICE_NOW, ...options });
  return sandbox;
}

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function burst(sb: Sandbox, token: string, n: number): Promise<number[]> {
  const results = await Promise.all(Array.from({ length: n }, () => invoices(sb, token, { limit: 1 })));
  return results.map((r) => r.status);
}

const count = (statuses: number[], status: number): number => statuses.filter((s) => s === status).length;

describe('per access token: 25 in any rolling 5 s (the real limits)', () => {
  it('26 requests at once on one token: exactly 25 succeed and one gets 429', async () => {
    const sb = await start();
    const token = tokenFor(sb, 'small');
    sb.control.resetCounters();
    const results = await Promise.all(Array.from({ length: 26 }, () => invoices(sb, token, { limit: 1 })));
    const statuses = results.map((r) => r.status);
    expect(count(statuses, 200)).toBe(25);
    expect(count(statuses, 429)).toBe(1);

    const refused = results.find((r) => r.status === 429);
    expect(refused?.body).toEqual({ message: 'Too Many Requests' });
    expect(refused?.headers.get('content-type')).toMatch(/application\/json/);
    expect(refused?.headers.get('retry-after')).toBeNull();
    for (const name of refused?.headers.keys() ?? []) expect(name).not.toMatch(/rate|limit|remaining/i);

    expect(sb.control.counters()).toMatchObject({ requests: 26, served: 25, http429: 1, maxPer5sByToken: 25 });
  });

  it('is rolling: quota returns as old requests leave the window, not at fixed times', async () => {
    const sb = await start();
    const token = tokenFor(sb, 'small');
    expect(count(await burst(sb, token, 15), 200)).toBe(15);
    sb.control.advanceClock(3000);
    expect(count(await burst(sb, token, 10), 200)).toBe(10);
    expect(await burst(sb, token, 1)).toEqual([429]);
    // 2.1 s later the first 15 have left the window, the other 10 have not.
    sb.control.advanceClock(2100);
    const statuses = await burst(sb, token, 16);
    expect(count(statuses, 200)).toBe(15);
    expect(count(statuses, 429)).toBe(1);
  });

  it('refused requests consume no quota', async () => {
    const sb = await start();
    const token = tokenFor(sb, 'small');
    expect(count(await burst(sb, token, 25), 200)).toBe(25);
    sb.control.advanceClock(2500);
    // Refused, and (the decision under test) not recorded.
    expect(count(await burst(sb, token, 10), 429)).toBe(10);
    sb.control.advanceClock(2600);
    // The first 25 have left the window; had the 10 refusals counted, only 15 would pass now.
    expect(count(await burst(sb, token, 25), 200)).toBe(25);
  });

  it('is per token: another token of the same company has its own 25', async () => {
    const sb = await start();
    const a = tokenFor(sb, 'small');
    const b = tokenFor(sb, 'small');
    expect(count(await burst(sb, a, 26), 200)).toBe(25);
    expect(count(await burst(sb, b, 25), 200)).toBe(25);
  });

  it('counts only resource calls with a valid token', async () => {
    const sb = await start();
    const token = tokenFor(sb, 'small');
    // 401s and token requests do not use the token's quota.
    await Promise.all(Array.from({ length: 30 }, () => getJson(`${sb.apiUrl}/3/invoices`, 'unknown')));
    const tokenStatuses = await Promise.all(
      Array.from({ length: 30 }, () => tokenRequest(sb, { grant_type: 'client_credentials' }, { TenantId: company(sb, 'small').tenantId })),
    );
    expect(tokenStatuses.every((r) => r.status === 200)).toBe(true);
    expect(count(await burst(sb, token, 25), 200)).toBe(25);
  });

  it('companyinformation shares the quota with invoices', async () => {
    const sb = await start();
    const token = tokenFor(sb, 'small');
    expect(count(await burst(sb, token, 20), 200)).toBe(20);
    const info = await Promise.all(Array.from({ length: 6 }, () => getJson(`${sb.apiUrl}/3/companyinformation`, token)));
    expect(info.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('per client and tenant: 300 in any rolling 60 s', () => {
  it('the real limit: 12 tokens x 25 pass, the 301st request is refused on any token of the tenant', async () => {
    const sb = await start();
    const tokens = Array.from({ length: 13 }, () => tokenFor(sb, 'small'));
    let ok = 0;
    for (const token of tokens.slice(0, 12)) ok += count(await burst(sb, token, 25), 200);
    expect(ok).toBe(300);
    expect(await burst(sb, tokens[12] ?? '', 1)).toEqual([429]);
    // Another tenant is not affected.
    expect(await burst(sb, tokenFor(sb, 'large'), 1)).toEqual([200]);
    // A minute later the tenant's window has emptied.
    sb.control.advanceClock(60_000);
    expect(await burst(sb, tokenFor(sb, 'small'), 1)).toEqual([200]);
  });

  it('a short custom window (setRateLimits)', async () => {
    const sb = await start();
    sb.control.setRateLimits({ perTenantWindowMs: 1000, perTenantMax: 10, perTokenMax: 100 });
    const [a, b, c] = [tokenFor(sb, 'small'), tokenFor(sb, 'small'), tokenFor(sb, 'small')];
    expect(count(await burst(sb, a, 4), 200)).toBe(4);
    expect(count(await burst(sb, b, 4), 200)).toBe(4);
    const statuses = await burst(sb, c, 4);
    expect(count(statuses, 200)).toBe(2);
    expect(count(statuses, 429)).toBe(2);
    sb.control.advanceClock(1000);
    expect(count(await burst(sb, c, 10), 200)).toBe(10);
  });
});

describe('changing and lifting the limits', () => {
  it('rateLimits: false lifts them; maxPer5sByToken still measures', async () => {
    const sb = await start({ rateLimits: false });
    const token = tokenFor(sb, 'small');
    expect(count(await burst(sb, token, 60), 200)).toBe(60);
    expect(sb.control.counters().maxPer5sByToken).toBe(60);
    sb.control.setRateLimits({});
    expect(count(await burst(sb, token, 1), 429)).toBe(1);
  });

  it('option values are merged over the defaults', async () => {
    const sb = await start({ rateLimits: { perTokenMax: 3 } });
    const statuses = await burst(sb, tokenFor(sb, 'small'), 5);
    expect([count(statuses, 200), count(statuses, 429)]).toEqual([3, 2]);
    expect(() => sb.control.setRateLimits({ perTokenMax: 0 })).toThrow(RangeError);
  });

  it('resetCounters() zeroes the counters but not the limiter', async () => {
    const sb = await start();
    const token = tokenFor(sb, 'small');
    await burst(sb, token, 26);
    sb.control.resetCounters();
    expect(sb.control.counters()).toEqual({
      requests: 0, served: 0, http429: 0, maxPer5sByToken: 0, byRoute: {}, invoiceEndpoints: { list: 0, get: 0, preview: 0, print: 0 },
      supplierInvoiceEndpoints: { list: 0, get: 0 },
      tokenRequests: { authorization_code: 0, refresh_token: 0, client_credentials: 0 }, invalidGrant: 0, refreshTokenReuse: 0,
    });
    expect(await burst(sb, token, 1)).toEqual([429]);
  });
});

describe('transit and latency', () => {
  it('a request is counted when it arrives, after the transit delay', async () => {
    const sb = await start({ transitMs: [300, 300] });
    const token = tokenFor(sb, 'small');
    const pending = invoices(sb, token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sb.control.counters().requests).toBe(0);
    expect((await pending).status).toBe(200);
    expect(sb.control.counters()).toMatchObject({ requests: 1, served: 1, byRoute: { invoices: 1 } });
  });

  it('latency delays the response', async () => {
    const sb = await start({ latencyMs: [150, 200] });
    const token = tokenFor(sb, 'small');
    const started = performance.now();
    expect((await invoices(sb, token)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });
});
