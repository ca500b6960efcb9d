import { stringify, type Options } from 'csv-stringify/sync';
import { formatAmount, type CellValue, type CsvFormat, type ExportColumn } from './columns';

/**
 * CSV text for the export, RFC 4180, UTF-8, written with csv-stringify (a small, long-maintained
 * library whose quoting and formula escaping are tested against the cases that hand-written CSV code
 * gets wrong: embedded quotes, delimiters, bare CR or LF inside a cell, a BOM).
 *
 * The encoder turns one page of rows at a time into text (the export job writes each page's text to
 * the file as it arrives, so nothing holds more than a page).
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet evaluates a cell that begins with `=`,
 * `+`, `-` or `@` (or their full-width forms, or after a tab or carriage return). Looking only at a
 * cell's first character is not enough: a spreadsheet whose list separator is not the file's (Excel
 * with Swedish settings splits on `;`, an English one on `,`) splits the line at separators INSIDE a
 * cell too, so `;=1+1` in the Standard file becomes a new cell `=1+1` there. So:
 *  - every text cell of the data is quoted, so a reader using the file's own delimiter never splits it
 *    (the header, the app's own labels, is quoted only where a label needs it);
 *  - in a text cell, a formula character at its start or after a `,`, `;`, tab, CR or LF gets a `'`
 *    in front of it, as OWASP recommends: `;=1+1` is written `";'=1+1"`, which splits into `'=1+1`
 *    (text). Whatever a spreadsheet may strip, trim or ignore before a formula counts as nothing
 *    between the two: spaces, quote marks, C0 controls and DEL (LibreOffice Calc drops a leading NUL
 *    and evaluates `\u0000=2+2`), and the zero-width and invisible formatting characters U+200B to
 *    U+200F, U+2060 and U+FEFF. A name like `Berg, -10 %` therefore reads `Berg, '-10 %`: a visible
 *    quote is the price of a file that is safe whichever separator opens it;
 *  - a formula character is `=`, `+`, `-`, `@`, their full-width forms (U+FF1D, U+FF0B, U+FF0D,
 *    U+FF20), their small forms (U+FE66, U+FE62, U+FE63, U+FE6B) and the minus sign U+2212, which
 *    some spreadsheets read as the ASCII sign;
 *  - C0 controls other than tab, LF and CR are removed from text cells altogether: no invoice field
 *    needs one, and a reader may drop or act on them.
 * Numbers: amounts are passed to the writer as `number` and formatted by its `cast.number`; they
 * are neither quoted nor neutralised, so `-100.50` stays a negative number the spreadsheet can sum
 * (a number cannot carry a formula, so nothing is lost). Everything else (names, numbers-as-text
 * such as DocumentNumber or OCR, project codes, the headers) is text: a text cell `-5` becomes `'-5`.
 */

export interface CsvEncoderOptions {
  /** Any resource's columns (only their ids and headers are read). */
  columns: readonly ExportColumn<string>[];
  format: CsvFormat;
}

export interface CsvEncoder {
  /** The first chunk of the file: the BOM (excel-sv) and the header line. */
  header(): string;
  /** The lines of these rows (each row's cells in the order of `columns`), each ending in CRLF. */
  rows(rows: readonly (readonly CellValue[])[]): string;
}

export const CSV_DELIMITERS: Record<CsvFormat, string> = { standard: ',', 'excel-sv': ';' };

/** What a spreadsheet reads as the start of a formula: = + - @, their full-width and small forms, and the minus sign. */
const FORMULA_START = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212';
/** What a spreadsheet may strip, trim or skip before a formula: whitespace (the `trimStart` set),
 * quote marks, C0 controls, DEL and the zero-width or invisible formatting characters. */
const IGNORABLE = '\\s"\\u0000-\\u001F\\u007F\\u200B-\\u200F\\u2060\\uFEFF';
/** A formula start at the cell's start or after anything a spreadsheet may split a line on, with
 * any run of ignorable characters between. */
const FORMULA_AFTER_BREAK = new RegExp(`(^|[,;\\t\\r\\n])([${IGNORABLE}]*)(?=[${FORMULA_START}])`, 'g');
/** C0 controls except tab, LF and CR: removed from text cells (no invoice field needs them). */
const STRAY_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

/** A text cell made inert for a spreadsheet whatever its list separator (see above). */
export function neutraliseFormulas(text: string): string {
  const inner = text.replace(STRAY_CONTROLS, '').replace(FORMULA_AFTER_BREAK, "$1$2'");
  // OWASP lists a leading tab or carriage return too (some importers drop it, exposing what follows).
  return /^[\t\r]/.test(inner) ? `'${inner}` : inner;
}

function baseOptions(options: CsvEncoderOptions): Options {
  const { format } = options;
  return {
    delimiter: CSV_DELIMITERS[format],
    // RFC 4180 line ends. With an explicit record delimiter csv-stringify would stop quoting a cell
    // that holds a bare LF or CR unless told to: such a cell must be quoted or it splits the row.
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    // Every text cell, header included; numbers (amounts) stay unquoted numbers.
    quoted_string: true,
    // Never fires after neutraliseFormulas; kept as a guard of the first character should the
    // cast below ever change.
    escape_formulas: true,
    cast: {
      number: (value) => formatAmount(value, format),
      string: (value) => neutraliseFormulas(value),
    },
  };
}

export function createCsvEncoder(options: CsvEncoderOptions): CsvEncoder {
  if (options.columns.length === 0) throw new RangeError('An export needs at least one column.');
  const rowOptions: Options = { ...baseOptions(options), header: false, bom: false };
  const headerOptions: Options = {
    ...baseOptions(options),
    header: true,
    bom: options.format === 'excel-sv',
    // The header is the app's own words, never the service's data: a plain label (letters, digits,
    // spaces, `.`, `(`, `)`, `-`) is written as it is, so the first line reads `Customer no.,Name,...`
    // as a person or a script expects; any other label is quoted (and neutralised) like data.
    quoted_string: false,
    quoted_match: /[^\p{L}\p{N} .()-]/u,
    columns: options.columns.map((column) => ({ key: column.id, header: column.header })),
  };
  return {
    header: () => stringify([], headerOptions),
    rows: (rows) => (rows.length === 0 ? '' : stringify(rows as CellValue[][], rowOptions)),
  };
}

/** A whole CSV in one string (tests and small exports). */
export function toCsv(rows: readonly (readonly CellValue[])[], options: CsvEncoderOptions): string {
  const encoder = createCsvEncoder(options);
  return encoder.header() + encoder.rows(rows);
}
