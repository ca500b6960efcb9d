// The layers of docs/architecture.md ("The layers") as allow-lists: for each folder of electron/ and
// renderer/, what its files may import. A file in a folder that has no entry is an error, so a new
// folder is under a rule from its first file; an import of anything not named is an error that
// says the folder's rule. eslint.layer-rule.js applies the table; test/unit/architecture/
// layers.test.ts checks that every folder has an entry and that the rule reports.
//
// An entry names folders (a folder's own files are always allowed; a subfolder is a folder of its
// own) or single modules without their extension (`electron/ipc/contract`). `imports` may be
// imported at run time, `types` with `import type` only. `packages`: 'node' (the default: any
// package, the `electron` module only in the shell below), 'browser' (no Node built-in, no
// `electron`) or 'none'. The lists are what the code imports, within what the layers allow.

/** @typedef {{ imports: readonly string[], types?: readonly string[], packages?: 'node' | 'browser' | 'none', why: string }} Layer */

/** The shared layer: every layer may import it at run time, but the sandbox and the dev scripts. */
const COMMON = ['electron/common', 'electron/common/lists'];
/** The IPC contract: the channels' types, which handlers and the renderer import as types only. */
const CONTRACT = 'electron/ipc/contract';
/** What every folder of the main process may build on. */
const BELOW = [...COMMON, 'electron/kernel'];

/**
 * A feature of the main process: the layers below it, the contract's types and the other
 * features it names (the layers allow features to use each other; each use is said here).
 * `why`: the folder's own reason, where it says more than a feature's (a room of the copy).
 * @param {{ imports?: readonly string[], types?: readonly string[], why?: string }} uses
 * @returns {Layer}
 */
function feature({ imports = [], types = [], why = 'a feature builds on api/, auth/, kernel/ and common/, and on the features its entry names; never on the sandbox.' }) {
  return { imports: [...BELOW, ...imports], types: [CONTRACT, ...types], why };
}

/**
 * A folder of the renderer: electron/common at run time, the IPC contract as types, the page's
 * own lower folders (the bridge's client renderer/api.ts, i18n/, ui/) and the features it names.
 * @param {{ imports?: readonly string[], types?: readonly string[] }} uses
 * @returns {Layer}
 */
function page({ imports = [], types = [] }) {
  return {
    imports: [...COMMON, 'renderer/api', 'renderer/i18n', 'renderer/ui', ...imports],
    types: [CONTRACT, ...types],
    packages: 'browser',
    why: 'the renderer reaches the main process only through window.invoiceDesk: electron/common at run time, electron/ipc/contract as types, and the features its entry names.',
  };
}

