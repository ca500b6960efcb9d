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
 * Formula injection (OWASP "CSV Injection"): csv-stringify's `escape_formulas` prefixes a `'` to a
 * cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return (and their full-width forms),
 * so a spreadsheet shows the text instead of evaluating it. Our choice for numbers: amounts are
 * passed to the writer as `number` and formatted by its `cast.number`; csv-stringify leaves a
 * cell alone when its ORIGINAL value is a number, so `-100.50` stays a negative number that the
 * spreadsheet can sum. Everything else (names, numbers-as-text such as DocumentNumber or OCR,
 * project codes) is text and is neutralised when it begins with one of those characters: a text
 * cell `-5` becomes `'-5`. A number cannot carry a formula, so nothing is lost.
 */

export interface CsvEncoderOptions {
  columns: readonly ExportColumn[];
  format: CsvFormat;
}

export interface CsvEncoder {
  /** The first chunk of the file: the BOM (excel-sv) and the header line. */
  header(): string;
  /** The lines of these rows (each row's cells in the order of `columns`), each ending in CRLF. */
  rows(rows: readonly (readonly CellValue[])[]): string;
}

export const CSV_DELIMITERS: Record<CsvFormat, string> = { standard: ',', 'excel-sv': ';' };

function baseOptions(options: CsvEncoderOptions): Options {
  const { format } = options;
  return {
    delimiter: CSV_DELIMITERS[format],
    // RFC 4180 line ends. With an explicit record delimiter csv-stringify would stop quoting a cell
    // that holds a bare LF or CR unless told to: such a cell must be quoted or it splits the row.
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: {
      number: (value) => formatAmount(value, format),
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
