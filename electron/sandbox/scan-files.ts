// The archive's files: the scan of a supplier's invoice, as a PDF (the supplier's invoice laid out
// with the sandbox's own pdf-writer), a PNG or a JPEG (a page "photographed": light paper with
// darker bands where the text is). Written by hand with node:zlib only, deterministic from the
// FileId, a few kB each: enough for a client to check the type by its magic numbers, open it and
// save it. Not meant to be read by a person beyond the PDF's text.

import { deflateSync } from 'node:zlib';
import { formatAmount } from './invoice-pdf';
import { PAGE_HEIGHT, PdfPage, pdfDocument } from './pdf-writer';
import { createRng } from './prng';
import type { StoredSupplierInvoice } from './supplier-data';

/** The bytes of the scan of `record` (its Scan says which type), padded with spaces to its Size when it has one. */
export function scanBytes(record: StoredSupplierInvoice, buyer: string): Buffer {
  const scan = record.Scan;
  if (!scan) throw new RangeError(`supplier invoice ${record.GivenNumber} has no scan`);
  const bytes = documentOf(record, scan.ContentType, scan.FileId, buyer);
  return scan.Size !== undefined && scan.Size > bytes.length ? Buffer.concat([bytes, Buffer.alloc(scan.Size - bytes.length, 0x20)]) : bytes;
}

function documentOf(record: StoredSupplierInvoice, type: NonNullable<StoredSupplierInvoice['Scan']>['ContentType'], fileId: string, buyer: string): Buffer {
  switch (type) {
    case 'application/pdf':
      return supplierPdf(record, buyer);
    case 'image/png':
      return pagePng(fileId);
    case 'image/jpeg':
      return pageJpeg(fileId, `${record.SupplierName} faktura ${record.InvoiceNumber}`);
    case 'image/tiff':
      return pageTiff(fileId);
  }
}

function supplierPdf(record: StoredSupplierInvoice, buyer: string): Buffer {
  const page = new PdfPage();
  let y = PAGE_HEIGHT - 60;
  page.text(50, y, record.SupplierName, { size: 16, bold: true });
  page.textRight(545, y, record.Total < 0 ? 'KREDITFAKTURA' : 'FAKTURA', { size: 16, bold: true });
  y -= 60;
  page.text(50, y, 'Köpare', { size: 8 });
  page.text(50, y - 14, buyer, { size: 11, bold: true });
  const facts: Array<[string, string]> = [
    ['Fakturanummer', record.InvoiceNumber],
    ['Fakturadatum', record.InvoiceDate],
    ['Förfallodatum', record.DueDate],
    ['OCR', record.OCR],
    ['Valuta', record.Currency],
  ];
  facts.forEach(([label, value], i) => {
    if (value === '') return;
    page.text(330, y - 13 * i, label, { size: 9, bold: true });
    page.text(430, y - 13 * i, value, { size: 9 });
  });
  y -= 120;
  page.line(50, y + 12, 545, y + 12);
  page.text(300, y - 10, `Att betala (${record.Currency})`, { size: 12, bold: true });
  page.textRight(545, y - 10, formatAmount(record.Total), { size: 12, bold: true });
  return pdfDocument([page], { title: `Faktura ${record.InvoiceNumber}`, producer: 'Invoice Desk sandbox (scan)' });
}

const WIDTH = 240;
const HEIGHT = 320;

