/**
 * --pdf-dir: each exported invoice's PDF as <DocumentNumber>.pdf, read from /preview (never /print,
 * which marks an invoice as sent) at export priority on the session's own limiter. Resumable: a
 * file already there is skipped, and each file is written under a temporary name and renamed, so
 * an interrupted run never leaves a half PDF that a later run would skip.
 *
 * The file name comes from the service (the DocumentNumber): one that is not a plain invoice
 * number (`../../x`, a slash, a dot) is refused, that invoice is skipped and named in the result,
 * and the run goes on with the others. The caller warns and exits with its own code (6).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { toFileError } from '../export/file-error';

export interface PdfSource {
  invoicePdf(documentNumber: string, options: { priority: 'export'; signal?: AbortSignal }): Promise<Buffer>;
}

export interface PdfDirResult {
  saved: number;
  skipped: number;
  /** DocumentNumbers the service sent that are no invoice number: no file was written for them. */
  refused: string[];
}

/**
 * An invoice number as a file name: digits only, as the service's are (its identity, api-facts).
 * Anything else could name a path of its own (`../../x`), a hidden file, or a device.
 */
export function isSafeDocumentNumber(documentNumber: string): boolean {
  return /^\d{1,20}$/.test(documentNumber);
}

/** Requests kept in flight: enough to keep the limiter's paced slots busy, not to queue them all. */
const IN_FLIGHT = 4;

export async function savePdfs(options: {
  session: PdfSource;
  dir: string;
  documentNumbers: Iterable<string>;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}): Promise<PdfDirResult> {
  const { dir } = options;
  // The folder must exist (as --out's must): a typo should not quietly create a new one.
  const isFolder = await fs.stat(dir).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
  if (!isFolder) throw toFileError(Object.assign(new Error('no folder'), { code: 'ENOENT' }), path.join(dir, 'x.pdf'), 'write');
  const unique = [...new Set(options.documentNumbers)];
  const numbers = unique.filter(isSafeDocumentNumber);
  let next = 0;
  let done = 0;
  const result: PdfDirResult = { saved: 0, skipped: 0, refused: unique.filter((n) => !isSafeDocumentNumber(n)) };

  async function one(documentNumber: string): Promise<void> {
    const target = path.join(dir, `${documentNumber}.pdf`);
    const exists = await fs.stat(target).then(
      () => true,
      () => false,
    );
    if (exists) {
      result.skipped += 1;
      return;
    }
    const bytes = await options.session.invoicePdf(documentNumber, { priority: 'export', ...(options.signal ? { signal: options.signal } : {}) });
    const temp = path.join(dir, `.${documentNumber}.pdf.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.writeFile(temp, bytes, { flag: 'wx' });
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw toFileError(error, target, 'write');
    }
    result.saved += 1;
  }

  let failure: { error: unknown } | undefined;
  async function worker(): Promise<void> {
    while (next < numbers.length && !failure && !options.signal?.aborted) {
      const documentNumber = numbers[next++] as string;
      try {
        await one(documentNumber);
      } catch (error) {
        failure ??= { error };
        return;
      }
      done += 1;
      options.onProgress?.(done, numbers.length);
    }
  }
  // The first failure stops the others taking new work; the ones in flight finish (or clean up)
  // before it is reported, so no temporary file outlives the run.
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, numbers.length) }, worker));
  if (failure) throw failure.error;
  return result;
}
