import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';

/**
 * A file that appears complete or not at all.
 *
 * The data goes to a temporary file BESIDE the target (same folder, so the final rename stays on one
 * file system and is atomic): `.<name>.<random>.tmp`, hidden on Unix, created exclusively (`wx`: an
 * existing file or a planted symlink of that name is never followed or overwritten). `commit()`
 * flushes, fsyncs, closes and renames it over the target, then fsyncs the folder so the rename
 * itself survives a power cut. `abort()` (or any failure) closes and deletes it. A reader of the
 * target sees the old file or the new complete one, never a half-written one.
 *
 * Permissions: the temporary file is opened with 0666 so the OS applies the user's umask, the
 * resulting mode is remembered, and the file is then narrowed to 0600 while it is being written
 * (an unfinished export of customer data is readable by its owner only; the file is still empty at
 * that point). At commit it gets the remembered mode back, i.e. the same permissions any other
 * program would give a new file, or, when it replaces an existing file, that file's mode (an
 * export must not silently widen or narrow who can read a file the user chose to overwrite).
 * This avoids `process.umask()` (deprecated for reading: it briefly changes the process-wide mask).
 * On Windows the modes only toggle the read-only flag, which stays off.
 */

export type FileErrorCode = 'no-folder' | 'is-folder' | 'no-permission' | 'disk-full' | 'busy' | 'io';

const REMEDIES: Record<FileErrorCode, string> = {
  'no-folder': 'Choose a folder that exists.',
  'is-folder': 'Choose a file name, not a folder.',
  'no-permission': 'Choose a folder you can write to, or check the file is not read-only.',
  'disk-full': 'Free some disk space or choose another disk, then export again.',
  busy: 'Close the file in the other program (for example a spreadsheet), then export again.',
  io: 'Check the disk and the folder, then export again.',
};

/** A file-system failure of an export, in words the user can act on. IPC kind: `file`. */
export class FileError extends Error {
  readonly kind = 'file' as const;
  readonly code: FileErrorCode;
  readonly remedy: string;
  /** The operating system's error code (ENOENT, EACCES, ...), when there was one. */
  readonly systemCode?: string;

