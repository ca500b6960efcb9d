/**
 * --pdf-dir: each exported invoice's document in a folder, read at export priority on the
 * session's own limiter.
 *  - customer invoices: the PDF as <DocumentNumber>.pdf, from /preview (never /print, which marks
 *    an invoice as sent);
 *  - supplier invoices: the scan of the supplier's invoice as <GivenNumber>.pdf, .png or .jpg (its
 *    kind by its magic numbers, never by what the service calls it); an invoice without a scan is
 *    normal and only counted.
 * Resumable: a file already there is skipped, and each file is written under a temporary name and
 * renamed, so an interrupted run never leaves a half file that a later run would skip. Each file is
 * created with mode 0600 (its owner only); the folder is the user's and must exist (never created).
 *
 * The file name comes from the service (the DocumentNumber or GivenNumber): one that is not a plain
 * invoice number (`../../x`, a slash, a dot) is refused, that invoice is skipped and named in the
 * result, and the run goes on with the others. So is a document the app refuses (an error with the
 * reason `refused-document`: a scan that is not a PDF, PNG or JPEG, a document over 20 MB, a scan
 * named by a file id that is no plain id), and one the service answers 404 for with its own error
 * (an invoice deleted, a scan removed from the archive since the list was read): asking again
 * brings the same answer, so stopping there would stop every later run at the same invoice. The
 * caller warns and exits with its own code (6). Any other failure (a 5xx or 429 after the retries,
 * a 404 without the service's error, which is a wrong address where every document would fail, a
 * file error) stops the run.
 *
 * Aborting the signal (Ctrl-C) stops taking new invoices; the requests in flight are cancelled (their
 * temporary files removed) and the counts so far are returned with `interrupted`, so the caller can
 * say how many files were saved.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ScanKind } from '../common/supplier-invoices';
import { toFileError } from '../export/file-error';
import { isApiError } from '../kernel/errors';

export interface PdfSource {
  invoicePdf(documentNumber: string, options: { priority: 'export'; signal?: AbortSignal }): Promise<Buffer>;
}

export interface ScanSource {
  supplierScan(givenNumber: string, options: { priority: 'export'; signal?: AbortSignal }): Promise<{ bytes: Buffer; kind: ScanKind } | null>;
}

export interface PdfDirResult {
  saved: number;
  skipped: number;
  /** Identities the service sent that are no invoice number: no file was written for them. */
  refused: string[];
  /** Documents the app refused (their type, their size, their file id), or that the service has
   * none of (`notFound`: a 404 of its own): skipped, each with the words for why. */
  unusable: Array<{ id: string; problem: string; notFound?: true }>;
  /** The invoices whose documents were looked for (every exported one whose number is a file name). */
  total: number;
  /** True when the signal stopped the run: the counts are those so far. */
  interrupted?: boolean;
}

/**
 * An invoice number as a file name: digits only, as the service's are (its identity:
 * docs/service.md, List responses). Anything else could name a path of its own (`../../x`), a hidden file, or a device.
 */
export function isSafeDocumentNumber(documentNumber: string): boolean {
  return /^\d{1,20}$/.test(documentNumber);
}

export interface ScanDirResult extends PdfDirResult {
  /** Invoices without a connected scan. */
  missing: number;
}

/** Requests kept in flight: enough to keep the limiter's paced slots busy, not to queue them all. */
const IN_FLIGHT = 4;

/** A file's extension by the scan's kind (JPEG as the usual `.jpg`). */
export const SCAN_EXTENSIONS: Readonly<Record<ScanKind, string>> = { pdf: 'pdf', png: 'png', jpeg: 'jpg' };

