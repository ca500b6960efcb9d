/** What the window may see of a local copy's failure. */
import type { IpcError } from '../../common/errors';
import { withoutFolders } from '../../kernel/file-names';
import { knownErrorInfo, toUserError } from '../../kernel/user-error';

/**
 * The app's own errors as they are, anything else as "The local copy failed: …" with Node's or
 * SQLite's words; either way each path cut to its file name (`folders`, the app's data folder, is
 * cut exactly, spaces and all), as the README promises: the window names the file, never the folder.
 */
export function copyErrorForWindow(error: unknown, folders: readonly string[]): IpcError {
  const info = knownErrorInfo(error);
  if (info) return toUserError({ ...info, message: withoutFolders(info.message, folders) });
  return { kind: 'internal', message: `The local copy failed: ${withoutFolders(error instanceof Error ? error.message : String(error), folders)}` };
}
