/**
 * The native save dialogs (issue: point 5). The dialog confirms overwriting the name the user
 * typed; when the app then adds the extension, the file it writes is another one, which may exist:
 * the export's chooser and the document's (Save PDF, Save scan) ask again, by the same rule.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  saveAnswers: [] as Array<{ canceled: boolean; filePath?: string }>,
  messageAnswers: [] as number[],
  messageBoxes: [] as Array<{ message?: string; buttons?: string[]; cancelId?: number }>,
}));

vi.mock('electron', () => ({
  app: { getPath: () => os.tmpdir() },
  BrowserWindow: { getAllWindows: () => [] },
  dialog: {
    showSaveDialog: async () => fake.saveAnswers.shift() ?? { canceled: true },
    showMessageBox: async (options: { message?: string; buttons?: string[]; cancelId?: number }) => {
      fake.messageBoxes.push(options);
      return { response: fake.messageAnswers.shift() ?? 0, checkboxChecked: false };
    },
  },
}));

const { chooseDocumentFile, chooseExportFile } = await import('../../../electron/platform/dialogs');

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-dialogs-'));
  fake.saveAnswers.length = 0;
  fake.messageAnswers.length = 0;
  fake.messageBoxes.length = 0;
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe.each([
  ['the export (CSV)', (name: string) => chooseExportFile(`${name}.csv`), 'csv'],
  ['Save PDF', (name: string) => chooseDocumentFile(`${name}.pdf`), 'pdf'],
  ['Save scan (PNG)', (name: string) => chooseDocumentFile(`${name}.png`), 'png'],
  ['Save scan (JPEG)', (name: string) => chooseDocumentFile(`${name}.jpg`), 'jpg'],
] as const)('%s: a name typed without the extension', (_what, choose, extension) => {
  it('is completed without a question when no such file exists', async () => {
    fake.saveAnswers.push({ canceled: false, filePath: path.join(folder, 'kopia') });
    expect(await choose('Faktura 1')).toBe(path.join(folder, `kopia.${extension}`));
    expect(fake.messageBoxes).toEqual([]);
  });

  it('asks before replacing the file of that name with the extension; declined, nothing is chosen', async () => {
    writeFileSync(path.join(folder, `kopia.${extension}`), 'the user’s own file');
    fake.saveAnswers.push({ canceled: false, filePath: path.join(folder, 'kopia') });
    fake.messageAnswers.push(1);
    expect(await choose('Faktura 1')).toBeNull();
    expect(fake.messageBoxes).toHaveLength(1);
    expect(fake.messageBoxes[0]!.message).toContain(`kopia.${extension}`);
    expect(fake.messageBoxes[0]!.cancelId).toBe(1);
  });

  it('replaces it when the user says so', async () => {
    writeFileSync(path.join(folder, `kopia.${extension}`), 'the user’s own file');
    fake.saveAnswers.push({ canceled: false, filePath: path.join(folder, 'kopia') });
    fake.messageAnswers.push(0);
    expect(await choose('Faktura 1')).toBe(path.join(folder, `kopia.${extension}`));
    expect(fake.messageBoxes).toHaveLength(1);
  });

  it('asks nothing more when the name already had the extension (the dialog asked)', async () => {
    writeFileSync(path.join(folder, `kopia.${extension}`), 'the user’s own file');
    fake.saveAnswers.push({ canceled: false, filePath: path.join(folder, `kopia.${extension.toUpperCase()}`) });
    expect(await choose('Faktura 1')).toBe(path.join(folder, `kopia.${extension.toUpperCase()}`));
    expect(fake.messageBoxes).toEqual([]);
  });
});
