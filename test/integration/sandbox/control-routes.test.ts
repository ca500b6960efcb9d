// The control object over HTTP under /sandbox/ (only with controlRoutes: true).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxCounters, type SandboxInvoice } from '../../../electron/sandbox';
import { company, getJson, invoices, REDIRECT_URI, tokenRequest } from './helpers';

let sandbox: Sandbox;
let origin: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100, controlRoutes: true });
  origin = new URL(sandbox.apiUrl).origin;
});
afterAll(() => sandbox.close());

async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${origin}/sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('control routes', () => {
  it('issue tokens and codes', async () => {
    const tenantId = company(sandbox, 'small').tenantId;
    const tokens = await call<{ access_token: string; refresh_token: string; expires_in: number }>('POST', '/tokens', { tenantId, scopes: ['invoice'] });
    expect(tokens.status).toBe(200);
    expect((await invoices(sandbox, tokens.body.access_token)).status).toBe(200);

    const code = await call<{ code: string }>('POST', '/authorize', { tenantId, scopes: ['invoice'], redirectUri: REDIRECT_URI });
    const exchanged = await tokenRequest(sandbox, { grant_type: 'authorization_code', code: code.body.code, redirect_uri: REDIRECT_URI });
    expect(exchanged.status).toBe(200);
    const status = await call<{ status: string }>('POST', '/refresh-tokens/status', { token: exchanged.body.refresh_token });
    expect(status.body).toEqual({ status: 'active' });
  });

  it('advance the clock and expire tokens', async () => {
    const tenantId = company(sandbox, 'small').tenantId;
    const { access_token } = sandbox.control.issueTokens({ tenantId, scopes: ['invoice'] });
    expect((await call<{ clockOffsetMs: number }>('GET', '/clock')).body.clockOffsetMs).toBe(0);
    expect((await call<{ clockOffsetMs: number }>('POST', '/clock/advance', { ms: 1000 })).body.clockOffsetMs).toBe(1000);
    expect(sandbox.control.clockOffsetMs).toBe(1000);
    expect((await call('POST', '/access-tokens/expire')).status).toBe(200);
    expect((await invoices(sandbox, access_token)).status).toBe(401);
  });

  it('set rate limits, faults and read counters', async () => {
    const tenantId = company(sandbox, 'small').tenantId;
    const { access_token } = sandbox.control.issueTokens({ tenantId, scopes: ['invoice'] });
    expect((await call('PUT', '/rate-limits', { perTokenMax: 1 })).status).toBe(200);
    expect((await call('POST', '/faults', { route: 'invoices', fault: { burst429: 1 } })).status).toBe(200);
    expect((await call('POST', '/counters/reset')).status).toBe(200);
    expect((await invoices(sandbox, access_token)).status).toBe(429); // the burst
    expect((await invoices(sandbox, access_token)).status).toBe(200);
    expect((await invoices(sandbox, access_token)).status).toBe(429); // the limit of 1
    const counters = await call<SandboxCounters>('GET', '/counters');
    expect(counters.body).toMatchObject({ requests: 3, served: 1, http429: 2 });
    expect((await call('PUT', '/rate-limits', false)).status).toBe(200);
    expect((await call('POST', '/faults', { route: 'invoices', fault: { errorRate: 1 } })).status).toBe(200);
    expect((await invoices(sandbox, access_token)).status).toBe(503);
    expect((await call('DELETE', '/faults')).status).toBe(200);
    expect((await invoices(sandbox, access_token)).status).toBe(200);
  });

  it('read, update and add invoices, and set the licence', async () => {
    const tenantId = company(sandbox, 'small').tenantId;
    const list = await call<SandboxInvoice[]>('GET', `/companies/${tenantId}/invoices`);
    expect(list.body).toHaveLength(company(sandbox, 'small').invoices);
    expect((await call('PATCH', `/companies/${tenantId}/invoices/5`, { Balance: 0 })).status).toBe(200);
    expect(sandbox.control.invoicesOf(tenantId).find((i) => i.DocumentNumber === '5')?.Balance).toBe(0);
    const added = await call<{ DocumentNumber: string }>('POST', `/companies/${tenantId}/invoices`, { Total: 10 });
    expect(added.body.DocumentNumber).toBe(String(list.body.length + 1));
    // A draft can be deleted; a booked invoice cannot (the service only cancels those).
    expect((await call('DELETE', `/companies/${tenantId}/invoices/${added.body.DocumentNumber}`)).status).toBe(200);
    expect(sandbox.control.invoicesOf(tenantId).some((i) => i.DocumentNumber === added.body.DocumentNumber)).toBe(false);
    const booked = list.body.find((i) => i.Booked) as SandboxInvoice;
    const refused = await call<{ error: string }>('DELETE', `/companies/${tenantId}/invoices/${booked.DocumentNumber}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/booked/);
    expect((await call('PUT', `/companies/${tenantId}/licensed`, { licensed: false })).status).toBe(200);
    expect(company(sandbox, 'small').licensed).toBe(false);
    await call('PUT', `/companies/${tenantId}/licensed`, { licensed: true });
  });

  it("set a supplier invoice's scan: a TIFF, a size, a FileId; null takes it away", async () => {
    const tenantId = company(sandbox, 'small').tenantId;
    const givenNumber = sandbox.control.supplierInvoicesOf(tenantId)[0]?.GivenNumber as string;
    const path = `/companies/${tenantId}/supplierinvoices/${givenNumber}/scan`;
    const set = await call('PUT', path, { ContentType: 'image/tiff', FileId: 'tiff-1', Size: 100_000 });
    expect(set).toEqual({ status: 200, body: { FileId: 'tiff-1', Name: 'scan.tif', ContentType: 'image/tiff', Size: 100_000 } });
    expect(sandbox.control.supplierInvoicesOf(tenantId)[0]?.Scan).toEqual(set.body);
    expect((await call<{ error: string }>('PUT', path, { ContentType: 'image/gif' })).status).toBe(400);
    expect((await call<{ error: string }>('PUT', path, { ContentType: 'image/png', Size: -1 })).status).toBe(400);
    expect(await call('PUT', path, null)).toEqual({ status: 200, body: null });
    expect(sandbox.control.supplierInvoicesOf(tenantId)[0]?.Scan).toBeNull();
  });

  it('answer 400 with a reason for bad input and 404 for unknown routes', async () => {
    const bad = await call<{ error: string }>('POST', '/faults', { route: 'invoices', fault: { errorRate: 3 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/errorRate/);
    expect((await call<{ error: string }>('POST', '/tokens', { tenantId: '1', scopes: ['invoice'] })).body.error).toMatch(/unknown tenant/);
    expect((await call('GET', '/nothing')).status).toBe(404);
  });

  it('are not counted as service requests', async () => {
    sandbox.control.resetCounters();
    await call('GET', '/counters');
    await getJson(`${origin}/sandbox/clock`);
    expect(sandbox.control.counters().requests).toBe(0);
  });
});
