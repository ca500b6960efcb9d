import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CliError, parseCliArgs } from '../../../electron/sandbox/cli-args';
import { envLines } from '../../../electron/sandbox/cli-env';

const info = {
  authUrl: 'http://127.0.0.1:8765/apps',
  apiUrl: 'http://127.0.0.1:8765/api',
  clientId: 'invoice-desk-sandbox',
  clientSecret: "it's-secret",
  companies: [
    { tenantId: '8000001', name: 'Sandbox Småföretag AB', invoices: 300, licensed: true },
    { tenantId: '8000003', name: 'Sandbox Olicensierad AB', invoices: 120, licensed: false },
  ],
};

describe('npm run -s sandbox -- --env', () => {
  it('parses --env (not with --json)', () => {
    expect(parseCliArgs(['--env', '--port', '8765'])).toMatchObject({ env: true, json: false, port: 8765 });
    expect(() => parseCliArgs(['--env', '--json'])).toThrow(CliError);
  });

  it('prints lines a shell takes as they are: the four variables set, the tenants as comments', () => {
    const text = envLines(info);
    expect(text).toContain("export INVOICE_DESK_API_URL='http://127.0.0.1:8765/api'\n");
    expect(text).toMatch(/^# {3}8000003 {2}Sandbox Olicensierad AB, 120 invoices \(no licence/m);
    expect(text).toMatch(/^# {3}npm run -s export -- --tenant 8000001 --out invoices.csv$/m);
    // Pasted into sh, they set exactly the CLI's variables (the quote in the secret survives).
    const env = execFileSync('sh', ['-c', `${text}\nenv | grep '^INVOICE_DESK_' | sort`], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(env.trim().split('\n')).toEqual([
      'INVOICE_DESK_API_URL=http://127.0.0.1:8765/api',
      'INVOICE_DESK_AUTH_URL=http://127.0.0.1:8765/apps',
      'INVOICE_DESK_CLIENT_ID=invoice-desk-sandbox',
      "INVOICE_DESK_CLIENT_SECRET=it's-secret",
    ]);
  });
});
