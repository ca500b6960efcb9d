import { once } from 'node:events';
import { promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { FileError, fileError, noFolderError, systemCodeOf, toFileError } from './file-error';
import { removeStaleTemps, tempPathFor } from './temp-files';

export { FileError, isFileError, toFileError, type FileErrorCode } from './file-error';
export { removeStaleTemps, STALE_TEMP_MS, tempPathFor } from './temp-files';

/**
 * A file that appears complete or not at all.
 *
 * The data goes to a temporary file BESIDE the target (same folder, so the final rename stays on one
 * file system and is atomic): `.<name>.<hash>.<random>.tmp` (temp-files.ts), hidden on Unix,
 * created exclusively (`wx`: an existing file or a planted symlink of that name is never followed
 * or overwritten). `commit()` flushes, fsyncs, closes and renames it over the target, then fsyncs
 * the folder so the rename itself survives a power cut. `abort()` (or any failure) closes and
 * deletes it. A reader of the target sees the old file or the new complete one, never a
 * half-written one.
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

async function checkTarget(target: string): Promise<void> {
  const folder = path.dirname(target);
  let folderStat;
  try {
    folderStat = await fs.stat(folder);
  } catch (error) {
    if (systemCodeOf(error) === 'ENOENT' || systemCodeOf(error) === 'ENOTDIR') {
      throw noFolderError(target, { cause: error });
    }
    throw toFileError(error, target, 'check the folder of');
  }
  if (!folderStat.isDirectory()) {
    throw new FileError('no-folder', `${folder} is not a folder.`, `The folder chosen for ${path.basename(target)} is not a folder.`);
  }
  try {
    if ((await fs.stat(target)).isDirectory()) throw fileError('is-folder', target, (f) => `${f} is a folder.`);
  } catch (error) {
    if (error instanceof FileError) throw error;
    if (systemCodeOf(error) !== 'ENOENT') throw toFileError(error, target, 'check');
  }
}

/** Opens the temporary file beside `target`. Throws FileError when the folder does not exist, the
 * target is a folder, or the folder cannot be written. */
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
    if (!stream.destroyed) stream.destroy(fileError('io', target, (f) => `${f}: the export was stopped.`));
    await closeHandle();
    await fs.rm(tempPath, { force: true }).catch(() => undefined);
  }

  return {
    target,
    tempPath,
    stream,

    async write(chunk) {
      if (aborted || finished) throw fileError('io', target, (f) => `${f}: the export file is already closed.`);
      if (stream.errored) throw toFileError(stream.errored, target, 'write');
      if (stream.write(chunk)) return;
      try {
        await once(stream, 'drain');
      } catch (error) {
        throw toFileError(error, target, 'write');
      }
    },

    async commit() {
      if (aborted) throw fileError('io', target, (f) => `${f}: the export was stopped before it was complete.`);
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
