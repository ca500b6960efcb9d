// ESLint flat config: typescript-eslint (type-aware), the React hooks rules, and the layers of
// docs/architecture.md ("The layers") as allow-lists (eslint.layers.js, applied by eslint.layer-rule.js).
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { layersPlugin } from './eslint.layer-rule.js';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-electron/**', 'release/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  ...tseslint.configs.recommended,
  // The Node launcher and the installer's fetch hook are plain CommonJS on purpose: they must run on
  // a Node too old for the project, without a loader.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'eslint.layers.js', 'eslint.layer-rule.js', 'electron/dev/*.cjs', 'electron/dev/*.d.cts', 'test/security/offline-got.cjs'] }, tsconfigRootDir: import.meta.dirname } },
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
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Each folder of electron/ and renderer/ imports only what its entry of eslint.layers.js allows.
    files: ['{electron,renderer}/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/imports': 'error' },
  },
);
