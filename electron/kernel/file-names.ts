/**
 * Messages for the window name a file, never its folder: a folder shows the home folder and so the
 * user's name (README, Security). Node's and SQLite's own messages carry full paths ("EACCES:
 * permission denied, open '/home/alice/.config/Invoice Desk/local-copies/x.sqlite'"); the full
 * message goes to the log, the window gets it with each path cut to its last part.
 */
import path from 'node:path';

// A quoted path (Node quotes the paths of its fs errors; folders may hold spaces).
const QUOTED_PATH = /(['"`])((?:[A-Za-z]:)?[\\/][^'"`\n]*)\1/g;
// An unquoted absolute path: POSIX, a drive letter, or a UNC share. Stops at white space.
const BARE_PATH = /(?<![\w:/\\])(?:[A-Za-z]:[\\/]|\\\\|\/)(?:[^\s\\/'"`]+[\\/])+([^\s\\/'"`]*)/g;

const lastPart = (file: string): string => path.win32.basename(file.replace(/[\\/]+$/, '')) || file;

/** `text` with each of `folders` (known exactly, spaces and all) and every absolute path cut to its file name. */
export function withoutFolders(text: string, folders: readonly string[] = []): string {
  let out = text;
  for (const folder of folders) {
    const trimmed = folder.replace(/[\\/]+$/, '');
    if (!trimmed) continue;
    // The folder exactly (it may hold spaces), then any subfolders, up to the file's name.
    const escaped = trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`${escaped}(?:[\\\\/][^\\s\\\\/'"\`]+)*[\\\\/]([^\\s\\\\/'"\`]*)`, 'g'), (_all, name: string) => name).split(trimmed).join(lastPart(trimmed));
  }
  return out.replace(QUOTED_PATH, (_all, quote: string, file: string) => `${quote}${lastPart(file)}${quote}`).replace(BARE_PATH, (_all, name: string) => name);
}
