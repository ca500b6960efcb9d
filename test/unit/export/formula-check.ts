// Formula injection as a spreadsheet sees an exported file: every way it may split the lines
// (a CSV parser with either delimiter, and the naive split of a spreadsheet whose list separator is
// not the file's), and every cell that would then start a formula. Shared by the CSV, app-export
// and CLI tests.
import Papa from 'papaparse';

/** Names that try every way around a first-character check (issue: formula injection). */
export const HOSTILE_TEXTS: readonly string[] = [
  ';=1+1',
  ',=1+1',
  'a;@SUM(A1)',
  'x\n=1+1',
  'x\r\n+1',
  '\t=1+1',
  '\r=1+1',
  '\tx',
  '\uFF1D1+1',
  '\uFF0B1',
  '\uFF0D1',
  '\uFF20SUM(A1)',
  'a;\uFF1D1',
  '=HYPERLINK("x")',
  ' =1+1',
  'a; -2+3',
  'a;"=1+1',
  'a;\u3000=1',
  'a;;=1',
  'Berg, -10 %',
  // A C0 control, DEL or an invisible character before the formula (LibreOffice Calc drops
  // a leading NUL and evaluates what follows), and the small and other look-alike signs.
  '\u0000=2+2',
  '\u0000=HYPERLINK("https://evil.example/x";"click")',
  '\u0001\u0002 =1+1',
  '\u001F@SUM(A1)',
  '\u007F=1+1',
  '\u200B=1+1',
  '\u200E+1',
  '\u2060-1+1',
  '\uFEFF=1+1',
  'a;\u0000=1+1',
  'a,\u200D\u0000 "=1+1',
  'x\n\u007F\u200F-1+2',
  '\uFE66SUM(A1)',
  '\uFE621',
  '\uFE631+1',
  '\uFE6BSUM(A1)',
  '\u22121+1',
  'a;\u2212 1',
];

const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212]/;
/** What a spreadsheet may drop or skip before a formula: whitespace, C0 controls, DEL, invisible characters. */
const SKIPPED = /^[\s\u0000-\u001F\u007F\u200B-\u200F\u2060\uFEFF]*/;
/** An amount in either format, or a fragment of one split at its decimal comma. */
const NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;

function dangerous(cell: string): boolean {
  const trimmed = cell.replace(SKIPPED, '');
  return FORMULA_START.test(trimmed) && !NUMBER.test(trimmed.trimEnd());
}

/** The cells of `text` as each reader would get them. */
export function readings(text: string): Record<string, string[]> {
  const body = text.replace(/^\uFEFF/, '');
  const result: Record<string, string[]> = {};
  for (const delimiter of [',', ';']) {
    // Errors are expected when the delimiter is not the file's: the cells are what counts.
    result[`papaparse "${delimiter}"`] = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: true }).data.flat();
    result[`naive split "${delimiter}"`] = body.split(/\r\n|\r|\n/).flatMap((line) => line.split(delimiter));
  }
  return result;
}

/** Every cell, in any reading, that a spreadsheet would evaluate as a formula (expect []). */
export function formulaCells(text: string): string[] {
  return Object.entries(readings(text)).flatMap(([reader, cells]) =>
    // A quote mark before the formula changes nothing for a spreadsheet that strips it.
    cells.filter((cell) => dangerous(cell) || dangerous(cell.replace(/^[\s"\u0000-\u001F\u007F\u200B-\u200F\u2060\uFEFF]*/, ''))).map((cell) => `${reader}: ${JSON.stringify(cell)}`),
  );
}
