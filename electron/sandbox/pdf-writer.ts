// A minimal PDF 1.4 writer, just enough for an invoice: pages of text in Helvetica and
// Helvetica-Bold (standard Type 1 fonts every reader has, so nothing is embedded) with
// WinAnsiEncoding, so å ä ö Å Ä Ö é are one byte each, plus straight lines. Uncompressed content
// streams and a classic cross-reference table with exact byte offsets. No PDF library: the sandbox
// keeps its dependencies to Node itself.

/** A4 in points. */
export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;

/** WinAnsi (cp1252) bytes 0x80-0x9F that differ from Latin-1; 0xA0-0xFF are Latin-1's. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
};

/** Each character as its WinAnsi byte (as a char code 0-255); anything WinAnsi lacks becomes '?'. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (code < 0x20) out += ' ';
    else if (code < 0x7f || (code >= 0xa0 && code <= 0xff)) out += ch;
    else out += String.fromCharCode(WIN_ANSI_EXTRA[ch] ?? 0x3f);
  }
  return out;
}

/** A PDF literal string: WinAnsi bytes with \, ( and ) escaped. */
function literal(text: string): string {
  return `(${toWinAnsi(text).replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
}

/** Helvetica's advance widths (per 1000 units of the font size) for ASCII 32-126, from its AFM. */
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/**
 * The width of a text in points. Exact in Helvetica for ASCII (digits, spaces, commas and minus
 * signs, which is what gets right-aligned); 556 for other letters, close enough for a layout.
 */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    units += code >= 32 && code <= 126 ? (HELVETICA_ASCII[code - 32] as number) : 556;
  }
  return (units * size) / 1000;
}

function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
}

/** One page's drawing operations. y counts from the bottom of the page, as in PDF. */
export class PdfPage {
  private readonly ops: string[] = [];

  text(x: number, y: number, text: string, style: TextStyle = {}): void {
    const font = style.bold ? 'F2' : 'F1';
    this.ops.push(`BT /${font} ${num(style.size ?? 10)} Tf ${num(x)} ${num(y)} Td ${literal(text)} Tj ET`);
  }

  /** Text that ends at `right` (for amounts in a column). */
  textRight(right: number, y: number, text: string, style: TextStyle = {}): void {
    this.text(right - textWidth(text, style.size ?? 10), y, text, style);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.ops.push(`${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  /** The content stream's bytes. */
  content(): Buffer {
    return Buffer.from(this.ops.join('\n'), 'latin1');
  }
}

/**
 * The whole file: catalog, page tree, the two fonts, an Info dictionary, then each page and its
 * content stream; the xref table gives every object's byte offset (entries of exactly 20 bytes).
 */
export function pdfDocument(pages: readonly PdfPage[], info: { title: string; producer: string }): Buffer {
  const firstPage = 6;
  const pageRefs = pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ');
  const fontResources = '<< /Font << /F1 3 0 R /F2 4 0 R >> >>';
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from(`<< /Type /Pages /Kids [${pageRefs}] /Count ${pages.length} >>`, 'latin1'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>', 'latin1'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>', 'latin1'),
    // PDFDocEncoding is Latin-1 for the characters used here.
    Buffer.from(`<< /Title ${literal(info.title)} /Producer ${literal(info.producer)} >>`, 'latin1'),
  ];
  pages.forEach((page, i) => {
    const content = page.content();
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources ${fontResources} /Contents ${firstPage + i * 2 + 1} 0 R >>`,
        'latin1',
      ),
      Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]),
    );
  });

  // A binary comment after the header tells transfer tools the file is not text.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