  constructor(code: FileErrorCode, message: string, options: { cause?: unknown; systemCode?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FileError';
    this.code = code;
    this.remedy = REMEDIES[code];
    if (options.systemCode !== undefined) this.systemCode = options.systemCode;
  }

  toInfo(): { kind: 'file'; message: string; remedy: string; retryable: boolean } {
    return { kind: 'file', message: this.message, remedy: this.remedy, retryable: this.code === 'busy' || this.code === 'disk-full' };
  }
}

export function isFileError(error: unknown): error is FileError {
  return error instanceof FileError;
}

function systemCodeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Maps an fs error to a FileError about `file` (the target's name, never the temporary one). */
export function toFileError(error: unknown, file: string, doing: string): FileError {
  if (error instanceof FileError) return error;
  const systemCode = systemCodeOf(error);
  const options = { cause: error, ...(systemCode !== undefined ? { systemCode } : {}) };
  switch (systemCode) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new FileError('no-folder', `The folder ${path.dirname(file)} does not exist.`, options);
    case 'EISDIR':
      return new FileError('is-folder', `${file} is a folder.`, options);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      // Windows reports a target that another program holds open as EPERM (or EBUSY) on rename.
      if (process.platform === 'win32' && doing === 'replace') {
        return new FileError('busy', `${file} could not be replaced: it may be open in another program.`, options);
      }
      return new FileError('no-permission', `No permission to write ${file}.`, options);
    case 'EBUSY':
      return new FileError('busy', `${file} is in use by another program.`, options);
    case 'ENOSPC':
    case 'EDQUOT':
      return new FileError('disk-full', `The disk is full: ${file} could not be written.`, options);
    default:
      return new FileError('io', `Could not ${doing} ${file}${systemCode ? ` (${systemCode})` : ''}.`, options);
  }
}

export interface AtomicFile {
  /** The absolute path the file will have once committed. */
  readonly target: string;
  /** The temporary file's path (beside the target). */
  readonly tempPath: string;
  /** A byte stream into the temporary file, with the usual back-pressure (`write()` returns false). */
  readonly stream: Writable;
  /** Writes a chunk; resolves once the stream has room again (awaits 'drain'), rejects on a write error. */
  write(chunk: string | Uint8Array): Promise<void>;
  /** Ends the stream, fsyncs, renames over the target. Removes the temporary file if any step fails. */
  commit(): Promise<void>;
  /** Stops writing and removes the temporary file. Idempotent; never throws. */
  abort(): Promise<void>;
}

export interface AtomicFileOptions {
  /** Bytes buffered before `write()` waits for the disk; default 256 KiB. */
  highWaterMark?: number;
}

/** The temporary name: hidden, random, short enough for a 255-byte file-name limit. */
export function tempPathFor(target: string): string {
  const base = path.basename(target).slice(0, 120);
  return path.join(path.dirname(target), `.${base}.${randomBytes(6).toString('hex')}.tmp`);
}

async function checkTarget(target: string): Promise<void> {
  const folder = path.dirname(target);
  let folderStat;
  try {
    folderStat = await fs.stat(folder);
  } catch (error) {
    if (systemCodeOf(error) === 'ENOENT' || systemCodeOf(error) === 'ENOTDIR') {
      throw new FileError('no-folder', `The folder ${folder} does not exist.`, { cause: error });
    }
    throw toFileError(error, target, 'check the folder of');
  }
  if (!folderStat.isDirectory()) throw new FileError('no-folder', `${folder} is not a folder.`);
  try {
    if ((await fs.stat(target)).isDirectory()) throw new FileError('is-folder', `${target} is a folder.`);
  } catch (error) {
    if (error instanceof FileError) throw error;
    if (systemCodeOf(error) !== 'ENOENT') throw toFileError(error, target, 'check');
  }
}

/** Opens the temporary file beside `target`. Throws FileError when the folder does not exist, the
 * target is a folder, or the folder cannot be written. */
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

export async function openAtomicFile(targetInput: string, options: AtomicFileOptions = {}): Promise<AtomicFile> {
  const target = path.resolve(targetInput);
  await checkTarget(target);
  await removeStaleTemps(target);
  const tempPath = tempPathFor(target);

  let handle: fs.FileHandle;
  try {
    handle = await fs.open(tempPath, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o666);
  } catch (error) {
    throw toFileError(error, target, 'create a file beside');
  }
  let defaultMode = 0o644;
  try {
    defaultMode = (await handle.stat()).mode & 0o777;
    await handle.chmod(0o600);
  } catch {
    // Modes are best effort (some file systems, e.g. FAT or network shares, have none).
  }

  let closed = false;
  let finished = false;
  let aborted = false;

  async function writeAll(data: Buffer): Promise<void> {
    let offset = 0;
    while (offset < data.length) {
      const { bytesWritten } = await handle.write(data, offset, data.length - offset);
      offset += bytesWritten;
    }
  }

  const stream = new Writable({
    highWaterMark: options.highWaterMark ?? 256 * 1024,
    decodeStrings: true,
    write(chunk: Buffer, _encoding, callback) {
      writeAll(chunk).then(() => callback(), (error: unknown) => callback(error as Error));
    },
    writev(chunks, callback) {
      writeAll(Buffer.concat(chunks.map((c) => c.chunk as Buffer))).then(() => callback(), (error: unknown) => callback(error as Error));
    },
  });
  // A write error is reported through write()/commit(); keep it from becoming an uncaught 'error'.
  stream.on('error', () => undefined);

  async function closeHandle(): Promise<void> {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => undefined);
  }

  async function abort(): Promise<void> {
    if (finished) return;
    aborted = true;
    // Destroy with an error so a write() waiting for 'drain' rejects instead of waiting forever.
    if (!stream.destroyed) stream.destroy(new FileError('io', `${target}: the export was stopped.`));
    await closeHandle();
    await fs.rm(tempPath, { force: true }).catch(() => undefined);
  }

  return {
    target,
    tempPath,
    stream,

    async write(chunk) {
      if (aborted || finished) throw new FileError('io', `${target}: the export file is already closed.`);
      if (stream.errored) throw toFileError(stream.errored, target, 'write');
      if (stream.write(chunk)) return;
      try {
        await once(stream, 'drain');
      } catch (error) {
        throw toFileError(error, target, 'write');
      }
    },

    async commit() {
      if (aborted) throw new FileError('io', `${target}: the export was stopped before it was complete.`);
      if (finished) return;
      let step = 'write';
      try {
        if (stream.errored) throw stream.errored;
        if (!stream.writableFinished) {
          stream.end();
          await once(stream, 'finish');
        }
        step = 'save';
        await handle.sync();
        let mode = defaultMode;
        try {
          mode = (await fs.stat(target)).mode & 0o777;
        } catch {
          // a new file: keep the default mode
        }
        await handle.chmod(mode).catch(() => undefined);
        await closeHandle();
        step = 'replace';
        await fs.rename(tempPath, target);
        finished = true;
      } catch (error) {
        await abort();
        throw toFileError(error, target, step);
      }
      await syncFolder(path.dirname(target));
    },

    abort,
  };
}

/** Makes a rename durable (POSIX). Windows cannot open a folder for this and does not need it. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  let dir: fs.FileHandle | undefined;
  try {
    dir = await fs.open(folder, 'r');
    await dir.sync();
  } catch {
    // Best effort: some file systems refuse fsync on a folder.
  } finally {
    await dir?.close().catch(() => undefined);
  }
}
