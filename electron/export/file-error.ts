import path from 'node:path';

/**
 * A file-system failure of an export, in words the user can act on (the folder is missing, no
 * permission, the disk is full, the file is open elsewhere), mapped from Node's error codes.
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

export function systemCodeOf(error: unknown): string | undefined {
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