interface FolderOptions {
  dir: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** One invoice's document, or null when it has none. */
type Reader = (id: string, options: { priority: 'export'; signal?: AbortSignal }) => Promise<{ bytes: Buffer; extension: string } | null>;

async function saveDocuments(options: FolderOptions & { ids: Iterable<string>; extensions: readonly string[]; read: Reader }): Promise<ScanDirResult> {
  const { dir } = options;
  // The folder must exist (as --out's must): a typo should not quietly create a new one.
  const isFolder = await fs.stat(dir).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
  if (!isFolder) throw toFileError(Object.assign(new Error('no folder'), { code: 'ENOENT' }), path.join(dir, `x.${options.extensions[0] ?? 'pdf'}`), 'write');
  const unique = [...new Set(options.ids)];
  const ids = unique.filter(isSafeDocumentNumber);
  let next = 0;
  let done = 0;
  const result: ScanDirResult = { saved: 0, skipped: 0, missing: 0, refused: unique.filter((id) => !isSafeDocumentNumber(id)), unusable: [], total: ids.length };
  const exists = (file: string): Promise<boolean> =>
    fs.stat(file).then(
      () => true,
      () => false,
    );

  async function one(id: string): Promise<void> {
    for (const extension of options.extensions) {
      if (await exists(path.join(dir, `${id}.${extension}`))) {
        result.skipped += 1;
        return;
      }
    }
    let document: { bytes: Buffer; extension: string } | null;
    try {
      document = await options.read(id, { priority: 'export', ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      const skipped = unobtainable(error);
      if (!skipped) throw error;
      result.unusable.push({ id, ...skipped });
      return;
    }
    if (!document) {
      result.missing += 1;
      return;
    }
    const name = `${id}.${document.extension}`;
    const target = path.join(dir, name);
    const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      // 0600: a company's invoices and its suppliers' bills are for its owner only, whatever the
      // umask would give (the rename keeps the mode). Created exclusively: never through a link.
      await fs.writeFile(temp, document.bytes, { flag: 'wx', mode: 0o600 });
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw toFileError(error, target, 'write');
    }
    result.saved += 1;
  }

  let failure: { error: unknown } | undefined;
  async function worker(): Promise<void> {
    while (next < ids.length && !failure && !options.signal?.aborted) {
      const id = ids[next++] as string;
      try {
        await one(id);
      } catch (error) {
        // Cancelled by the signal: not a failure, the counts so far are the answer.
        if (!options.signal?.aborted) failure ??= { error };
        return;
      }
      done += 1;
      options.onProgress?.(done, ids.length);
    }
  }
  // The first failure stops the others taking new work; the ones in flight finish (or clean up)
  // before it is reported, so no temporary file outlives the run.
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, ids.length) }, worker));
  if (failure) throw failure.error;
  if (options.signal?.aborted) result.interrupted = true;
  // In the invoices' order, whichever worker met them first.
  const order = new Map(ids.map((id, i) => [id, i]));
  result.unusable.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return result;
}

/** Why this one document cannot be had while the others may be (see the top): undefined for any other failure. */
function unobtainable(error: unknown): { problem: string; notFound?: true } | undefined {
  if (!isApiError(error)) return undefined;
  if (error.reason === 'refused-document') return { problem: error.message };
  if (error.status !== 404 || (error.kind !== 'not-found' && error.kind !== 'bad-request')) return undefined;
  const code = error.serviceCode === undefined ? '' : `, code ${error.serviceCode}`;
  const said = error.serviceMessage ? `: ${error.serviceMessage.slice(0, 200)}` : '';
  return { problem: `The service has no such document (HTTP 404${code}${said}); it may have been deleted since the list was read.`, notFound: true };
}

/** Customer invoices' PDFs as <DocumentNumber>.pdf. */
export async function savePdfs(options: FolderOptions & { session: PdfSource; documentNumbers: Iterable<string> }): Promise<PdfDirResult> {
  const { missing: _none, ...result } = await saveDocuments({
    ...options,
    ids: options.documentNumbers,
    extensions: ['pdf'],
    read: async (documentNumber, request) => ({ bytes: await options.session.invoicePdf(documentNumber, request), extension: 'pdf' }),
  });
  return result;
}

/** Supplier invoices' scans as <GivenNumber>.pdf, .png or .jpg; an invoice without one is counted in `missing`. */
export function saveScans(options: FolderOptions & { session: ScanSource; givenNumbers: Iterable<string> }): Promise<ScanDirResult> {
  return saveDocuments({
    ...options,
    ids: options.givenNumbers,
    extensions: Object.values(SCAN_EXTENSIONS),
    read: async (givenNumber, request) => {
      const scan = await options.session.supplierScan(givenNumber, request);
      return scan ? { bytes: scan.bytes, extension: SCAN_EXTENSIONS[scan.kind] } : null;
    },
  });
}
