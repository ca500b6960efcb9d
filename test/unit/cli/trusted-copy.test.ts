// --mirror in a folder other users may write to: which folders and which files of a copy the CLI
// refuses (a file error naming the folder or the file), and which it uses.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isFileError } from '../../../electron/export/file-error';
import { refuseUntrustedCopy } from '../../../electron/cli/trusted-copy';

const me = process.getuid?.();
let root: string;
let dir: string;
let file: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'trusted-copy-'));
  dir = path.join(root, 'copies');
  await fs.mkdir(dir, { mode: 0o700 });
  file = path.join(dir, 'tenant-4242.sqlite');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

async function refusal(options?: Parameters<typeof refuseUntrustedCopy>[2]): Promise<string | undefined> {
  try {
    await refuseUntrustedCopy(dir, file, options);
    return undefined;
  } catch (error) {
    if (!isFileError(error)) throw error;
    expect(error.code).toBe('untrusted');
    return error.message;
  }
}

describe.skipIf(me === undefined)('a copy in --mirror', () => {
  it('is used in a folder of the user’s own, with files of the user’s own', async () => {
    await fs.writeFile(file, '');
    await fs.writeFile(`${file}-wal`, '');
    expect(await refusal()).toBeUndefined();
  });

  it.each([0o777, 0o775, 0o770, 0o703])('is refused in a folder of mode %o, naming the folder', async (mode) => {
    await fs.chmod(dir, mode);
    expect(await refusal()).toBe(`The folder ${dir} can be written by other users (mode 0${mode.toString(8)}) and is not sticky: refused for the local copy, since another user could put a copy of theirs there.`);
  });

  it('is used in a sticky folder that everyone may write to (as /tmp)', async () => {
    await fs.chmod(dir, 0o1777);
    await fs.writeFile(file, '');
    expect(await refusal()).toBeUndefined();
  });

  it.each(['', '-wal', '-shm', '-journal'])("is refused when the copy's file %j is another user's, naming that file", async (suffix) => {
    await fs.chmod(dir, 0o1777);
    await fs.writeFile(`${file}${suffix}`, '');
    // As if this process ran as someone else: the file is then another user's.
    const message = await refusal({ ownerUid: (me as number) + 1 });
    expect(message).toBe(`The local copy ${file}${suffix} belongs to another user (uid ${me}): refused, so none of its rows are read and none of the company's are written to it.`);
  });

  it("is refused when a link of another user's stands for the copy (the link's owner counts)", async () => {
    await fs.symlink(path.join(root, 'elsewhere'), `${file}-wal`);
    expect(await refusal({ ownerUid: (me as number) + 1 })).toContain(`${file}-wal belongs to another user`);
  });

  it.runIf(me === 0)("is refused when a journal beside the user's copy really is another uid's (root: chown)", async () => {
    await fs.chmod(dir, 0o1777);
    await fs.writeFile(file, '');
    await fs.writeFile(`${file}-wal`, 'planted');
    await fs.chown(`${file}-wal`, 4242, 4242);
    expect(await refusal()).toContain(`${file}-wal belongs to another user (uid 4242)`);
  });

  it('where there are no uids (Windows) nothing is compared', async () => {
    await fs.chmod(dir, 0o777);
    await fs.writeFile(file, '');
    expect(await refusal({ ownerUid: undefined })).toBeUndefined();
  });
});
