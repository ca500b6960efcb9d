// Temporaries left by a crashed or killed export: which ones the next export to the same file
// removes, and which it must leave alone.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAtomicFile, removeStaleTemps, STALE_TEMP_MS, tempPathFor } from '../../../electron/export/atomic-file';

let folder: string;

beforeEach(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'stale-temps-'));
});
afterEach(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

/** A temporary file of `target` as a dead export leaves it, `ageMs` old. */
async function leftBehind(target: string, ageMs = STALE_TEMP_MS + 60_000): Promise<string> {
  const file = tempPathFor(target);
  await fs.writeFile(file, 'x');
  const then = new Date(Date.now() - ageMs);
  await fs.utimes(file, then, then);
  return file;
}

const names = async (): Promise<string[]> => (await fs.readdir(folder)).sort();

describe('stale temporaries', () => {
  it('are removed by the next export to the same file once they are old; fresh ones and other files stay', async () => {
    const target = path.join(folder, 'fakturor (1).csv');
    const old = await leftBehind(target);
    const fresh = await leftBehind(target, 60_000);
    const other = await leftBehind(path.join(folder, 'other.csv'));
    const lookalike = path.join(folder, `${path.basename(old).replace(/\.[0-9a-f]{12}\.tmp$/, '')}.notours.tmp`);
    await fs.writeFile(lookalike, 'x');
    await fs.utimes(lookalike, new Date(0), new Date(0));
    expect(await removeStaleTemps(target)).toEqual([old]);
    expect(await names()).toEqual([fresh, lookalike, other].map((f) => path.basename(f)).sort());
  });

  it("never match another target's file, even when both long names are cut to the same prefix", async () => {
    const long = 'Kundreskontra '.repeat(12);
    const mine = path.join(folder, `${long}januari.csv`);
    const theirs = path.join(folder, `${long}februari.csv`);
    const theirFile = await leftBehind(theirs);
    // The cut names are the same: only the hash of the whole name tells the two apart.
    expect(path.basename(tempPathFor(mine)).slice(0, 100)).toBe(path.basename(theirFile).slice(0, 100));
    expect(await removeStaleTemps(mine)).toEqual([]);
    const file = await openAtomicFile(mine);
    await file.abort();
    expect(await names()).toEqual([path.basename(theirFile)]);
    expect(await removeStaleTemps(theirs)).toEqual([theirFile]);
  });

  it("leave another user's file alone (ownership checked where the OS has uids)", async () => {
    const target = path.join(folder, 'shared.csv');
    const file = await leftBehind(target);
    const me = process.getuid?.();
    // As if this process ran as someone else: the file is then another user's.
    expect(await removeStaleTemps(target, { ownerUid: (me ?? 1000) + 1 })).toEqual([]);
    expect(await names()).toEqual([path.basename(file)]);
    // Where there are no uids (Windows) there is nothing to compare.
    expect(await removeStaleTemps(target, { ownerUid: undefined })).toEqual([file]);
  });

  it.runIf(process.getuid?.() === 0)("leave a file really owned by another uid alone (root: chown)", async () => {
    const target = path.join(folder, 'shared.csv');
    const theirs = await leftBehind(target);
    await fs.lchown(theirs, 4242, 4242);
    const mine = await leftBehind(target);
    expect(await removeStaleTemps(target)).toEqual([mine]);
    expect(await names()).toEqual([path.basename(theirs)]);
  });
});
