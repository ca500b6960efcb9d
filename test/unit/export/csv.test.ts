import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from '../../../electron/export/columns';
import { createCsvEncoder, neutraliseFormulas, toCsv } from '../../../electron/export/csv';
import { formulaCells, HOSTILE_TEXTS } from './formula-check';

const columns: ExportColumn[] = [
  { id: 'customerName', header: 'Customer' },
  { id: 'total', header: 'Total' },
  { id: 'project', header: 'Project' },
];

function parse(text: string, delimiter: string): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('CSV', () => {
  it('standard: comma, decimal point, CRLF, no BOM, header from the given columns, plain labels unquoted; text quoted, numbers not', () => {
    const text = toCsv([['Acme AB', 1234.5, 'P1']], { columns, format: 'standard' });
    expect(text).toBe('Customer,Total,Project\r\n"Acme AB",1234.50,"P1"\r\n');
  });

  it('excel-sv: semicolon, decimal comma, UTF-8 BOM, CRLF', () => {
    const text = toCsv([['Åsa Öberg', 1234.5, 'P1']], { columns, format: 'excel-sv' });
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(text).toBe('\uFEFFCustomer;Total;Project\r\n"Åsa Öberg";1234,50;"P1"\r\n');
    expect(parse(text, ';')).toEqual([
      ['Customer', 'Total', 'Project'],
      ['Åsa Öberg', '1234,50', 'P1'],
    ]);
  });

  it('quotes delimiters, quotes and line breaks (RFC 4180) so an independent parser gets the cells back', () => {
    const awkward = ['Berg, "Hörnan" & Co; Malmö', 'two\nlines', 'cr\ronly'];
    for (const format of ['standard', 'excel-sv'] as const) {
      const text = toCsv(awkward.map((name) => [name, 1, 'x']), { columns, format });
      const rows = parse(text, format === 'standard' ? ',' : ';');
      expect(rows.slice(1).map((r) => r[0])).toEqual(awkward);
      expect(rows).toHaveLength(4);
    }
  });

  it('neutralises text cells that begin with = + - @ tab or CR; negative amounts stay numbers', () => {
    const dangerous = ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '＝1'];
    const text = toCsv(dangerous.map((d) => [d, -100.5, '-5']), { columns, format: 'excel-sv' });
    const rows = parse(text, ';').slice(1);
    expect(rows.map((r) => r[0])).toEqual(dangerous.map((d) => `'${d}`));
    for (const row of rows) {
      expect(row[1]).toBe('-100,50');
      // A text cell that merely looks like a negative number is text: neutralised.
      expect(row[2]).toBe("'-5");
    }
  });

  it('neutralises a header too, and writes an empty page as nothing', () => {
    const encoder = createCsvEncoder({ columns: [{ id: 'total', header: '=cmd' }], format: 'standard' });
    expect(encoder.header()).toBe('"\'=cmd"\r\n');
    expect(encoder.rows([])).toBe('');
  });

  it('neutralises a formula after a separator inside a cell: a spreadsheet splitting on the other delimiter gets no formula', () => {
    // Unquoted, `;=1+1,-5.50` opened with ";" as the list separator was `=1+1`.
    expect(toCsv([[';=1+1', -5.5, '']], { columns, format: 'standard' }).split('\r\n')[1]).toBe(`";'=1+1",-5.50,""`);
    expect(toCsv([[',=1+1', -5.5, '']], { columns, format: 'excel-sv' }).split('\r\n')[1]).toBe(`",'=1+1";-5,50;""`);
    for (const format of ['standard', 'excel-sv'] as const) {
      const text = toCsv(HOSTILE_TEXTS.map((name) => [name, -5.5, name]), { columns, format });
      expect(formulaCells(text), format).toEqual([]);
      // A reader using the file's own delimiter gets every cell back, neutralised, and the amounts as numbers.
      const rows = parse(text, format === 'standard' ? ',' : ';').slice(1);
      expect(rows.map((r) => r[0])).toEqual(HOSTILE_TEXTS.map(neutraliseFormulas));
      expect(rows.map((r) => r[1])).toEqual(HOSTILE_TEXTS.map(() => (format === 'standard' ? '-5.50' : '-5,50')));
    }
  });

  it('neutraliseFormulas: a quote before each formula start, nothing else changes', () => {
    expect(neutraliseFormulas('a;@SUM(A1)')).toBe("a;'@SUM(A1)");
    expect(neutraliseFormulas('x\n=1+1')).toBe("x\n'=1+1");
    expect(neutraliseFormulas('a; "=1')).toBe('a; "\'=1');
    expect(neutraliseFormulas('\uFF0D1')).toBe("'\uFF0D1");
    expect(neutraliseFormulas('\t=1')).toBe("'\t'=1");
    for (const plain of ['Anna-Karin Öberg', 'Berg, "Hörnan" & Co; Malmö', 'a=b+c', '2026-01-10', '']) expect(neutraliseFormulas(plain)).toBe(plain);
  });

  it('writes the hostile payloads inert in both formats: no C0 control but tab/LF/CR, a quote before the formula, read back by papaparse', () => {
    const payloads = ['\u0000=2+2', '\u0000=HYPERLINK("https://evil.example/x";"click")', '\u007F=1+1', '\u200B\uFEFF=1+1', '\u2060@SUM(A1)', '\uFE66 1+1', '\uFE621', '\uFE63 1', '\uFE6BSUM(A1)', '\u22121'];
    const expected = ["'=2+2", `'=HYPERLINK("https://evil.example/x";"click")`, "\u007F'=1+1", "\u200B\uFEFF'=1+1", "\u2060'@SUM(A1)", "'\uFE66 1+1", "'\uFE621", "'\uFE63 1", "'\uFE6BSUM(A1)", "'\u22121"];
    for (const format of ['standard', 'excel-sv'] as const) {
      const text = toCsv(payloads.map((p) => [p, -1, `x;\u0003${p}`]), { columns, format });
      expect(text, format).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
      expect(formulaCells(text), format).toEqual([]);
      const rows = parse(text, format === 'standard' ? ',' : ';').slice(1);
      expect(rows.map((r) => r[0])).toEqual(expected);
      expect(rows.map((r) => r[2])).toEqual(expected.map((e) => `x;${e}`));
    }
  });

  it('removes C0 controls but tab, LF and CR from text cells', () => {
    expect(neutraliseFormulas('A\u0000B\u0007C\u000BD\u001FE')).toBe('ABCDE');
    expect(neutraliseFormulas('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
    expect(neutraliseFormulas('Kund\u007F AB')).toBe('Kund\u007F AB');
  });

  it('refuses an export without columns', () => {
    expect(() => createCsvEncoder({ columns: [], format: 'standard' })).toThrow(RangeError);
  });
});
