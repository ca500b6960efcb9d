// `npm run digest` whose output does not arrive, against the sandbox over real HTTP: `digest | mail`
// with a mailer that exited (the spawned command, its stdout a pipe closed by its reader) is one
// line on stderr and exit 5, and nothing is marked, so the next run prints the events; and until
// the output took the digest (a run killed then), nothing is marked: another run prints them too.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDigest } from '../../../electron/cli/run-digest';
import type { CliIo } from '../../../electron/cli/run';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';

const ROOT = new URL('../../../', import.meta.url).pathname;
const CLI = path.join(ROOT, 'electron/cli/digest.ts');
const CLOSED = 'digest: the output was closed before the digest was written: nothing was marked\n';

let sandbox: Sandbox;
let dir: string;
let tenant: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  sandbox.control.setRateLimits(false);
  tenant = sandbox.companies.find((c) => c.key === 'small')?.tenantId as string;
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'digest-output-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const serviceEnv = (): NodeJS.ProcessEnv => ({ INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl });
const args = (): string[] => ['--tenant', tenant, '--mirror', path.join(dir, 'copy'), '--json'];

/** runDigest in this process; `stdout` a stream (default: one that takes everything). */
async function digest(stdout?: Writable): Promise<{ code: number; stdout: string; stderr: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    env: serviceEnv(),
    cwd: dir,
    stdout: stdout ?? new Writable({ decodeStrings: false, write: (text: string, _encoding, done) => ((out += text), done()) }),
    stderr: { write: (text: string) => (err += text) },
  };
  const code = await runDigest(args(), io);
  return { code, stdout: out, stderr: err };
}

/** The ids of the events a run printed as JSON. */
const printed = (json: string): string[] => (JSON.parse(json) as { events: Array<{ id: string }> }).events.map((e) => e.id).sort();

/** A baseline run, then two new invoices at the service: the events the next digest must print. */
async function twoNewInvoices(): Promise<string[]> {
  const baseline = await digest();
  expect(baseline.code, baseline.stderr).toBe(0);
  expect(printed(baseline.stdout)).toEqual([]);
  return [0, 1].map((i) => sandbox.control.addInvoice(tenant, { Total: 100 + i, Balance: 100 + i, CustomerNumber: '99400', CustomerName: 'Utdata AB' })).sort();
}

describe('digest: the events are marked printed only once the output took them', () => {
  it('a closed pipe (the mailer exited): one line, exit 5, nothing marked; the next run prints them', async () => {
    const expected = await twoNewInvoices();
    const { PATH, HOME, TMPDIR } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args()], { cwd: ROOT, env: { PATH, HOME, ...(TMPDIR ? { TMPDIR } : {}), ...serviceEnv() }, stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader is gone before the digest has synced: its write fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, stderr).toBe(5);
    // The syncs' lines, then that one: no stack trace, no other error.
    expect(stderr.endsWith(CLOSED), stderr).toBe(true);
    expect(stderr).not.toMatch(/Error|EPIPE|^\s+at /m);
    const next = await digest();
    expect(next.code, next.stderr).toBe(0);
    expect(printed(next.stdout)).toEqual(expected);
  });

  it('until the output took the digest, nothing is marked: a run killed then prints them again', async () => {
    const expected = await twoNewInvoices();
    let text = '';
    let written: (() => void) | undefined;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    let finish: ((error?: Error) => void) | undefined;
    // The output takes the text but has not said so yet (a pipe whose reader is slow, a process killed now).
    const pending = new Writable({
      decodeStrings: false,
      write: (chunk: string, _encoding, done) => {
        text += chunk;
        finish = done;
        written?.();
      },
    });
    const stalled = digest(pending);
    await wrote;
    expect(printed(text)).toEqual(expected);
    const meanwhile = await digest();
    expect(meanwhile.code, meanwhile.stderr).toBe(0);
    expect(printed(meanwhile.stdout)).toEqual(expected);
    // Its reader then goes away: the stalled run says so and exits 5.
    finish?.(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    const result = await stalled;
    expect(result.code).toBe(5);
    expect(result.stderr.endsWith(CLOSED)).toBe(true);
    // The run that wrote them marked them.
    expect(printed((await digest()).stdout)).toEqual([]);
  });
});
