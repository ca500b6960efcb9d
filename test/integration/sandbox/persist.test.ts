import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox';

const folder = mkdtempSync(path.join(os.tmpdir(), 'sandbox-persist-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function refresh(authUrl: string, id: string, secret: string, token: string) {
  const response = await fetch(`${authUrl}/oauth-v1/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }),
  });
  return { status: response.status, body: (await response.json()) as { refresh_token?: string; error?: string } };
}

describe('persistFile: refresh tokens survive a restart of the sandbox', () => {
  it('a refresh token issued before the restart refreshes after it, once', async () => {
    const file = path.join(folder, 'demo-service.json');
    const first = await startSandbox({ persistFile: file, largeInvoiceCount: 10 });
    const pair = first.control.issueTokens({ tenantId: first.companies[0]!.tenantId, scopes: ['invoice'] });
    await first.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFileSync(file, 'utf8');
    expect(stored).not.toContain(pair.refresh_token); // hashes only, like a real server
    expect(JSON.parse(stored).refreshTokens).toHaveLength(1);

    const second = await startSandbox({ persistFile: file, largeInvoiceCount: 10 });
    const ok = await refresh(second.authUrl, second.clientId, second.clientSecret, pair.refresh_token);
    expect(ok.status).toBe(200);
    const reuse = await refresh(second.authUrl, second.clientId, second.clientSecret, pair.refresh_token);
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await second.close();
  });

  it('starts empty from a missing or corrupt file', async () => {
    const file = path.join(folder, 'corrupt.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, '{"refreshTokens": [["x", null], 42');
    const sandbox = await startSandbox({ persistFile: file, largeInvoiceCount: 10 });
    expect((await refresh(sandbox.authUrl, sandbox.clientId, sandbox.clientSecret, 'x')).status).toBe(400);
    await sandbox.close();
  });
});
