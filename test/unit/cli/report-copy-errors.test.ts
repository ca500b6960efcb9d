// What `report` and `digest` say when the local copy in --mirror cannot be used: one plain sentence
// naming the file, and a remedy that fits a command which only reads a copy (no "export again").
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../electron/cli/args';
import { runDigest } from '../../../electron/cli/run-digest';
import { runReport } from '../../../electron/cli/run-report';

// Nothing is asked of the service: the copy fails before the first request.
const env = { INVOICE_DESK_CLIENT_ID: 'id', INVOICE_DESK_CLIENT_SECRET: 's', INVOICE_DESK_AUTH_URL: 'http://127.0.0.1:1', INVOICE_DESK_API_URL: 'http://127.0.0.1:1/api' };
let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'report-copy-errors-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function stderrOf(command: typeof runReport, mirror: string): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await command(['--tenant', '42', '--mirror', mirror], {
    env,
    cwd: dir,
    stdout: { write: () => true },
    stderr: { write: (text: string) => ((stderr += text), true) },
  });
  return { code, stderr };
}

describe.each([
  ['report', runReport],
  ['digest', runDigest],
] as const)("%s: a local copy it cannot use", (name, command) => {
  it('--mirror at a file: "Could not open the local copy ...", then try again', async () => {
    const file = path.join(dir, 'not-a-folder');
    await fs.writeFile(file, 'x');
    const result = await stderrOf(command, file);
    expect(result.code).toBe(EXIT.file);
    expect(result.stderr).toBe(`${name}: file error: Could not open the local copy ${path.join(file, 'tenant-42.sqlite')} (EEXIST). Check the disk and the folder, then try again.\n`);
  });

  it.skipIf(process.platform === 'win32')('a journal that is a link: one sentence, one full stop', async () => {
    await fs.symlink(path.join(dir, 'elsewhere'), path.join(dir, 'tenant-42.sqlite-wal'));
    const result = await stderrOf(command, dir);
    expect(result.code).toBe(EXIT.file);
    expect(result.stderr).toBe(`${name}: file error: The local copy ${path.join(dir, 'tenant-42.sqlite')} cannot be used: The local copy tenant-42.sqlite-wal is a link, not a file: refused. Check the disk and the folder, then try again.\n`);
  });
});
