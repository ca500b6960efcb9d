// The lint rule `layers/imports`: every file of electron/ and renderer/ imports only what its
// folder's entry of eslint.layers.js allows (docs/architecture.md, The layers). A plain ESLint
// rule over the import statements (`import`, `export … from`, `import()`, `import('…').T`), so
// its message can say the folder's rule and what the folder may import instead.
import { existsSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { electronShell, layers } from './eslint.layers.js';

const ROOT = import.meta.dirname;
const TABLE = 'eslint.layers.js';
const SOURCE_EXTENSION = /\.(d\.)?(tsx?|mts|cts|jsx?|mjs|cjs)$/;
const BUILTINS = new Set(builtinModules);

/** A path relative to the repository, with forward slashes. */
const relative = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/** The folder and the module (its path without extension) a relative specifier names from `fromDir`. */
function target(fromDir, specifier) {
  const full = path.resolve(ROOT, fromDir, specifier.split('?')[0]);
  const isFolder = existsSync(full) && statSync(full).isDirectory();
  const module = relative(full).replace(SOURCE_EXTENSION, '');
  return { folder: isFolder ? module : path.posix.dirname(module), module };
}

/** Whether an allow-list names the target: its folder, or the module itself. */
const names = (list, { folder, module }) => (list ?? []).some((entry) => entry === folder || entry === module);

/** Whether a file is in the Electron shell (one of its files, or under one of its folders). */
const inShell = (file) => electronShell.some((entry) => file === entry || file.startsWith(`${entry}/`));

/** Whether the statement imports types only (`import type`, `import { type A }`, `export type … from`, `import('…').T`). */
function typesOnly(node) {
  if (node.type === 'TSImportType') return true;
  if (node.type === 'ImportExpression') return false;
  const kind = node.importKind ?? node.exportKind;
  if (kind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((specifier) => (specifier.importKind ?? specifier.exportKind) === 'type');
}

/** The string a statement imports from, or null (a computed `import(x)`). */
function sourceOf(node) {
  const source = node.type === 'TSImportType' ? (node.source ?? node.argument?.literal) : node.source;
  return source && source.type === 'Literal' && typeof source.value === 'string' ? source : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: "imports only what the folder's entry of eslint.layers.js allows" },
    schema: [],
    messages: {
      noEntry: `{{folder}} has no entry in ${TABLE}: add what its files may import (docs/architecture.md, The layers).`,
      notAllowed: `{{folder}} may not import {{what}}: {{why}} It may import {{allowed}} (${TABLE}).`,
      typesOnly: `{{folder}} may import only types from {{what}} (\`import type\`, ${TABLE}): {{why}}`,
      noPackage: `{{folder}} imports no package ({{what}}): {{why}}`,
      browser: `{{folder}} runs in the renderer's page: no Node built-in and no electron ({{what}}): {{why}}`,
      electron: `Only ${electronShell.join(', ')} may import electron: the rest runs in plain Node (docs/architecture.md, The layers).`,
    },
  },
  create(context) {
    const file = relative(context.filename);
    const folder = path.posix.dirname(file);
    const layer = layers[folder];
    if (!layer) {
      return { Program: (node) => context.report({ node, messageId: 'noEntry', data: { folder } }) };
    }
    const allowed = [...layer.imports, ...(layer.types ?? []).map((entry) => `${entry} (types)`)].join(', ') || 'nothing outside itself';
    const check = (node) => {
      const source = sourceOf(node);
      if (!source) return;
      const specifier = source.value;
      const report = (messageId, what) => context.report({ node: source, messageId, data: { folder, what, why: layer.why, allowed } });
      if (!specifier.startsWith('.')) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if (layer.packages === 'browser' && (specifier.startsWith('node:') || BUILTINS.has(name) || name === 'electron')) return report('browser', specifier);
        if (layer.packages === 'none') return report('noPackage', specifier);
        if (name === 'electron' && !inShell(file)) return report('electron', specifier);
        return;
      }
      const to = target(folder, specifier);
      if (to.folder === folder || names(layer.imports, to)) return;
      const what = `${to.module} (${specifier})`;
      if (names(layer.types, to)) {
        if (!typesOnly(node)) report('typesOnly', what);
        return;
      }
      report('notAllowed', what);
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};

export const layersPlugin = { meta: { name: 'layers' }, rules: { imports: importsRule } };
