/**
 * `report --tenants 8100001,8100002,...` or `--tenants-file FILE`: an accounting firm's client
 * companies, each a TenantId of digits. The file holds TenantIds separated by commas, spaces or
 * lines; `#` starts a comment to the end of its line (a name beside each id). Pure but for reading
 * the file.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { invalid, UsageError } from './args';

/** More than a firm keeps (the sandbox's world goes to 2,000), and a file read whole. */
export const MAX_TENANTS = 5_000;
const MAX_FILE_BYTES = 1_000_000;
const TENANT_ID = /^\d{1,18}$/;

/** The TenantIds of a list, in their order, each once. */
export function tenantList(option: string, text: string): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    for (const word of line.replace(/#.*$/, '').split(/[\s,;]+/)) {
      if (word === '') continue;
      if (!TENANT_ID.test(word)) throw invalid(option, `"${word.slice(0, 40)}" is not a TenantId (digits only)`);
      if (seen.has(word)) continue;
      seen.add(word);
      ids.push(word);
    }
  }
  if (ids.length === 0) throw invalid(option, 'no TenantId in it');
  if (ids.length > MAX_TENANTS) throw invalid(option, `${ids.length} TenantIds; at most ${MAX_TENANTS}`);
  return ids;
}

/** The file's TenantIds (`base`: where relative names are read from). */
export function tenantsFromFile(file: string, base: string): string[] {
  return tenantList('--tenants-file', readListFile(path.resolve(base, file)));
}

/**
 * A regular file's text, at most MAX_FILE_BYTES. A device (/dev/zero) has no size to check and
 * never ends, and a FIFO blocks in open() until a writer comes (before any fstat could tell), so
 * the name is stat'ed first and anything but a regular file is refused unopened. The open does not
 * block (a FIFO swapped in after the stat opens at once and is refused by its fstat), and the read
 * stops one byte past the limit whatever the size said.
 */
function readListFile(full: string): string {
  const refuse = (detail: string): UsageError => invalid('--tenants-file', `${full} ${detail}`);
  const cannotRead = (error: unknown): UsageError => {
    if (error instanceof UsageError) return error;
    const code = (error as { code?: string }).code;
    return refuse(`cannot be read${code ? ` (${code})` : ''}`);
  };
  let named: Stats;
  try {
    named = statSync(full);
  } catch (error) {
    throw cannotRead(error);
  }
  if (!named.isFile()) throw refuse(`is ${kindOf(named)}, not a file of TenantIds`);
  if (named.size > MAX_FILE_BYTES) throw refuse(TOO_LARGE);
  let fd: number;
  try {
    fd = openSync(full, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw cannotRead(error);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw refuse(`is ${kindOf(opened)}, not a file of TenantIds`);
    const buffer = Buffer.alloc(MAX_FILE_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > MAX_FILE_BYTES) throw refuse(TOO_LARGE);
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    throw cannotRead(error);
  } finally {
    closeSync(fd);
  }
}

const TOO_LARGE = 'is over 1 MB: a list of TenantIds is far smaller';

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a pipe (FIFO)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}
