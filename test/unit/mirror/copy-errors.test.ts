// A local copy's failure reaches the window naming the file, never the folder (security round
// three, 4): the folder shows the home folder, so the user's name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyErrorForWindow } from '../../../electron/mirror/access/copy-errors';
import { withoutFolders } from '../../../electron/kernel/file-names';
import { ApiError } from '../../../electron/kernel/errors';

const home = mkdtempSync(path.join(os.tmpdir(), 'alice-'));
const dataDir = path.join(home, '.config', 'Invoice Desk');
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('local copy errors in the window', () => {
  it("a real file-system failure keeps Node's words and the file's name, not the folder", () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'local-copies'), 'a file where the folder should be');
    let failure: unknown;
    try {
      mkdirSync(path.join(dataDir, 'local-copies', 'c1.sqlite'));
    } catch (error) {
      failure = error;
    }
    expect(String((failure as Error).message)).toContain(home); // Node's own message names the folder
    const shown = copyErrorForWindow(failure, [dataDir]);
    expect(shown.kind).toBe('internal');
    expect(shown.message).toContain('ENOTDIR');
    expect(shown.message).toContain('c1.sqlite');
    expect(shown.message).not.toContain(home);
    expect(shown.message).not.toContain(path.basename(home));
    expect(shown.message).not.toContain('.config');
  });

  it('paths the app does not know, quoted or bare, POSIX or Windows, are cut to their last part', () => {
    const eacces = new Error("EACCES: permission denied, open '/home/alice/.config/Invoice Desk/local-copies/c1.sqlite'");
    expect(copyErrorForWindow(eacces, []).message).toBe("The local copy failed: EACCES: permission denied, open 'c1.sqlite'");
    expect(withoutFolders('unable to open database file /var/lib/alice/copy.sqlite-wal (14)')).toBe('unable to open database file copy.sqlite-wal (14)');
    expect(withoutFolders(String.raw`EPERM: operation not permitted, rename 'C:\Users\Alice\AppData\Roaming\Invoice Desk\local-copies\c1.sqlite'`)).toBe("EPERM: operation not permitted, rename 'c1.sqlite'");
    expect(withoutFolders(String.raw`disk I/O error at \\server\share\alice\c1.sqlite`)).toBe('disk I/O error at c1.sqlite');
    expect(withoutFolders('5 of 10 pages, 2026-11-25')).toBe('5 of 10 pages, 2026-11-25');
  });

  it("the app's own errors keep their kind and remedy, their message cut the same way", () => {
    const error = new ApiError('unavailable', { message: `Cannot read ${path.join(dataDir, 'local-copies', 'c1.sqlite')}`, remedy: 'Try again.' });
    expect(copyErrorForWindow(error, [dataDir])).toMatchObject({ kind: 'unavailable', message: 'Cannot read c1.sqlite', remedy: 'Try again.' });
  });
});
