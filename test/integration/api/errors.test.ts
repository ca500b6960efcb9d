import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../electron/kernel/errors';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';
import { connect } from './helpers';

const ALL_INVALID: [string, unknown][] = [
  ['page', { page: 0 }],
  ['limit', { limit: 501 }],
  ['sortby', { sortby: 'amount' }],
  ['sortorder', { sortorder: 'sideways' }],
  ['filter', { filter: 'paid' }],
  ['lastmodified', { lastmodified: '2024-02-30' }],
  ['search.field', { search: { field: 'label', value: 'x' } }],
  ['search.value', { search: { field: 'customername', value: '' } }],
  ['documentnumber', { documentnumber: '12' }],
];

describe('error classification against the sandbox', () => {
  let sandbox: Sandbox;
  let sandbox401: Sandbox;

  beforeAll(async () => {
    [sandbox, sandbox401] = await Promise.all([
      startSandbox({ largeInvoiceCount: 500, seed: 'errors-test' }),
      startSandbox({ largeInvoiceCount: 10, seed: 'errors-test-401', licenceErrorStatus: 401 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([sandbox.close(), sandbox401.close()]);
  });
  beforeEach(() => {
    sandbox.control.clearFaults();
    sandbox.control.resetCounters();
    sandbox401.control.resetCounters();
  });

  it.each(ALL_INVALID)('refuses an invalid %s before any request is sent, naming the field', async (field, query) => {
    const c = await connect(sandbox, 'small', { via: 'issue' });
    sandbox.control.resetCounters();
    const error = (await c.session.listPage('invoices', query, { priority: 'interactive' }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('bad-request');
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
    const iterated = await (async () => {
      for await (const page of c.session.listPages('invoices', query, { priority: 'export' })) void page;
    })().catch((e: unknown) => e);
    expect(iterated).toMatchObject({ kind: 'bad-request', field });
    expect(sandbox.control.counters().requests).toBe(0);
    expect(c.log).toHaveLength(0);
    c.session.close();
  });

  it('401 -> exactly one refresh and one retry', async () => {
    const c = await connect(sandbox, 'large', { via: 'issue' });
    await c.session.listPage('invoices', { limit: 1 }, { priority: 'interactive' });
    sandbox.control.resetCounters();
    sandbox.control.expireAccessTokens();
    await expect(c.session.listPage('invoices', { limit: 3 }, { priority: 'interactive' })).resolves.toMatchObject({ currentPage: 1 });
    const counters = sandbox.control.counters();
    expect(counters.tokenRequests.refresh_token).toBe(1);
    expect(counters.byRoute['invoices']).toBe(2);
    expect(c.log.filter((r) => r.url.pathname.endsWith('/3/invoices')).map((r) => r.status)).toEqual([200, 401, 200]);
    c.session.close();
  });

  it('401 that persists after the refresh is final: never a loop', async () => {
    const c = await connect(sandbox, 'large', { via: 'issue' });
    sandbox.control.injectFault('invoices', { status: 401 });
    const error = (await c.session.listPage('invoices', {}, { priority: 'interactive' }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('unauthorized');
    const counters = sandbox.control.counters();
    expect(counters.byRoute['invoices']).toBe(2);
    expect(counters.tokenRequests.refresh_token).toBe(1);
    c.session.close();
  });

  it('400 code 2000663 -> scope-missing (a token without the invoice scope): by the code, not the status', async () => {
    const c = await connect(sandbox, 'large', { scopes: ['companyinformation'] });
    const error = (await c.session.listPage('invoices', {}, { priority: 'interactive' }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('scope-missing');
    expect(error.status).toBe(400);
    expect(error.serviceCode).toBe(2000663);
    expect(error.remedy).toMatch(/invoice scope was not approved/);
    expect(sandbox.control.counters().tokenRequests.refresh_token).toBe(0);
    await expect(c.session.companyInformation()).resolves.toMatchObject({ tenantId: c.company.tenantId });
    c.session.close();
  });

  it.each([400, 401] as const)('the licence body with status %i -> licence-missing, no refresh', async (status) => {
    const sb = status === 400 ? sandbox : sandbox401;
    const c = await connect(sb, 'unlicensed', { via: 'issue' });
    const error = (await c.session.listPage('invoices', {}, { priority: 'interactive' }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('licence-missing');
    expect(error.status).toBe(status);
    expect(error.remedy).toMatch(/marketplace/);
    expect(c.tokenManager.state()).toBe('licence-missing');
    expect(sb.control.counters().tokenRequests.refresh_token).toBe(0);
    expect(c.log.filter((r) => r.url.pathname.endsWith('/3/invoices'))).toHaveLength(1);
    // Activating the licence fixes it without reconnecting.
    sb.control.setLicensed(c.company.tenantId, true);
    await expect(c.session.listPage('invoices', {}, { priority: 'interactive' })).resolves.toMatchObject({ currentPage: 1 });
    expect(c.tokenManager.state()).toBe('connected');
    sb.control.setLicensed(c.company.tenantId, false);
    c.session.close();
  });

  it('the error info sent to the renderer carries no token', async () => {
    const c = await connect(sandbox, 'large', { via: 'issue' });
    sandbox.control.injectFault('invoices', { status: 401 });
    const error = (await c.session.listPage('invoices', {}, { priority: 'interactive' }).catch((e: unknown) => e)) as ApiError;
    const text = JSON.stringify(error.toInfo());
    expect(text).not.toContain(c.initial.accessToken);
    expect(text).not.toContain(c.initial.refreshToken as string);
    expect(text).not.toContain(sandbox.clientSecret);
    c.session.close();
  });
});
