import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { savePdfs, saveScans } from '../../../electron/cli/pdf-dir';
import { ApiError } from '../../../electron/kernel/errors';

const pdf = (n: string) => Buffer.from(`%PDF-1.4 invoice ${n}\n%%EOF\n`, 'latin1');

function fakeSession(fail?: string, failures: Record<string, Error> = {}) {
  const asked: string[] = [];
  return {
    asked,
    invoicePdf: async (documentNumber: string, options: { priority: 'export' }) => {
      expect(options.priority).toBe('export');
      asked.push(documentNumber);
      if (documentNumber === fail) throw new Error('boom');
      if (failures[documentNumber]) throw failures[documentNumber];
      return pdf(documentNumber);
    },
  };
}

/** What the API client and the company session raise for a document the app will not take. */
const refusedDocument = (message: string) => new ApiError('unavailable', { message, retryable: false, reason: 'refused-document' });

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
    expect(result).toEqual({ saved: 2, skipped: 1, refused: [], unusable: [], total: 3 });
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
    expect(result).toEqual({ saved: 2, skipped: 0, refused: hostile, unusable: [], total: 2 });
    expect(session.asked.sort()).toEqual(['1', '3']);
    expect(readdirSync(dir).sort()).toEqual(['1.pdf', '3.pdf']);
    expect(readdirSync(root)).toEqual(['a']);
  });

  it('skips a document the app refuses (its type, its size, its file id), names it with the reason, and saves every other one', async () => {
    const dir = folder();
    const session = fakeSession(undefined, {
      '1': refusedDocument('The service sent 300 bytes of text/html instead of a PDF.'),
      '3': refusedDocument('The service sent more than 20 MB for a document; the app reads at most 20 MB and stopped there.'),
    });
    const numbers = Array.from({ length: 12 }, (_, i) => String(i + 1));
    const result = await savePdfs({ session, dir, documentNumbers: numbers });
    expect(result).toEqual({
      saved: 10,
      skipped: 0,
      refused: [],
      unusable: [
        { id: '1', problem: 'The service sent 300 bytes of text/html instead of a PDF.' },
        { id: '3', problem: 'The service sent more than 20 MB for a document; the app reads at most 20 MB and stopped there.' },
      ],
      total: 12,
    });
    expect(readdirSync(dir).sort()).toEqual(numbers.filter((n) => n !== '1' && n !== '3').map((n) => `${n}.pdf`).sort());
  });

  it('scans: a refused scan is skipped the same way, an invoice without one is counted, the rest saved', async () => {
    const dir = folder();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const session = {
      supplierScan: async (givenNumber: string) => {
        if (givenNumber === '1') throw refusedDocument('The service named a scan the app refuses to fetch.');
        if (givenNumber === '2') return null;
        return { bytes: png, kind: 'png' as const };
      },
    };
    const result = await saveScans({ session, dir, givenNumbers: ['1', '2', '3', '4'] });
    expect(result).toEqual({ saved: 2, skipped: 0, missing: 1, refused: [], unusable: [{ id: '1', problem: 'The service named a scan the app refuses to fetch.' }], total: 4 });
    expect(readdirSync(dir).sort()).toEqual(['3.png', '4.png']);
  });

  it("skips a document the service answers 404 for with its own error (deleted since the list was read), and saves the others", async () => {
    const dir = folder();
    const session = fakeSession(undefined, {
      '2': new ApiError('not-found', { message: 'The service has no such invoice (code 2000434).', status: 404, serviceCode: 2000434, serviceMessage: 'Kan inte hitta fakturan.' }),
      '4': new ApiError('bad-request', { message: 'The service refused the request (code 2000999): Finns inte.', status: 404, serviceCode: 2000999, serviceMessage: 'Finns inte.' }),
    });
    const result = await savePdfs({ session, dir, documentNumbers: ['1', '2', '3', '4', '5'] });
    expect(result).toEqual({
      saved: 3,
      skipped: 0,
      refused: [],
      unusable: [
        { id: '2', problem: 'The service has no such document (HTTP 404, code 2000434: Kan inte hitta fakturan.); it may have been deleted since the list was read.', notFound: true },
        { id: '4', problem: 'The service has no such document (HTTP 404, code 2000999: Finns inte.); it may have been deleted since the list was read.', notFound: true },
      ],
      total: 5,
    });
    expect(readdirSync(dir).sort()).toEqual(['1.pdf', '3.pdf', '5.pdf']);
  });

  it('a 404 without the service\'s error (a wrong address: every document would fail) still stops the run', async () => {
    const wrongAddress = new ApiError('unavailable', { message: 'The service has no such address (HTTP 404): the API address seems wrong.', status: 404, retryable: false, reason: 'wrong-api-address' });
    await expect(savePdfs({ session: fakeSession(undefined, { '1': wrongAddress }), dir: folder(), documentNumbers: ['1', '2'] })).rejects.toBe(wrongAddress);
  });

  it('a failure that is not a refused document (a 5xx or 429 after the retries) still stops the run', async () => {
    const dir = folder();
    const failing = fakeSession(undefined, { '2': new ApiError('unavailable', { message: 'The service failed with HTTP 503. Gave up after 3 retries.', status: 503 }) });
    await expect(savePdfs({ session: failing, dir, documentNumbers: ['1', '2', '3'] })).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    const limited = fakeSession(undefined, { '1': new ApiError('rate-limited') });
    await expect(savePdfs({ session: limited, dir: folder(), documentNumbers: ['1', '2'] })).rejects.toMatchObject({ kind: 'rate-limited' });
  });

  it('stopped by the signal: the counts so far with `interrupted`, no temporary file left', async () => {
    const dir = folder();
    const controller = new AbortController();
    let asked = 0;
    const session = {
      invoicePdf: async (documentNumber: string, options: { signal?: AbortSignal }) => {
        if (++asked === 6) controller.abort(new ApiError('cancelled'));
        if (options.signal?.aborted) throw new ApiError('cancelled');
        return pdf(documentNumber);
      },
    };
    const numbers = Array.from({ length: 20 }, (_, i) => String(i + 1));
    const result = await savePdfs({ session, dir, documentNumbers: numbers, signal: controller.signal });
    expect(result).toMatchObject({ skipped: 0, total: 20, interrupted: true });
    expect(result.saved).toBe(5);
    expect(readdirSync(dir)).toHaveLength(5);
    expect(readdirSync(dir).every((name) => /^\d+\.pdf$/.test(name))).toBe(true);
  });

  it.skipIf(process.platform === 'win32')('writes each file readable by its owner only (0600), whatever the umask gives other files', async () => {
    const dir = folder();
    // What the umask gives a new file here (0644 with the usual 022): the PDFs must not get it.
    writeFileSync(path.join(dir, 'probe'), '');
    expect(statSync(path.join(dir, 'probe')).mode & 0o777).not.toBe(0o600);
    rmSync(path.join(dir, 'probe'));
    await savePdfs({ session: fakeSession(), dir, documentNumbers: ['1', '2'] });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await saveScans({ session: { supplierScan: async () => ({ bytes: png, kind: 'png' as const }) }, dir, givenNumbers: ['3'] });
    expect(readdirSync(dir).sort()).toEqual(['1.pdf', '2.pdf', '3.png']);
    for (const name of readdirSync(dir)) expect(statSync(path.join(dir, name)).mode & 0o777, name).toBe(0o600);
  });
});
