/**
 * Service accounts on a service as strict as the real one: client credentials are refused until a
 * system administrator approved the integration as a service account (account_type=service), and
 * that refusal reads as "not activated", not as an expired connection. Activation through the
 * consent page then adds the company with client credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { configOf, setupRegistry } from './helpers';

/** The administrator in the browser: the real consent page, approving the given company. */
async function approveInBrowser(url: string, tenantId: string): Promise<void> {
  const page = await (await fetch(url)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const form = new URLSearchParams({ request_id: requestId, decision: 'approve', email: 'admin@sandbox.invalid', password: 'x', company: tenantId });
  const target = new URL(url);
  const answer = await fetch(`${target.origin}${target.pathname}`, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  await fetch(answer.headers.get('location') ?? '');
}

describe('service account activation', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ largeInvoiceCount: 100, serviceAccountsPreapproved: false });
  });
  afterAll(() => sandbox?.close());

  it('refuses client credentials before the approval with its own kind, then activates through the consent page', async () => {
    const small = sandbox.companies.find((c) => c.key === 'small')!;
    const opened: string[] = [];
    const { registry, done } = setupRegistry({ current: configOf(sandbox) }, [sandbox], {
      tenantOf: () => small.tenantId,
      registry: {
        openExternal: async (url) => {
          opened.push(url);
          await approveInBrowser(url, small.tenantId);
        },
      },
    });
    await expect(registry.connectServiceAccount(small.tenantId, false)).rejects.toMatchObject({ kind: 'not-activated', serviceMessage: expect.stringMatching(/service account/) });
    expect(registry.list().companies).toEqual([]);

    await registry.startServiceActivation(false);
    const id = await done();
    expect(new URL(opened[0]!).searchParams.get('account_type')).toBe('service');
    expect(registry.list().companies).toMatchObject([{ id, kind: 'service', tenantId: small.tenantId, status: 'connected' }]);
    const page = await registry.withSession(id, (session) => session.listPage('invoices', { limit: 5 }, { priority: 'interactive' }), 'invoices');
    expect(page.items).toHaveLength(5);
    // Once activated, adding it by TenantId alone works too.
    await expect(registry.connectServiceAccount(small.tenantId, false)).resolves.toMatchObject({ kind: 'service' });
    await registry.close();
  });
});
