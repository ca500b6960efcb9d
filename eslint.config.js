// ESLint flat config: typescript-eslint (type-aware), the React hooks rules, and the process
// boundary of docs/architecture.md ("The layers") as lint rules.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const electronShellFiles = [
  'electron/main.ts',
  'electron/preload.ts',
  'electron/window.ts',
  'electron/ipc/handlers.ts',
  'electron/platform/**/*.ts',
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-electron/**', 'release/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  ...tseslint.configs.recommended,
  // The Node launcher and the installer's fetch hook are plain CommonJS on purpose: they must run on
  // a Node too old for the project, without a loader.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'electron/dev/*.cjs', 'electron/dev/*.d.cts', 'test/security/offline-got.cjs'] }, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer imports run-time code from electron/common only (pure data), types from the
      // IPC contract, and never the electron module itself.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer reaches the main process only through window.invoiceDesk.' }],
          patterns: [
            {
              group: ['**/electron/**', '!**/electron/ipc/contract', '!**/electron/common', '!**/electron/common/**'],
              message: 'The renderer may not import main-process code (electron/common is the shared layer).',
            },
            {
              group: ['**/electron/ipc/contract'],
              allowTypeImports: true,
              message: 'Import the IPC contract with `import type` only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: electronShellFiles,
    rules: {
      // Everything below the shell runs in plain Node (tests, the CLI): no Electron import.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only main.ts, preload.ts, window.ts, ipc/handlers.ts and platform/ may import electron (docs/architecture.md, The layers).',
            },
          ],
        },
      ],
    },
  },
  {
    // The common layer is imported at run time by main, preload, renderer and CLI alike: pure data
    // and types, nothing but its own files.
    files: ['electron/common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\./)', message: 'electron/common imports nothing but its own files (no electron, node:, zod or other folders).' },
          ],
        },
      ],
    },
  },
  {
    // The list registry (electron/common/lists) is part of the common layer: its own files and
    // common's, nothing else.
    files: ['electron/common/lists/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\./|\\.\\./[^.])', message: 'electron/common/lists imports nothing but its own files and common\'s (no electron, node:, zod or other folders).' },
          ],
        },
      ],
    },
  },
  {
    // The kernel (clock, listeners, errors, HTTP helpers) is what api/, auth/, settings/ and cli/
    // share; it depends on nothing but common/.
    files: ['electron/kernel/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The kernel is plain Node.' }],
          patterns: [{ regex: '^\\.\\./(?!common/)', message: 'The kernel imports only its own files and electron/common.' }],
        },
      ],
    },
  },
  {
    // The API client and the OAuth code share the kernel, not each other.
    files: ['electron/auth/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'auth/ is plain Node.' }],
          patterns: [{ regex: '^\\.\\./(api|companies|export|invoices|cli|ipc|sandbox)/', message: 'auth/ depends on the kernel and common only.' }],
        },
      ],
    },
  },
  {
    files: ['electron/api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'api/ is plain Node.' }],
          patterns: [{ regex: '^\\.\\./(auth|companies|export|invoices|cli|ipc|settings|sandbox)/', message: 'api/ depends on the kernel and common only.' }],
        },
      ],
    },
  },
  {
    files: ['electron/sandbox/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The sandbox is plain Node.' }],
          patterns: [
            {
              group: ['**/api/**', '**/auth/**', '**/companies/**', '**/ipc/**', '**/export/**'],
              message: 'The sandbox is an independent implementation of the service: it shares no code with the client.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/{companies,export,invoices,cli}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The API core is plain Node.' }],
          patterns: [{ group: ['**/sandbox/**'], message: 'The client must not share code with the sandbox.' }],
        },
      ],
    },
  },
);
