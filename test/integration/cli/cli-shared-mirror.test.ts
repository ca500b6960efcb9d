// `report`, `digest` and `export --mirror` against the sandbox over real HTTP (in process) with the
// local copy in a folder other users may write to: a folder writable by group or others and not
// sticky is refused (exit 5, naming it) before anything is read or written, a sticky one (as /tmp)
// is used, and a copy and its journal that another user planted there are refused (exit 5, naming
// the file) and left as they were: their rows never reach the report, and the company's never
// reach them.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../electron/cli/args';
import { runDigest } from '../../../electron/cli/run-digest';
import { runReport } from '../../../electron/cli/run-report';
import { runCli } from '../../../electron/cli/run';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index';

const me = process.getuid?.();
let sandbox: Sandbox;
let root: string;
let tenant: string;

beforeAll(async () => {
  sandbox = await startSandbox({ largeInvoiceCount: 100, rateLimits: false });
  tenant = sandbox.companies.find((c) => c.key === 'small')?.tenantId as string;
});
afterAll(async () => {
  await sandbox.close();
  await fs.rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cli-shared-mirror-'));
  sandbox.control.resetCounters();
});

type Command = (argv: readonly string[], io: Parameters<typeof runReport>[1]) => Promise<number>;

async function run(command: Command, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await command(args, {
    env: { INVOICE_DESK_CLIENT_ID: sandbox.clientId, INVOICE_DESK_CLIENT_SECRET: sandbox.clientSecret, INVOICE_DESK_AUTH_URL: sandbox.authUrl, INVOICE_DESK_API_URL: sandbox.apiUrl },
    cwd: root,
    stdout: { write: (text: string) => ((stdout += text), true) },
    stderr: { write: (text: string) => ((stderr += text), true) },
  });
  return { code, stdout, stderr };
}

/** A folder of `mode` (chmod, whatever the umask). */
async function folder(mode: number): Promise<string> {
  const dir = path.join(root, 'shared');
  await fs.mkdir(dir);
  await fs.chmod(dir, mode);
  return dir;
}

const invoiceRequests = (): number => sandbox.control.counters().byRoute.invoices ?? 0;

describe.skipIf(me === undefined)('--mirror in a folder other users may write to', () => {
  it.each([
    ['report', runReport, []],
    ['digest', runDigest, []],
    ['export', runCli, ['--out', 'invoices.csv']],
  ] as const)('%s: a folder anyone may write to, not sticky: exit 5 naming the folder, nothing read or written', async (_name, command, extra) => {
    const dir = await folder(0o777);
    const result = await run(command, ['--tenant', tenant, '--mirror', dir, ...extra]);
    expect(result.code, result.stderr).toBe(EXIT.file);
    expect(result.stderr).toContain(`file error: The folder ${dir} can be written by other users (mode 0777) and is not sticky: refused for the local copy`);
    expect(result.stdout).toBe('');
    expect(await fs.readdir(dir)).toEqual([]);
    expect(await fs.readdir(root)).toEqual(['shared']);
    expect(invoiceRequests()).toBe(0);
  });

  it('a folder its group may write to is refused the same way', async () => {
    const dir = await folder(0o770);
    const result = await run(runReport, ['--tenant', tenant, '--mirror', dir]);
    expect(result.code).toBe(EXIT.file);
    expect(result.stderr).toContain(`The folder ${dir} can be written by other users (mode 0770)`);
  });

  it("a sticky folder (as /tmp): the report runs, its copy the user's own and private", async () => {
    const dir = await folder(0o1777);
    const result = await run(runReport, ['--tenant', tenant, '--mirror', dir, '--json']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(JSON.parse(result.stdout)).toHaveProperty('currencies');
    const copy = await fs.stat(path.join(dir, `tenant-${tenant}.sqlite`));
    expect(copy.uid).toBe(me);
    expect(copy.mode & 0o777).toBe(0o600);
  });

  it.runIf(me === 0)("a copy and its -wal another user planted in a sticky folder: exit 5 naming the copy, their files left as they were (root: chown)", async () => {
    const dir = await folder(0o1777);
    const planted = path.join(dir, `tenant-${tenant}.sqlite`);
    await fs.writeFile(planted, 'the planter’s database');
    await fs.writeFile(`${planted}-wal`, 'the planter’s journal');
    for (const name of [planted, `${planted}-wal`]) {
      await fs.chmod(name, 0o666);
      await fs.chown(name, 4242, 4242);
    }
    for (const [command, extra] of [[runReport, []], [runCli, ['--out', 'invoices.csv']]] as const) {
      const result = await run(command, ['--tenant', tenant, '--mirror', dir, ...extra]);
      expect(result.code, result.stderr).toBe(EXIT.file);
      expect(result.stderr).toContain(`file error: The local copy ${planted} belongs to another user (uid 4242): refused`);
      expect(result.stdout).toBe('');
    }
    for (const [name, text] of [[planted, 'the planter’s database'], [`${planted}-wal`, 'the planter’s journal']] as const) {
      const stats = await fs.stat(name);
      expect([stats.uid, stats.mode & 0o777]).toEqual([4242, 0o666]);
      expect(await fs.readFile(name, 'utf8')).toBe(text);
    }
    expect((await fs.readdir(dir)).sort()).toEqual([`tenant-${tenant}.sqlite`, `tenant-${tenant}.sqlite-wal`]);
    await expect(fs.access(path.join(root, 'invoices.csv'))).rejects.toThrow();
    expect(invoiceRequests()).toBe(0);
  });

  it.runIf(me === 0)("only a -wal planted beside the user's own copy: refused naming the -wal, the copy kept (root: chown)", async () => {
    const dir = await folder(0o1777);
    const first = await run(runReport, ['--tenant', tenant, '--mirror', dir]);
    expect(first.code, first.stderr).toBe(EXIT.ok);
    const wal = path.join(dir, `tenant-${tenant}.sqlite-wal`);
    await fs.writeFile(wal, '');
    await fs.chmod(wal, 0o666);
    await fs.chown(wal, 4242, 4242);
    const result = await run(runReport, ['--tenant', tenant, '--mirror', dir]);
    expect(result.code, result.stderr).toBe(EXIT.file);
    expect(result.stderr).toContain(`file error: The local copy ${wal} belongs to another user (uid 4242): refused`);
    expect(result.stdout).toBe('');
    expect((await fs.stat(wal)).size).toBe(0);
  });
});
