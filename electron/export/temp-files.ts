import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * The names of an export's temporary files, and the removal of those a dead export left behind.
 */

/** The temporary name: hidden, random, short enough for a 255-byte file-name limit. */
export function tempPathFor(target: string): string {
  const base = path.basename(target).slice(0, 120);
  return path.join(path.dirname(target), `.${base}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Temporaries of a crashed or killed export are this old before a later export removes them. */
export const STALE_TEMP_MS = 6 * 60 * 60_000;

/**
 * Removes temporaries that an export to the same target left behind when its process died (a
 * crash, kill -9, power loss): only files with exactly our name pattern, and only old ones, so a
 * running export's file is never touched.
 */
export async function removeStaleTemps(target: string, now = Date.now()): Promise<string[]> {
  const folder = path.dirname(target);
  const base = path.basename(target).slice(0, 120);
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]{12}\\.tmp$`);
  const removed: string[] = [];
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return removed;
  }
  for (const name of names.filter((n) => pattern.test(n))) {
    const file = path.join(folder, name);
    try {
      const stat = await fs.lstat(file);
      if (stat.isFile() && now - stat.mtimeMs > STALE_TEMP_MS) {
        await fs.rm(file, { force: true });
        removed.push(file);
      }
    } catch {
      // Gone already, or not ours to touch: leave it.
    }
  }
  return removed;
}
