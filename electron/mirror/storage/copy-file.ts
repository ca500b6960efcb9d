/** The copy's file on disk: private, and never reached through a link. */
import { closeSync, constants, lstatSync, openSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * Opens (creating it 0600) the copy's file without following a link, and refuses a file or a
 * journal beside it that is a link: a link planted in the copies' folder would make the app write
 * its copy wherever it points.
 */
export function createCopyFile(file: string): void {
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    const stats = lstatOrNull(name);
    if (stats?.isSymbolicLink()) throw new Error(`The local copy ${path.basename(name)} is a link, not a file: refused.`);
  }
  closeSync(openSync(file, constants.O_RDWR | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600));
}

function lstatOrNull(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

