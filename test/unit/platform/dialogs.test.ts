/**
 * The native save dialogs (issue: point 5). The dialog confirms overwriting the name the user
 * typed; when the app then adds the extension, the file it writes is another one, which may exist:
 * the export's chooser and the document's (Save PDF, Save scan) ask again, by the same rule.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../electron/common/settings';

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

const CHOOSERS = [
  ['the export (CSV)', (name: string, language: Language = 'en') => chooseExportFile(`${name}.csv`, language), 'csv'],
  ['Save PDF', (name: string, language: Language = 'en') => chooseDocumentFile(`${name}.pdf`, language), 'pdf'],
  ['Save scan (PNG)', (name: string, language: Language = 'en') => chooseDocumentFile(`${name}.png`, language), 'png'],
  ['Save scan (JPEG)', (name: string, language: Language = 'en') => chooseDocumentFile(`${name}.jpg`, language), 'jpg'],
] as const;

describe.each(CHOOSERS)('%s: a name typed without the extension', (_what, choose, extension) => {
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

describe.each(CHOOSERS)("%s: the question is asked in the app's language", (_what, choose, extension) => {
  it.each([
    ['sv', `kopia.${extension} finns redan. Vill du ersätta den?`, ['Ersätt', 'Avbryt']],
    ['en', `kopia.${extension} already exists. Replace it?`, ['Replace', 'Cancel']],
  ] as const)('%s', async (language, message, buttons) => {
    writeFileSync(path.join(folder, `kopia.${extension}`), 'the user’s own file');
    fake.saveAnswers.push({ canceled: false, filePath: path.join(folder, 'kopia') });
    fake.messageAnswers.push(1);
    expect(await choose('Faktura 1', language)).toBeNull();
    expect(fake.messageBoxes).toEqual([expect.objectContaining({ message, buttons, cancelId: 1 })]);
  });
});
