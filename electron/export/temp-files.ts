import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * The names of an export's temporary files, and the removal of those a dead export left behind.
 *
 * A temporary file is `.<name>.<hash>.<random>.tmp` beside the target: `<name>` is the target's
 * name, cut short for the file-name limit, so two long names can share it; `<hash>` (the first 12
 * hex digits of the SHA-256 of the target's WHOLE name) tells them apart, so the clean-up of one
 * target never matches another target's file.
 */

/**
 * UTF-8 bytes of the target's name kept in the temporary name: with the rest (31 bytes) it stays
 * far below the 255-byte limit of file names. Bytes, not characters: a name of 120 `ö` is 240 bytes.
 */
const NAME_BYTES = 120;

/** The longest start of `name` within NAME_BYTES, never cutting a character (or a surrogate pair) in two. */
function namePrefix(name: string): string {
  let prefix = '';
  let bytes = 0;
  for (const char of name) {
    bytes += Buffer.byteLength(char);
    if (bytes > NAME_BYTES) break;
    prefix += char;
  }
  return prefix;
}

function nameHash(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 12);
}

/** `.<name>.<hash>.`: the part of a temporary name that only this target's temporaries have. */
function tempStem(target: string): string {
  const name = path.basename(target);
  return `.${namePrefix(name)}.${nameHash(name)}.`;
}

/** The temporary name: hidden, random, short enough for a 255-byte file-name limit. */
export function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `${tempStem(target)}${randomBytes(6).toString('hex')}.tmp`);
}

/** Temporaries of a crashed or killed export are this old before a later export removes them. */
export const STALE_TEMP_MS = 6 * 60 * 60_000;

export interface StaleTempOptions {
  /** Default Date.now(). */
  now?: number;
  /** Whose files may be removed; default this process's user. Undefined where there are no uids (Windows). */
  ownerUid?: number | undefined;
}

/**
 * Removes temporaries that an export to the same target left behind when its process died (a
 * crash, kill -9, power loss): only regular files with exactly this target's name pattern, owned by
 * this user (in a shared folder another user's file is not ours to delete), and only old ones, so a
 * running export's file is never touched.
 */
export async function removeStaleTemps(target: string, options: StaleTempOptions = {}): Promise<string[]> {
  const now = options.now ?? Date.now();
  const ownerUid = 'ownerUid' in options ? options.ownerUid : process.getuid?.();
  const folder = path.dirname(target);
  const stem = tempStem(target);
  const isOurs = (name: string): boolean => name.startsWith(stem) && /^[0-9a-f]{12}\.tmp$/.test(name.slice(stem.length));
  const removed: string[] = [];
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return removed;
  }
  for (const name of names.filter(isOurs)) {
    const file = path.join(folder, name);
    try {
      const stat = await fs.lstat(file);
      const owned = ownerUid === undefined || stat.uid === ownerUid;
      if (stat.isFile() && owned && now - stat.mtimeMs > STALE_TEMP_MS) {
        await fs.rm(file, { force: true });
        removed.push(file);
      }
    } catch {
      // Gone already, or not ours to touch: leave it.
    }
  }
  return removed;
}
