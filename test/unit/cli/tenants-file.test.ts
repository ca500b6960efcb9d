// `report --tenants-file`: only a regular file of at most 1 MB is read. A device that never ends
// (/dev/zero), a FIFO that would block the process in open(), a folder or a socket is a usage
// error (exit 2) naming the file, before anything is opened or asked of the service.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../electron/cli/args';
import { parseReportArgs } from '../../../electron/cli/report-args';
import { runReport } from '../../../electron/cli/run-report';

const env = { INVOICE_DESK_CLIENT_ID: 'id', INVOICE_DESK_CLIENT_SECRET: 's', INVOICE_DESK_AUTH_URL: 'http://127.0.0.1:1', INVOICE_DESK_API_URL: 'http://127.0.0.1:1/api' };
let dir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tenants-file-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await fs.rm(dir, { recursive: true, force: true });
});

/** The tenants parsed from the file, or the usage error's words. */
function tenantsOf(file: string): string[] | string {
  try {
    const parsed = parseReportArgs(['--tenants-file', file, '--mirror', 'copies'], env, dir);
    return parsed.help ? [] : 'tenantIds' in parsed.plan ? parsed.plan.tenantIds : [];
  } catch (error) {
    return (error as Error).message;
  }
}

describe('--tenants-file', () => {
  it('reads a regular file of TenantIds (a link to one too), each once, in order', async () => {
    await fs.writeFile(path.join(dir, 'tenants.txt'), '8100002 # Kalmar\n8100001, 8100002\n');
    await fs.symlink(path.join(dir, 'tenants.txt'), path.join(dir, 'link.txt'));
    expect(tenantsOf('tenants.txt')).toEqual(['8100002', '8100001']);
    expect(tenantsOf('link.txt')).toEqual(['8100002', '8100001']);
  });

  it.runIf(existsSync('/dev/zero'))('a device (/dev/zero) is refused unread: exit 2 naming it, nothing on stdout', async () => {
    let stdout = '';
    let stderr = '';
    const code = await runReport(['--tenants-file', '/dev/zero', '--mirror', 'copies'], {
      env,
      cwd: dir,
      stdout: { write: (text: string) => ((stdout += text), true) },
      stderr: { write: (text: string) => ((stderr += text), true) },
    });
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain('report: invalid --tenants-file: /dev/zero is a device, not a file of TenantIds\n');
    expect(stdout).toBe('');
    // Through a link the same.
    await fs.symlink('/dev/zero', path.join(dir, 'zero'));
    expect(tenantsOf('zero')).toBe(`invalid --tenants-file: ${path.join(dir, 'zero')} is a device, not a file of TenantIds`);
  });

  it.runIf(process.platform !== 'win32')('a FIFO is refused without waiting for a writer', () => {
    const fifo = path.join(dir, 'tenants.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // A writer that waits for a reader: were the FIFO opened, it would be read to its end (these
    // ids) rather than block for ever, and the test would fail on the ids instead of hanging.
    children.push(spawn('sh', ['-c', 'printf "8100001\\n" > "$0"', fifo], { stdio: 'ignore' }));
    expect(tenantsOf(fifo)).toBe(`invalid --tenants-file: ${fifo} is a pipe (FIFO), not a file of TenantIds`);
  });

  it('a folder is refused the same way', async () => {
    await fs.mkdir(path.join(dir, 'folder'));
    expect(tenantsOf('folder')).toBe(`invalid --tenants-file: ${path.join(dir, 'folder')} is a folder, not a file of TenantIds`);
  });

  it.runIf(process.platform !== 'win32')('a socket is refused the same way', async () => {
    const socket = path.join(dir, 'tenants.sock');
    const server = net.createServer().listen(socket);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      expect(tenantsOf(socket)).toBe(`invalid --tenants-file: ${socket} is a socket, not a file of TenantIds`);
    } finally {
      server.close();
    }
  });

  it('a regular file over 1 MB is refused', async () => {
    await fs.writeFile(path.join(dir, 'big.txt'), `${'8100001\n'.repeat(125_000)}8`);
    expect(tenantsOf('big.txt')).toBe(`invalid --tenants-file: ${path.join(dir, 'big.txt')} is over 1 MB: a list of TenantIds is far smaller`);
  });

  it('within 1 MB, what it holds is still checked: 10,000 ids and a word that is not digits are refused', async () => {
    await fs.writeFile(path.join(dir, 'many.txt'), Array.from({ length: 10_000 }, (_, i) => String(8_100_001 + i)).join('\n'));
    expect(tenantsOf('many.txt')).toBe('invalid --tenants-file: 10000 TenantIds; at most 5000');
    await fs.writeFile(path.join(dir, 'words.txt'), '8100001\nKalmar\n');
    expect(tenantsOf('words.txt')).toBe('invalid --tenants-file: "Kalmar" is not a TenantId (digits only)');
  });

  it('a file that does not exist names the file and the reason', () => {
    expect(tenantsOf('missing.txt')).toBe(`invalid --tenants-file: ${path.join(dir, 'missing.txt')} cannot be read (ENOENT)`);
  });
});
