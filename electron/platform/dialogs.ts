/** The native save dialog for exports: the only source of a path the app writes to. */
import { app, BrowserWindow, dialog } from 'electron';
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
  return answer.filePath.toLowerCase().endsWith('.csv') ? answer.filePath : `${answer.filePath}.csv`;
}
