import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { savePdfs } from '../../../electron/cli/pdf-dir';

const pdf = (n: string) => Buffer.from(`%PDF-1.4 invoice ${n}\n%%EOF\n`, 'latin1');

function fakeSession(fail?: string) {
  const asked: string[] = [];
  return {
    asked,
    invoicePdf: async (documentNumber: string, options: { priority: 'export' }) => {
      expect(options.priority).toBe('export');
      asked.push(documentNumber);
      if (documentNumber === fail) throw new Error('boom');
      return pdf(documentNumber);
    },
  };
}

describe('--pdf-dir', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-dir-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('saves each invoice once as <DocumentNumber>.pdf, and skips the ones already there (resumable)', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, '2.pdf'), pdf('2'));
    const session = fakeSession();
    const result = await savePdfs({ session, dir, documentNumbers: ['1', '2', '3', '1'] });
    expect(result).toEqual({ saved: 2, skipped: 1, refused: [] });
    expect(session.asked.sort()).toEqual(['1', '3']);
    expect(readdirSync(dir).sort()).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    expect(readFileSync(path.join(dir, '3.pdf'), 'latin1')).toContain('invoice 3');
  });

  it('leaves no half file when a PDF fails, so the next run fetches it again', async () => {
    const dir = folder();
    await expect(savePdfs({ session: fakeSession('2'), dir, documentNumbers: ['1', '2'] })).rejects.toThrow('boom');
    expect(readdirSync(dir).filter((name) => !/^\d+\.pdf$/.test(name))).toEqual([]);
    const again = fakeSession();
    await savePdfs({ session: again, dir, documentNumbers: ['1', '2'] });
    expect(again.asked).toEqual(['2']);
  });

  it('refuses a folder that does not exist, with a file error', async () => {
    await expect(savePdfs({ session: fakeSession(), dir: path.join(folder(), 'nope'), documentNumbers: ['1'] })).rejects.toMatchObject({ kind: 'file', code: 'no-folder' });
  });

  it('refuses a DocumentNumber that is no invoice number as a file name, skips it, and saves the others', async () => {
    const root = folder();
    const dir = path.join(root, 'a', 'b');
    mkdirSync(dir, { recursive: true });
    const session = fakeSession();
    const hostile = ['../../x', '..', '.hidden', '1/2', '1\\2', 'CON', '', '7\n8'];
    const result = await savePdfs({ session, dir, documentNumbers: ['1', ...hostile, '3'] });
    expect(result).toEqual({ saved: 2, skipped: 0, refused: hostile });
    expect(session.asked.sort()).toEqual(['1', '3']);
    expect(readdirSync(dir).sort()).toEqual(['1.pdf', '3.pdf']);
    expect(readdirSync(root)).toEqual(['a']);
  });
});
