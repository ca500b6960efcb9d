// The layers of docs/architecture.md as lint rules: every folder of electron/ and renderer/ has its
// entry in eslint.layers.js (what its files may import), and ESLint with the project's own config
// refuses an import its folder's entry does not allow, naming the rule, while an allowed one passes.
import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronShell, layers } from '../../../eslint.layers.js';
import { filesUnder, ROOT } from './markdown';

/** The folders that hold the app's source files. */
function sourceFolders(): string[] {
  const files = ['electron', 'renderer'].flatMap((dir) => filesUnder(dir, /\.(ts|tsx)$/));
  return [...new Set(files.map((file) => path.dirname(file).split(path.sep).join('/')))].toSorted();
}

/** The folders and the modules (files without their extension) of electron/ and renderer/. */
function sourceNames(): Set<string> {
  const files = ['electron', 'renderer'].flatMap((dir) => filesUnder(dir, /\.(ts|tsx)$/)).map((file) => file.split(path.sep).join('/'));
  return new Set([...sourceFolders(), ...files.map((file) => file.replace(/\.(ts|tsx)$/, ''))]);
}

/** The project's config with the layer rule alone, parsed without types (the rule reads only the imports). */
const lint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'layers/imports',
});

async function problems(text: string, filePath: string): Promise<string[]> {
  const [result] = await lint.lintText(text, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the layer table (eslint.layers.js)', () => {
  it('has an entry for every folder with a source file under electron/ and renderer/, and none for a folder that is gone', () => {
    const folders = sourceFolders();
    expect(folders.length).toBeGreaterThan(30);
    expect(folders.filter((folder) => !(folder in layers))).toEqual([]);
    expect(Object.keys(layers).filter((folder) => !folders.includes(folder))).toEqual([]);
  });

  it('names only folders and modules that exist', () => {
    const existing = sourceNames();
    const named = Object.values(layers).flatMap((layer) => [...layer.imports, ...(layer.types ?? [])]);
    expect([...new Set(named)].filter((entry) => !existing.has(entry))).toEqual([]);
    expect(electronShell.filter((entry) => !existing.has(entry.replace(/\.ts$/, '')))).toEqual([]);
  });

  it('keeps common to itself, the sandbox apart and the renderer on common and the contract (docs/architecture.md, The layers)', () => {
    expect(layers['electron/common']).toMatchObject({ imports: [], packages: 'none' });
    expect(layers['electron/sandbox']?.imports).toEqual([]);
    const importers = Object.entries(layers).filter(([, layer]) => [...layer.imports, ...(layer.types ?? [])].includes('electron/sandbox'));
    expect(importers.map(([folder]) => folder)).toEqual(['electron/demo']);
    for (const [folder, layer] of Object.entries(layers).filter(([name]) => name.startsWith('renderer'))) {
      expect([folder, layer.imports.filter((entry) => entry.startsWith('electron/') && !entry.startsWith('electron/common'))]).toEqual([folder, []]);
      expect([folder, (layer.types ?? []).filter((entry) => entry.startsWith('electron/') && entry !== 'electron/ipc/contract')]).toEqual([folder, []]);
    }
  });
});

describe('ESLint with the project config', () => {
  it('refuses an import the folder may not make, saying the rule, and passes an allowed one', async () => {
    const refused = await problems("import { requestedScopes } from '../auth/scopes';\nexport const scopes = requestedScopes(false);\n", 'electron/api/new-module.ts');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^layers\/imports: electron\/api may not import electron\/auth\/scopes \(\.\.\/auth\/scopes\): the API client and the OAuth code share the kernel/);
    expect(refused[0]).toContain('It may import electron/common, electron/common/lists, electron/kernel (eslint.layers.js)');
    expect(await problems("import { eachList } from '../common/lists/registry';\nexport const lists = eachList();\n", 'electron/api/new-module.ts')).toEqual([]);
  }, 60_000);

  it('refuses main-process code in the renderer, and a run-time import of the IPC contract', async () => {
    const file = 'renderer/features/grid/new-module.ts';
    expect(await problems("import { startSandbox } from '../../../electron/sandbox';\nexport const start = startSandbox;\n", file)).toEqual([
      expect.stringMatching(/^layers\/imports: renderer\/features\/grid may not import electron\/sandbox .*window\.invoiceDesk/),
    ]);
    expect(await problems("import * as contract from '../../../electron/ipc/contract';\nexport const all = contract;\n", file)).toEqual([expect.stringContaining('may import only types from electron/ipc/contract')]);
    expect(await problems("import type { InvoiceDeskApi } from '../../../electron/ipc/contract';\nexport type Api = InvoiceDeskApi;\n", file)).toEqual([]);
    expect(await problems("import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n", file)).toEqual([expect.stringContaining('no Node built-in')]);
  }, 60_000);

  it('refuses every file of a folder the table does not name, and electron outside the shell', async () => {
    expect(await problems('export const answer = 42;\n', 'electron/articles/article-list.ts')).toEqual([
      expect.stringContaining('electron/articles has no entry in eslint.layers.js'),
    ]);
    expect(await problems("import { app } from 'electron';\nexport const quit = (): void => app.quit();\n", 'electron/mirror/storage/new-module.ts')).toEqual([expect.stringContaining('may import electron')]);
    expect(await problems("import { app } from 'electron';\nexport const quit = (): void => app.quit();\n", 'electron/platform/new-module.ts')).toEqual([]);
  }, 60_000);
});