/** Grey levels of a page: white paper, a header block and lines of "text" placed by the PRNG. */
function pageRows(fileId: string): Uint8Array[] {
  const rng = createRng(`scan:${fileId}`);
  const rows = Array.from({ length: HEIGHT }, () => new Uint8Array(WIDTH).fill(244));
  const band = (top: number, height: number, left: number, right: number, level: number): void => {
    for (let y = top; y < Math.min(HEIGHT, top + height); y += 1) (rows[y] as Uint8Array).fill(level, left, right);
  };
  band(16, 18, 16, 16 + rng.int(60, 120), 40); // the supplier's name
  for (let y = 60; y < HEIGHT - 30; y += rng.int(9, 16)) band(y, 4, 16 + rng.int(0, 8), rng.int(90, WIDTH - 16), rng.int(60, 120));
  return rows;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit greyscale PNG (colour type 0), each scanline with filter 0. */
export function pagePng(fileId: string): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, filter method 0, no interlace
  const raw = Buffer.concat(pageRows(fileId).map((row) => Buffer.concat([Buffer.from([0]), row])));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * An uncompressed 8-bit greyscale TIFF (little-endian, baseline): the header, one IFD of nine
 * entries, the page's pixels as one strip. A type scanners write that the app does not take.
 */
export function pageTiff(fileId: string): Buffer {
  const pixels = Buffer.concat(pageRows(fileId));
  const entries: Array<[tag: number, type: 3 | 4, value: number]> = [
    [256, 4, WIDTH], // ImageWidth
    [257, 4, HEIGHT], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 0], // StripOffsets (set below)
    [277, 3, 1], // SamplesPerPixel
    [278, 4, HEIGHT], // RowsPerStrip
    [279, 4, pixels.length], // StripByteCounts
  ];
  const ifdOffset = 8;
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  const dataOffset = ifdOffset + ifd.length;
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, value], i) => {
    const at = 2 + i * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(1, at + 4);
    const v = tag === 273 ? dataOffset : value;
    if (type === 3) ifd.writeUInt16LE(v, at + 8);
    else ifd.writeUInt32LE(v, at + 8);
  });
  // The next IFD's offset: 0, none (already zero).
  const header = Buffer.from([0x49, 0x49, 42, 0, ifdOffset, 0, 0, 0]);
  return Buffer.concat([header, ifd, pixels]);
}

function segment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/**
 * A baseline greyscale JPEG of flat 8x8 blocks: each block is its DC value only (every AC
 * coefficient zero, an immediate end-of-block), coded with a quantisation table of ones and
 * Huffman tables that hold just the DC difference categories 0-11 and the end-of-block symbol.
 * The page's text lines become blocks a shade darker. A comment segment names the invoice.
 */
export function pageJpeg(fileId: string, comment: string): Buffer {
  const rows = pageRows(fileId);
  const bits: number[] = [];
  const put = (value: number, length: number): void => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >> i) & 1);
  };
  // DC table: category c (0..11) gets the 4-bit code c (12 codes of length 4, canonical order).
  const dcCounts = [0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  let previous = 0;
  for (let by = 0; by < HEIGHT / 8; by += 1) {
    for (let bx = 0; bx < WIDTH / 8; bx += 1) {
      let sum = 0;
      for (let y = 0; y < 8; y += 1) for (let x = 0; x < 8; x += 1) sum += (rows[by * 8 + y] as Uint8Array)[bx * 8 + x] as number;
      const dc = Math.round(sum / 8 - 128 * 8); // the DC coefficient of the level shifted block
      const diff = dc - previous;
      previous = dc;
      const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
      put(category, 4);
      if (category > 0) put(diff > 0 ? diff : diff + (1 << category) - 1, category);
      put(0, 1); // end of block: the only AC code, '0'
    }
  }
  while (bits.length % 8 !== 0) bits.push(1);
  const scan: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    const byte = bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0);
    scan.push(byte);
    if (byte === 0xff) scan.push(0x00); // byte stuffing
  }
  const frame = Buffer.from([8, HEIGHT >> 8, HEIGHT & 0xff, WIDTH >> 8, WIDTH & 0xff, 1, 1, 0x11, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])), // JFIF 1.1
    segment(0xfe, Buffer.from(comment, 'utf8')),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, frame),
    segment(0xc4, Buffer.from([0x00, ...dcCounts, ...Array.from({ length: 12 }, (_, i) => i)])),
    segment(0xc4, Buffer.from([0x10, 1, ...Array<number>(15).fill(0), 0x00])),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    Buffer.from(scan),
    Buffer.from([0xff, 0xd9]),
  ]);
}
