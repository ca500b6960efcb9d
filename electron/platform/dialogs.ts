/** The native dialogs of the main process: the save dialogs (the only source of a path the app writes to) and its confirmations. */
import { app, BrowserWindow, dialog } from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../ipc/contract';
import { confirmationText, replaceFileText } from '../settings/confirmation-text';
import type { Confirmation } from '../settings/settings-service';

export async function chooseExportFile(defaultName: string, language: Language): Promise<string | null> {
  const parent = BrowserWindow.getAllWindows()[0];
  const options = {
    title: 'Export invoices',
    defaultPath: path.join(app.getPath('documents'), defaultName),
    filters: [{ name: 'CSV', extensions: ['csv'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
  };
  const answer = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (answer.canceled || !answer.filePath) return null;
  return withExtension(answer.filePath, 'csv', parent, language);
}

/**
 * The chosen path with its extension: the one rule of every save dialog. The dialog confirmed
 * overwriting the name the user typed, not the one with the extension added: when that one
 * exists, the user is asked again in the app's language ("Cancel" the default), and declining
 * chooses nothing.
 */
async function withExtension(filePath: string, extension: string, parent: BrowserWindow | undefined, language: Language): Promise<string | null> {
  if (filePath.toLowerCase().endsWith(`.${extension}`)) return filePath;
  const completed = `${filePath}.${extension}`;
  if (!existsSync(completed)) return completed;
  const text = replaceFileText(path.basename(completed), language);
  const confirm = {
    type: 'question' as const,
    buttons: [text.yes, text.no],
    defaultId: 1,
    cancelId: 1,
    message: text.message,
  };
  const choice = parent ? await dialog.showMessageBox(parent, confirm) : await dialog.showMessageBox(confirm);
  return choice.response === 0 ? completed : null;
}

const DOCUMENT_KINDS: Record<string, string> = { pdf: 'PDF', png: 'PNG', jpg: 'JPEG' };

/** The native save dialog for a document: an invoice's PDF, or a supplier invoice's scan (PDF, PNG or JPEG, by the default name's extension). */
export async function chooseDocumentFile(defaultName: string, language: Language): Promise<string | null> {
  const parent = BrowserWindow.getAllWindows()[0];
  const extension = /\.(pdf|png|jpg)$/i.exec(defaultName)?.[1]?.toLowerCase() ?? 'pdf';
  const options = {
    title: defaultName,
    defaultPath: path.join(app.getPath('documents'), defaultName),
    filters: [{ name: DOCUMENT_KINDS[extension] ?? 'PDF', extensions: [extension] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
  };
  const answer = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (answer.canceled || !answer.filePath) return null;
  return withExtension(answer.filePath, extension, parent, language);
}

/**
 * A yes/no question the main process asks itself: a change of service address or client ID, weak
 * key storage, "Show scanned supplier invoices" turned on or the local copy turned off takes effect
 * only when the user confirms it here, never on the window's word alone. "Cancel" is the default
 * and the answer to Escape.
 */
export async function confirm(question: Confirmation, language: Language): Promise<boolean> {
  const text = confirmationText(question, language);
  const parent = BrowserWindow.getAllWindows()[0];
  const options = {
    type: 'warning' as const,
    buttons: [text.yes, text.no],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    message: text.message,
    detail: text.detail,
  };
  const choice = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return choice.response === 0;
}
