// `npm run sandbox`: the JSON line once listening, the human summary, bad flags, and a clean stop on
// SIGTERM/SIGINT. Each child is spawned in its own process group and stopped by its group id. The
// CLI itself runs as `node --import tsx` (what the npm script runs): the `tsx` binary's own signal
// relay gives the child 30 ms to acknowledge a signal and otherwise exits 130 itself, a race a busy
// machine loses now and then.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const children: ChildProcess[] = [];

function run(command: string, args: string[]): { child: ChildProcess; stdout: () => string; stderr: () => string } {
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { child, stdout: () => out, stderr: () => err };
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(() => {
  for (const child of children.splice(0)) stopGroup(child, 'SIGKILL');
});

interface JsonLine {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  companies: Array<{ tenantId: string; name: string; invoices: number; supplierInvoices: number; licensed: boolean }>;
}

describe('npm run sandbox', () => {
  it('-- --json prints its JSON line once listening, and the service answers', async () => {
    const proc = run('npm', ['run', 'sandbox', '--', '--json']);
    await waitFor(() => /^\{.*\n/m.test(proc.stdout()), 10_000);
    // npm prints its "> invoice-desk@... sandbox" banner first (not with `npm run -s`); the
    // sandbox itself prints exactly one line.
    const lines = proc.stdout().split('\n').filter((line) => line.trim() !== '');
    const jsonLines = lines.filter((line) => line.startsWith('{'));
    expect(jsonLines).toHaveLength(1);
    for (const line of lines.filter((l) => !l.startsWith('{'))) expect(line).toMatch(/^> /);
    const info = JSON.parse(jsonLines[0] ?? '') as JsonLine;
    expect(Object.keys(info)).toEqual(['authUrl', 'apiUrl', 'clientId', 'clientSecret', 'companies']);
    expect(info.companies.map((c) => Object.keys(c))).toEqual(info.companies.map(() => ['tenantId', 'name', 'invoices', 'supplierInvoices', 'licensed', 'problem']));
    expect(info.companies.find((c) => c.invoices >= 50_000)).toBeTruthy();
    // The large company's supplier invoices are 40 % of its customer invoices; the others have a few dozen to a few hundred.
    expect(info.companies.map((c) => c.supplierInvoices)).toEqual([120, 20_000, 40, 0]);

    const token = await fetch(`${info.authUrl}/oauth-v1/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${info.clientId}:${info.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        TenantId: info.companies[0]?.tenantId ?? '',
      },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const list = await fetch(`${info.apiUrl}/3/invoices?limit=1`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(list.status).toBe(200);

    // The whole group gets SIGTERM, npm included (npm then reports the signal, not a code); what
    // matters is that the sandbox stopped cleanly and released its port.
    stopGroup(proc.child, 'SIGTERM');
    const [code, signal] = (await once(proc.child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect(code === 0 || signal === 'SIGTERM').toBe(true);
    // (npm may warn about its own configuration on stderr; the sandbox must not complain.)
    expect(proc.stderr()).not.toMatch(/sandbox:|Error/);
    let released = false;
    for (let i = 0; i < 100 && !released; i += 1) {
      released = await fetch(`${info.apiUrl}/3/invoices`).then(
        () => false,
        () => true,
      );
      if (!released) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(released).toBe(true);
  });

  it('without --json prints a summary for a person and stops on SIGINT', async () => {
    const proc = run(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0', '--latency', '5-10', '--transit', '1-2', '--seed', 'x']);
    await waitFor(() => proc.stdout().includes('Ctrl+C'), 10_000);
    expect(proc.stdout()).toContain('Sandbox Småföretag AB');
    expect(proc.stdout()).toMatch(/auth URL\s+http:\/\/127\.0\.0\.1:\d+\/apps/);
    stopGroup(proc.child, 'SIGINT');
    const [code] = await once(proc.child, 'exit');
    expect(code).toBe(0);
  });

  it.each([
    [['--port', 'abc'], /--port/],
    [['--latency', '50-10'], /--latency/],
    [['--transit'], /--transit/],
    [['--frobnicate'], /unknown argument "--frobnicate"/],
  ] as Array<[string[], RegExp]>)('%j: bad flags exit 2 with a message on stderr', async (args, message) => {
    const proc = run(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', ...args]);
    const [code] = await once(proc.child, 'exit');
    expect(code).toBe(2);
    expect(proc.stderr()).toMatch(message);
    expect(proc.stdout()).toBe('');
  });
});
