/** The native save dialog for exports: the only source of a path the app writes to. */
import { app, BrowserWindow, dialog } from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';

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
