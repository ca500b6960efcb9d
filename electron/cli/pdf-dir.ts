/**
 * --pdf-dir: each exported invoice's PDF as <DocumentNumber>.pdf, read from /preview (never /print,
 * which marks an invoice as sent) at export priority on the session's own limiter. Resumable: a
 * file already there is skipped, and each file is written under a temporary name and renamed, so
 * an interrupted run never leaves a half PDF that a later run would skip.
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
  const numbers = [...new Set(options.documentNumbers)];
  let next = 0;
  let done = 0;
  const result: PdfDirResult = { saved: 0, skipped: 0 };

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
