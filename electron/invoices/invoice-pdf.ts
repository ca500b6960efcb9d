/**
 * An invoice's PDF (or a supplier invoice's scan) on this computer: opened from a private
 * temporary file (a folder of mode 0700 and the file 0600, both removed when the app quits) in the
 * system's viewer, or saved where the native save dialog says. The window never receives the
 * bytes, a path or a URL with a token.
 *
 * The window only asks for a document to be opened, but it may ask without end: the same document
 * (company, resource, document number) is opened from its one file (written again only when its
 * bytes or name changed), and at most MAX_OPENED_FILES files are kept, the least recently opened
 * removed first, so a compromised window cannot fill the disk until quit.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResourceId } from '../common/resources';
import { ApiError } from '../kernel/errors';

/** Which document a file is: the same company, resource and document number open the same file. */
export interface OpenedDocument {
  companyId: string;
  resource: ResourceId;
  documentNumber: string;
}

/** Opened files kept on disk at once; the least recently opened beyond this are removed. */
export const MAX_OPENED_FILES = 50;

export interface PdfPorts {
  /** The system's viewer (shell.openPath): resolves with an error text, '' on success. */
  openPath(file: string): Promise<string>;
  /** The native save dialog; null when cancelled. */
  chooseDocumentFile(defaultName: string): Promise<string | null>;
  log(message: string, error?: unknown): void;
  /** Where the private folder is made; the OS's temporary folder by default. */
  tempRoot?: string;
}

/** `Faktura 1234.pdf` / `Invoice 1234.pdf`: the file names the invoice. */
export function pdfName(documentNumber: string, language: 'sv' | 'en'): string {
  return `${language === 'sv' ? 'Faktura' : 'Invoice'} ${documentNumber}.pdf`;
}

export function createPdfFiles(ports: PdfPorts) {
  let folder: Promise<string> | undefined;
  const privateFolder = () => (folder ??= fs.mkdtemp(path.join(ports.tempRoot ?? os.tmpdir(), 'invoice-desk-pdf-')).then(async (dir) => (await fs.chmod(dir, 0o700), dir)));

  async function writeNew(file: string, bytes: Buffer): Promise<void> {
    // 'wx': never through a file (or a link) that is already there.
    const handle = await fs.open(file, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** The opened documents' files by document, least recently opened first (a Map keeps insertion order). */
  const opened = new Map<string, { dir: string; file: string }>();
  const keyOf = (document: OpenedDocument) => JSON.stringify([document.companyId, document.resource, document.documentNumber]);
  /** Opens run one at a time: two opens of one document never write two files. */
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const remove = (dir: string) => fs.rm(dir, { recursive: true, force: true }).catch((error: unknown) => ports.log(`Removing the opened file in ${dir} failed`, error));
  const holds = async (file: string, bytes: Buffer) => (await fs.readFile(file).catch(() => undefined))?.equals(bytes) === true;

  /** The document's file, with these bytes under this name: the one it had, or a new one in place of it. */
  async function fileFor(document: OpenedDocument, bytes: Buffer, name: string): Promise<string> {
    const key = keyOf(document);
    const known = opened.get(key);
    opened.delete(key); // set again below, as the most recently opened
    if (known && path.basename(known.file) === name && (await holds(known.file, bytes))) {
      opened.set(key, known);
      return known.file;
    }
    if (known) await remove(known.dir);
    const dir = await fs.mkdtemp(path.join(await privateFolder(), 'f-')); // a folder per document: two documents' same name never collides
    const file = path.join(dir, name);
    try {
      await writeNew(file, bytes);
    } catch (error) {
      await remove(dir);
      throw error;
    }
    opened.set(key, { dir, file });
    for (const [oldest, entry] of opened) {
      if (opened.size <= MAX_OPENED_FILES) break;
      opened.delete(oldest);
      await remove(entry.dir);
    }
    return file;
  }

  return {
    /** Writes the document privately (or reuses its file) and hands it to the system's viewer; resolves with the file's name. */
    open(document: OpenedDocument, bytes: Buffer, name: string): Promise<{ fileName: string }> {
      return oneAtATime(async () => {
        const file = await fileFor(document, bytes, name);
        const problem = await ports.openPath(file);
        if (problem) {
          ports.log(`The PDF viewer did not open ${file}: ${problem}`);
          throw new ApiError('unavailable', { message: `${name} could not be opened: ${problem}`, remedy: 'Install a PDF viewer, or use "Save PDF…" and open the file yourself.', retryable: false });
        }
        return { fileName: name };
      });
    },
    /** Saves the PDF where the user chooses; null when the dialog was cancelled. */
    async save(bytes: Buffer, name: string): Promise<{ fileName: string } | null> {
      const target = await ports.chooseDocumentFile(name);
      if (target === null) return null;
      const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeNew(temp, bytes);
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        ports.log(`Saving the PDF to ${target} failed`, error);
        throw new ApiError('unavailable', { message: `${path.basename(target)} could not be saved (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, remedy: 'Choose another folder and try again.', retryable: false });
      }
      return { fileName: path.basename(target) };
    },
    /** Removes every PDF this run opened (at quit). */
    async close(): Promise<void> {
      if (!folder) return;
      await fs.rm(await folder, { recursive: true, force: true }).catch((error: unknown) => ports.log('Removing the opened PDFs failed', error));
    },
  };
}

export type PdfFiles = ReturnType<typeof createPdfFiles>;
