/** The native save dialog for exports: the only source of a path the app writes to. */
import { app, BrowserWindow, dialog } from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../ipc/contract';
import type { Confirmation } from '../settings/settings-service';

export async function chooseExportFile(defaultName: string): Promise<string | null> {
  const parent = BrowserWindow.getAllWindows()[0];
  const options = {
    title: 'Export invoices',
    defaultPath: path.join(app.getPath('documents'), defaultName),
    filters: [{ name: 'CSV', extensions: ['csv'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
  };
  const answer = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (answer.canceled || !answer.filePath) return null;
  if (answer.filePath.toLowerCase().endsWith('.csv')) return answer.filePath;
  // The dialog confirmed overwriting the name the user typed, not this one: ask again if it exists.
  const withExtension = `${answer.filePath}.csv`;
  if (!existsSync(withExtension)) return withExtension;
  const confirm = {
    type: 'question' as const,
    buttons: ['Replace', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: `${path.basename(withExtension)} already exists. Replace it?`,
  };
  const choice = parent ? await dialog.showMessageBox(parent, confirm) : await dialog.showMessageBox(confirm);
  return choice.response === 0 ? withExtension : null;
}

const DOCUMENT_KINDS: Record<string, string> = { pdf: 'PDF', png: 'PNG', jpg: 'JPEG' };

/** The native save dialog for a document: an invoice's PDF, or a supplier invoice's scan (PDF, PNG or JPEG, by the default name's extension). */
export async function chooseDocumentFile(defaultName: string): Promise<string | null> {
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
  return answer.filePath.toLowerCase().endsWith(`.${extension}`) ? answer.filePath : `${answer.filePath}.${extension}`;
}

const confirmText = {
  'service-change': {
    sv: {
      message: 'Använda den här tjänsten?',
      detail: (q: { authUrl: string; apiUrl: string }) =>
        `Inloggningar, nycklar och Client Secret skickas till:\n${q.authUrl}\n${q.apiUrl}\n\nBekräfta bara om du själv har angett adresserna.`,
      yes: 'Använd tjänsten',
      no: 'Avbryt',
    },
    en: {
      message: 'Use this accounting service?',
      detail: (q: { authUrl: string; apiUrl: string }) =>
        `Sign-ins, keys and the client secret will be sent to:\n${q.authUrl}\n${q.apiUrl}\n\nConfirm only if you entered these addresses yourself.`,
      yes: 'Use this service',
      no: 'Cancel',
    },
  },
  'weak-secret-storage': {
    sv: {
      message: 'Spara nycklar utan nyckelring?',
      detail: () =>
        'Datorn har ingen nyckelring (basic_text). Nycklarna krypteras då med en nyckel som är känd för alla, så den som kan läsa dina filer kan använda anslutningarna. Client Secret sparas aldrig så. Utan detta måste du ansluta företagen igen vid varje start.',
      yes: 'Spara ändå',
      no: 'Avbryt',
    },
    en: {
      message: 'Store keys without a keyring?',
      detail: () =>
        "This computer has no keyring (basic_text). Keys are then encrypted with a key known to everyone, so anyone who can read your files can use the connections. The client secret is never stored this way. Without this, companies must be reconnected after each start.",
      yes: 'Store anyway',
      no: 'Cancel',
    },
  },
} as const;

/**
 * A yes/no question the main process asks itself: a change of service address or weak key
 * storage takes effect only when the user confirms it here, never on the window's word alone.
 */
export async function confirm(question: Confirmation, language: Language): Promise<boolean> {
  const text = confirmText[question.kind][language];
  const parent = BrowserWindow.getAllWindows()[0];
  const options = {
    type: 'warning' as const,
    buttons: [text.yes, text.no],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    message: text.message,
    detail: question.kind === 'service-change' ? text.detail(question) : (text.detail as () => string)(),
  };
  const choice = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return choice.response === 0;
}
