// A firm's world over real HTTP: client companies beside the demo companies, each
// served like them, and the three problems a firm meets as the real service shows them: no
// licence, an earlier grant without a scope, an access the company withdrew.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxCompany } from '../../../electron/sandbox';
import { getJson, REDIRECT_URI, tokenRequest } from './helpers';

let sandbox: Sandbox;
const ALL_SCOPES = ['invoice', 'companyinformation', 'supplierinvoice', 'customer', 'payment'];

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 200, clientCompanies: 10, today: '2026-11-27' });
});
afterAll(() => sandbox.close());

const client = (problem: SandboxCompany['problem']): SandboxCompany => {
  const found = sandbox.companies.find((company) => company.key === 'client' && company.problem === problem);
  if (!found) throw new Error(`no client with ${String(problem)}`);
  return found;
};

const total = async (path: string, token: string): Promise<{ status: number; total: number | undefined }> => {
  const res = await getJson<{ MetaInformation?: { '@TotalResources': number } }>(`${sandbox.apiUrl}${path}`, token);
  return { status: res.status, total: res.body?.MetaInformation?.['@TotalResources'] };
};

const consent = async (tenantId: string) => {
  const code = sandbox.control.authorize({ tenantId, scopes: ALL_SCOPES, redirectUri: REDIRECT_URI });
  return tokenRequest(sandbox, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
};

describe('a firm of ten client companies', () => {
  it('lists the four demo companies, then the clients from tenant 8100001', () => {
    expect(sandbox.companies.map((company) => company.tenantId)).toEqual([
      '8000001', '8000002', '8000003', '8000004',
      ...Array.from({ length: 10 }, (_, i) => String(8_100_001 + i)),
    ]);
    expect(sandbox.companies.slice(4).every((company) => company.key === 'client' && company.invoices >= 50)).toBe(true);
    expect(sandbox.companies.slice(0, 4).every((company) => company.problem === null)).toBe(true);
  });

  it("serves a healthy client's invoices and supplier invoices through its service account", async () => {
    const healthy = client(null);
    const token = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: healthy.tenantId });
    expect(token.status).toBe(200);
    const access = token.body.access_token as string;
    expect(await total('/3/invoices?limit=1', access)).toEqual({ status: 200, total: healthy.invoices });
    expect(await total('/3/supplierinvoices?limit=1', access)).toEqual({ status: 200, total: healthy.supplierInvoices });
    const info = await getJson<{ CompanyInformation: { CompanyName: string } }>(`${sandbox.apiUrl}/3/companyinformation`, access);
    expect(info.body.CompanyInformation.CompanyName).toBe(healthy.name);
  });

  it('refuses the unlicensed client its tokens with the licence error', async () => {
    const res = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: client('no-licence').tenantId });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('error_missing_app_license');
  });

  it('gives the client whose earlier grants lack a scope tokens without it, until a new consent', async () => {
    const { tenantId } = client('scope-missing');
    const service = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: tenantId });
    expect(service.body.scope?.split(' ')).not.toContain('supplierinvoice');
    const earlier = sandbox.control.issueTokens({ tenantId, scopes: ALL_SCOPES });
    expect((await total('/3/invoices?limit=1', earlier.access_token)).status).toBe(200);
    expect((await total('/3/supplierinvoices?limit=1', earlier.access_token)).status).not.toBe(200);
    const renewed = await consent(tenantId);
    expect(renewed.body.scope?.split(' ')).toContain('supplierinvoice');
    expect((await total('/3/supplierinvoices?limit=1', renewed.body.access_token as string)).status).toBe(200);
  });

  it('refuses every token the withdrawn client held, and its service account, until a new consent', async () => {
    const { tenantId } = client('access-revoked');
    const held = sandbox.control.issueTokens({ tenantId, scopes: ALL_SCOPES });
    expect((await total('/3/invoices?limit=1', held.access_token)).status).toBe(401);
    const refreshed = await tokenRequest(sandbox, { grant_type: 'refresh_token', refresh_token: held.refresh_token });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    const service = await tokenRequest(sandbox, { grant_type: 'client_credentials' }, { TenantId: tenantId });
    expect(service.body).toMatchObject({ error: 'invalid_grant', error_description: 'Client does not allow service account' });

    const renewed = await consent(tenantId);
    expect(renewed.status).toBe(200);
    expect((await total('/3/invoices?limit=1', renewed.body.access_token as string)).status).toBe(200);
    // What was held before stays dead: the new consent is a new grant.
    expect(sandbox.control.refreshTokenStatus(held.refresh_token)).toBe('revoked');
  });

  it('is the same world for the same seed', async () => {
    const again = await startSandbox({ largeInvoiceCount: 200, clientCompanies: 10, today: '2026-11-27' });
    try {
      expect(again.companies.map((company) => [company.name, company.invoices, company.supplierInvoices, company.problem])).toEqual(
        sandbox.companies.map((company) => [company.name, company.invoices, company.supplierInvoices, company.problem]),
      );
      const tenantId = client(null).tenantId;
      expect(again.control.invoicesOf(tenantId).slice(0, 5)).toEqual(sandbox.control.invoicesOf(tenantId).slice(0, 5));
    } finally {
      await again.close();
    }
  });

  it('refuses a count that is not a whole number from 0 to 2,000', async () => {
    await expect(startSandbox({ clientCompanies: 2_001 })).rejects.toThrow(RangeError);
    await expect(startSandbox({ clientCompanies: 1.5 })).rejects.toThrow(RangeError);
  });
});
