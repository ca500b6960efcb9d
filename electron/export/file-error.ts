import path from 'node:path';

/**
 * A file-system failure of an export, in words the user can act on (the folder is missing, no
 * permission, the disk is full, the file is open elsewhere), mapped from Node's error codes.
 *
 * Each has two wordings: `message` names the full path (for the log and the CLI, which runs on the
 * user's own terminal), `windowMessage` names the file alone: what crosses IPC to the window
 * (`toInfo()`) never carries a folder, which shows the home folder and so the user's name. Node's
 * own messages ("EACCES: permission denied, open '/home/…'") stay in `cause`, for the log only.
 */

export type FileErrorCode = 'no-folder' | 'is-folder' | 'no-permission' | 'disk-full' | 'busy' | 'io' | 'untrusted';

// Said after the report's and the digest's failures too (a local copy they could not open or
// write), not only an export's: "try again" fits each.
const REMEDIES: Record<FileErrorCode, string> = {
  'no-folder': 'Choose a folder that exists.',
  'is-folder': 'Choose a file name, not a folder.',
  'no-permission': 'Choose a folder you can write to, or check the file is not read-only.',
  'disk-full': 'Free some disk space or choose another disk, then try again.',
  busy: 'Close the file in the other program (for example a spreadsheet), then try again.',
  io: 'Check the disk and the folder, then try again.',
  untrusted: 'Keep the local copy in a folder only you can write to (chmod 700), with no other user\'s files in it.',
};

/** A file-system failure of an export, in words the user can act on. IPC kind: `file`. */
export class FileError extends Error {
  readonly kind = 'file' as const;
  readonly code: FileErrorCode;
  readonly remedy: string;
  /** The operating system's error code (ENOENT, EACCES, ...), when there was one. */
  readonly systemCode?: string;
  /** The message with the file's name only, no folder: for the window. */
  readonly windowMessage: string;

  constructor(code: FileErrorCode, message: string, windowMessage: string, options: { cause?: unknown; systemCode?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FileError';
    this.code = code;
    this.windowMessage = windowMessage;
    this.remedy = REMEDIES[code];
    if (options.systemCode !== undefined) this.systemCode = options.systemCode;
  }

  /** The IPC-facing shape: the file's name, never its folder. */
  toInfo(): { kind: 'file'; message: string; remedy: string; retryable: boolean } {
    return { kind: 'file', message: this.windowMessage, remedy: this.remedy, retryable: this.code === 'busy' || this.code === 'disk-full' };
  }
}

export function isFileError(error: unknown): error is FileError {
  return error instanceof FileError;
}

export function systemCodeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A FileError whose words name `file`: its full path in `message`, its name in `windowMessage`. */
export function fileError(code: FileErrorCode, file: string, say: (file: string) => string, options: { cause?: unknown; systemCode?: string } = {}): FileError {
  return new FileError(code, say(file), say(path.basename(file)), options);
}

/** The folder of `file` does not exist: named in full for the log, by the file for the window. */
export function noFolderError(file: string, options: { cause?: unknown; systemCode?: string } = {}): FileError {
  return new FileError('no-folder', `The folder ${path.dirname(file)} does not exist.`, `The folder chosen for ${path.basename(file)} does not exist.`, options);
}

/** Maps an fs error to a FileError about `file` (the target's name, never the temporary one). */
export function toFileError(error: unknown, file: string, doing: string): FileError {
  if (error instanceof FileError) return error;
  const systemCode = systemCodeOf(error);
  const options = { cause: error, ...(systemCode !== undefined ? { systemCode } : {}) };
  switch (systemCode) {
    case 'ENOENT':
    case 'ENOTDIR':
      return noFolderError(file, options);
    case 'EISDIR':
      return fileError('is-folder', file, (f) => `${f} is a folder.`, options);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      // Windows reports a target that another program holds open as EPERM (or EBUSY) on rename.
      if (process.platform === 'win32' && doing === 'replace') {
        return fileError('busy', file, (f) => `${f} could not be replaced: it may be open in another program.`, options);
      }
      return fileError('no-permission', file, (f) => `No permission to write ${f}.`, options);
    case 'EBUSY':
      return fileError('busy', file, (f) => `${f} is in use by another program.`, options);
    case 'ENOSPC':
    case 'EDQUOT':
      return fileError('disk-full', file, (f) => `The disk is full: ${f} could not be written.`, options);
    default:
      return fileError('io', file, (f) => `Could not ${doing} ${f}${systemCode ? ` (${systemCode})` : ''}.`, options);
  }
}
