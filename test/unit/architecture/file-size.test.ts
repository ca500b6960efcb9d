// No source file of the main process or the renderer over 300 lines: a file that long does more
// than one job, and its name no longer says what is in it. Split it by job and name each part for
// its job; a re-export left behind does not count as a split.
// The sandbox is excepted: it is an independent implementation of the service, kept apart from
// the client on purpose (docs/architecture.md, The layers), and held to its own shape.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCE_DIRS = ['electron', 'renderer'];
const EXCEPTED = [path.join('electron', 'sandbox')];
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (EXCEPTED.includes(path.relative(ROOT, full))) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Lines as an editor counts them (a final newline ends the last line, it does not start one). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('file size', () => {
  it('counts lines as wc -l does for a file ending in a newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\nb\n')).toBe(2);
  });

  it(`no .ts or .tsx file of electron/ (the sandbox excepted) or renderer/ has more than ${MAX_LINES} lines`, () => {
    const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    for (const dir of SOURCE_DIRS) expect(files.some((file) => file.startsWith(path.join(ROOT, dir) + path.sep))).toBe(true);
    expect(files.some((file) => file.includes(`${path.sep}sandbox${path.sep}`))).toBe(false);
    const tooLong = files
      .map((file) => ({ file: path.relative(ROOT, file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
