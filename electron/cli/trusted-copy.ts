/**
 * --mirror names a folder of the user's choice, which may be shared (/tmp, a team's folder). A
 * local copy another user put there would feed its rows to report, digest and export as the
 * company's own, and a journal of theirs beside the user's copy (`-wal`, `-shm`) would receive the
 * company's rows where its owner can read them. So a copy is used only when:
 *  - the folder cannot be written by group or others, or is sticky (as /tmp is: there nobody can
 *    remove or rename a file of someone else's, so a file that is the user's stays the user's);
 *  - the copy and its journals, where they exist, belong to the current user.
 * Only the folder given and its files are checked, not its parents: the folder is what the user
 * chose, and a shared parent (a home below a group-writable /home) is common and not the copy's.
 *
 * Where the OS has no owners and modes (Windows, where `process.getuid` is missing) nothing is
 * checked: the folder's access list decides there.
 */
import { lstat, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { fileError, toFileError } from '../export/file-error';

/** The copy's files SQLite reads or writes beside it (createCopyFile refuses the same ones as links). */
export const COPY_SUFFIXES = ['', '-wal', '-shm', '-journal'] as const;

export interface TrustOptions {
  /** Whose files the copy's may be; default this process's user, undefined where there are no uids. */
  ownerUid?: number | undefined;
}

/** Throws a FileError (exit 5) naming the folder or the file when the copy in `dir` is not safely the user's. */
export async function refuseUntrustedCopy(dir: string, file: string, options: TrustOptions = {}): Promise<void> {
  const ownerUid = 'ownerUid' in options ? options.ownerUid : process.getuid?.();
  if (ownerUid === undefined) return;
  const folder = await stat(dir).catch((error: unknown) => {
    throw toFileError(error, file, 'open the local copy');
  });
  if ((folder.mode & 0o022) !== 0 && (folder.mode & 0o1000) === 0) {
    const mode = (folder.mode & 0o7777).toString(8).padStart(4, '0');
    throw fileError('untrusted', dir, (f) => `The folder ${f} can be written by other users (mode ${mode}) and is not sticky: refused for the local copy, since another user could put a copy of theirs there.`);
  }
  for (const suffix of COPY_SUFFIXES) {
    const name = `${file}${suffix}`;
    const found = await lstatOrNull(name);
    if (found && found.uid !== ownerUid) {
      throw fileError('untrusted', name, (f) => `The local copy ${f} belongs to another user (uid ${found.uid}): refused, so none of its rows are read and none of the company's are written to it.`);
    }
  }
}

async function lstatOrNull(file: string): Promise<Stats | null> {
  try {
    return await lstat(file);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw toFileError(error, file, 'open the local copy');
  }
}