/** @type {Readonly<Record<string, Layer>>} */
export const layers = {
  'electron/common': {
    imports: [],
    // The lists' types by id (resources.ts) are derived from the registry: types only, so no run-time cycle.
    types: ['electron/common/lists'],
    packages: 'none',
    why: 'electron/common is imported at run time by main, preload, renderer and the CLI alike: pure data and types, nothing but its own files (no electron, node:, zod or other folders).',
  },
  'electron/common/lists': {
    imports: ['electron/common'],
    packages: 'none',
    why: "the list registry is part of the common layer: its own files and common's, nothing else.",
  },
  'electron/kernel': { imports: COMMON, why: 'the kernel (clock, listeners, errors, HTTP helpers) is what the layers above share; it depends on nothing but common/.' },
  'electron/api': { imports: BELOW, why: 'the API client and the OAuth code share the kernel and common/, not each other.' },
  'electron/auth': { imports: BELOW, why: 'the API client and the OAuth code share the kernel and common/, not each other.' },

  'electron/companies': feature({ imports: ['electron/api', 'electron/auth'], types: ['electron/settings'] }),
  'electron/lists': feature({ imports: ['electron/invoices'], types: ['electron/companies'] }),
  'electron/invoices': feature({ types: ['electron/api', 'electron/companies'] }),
  'electron/supplierinvoices': feature({ types: ['electron/companies', 'electron/invoices', 'electron/mirror/access'] }),
  // The copy's rooms, each on the ones below it: storage <- queries <- access (the method table, the
  // worker, the pool, the handles) <- sync.
  'electron/mirror/storage': feature({
    imports: ['electron/api'],
    why: "mirror/storage/ is the copy's SQLite file (its schema steps, upsert, kept figures and tallies): it builds on the kernel and common/ and on api/'s parser of a page, and knows none of the copy's other rooms.",
  }),
  'electron/mirror/queries': feature({
    imports: ['electron/mirror/storage'],
    why: "mirror/queries/ answers from the copy's storage (list pages, overview, statement, days outstanding, digest, the firm's row): storage and common/ only.",
  }),
  'electron/mirror/access': feature({
    imports: ['electron/mirror/queries', 'electron/mirror/storage'],
    types: ['electron/api', 'electron/export'],
    why: "mirror/access/ is how the main process reaches a copy (the method table over storage and queries, the worker and its pool, the handles, the files, the saved statuses): never the sync, which uses it.",
  }),
  'electron/mirror/sync': feature({
    imports: ['electron/mirror/access', 'electron/mirror/storage'],
    types: ['electron/api'],
    why: 'mirror/sync/ reads the lists into the copies and schedules it (engine, scheduler, offline watch, the manager of every company): through mirror/access/, with the stored lists from mirror/storage/.',
  }),
  'electron/overview': feature({ imports: ['electron/export'], types: ['electron/mirror/access'] }),
  'electron/digest': feature({ types: ['electron/mirror/access'] }),
  'electron/sync': feature({}),
  'electron/export': feature({ imports: ['electron/api'], types: ['electron/companies'] }),
  'electron/settings': feature({ imports: ['electron/auth'] }),
  'electron/cli': feature({ imports: ['electron/api', 'electron/auth', 'electron/companies', 'electron/export', 'electron/mirror/access', 'electron/mirror/sync', 'electron/settings'], types: ['electron/mirror/queries'] }),
  'electron/demo': {
    imports: [...BELOW, 'electron/auth', 'electron/sandbox'],
    types: ['electron/settings'],
    why: 'demo mode is the one folder of the client that starts the sandbox (as a service, through its own entry point).',
  },

  'electron/ipc': {
    imports: [...BELOW, 'electron/app-protocol'],
    why: 'ipc/ holds the channel table, the schemas, the bridge and the one ipcMain.handle: common/, kernel/ and app-protocol.ts; the handlers are passed in.',
  },
  'electron/platform': {
    imports: [...BELOW, 'electron/settings'],
    types: ['electron/auth', CONTRACT],
    why: "platform/ holds the Electron-backed ports (safe storage, the store, shell, dialogs): the kernel's and settings' code, the ports' types.",
  },
  electron: {
    imports: [
      ...BELOW,
      'electron/auth',
      'electron/companies',
      'electron/demo',
      'electron/digest',
      'electron/export',
      'electron/invoices',
      'electron/ipc',
      'electron/lists',
      'electron/mirror/access',
      'electron/mirror/sync',
      'electron/overview',
      'electron/platform',
      'electron/settings',
      'electron/supplierinvoices',
      'electron/sync',
    ],
    why: 'the shell (main.ts, preload.ts, window.ts) and the composition root (app-services.ts) join every layer of the client; never the sandbox but through demo/.',
  },

  'electron/sandbox': { imports: [], why: 'the sandbox is an independent implementation of the service: it shares no code with the client.' },
  'electron/dev': { imports: [], why: 'the development scripts (start, dev, dist, the Node launcher) run beside the app, not in it: their own files only.' },

  renderer: page({
    imports: ['renderer/features/companies', 'renderer/features/digest', 'renderer/features/firm', 'renderer/features/settings', 'renderer/features/sync', 'renderer/features/workspace'],
  }),
  'renderer/ui': {
    imports: [...COMMON, 'renderer/api', 'renderer/i18n'],
    types: [CONTRACT],
    packages: 'browser',
    why: 'ui/ holds the pieces every feature uses: it knows no feature.',
  },
  'renderer/i18n': { imports: COMMON, types: [CONTRACT], packages: 'browser', why: "i18n/ holds the app's words: it knows no feature and no component." },
  'renderer/features/companies': page({ imports: ['renderer/features/sync', 'renderer/features/workspace'] }),
  'renderer/features/customers': page({ imports: ['renderer/features/grid', 'renderer/features/overview', 'renderer/features/statement'], types: ['renderer/features/workspace'] }),
  'renderer/features/digest': page({ imports: ['renderer/features/grid'] }),
  'renderer/features/export': page({ imports: ['renderer/features/grid', 'renderer/features/invoices'] }),
  'renderer/features/firm': page({ imports: ['renderer/features/companies', 'renderer/features/grid', 'renderer/features/overview', 'renderer/features/sync'] }),
  'renderer/features/grid': page({ imports: ['renderer/features/export', 'renderer/features/sync'] }),
  'renderer/features/invoices': page({ imports: ['renderer/features/grid', 'renderer/features/overview', 'renderer/features/payments', 'renderer/features/statement'], types: ['renderer/features/workspace'] }),
  'renderer/features/overview': page({ imports: ['renderer/features/grid', 'renderer/features/invoices', 'renderer/features/sync'], types: ['renderer/features/supplierinvoices'] }),
  'renderer/features/payments': page({ imports: ['renderer/features/grid', 'renderer/features/sync'] }),
  'renderer/features/settings': page({ imports: ['renderer/features/sync'] }),
  'renderer/features/statement': page({ imports: ['renderer/features/grid', 'renderer/features/overview'] }),
  'renderer/features/supplierinvoices': page({ imports: ['renderer/features/grid', 'renderer/features/overview', 'renderer/features/payments'], types: ['renderer/features/workspace'] }),
  'renderer/features/suppliers': page({ imports: ['renderer/features/grid', 'renderer/features/overview', 'renderer/features/sync'], types: ['renderer/features/workspace'] }),
  'renderer/features/sync': page({ imports: ['renderer/features/digest', 'renderer/features/grid', 'renderer/features/overview'] }),
  'renderer/features/workspace': page({
    imports: [
      'renderer/features/customers',
      'renderer/features/digest',
      'renderer/features/grid',
      'renderer/features/invoices',
      'renderer/features/overview',
      'renderer/features/supplierinvoices',
      'renderer/features/suppliers',
      'renderer/features/sync',
    ],
  }),
};

/** The only files that may import the `electron` module (a file, or every file of a folder): the
 * rest of electron/ runs in plain Node (the tests, the CLI, the benchmarks). */
export const electronShell = ['electron/main.ts', 'electron/preload.ts', 'electron/window.ts', 'electron/ipc/handlers.ts', 'electron/platform'];
