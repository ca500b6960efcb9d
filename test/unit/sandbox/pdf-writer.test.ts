// The hand-written PDF: header and trailer, an xref whose offsets point at their objects, stream
// lengths that match, and text as WinAnsi bytes (å is one byte 0xE5, not UTF-8's two).

import { describe, expect, it } from 'vitest';
import { PdfPage, pdfDocument, textWidth, toWinAnsi } from '../../../electron/sandbox/pdf-writer';

function sample(pages = 1): Buffer {
  const list = Array.from({ length: pages }, (_, i) => {
    const page = new PdfPage();
    page.text(50, 800, `Faktura ${i + 1}: Förfallodatum (åäö ÅÄÖ é) \\ €`, { size: 12, bold: true });
    page.textRight(545, 780, '12 345,00');
    page.line(50, 770, 545, 770);
    return page;
  });
  return pdfDocument(list, { title: 'Faktura 1', producer: 'test' });
}

describe('pdfDocument', () => {
  it('starts with the header and ends with %%EOF', () => {
    const pdf = sample();
    expect(pdf.subarray(0, 9).toString('latin1')).toBe('%PDF-1.4\n');
    expect(pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');
  });

  it.each([1, 2])('has an xref whose %i-page offsets point at "n 0 obj", and startxref at the xref', (pages) => {
    const pdf = sample(pages);
    const text = pdf.toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
    expect(Number(first)).toBe(0);
    expect(Number(count)).toBe(5 + 2 * pages + 1);
    const table = text.slice(startxref).split('\n').slice(2, 2 + Number(count));
    expect(table[0]).toBe('0000000000 65535 f ');
    table.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj\n`.length)).toBe(`${i + 1} 0 obj\n`);
    });
    expect(text).toContain(`/Count ${pages}`);
    expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${Number(count)} /Root 1 0 R /Info 5 0 R >>`));
  });

  it('gives each stream its exact /Length in bytes', () => {
    const text = sample(2).toString('latin1');
    const streams = [...text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)];
    expect(streams).toHaveLength(2);
    for (const match of streams) {
      const start = (match.index ?? 0) + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
  });

  it('writes text in WinAnsi bytes, with ( ) and \\ escaped, and names both fonts with WinAnsiEncoding', () => {
    const pdf = sample();
    const text = pdf.toString('latin1');
    expect(pdf.includes(Buffer.from([0x46, 0xf6, 0x72]))).toBe(true); // "För" with ö as 0xF6
    expect(pdf.includes(Buffer.from('ö', 'utf8'))).toBe(false);
    expect(text).toContain('(Faktura 1: F\xf6rfallodatum \\(\xe5\xe4\xf6 \xc5\xc4\xd6 \xe9\\) \\\\ \x80) Tj');
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
  });
});

describe('toWinAnsi and textWidth', () => {
  it('keeps Latin-1, maps the cp1252 extras and replaces the rest with ?', () => {
    expect(toWinAnsi('åäöÅÄÖé')).toBe('\xe5\xe4\xf6\xc5\xc4\xd6\xe9');
    expect(toWinAnsi('€ – … ’')).toBe('\x80 \x96 \x85 \x92');
    expect(toWinAnsi('漢 😀 \t')).toBe('? ?  ');
  });

  it('measures Helvetica digits and separators exactly', () => {
    expect(textWidth('12 345,00', 10)).toBeCloseTo((7 * 556 + 278 + 278) / 100, 6);
    expect(textWidth('-1', 10)).toBeCloseTo((333 + 556) / 100, 6);
  });
});
