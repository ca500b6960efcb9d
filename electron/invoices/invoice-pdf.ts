/**
 * An invoice's PDF on this computer: opened from a private temporary file (a folder of mode 0700
 * and the file 0600, both removed when the app quits) in the system's PDF viewer, or saved where
 * the native save dialog says. The window never receives the bytes, a path or a URL with a token.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '../kernel/errors';

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

  return {
    /** Writes the PDF privately and hands it to the system's viewer; resolves with the file's name. */
    async open(bytes: Buffer, name: string): Promise<{ fileName: string }> {
      const dir = await fs.mkdtemp(path.join(await privateFolder(), 'f-')); // one folder per open: the same name twice never collides
      const file = path.join(dir, name);
      await writeNew(file, bytes);
      const problem = await ports.openPath(file);
      if (problem) {
        ports.log(`The PDF viewer did not open ${file}: ${problem}`);
        throw new ApiError('unavailable', { message: `${name} could not be opened: ${problem}`, remedy: 'Install a PDF viewer, or use "Save PDF…" and open the file yourself.', retryable: false });
      }
      return { fileName: name };
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
