/**
 * Opened PDFs and scans (issue: point 7): a window that opens the same document again and again
 * reuses its one private file, and however many documents it opens, at most MAX_OPENED_FILES stay
 * on disk (the least recently opened go first).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPdfFiles, MAX_OPENED_FILES, type OpenedDocument } from '../../../electron/invoices/invoice-pdf';

let root: string;
let opened: string[];
let files: ReturnType<typeof createPdfFiles>;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-pdf-unit-'));
  opened = [];
  files = createPdfFiles({
    openPath: async (file) => (opened.push(file), ''),
    chooseDocumentFile: async () => null,
    log: () => undefined,
    tempRoot: root,
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every file under the private folder. */
function onDisk(): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const invoice = (documentNumber: string, companyId = 'c1'): OpenedDocument => ({ companyId, resource: 'invoices', documentNumber });
const pdf = (text: string) => Buffer.from(`%PDF-1.4 ${text}\n%%EOF\n`, 'latin1');

describe('opened documents', () => {
  it('opens the same document from the same file, however often it is opened', async () => {
    for (let i = 0; i < 5; i++) await files.open(invoice('1001'), pdf('1001'), 'Faktura 1001.pdf');
    await Promise.all([1, 2, 3].map(() => files.open(invoice('1001'), pdf('1001'), 'Faktura 1001.pdf')));
    expect(onDisk()).toHaveLength(1);
    expect(new Set(opened)).toEqual(new Set([onDisk()[0]]));
    expect(opened).toHaveLength(8);
    expect(path.basename(opened[0]!)).toBe('Faktura 1001.pdf');
  });

  it('keeps the documents of other companies and resources apart, and replaces a document whose file changed', async () => {
    await files.open(invoice('1001'), pdf('c1 invoice'), 'Faktura 1001.pdf');
    await files.open(invoice('1001', 'c2'), pdf('c2 invoice'), 'Faktura 1001.pdf');
    await files.open({ companyId: 'c1', resource: 'supplierinvoices', documentNumber: '1001' }, pdf('c1 scan'), 'Leverantörsfaktura 1001.pdf');
    expect(onDisk()).toHaveLength(3);
    expect(new Set(opened).size).toBe(3);
    // A new PDF of the same invoice (or its name in the other language): still one file for it, with the new bytes.
    await files.open(invoice('1001'), pdf('c1 invoice, credited'), 'Invoice 1001.pdf');
    expect(onDisk()).toHaveLength(3);
    expect(readFileSync(opened.at(-1)!, 'latin1')).toContain('c1 invoice, credited');
    expect(path.basename(opened.at(-1)!)).toBe('Invoice 1001.pdf');
  });

  it(`keeps at most ${MAX_OPENED_FILES} files: the least recently opened are removed`, async () => {
    expect(MAX_OPENED_FILES).toBe(50);
    for (let n = 1; n <= MAX_OPENED_FILES; n++) await files.open(invoice(String(n)), pdf(String(n)), `Faktura ${n}.pdf`);
    expect(onDisk()).toHaveLength(MAX_OPENED_FILES);
    const first = opened[0]!;
    const second = opened[1]!;
    await files.open(invoice('1'), pdf('1'), 'Faktura 1.pdf'); // opened again: now the most recent
    for (let n = MAX_OPENED_FILES + 1; n <= MAX_OPENED_FILES + 10; n++) await files.open(invoice(String(n)), pdf(String(n)), `Faktura ${n}.pdf`);
    const left = onDisk();
    expect(left).toHaveLength(MAX_OPENED_FILES);
    expect(left).toContain(first);
    expect(left).not.toContain(second);
    expect(left.map((file) => path.basename(file))).not.toContain('Faktura 11.pdf');
    expect(left.map((file) => path.basename(file))).toContain('Faktura 12.pdf');
    await files.close();
    expect(onDisk()).toEqual([]);
  });
});
