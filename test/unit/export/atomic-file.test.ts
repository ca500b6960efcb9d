import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileError, openAtomicFile, tempPathFor } from '../../../electron/export/atomic-file';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atomic-file-'));
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const posix = process.platform !== 'win32';

describe('openAtomicFile', () => {
  it('writes to a hidden temporary file beside the target and renames it on commit', async () => {
    const target = path.join(dir, 'out.csv');
    const file = await openAtomicFile(target);
    expect(path.dirname(file.tempPath)).toBe(dir);
    expect(path.basename(file.tempPath)).toMatch(/^\.out\.csv\.[0-9a-f]{12}\.[0-9a-f]{12}\.tmp$/);
    await file.write('hello ');
    await file.write(Buffer.from('world'));
    expect(await fs.readdir(dir)).toEqual([path.basename(file.tempPath)]);
    await file.commit();
    expect(await fs.readdir(dir)).toEqual(['out.csv']);
    expect(await fs.readFile(target, 'utf8')).toBe('hello world');
  });

  it.runIf(posix)('keeps the file private (0600) while writing, then gives it the default mode', async () => {
    const target = path.join(dir, 'mode.csv');
    const file = await openAtomicFile(target);
    expect((await fs.stat(file.tempPath)).mode & 0o777).toBe(0o600);
    await file.commit();
    // The default is what the OS gives a new 0666 file under this process's umask.
    const probe = path.join(dir, 'probe');
    await fs.writeFile(probe, '', { mode: 0o666 });
    expect((await fs.stat(target)).mode & 0o777).toBe((await fs.stat(probe)).mode & 0o777);
  });

  it.runIf(posix)('keeps the mode of a file it replaces', async () => {
    const target = path.join(dir, 'existing.csv');
    await fs.writeFile(target, 'old');
    await fs.chmod(target, 0o640);
    const file = await openAtomicFile(target);
    await file.write('new');
    await file.commit();
    expect(await fs.readFile(target, 'utf8')).toBe('new');
    expect((await fs.stat(target)).mode & 0o777).toBe(0o640);
  });

  it('abort removes the temporary file and leaves an existing target untouched', async () => {
    const target = path.join(dir, 'keep.csv');
    await fs.writeFile(target, 'previous export');
    const file = await openAtomicFile(target);
    await file.write('half of a new export');
    await file.abort();
    await file.abort(); // idempotent
    expect(await fs.readdir(dir)).toEqual(['keep.csv']);
    expect(await fs.readFile(target, 'utf8')).toBe('previous export');
    await expect(file.commit()).rejects.toBeInstanceOf(FileError);
  });

  it('refuses a target in a folder that does not exist, with a clear error and nothing created', async () => {
    const target = path.join(dir, 'missing', 'out.csv');
    const error = await openAtomicFile(target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileError);
    expect((error as FileError).code).toBe('no-folder');
    expect((error as FileError).message).toBe(`The folder ${path.join(dir, 'missing')} does not exist.`);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('refuses a target that is a folder', async () => {
    await fs.mkdir(path.join(dir, 'sub'));
    await expect(openAtomicFile(path.join(dir, 'sub'))).rejects.toMatchObject({ kind: 'file', code: 'is-folder' });
  });

  it('write() waits for the disk when the buffer is full (back-pressure)', async () => {
    const target = path.join(dir, 'big.bin');
    const file = await openAtomicFile(target, { highWaterMark: 1024 });
    const chunk = Buffer.alloc(4096, 1);
    let waited = 0;
    for (let i = 0; i < 64; i += 1) {
      const before = file.stream.writableLength;
      await file.write(chunk);
      if (before + chunk.length > 1024) waited += 1;
      expect(file.stream.writableLength).toBeLessThanOrEqual(1024 + chunk.length);
    }
    expect(waited).toBeGreaterThan(0);
    await file.commit();
    expect((await fs.stat(target)).size).toBe(64 * 4096);
  });

  it('a temporary name stays within 255 bytes for a long target name, in any script', async () => {
    for (const name of [`${'x'.repeat(240)}.csv`, `${'ö'.repeat(120)}.csv`, `${'請求書'.repeat(27)}.csv`, `${'🧾'.repeat(62)}.csv`]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      const temp = path.basename(tempPathFor(path.join(dir, name)));
      expect(Buffer.byteLength(temp), name).toBeLessThanOrEqual(255);
      // Cut on a character: no half of a surrogate pair (it would be written as U+FFFD).
      expect(temp).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      const file = await openAtomicFile(path.join(dir, name));
      await file.write('x');
      await file.commit();
    }
    expect(await fs.readdir(dir)).toHaveLength(4);
  });

  it('a failure at commit removes the temporary file', async () => {
    const target = path.join(dir, 'gone', 'x.csv');
    await fs.mkdir(path.join(dir, 'gone'));
    const file = await openAtomicFile(target);
    await file.write('data');
    // The folder disappears before the rename (as if the user deleted it meanwhile).
    await fs.rm(path.join(dir, 'gone'), { recursive: true, force: true });
    await expect(file.commit()).rejects.toBeInstanceOf(FileError);
    await expect(fs.stat(file.tempPath)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
