/**
 * The save dialog's second question (the name typed had no extension and the file with it exists)
 * through the harness against the sandbox: the main process asks it in the app's language, Swedish
 * and then English after the user switches, and declined, the user's file stays as it was.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { launchApp, type LaunchedApp } from '../harness/launch-app';
import { connectCompany, serviceOnlyEnv } from './helpers/connect';
import { companyIdByName, selectCompany, settled } from './helpers/grid';

let sandbox: Sandbox;
let app: LaunchedApp;
let folder: string;
const OWN = 'the user’s own file';

beforeAll(async () => {
  sandbox = await startSandbox();
  folder = mkdtempSync(path.join(os.tmpdir(), 'invoice-desk-save-dialog-'));
  writeFileSync(path.join(folder, 'kopia.csv'), OWN);
  app = await launchApp({
    env: serviceOnlyEnv(sandbox),
    // Twice "kopia", typed without its extension; the user declines replacing kopia.csv each time.
    dialogAnswers: [
      { canceled: false, filePath: path.join(folder, 'kopia') },
      { canceled: false, filePath: path.join(folder, 'kopia') },
    ],
    messageBoxAnswers: [1, 1],
  });
  const small = sandbox.companies.find((c) => c.key === 'small')!;
  await connectCompany(app, { company: small.name });
  await selectCompany(app.page, small.name);
  await settled(app.page, { company: await companyIdByName(app.page, small.name), page: 1 });
});

afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The message boxes the main process showed, as it gave them to Electron. */
const messageBoxes = (): Array<{ message?: string; buttons?: string[] }> =>
  app.fake!.dialogCalls.map((call) => (call as unknown[]).at(-1) as { message?: string; buttons?: string[] }).filter((options) => Array.isArray(options.buttons));

async function exportAndDecline(): Promise<void> {
  const before = messageBoxes().length;
  await app.page.getByTestId('export-button').click();
  await app.page.getByTestId('export-menu').waitFor();
  await app.page.getByTestId('export-start').click();
  await expect.poll(() => messageBoxes().length, { timeout: 10_000 }).toBe(before + 1);
  // Declined, the save chose nothing: the menu stays open, as after a cancelled dialog, and takes
  // its Escape once its Export button is enabled again.
  await expect.poll(() => app.page.getByTestId('export-start').isEnabled(), { timeout: 10_000 }).toBe(true);
  await app.page.getByTestId('export-start').press('Escape');
  await app.page.getByTestId('export-menu').waitFor({ state: 'detached' });
}

describe("the save dialog's question about a file of the completed name", () => {
  it('is asked in Swedish in a Swedish app; declined, nothing is written', async () => {
    await exportAndDecline();
    expect(messageBoxes().at(-1)).toMatchObject({ message: 'kopia.csv finns redan. Vill du ersätta den?', buttons: ['Ersätt', 'Avbryt'] });
    expect(readFileSync(path.join(folder, 'kopia.csv'), 'utf8')).toBe(OWN);
  });

  it('is asked in English once the user chose English', async () => {
    await app.page.getByLabel(/Språk|Language/).selectOption('en');
    await app.page.getByRole('button', { name: 'Export…' }).waitFor();
    await exportAndDecline();
    expect(messageBoxes().at(-1)).toMatchObject({ message: 'kopia.csv already exists. Replace it?', buttons: ['Replace', 'Cancel'] });
    expect(readFileSync(path.join(folder, 'kopia.csv'), 'utf8')).toBe(OWN);
    expect(readdirSync(folder)).toEqual(['kopia.csv']);
  });
});
