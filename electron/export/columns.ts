/**
 * A list's columns as the CSV writes them, from the registry (common/lists): the ids are the
 * grid's (the export writes the grid's visible columns in the user's order), the headers the
 * grid's own labels in the UI language (the CLI picks English or Swedish with --lang), and each
 * cell written by its field's kind, so every list is written by the same rules.
 */
import type { AnyListDescription } from '../common/lists/list-description';
import { columnIdsOf, lists, type ColumnOf } from '../common/lists/registry';
import type { ResourceId } from '../common/resources';
import type { Language } from '../common/settings';

/** A column of the file: its id and header. */
export interface ExportColumn<Id extends string = string> {
  id: Id;
  header: string;
}

export const CSV_FORMATS = ['standard', 'excel-sv'] as const;

/**
 * - `standard`: comma, ISO dates, decimal point, no BOM, CRLF line ends (RFC 4180 says CRLF, and
 *   every CSV reader accepts it).
 * - `excel-sv`: what Excel with Swedish regional settings opens by double-click: semicolon,
 *   decimal comma, UTF-8 BOM (without it Excel reads the file as Windows-1252 and breaks å, ä, ö),
 *   CRLF, and Excel's Swedish boolean words.
 * Dates are `YYYY-MM-DD` in both: that is also the Swedish locale's own date format.
 */
export type CsvFormat = (typeof CSV_FORMATS)[number];

/** The CSV's header and status words follow a UI language (the CLI's --lang). */
export type ColumnLanguage = Language;

/** Every column of a list, in its default order, with the headers of `language`. */
export function listColumns<R extends ResourceId>(id: R, language: ColumnLanguage): ExportColumn<ColumnOf<R>>[] {
  const fields = lists[id].fields as Readonly<Record<string, { label: Readonly<Record<Language, string>> }>>;
  return columnIdsOf(id).map((column) => ({ id: column, header: fields[column]!.label[language] }));
}

/**
 * A cell as the CSV writer receives it: amounts stay `number` (so the writer can tell a negative
 * amount from text that starts with a minus sign), everything else is already text.
 */
export type CellValue = string | number;

export interface CellContext {
  format: CsvFormat;
  /** Local calendar date `YYYY-MM-DD`, for the status column. */
  today: string;
  /** Text of the status column; default the stable status ids (`partly-paid`, ...). */
  statusLabels?: Readonly<Record<string, string>>;
}

const BOOLEAN_WORDS: Record<CsvFormat, readonly [string, string]> = {
  standard: ['true', 'false'],
  // Excel in Swedish reads SANT and FALSKT as its boolean values.
  'excel-sv': ['SANT', 'FALSKT'],
};

export function formatBoolean(value: boolean, format: CsvFormat): string {
  const [yes, no] = BOOLEAN_WORDS[format];
  return value ? yes : no;
}

/**
 * An amount without thousands separators: two decimals (1234.50), or more when the value really
 * has more (0.125 stays 0.125, nothing is rounded away); a decimal comma for `excel-sv`.
 */
export function formatAmount(value: number, format: CsvFormat): string {
  const fixed = value.toFixed(2);
  const text = Number(fixed) === value ? fixed : String(value);
  const normalised = text === '-0.00' ? '0.00' : text;
  return format === 'excel-sv' ? normalised.replace('.', ',') : normalised;
}

/**
 * One cell of a list's row (the service's item or the copy's row) by its field's kind: amounts as
 * numbers, flags as the format's boolean words, the status as the list derives it on `today`
 * (the grid's own rule), everything else as text (nothing for an empty date).
 */
export function cellOf(list: AnyListDescription, row: unknown, id: string, context: CellContext): CellValue {
  const field = list.fields[id];
  if (!field) throw new Error(`no column ${id}`);
  // Not known (a customer's figures from the service, an item that does not say Active): an empty cell.
  if (field.kind !== 'status' && field.value(row) === null) return '';
  switch (field.kind) {
    case 'amount':
      return field.value(row) as number;
    case 'flag':
      return formatBoolean(field.value(row) === true, context.format);
    case 'status': {
      const status = list.statusOf(row, context.today) as string;
      return context.statusLabels?.[status] ?? status;
    }
    default: {
      const value = field.value(row);
      return value === null ? '' : String(value);
    }
  }
}

/** One row: the cells of `columns`, in their order. */
export function rowValues(list: AnyListDescription, row: unknown, columns: readonly ExportColumn[], context: CellContext): CellValue[] {
  return columns.map((column) => cellOf(list, row, column.id, context));
}
