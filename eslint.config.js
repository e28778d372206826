// Lint, and the layer rules of STYLE.md: core/ is the pure engine and may not reach the
// runtime-specific layers. tsc enforces the DOM/Node half (core/tsconfig.json has neither lib).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const CORE_FORBIDDEN = {
  patterns: [
    { group: ['node:*'], message: 'core/ is pure TypeScript: no Node built-ins.' },
    { group: ['electron', 'electron/*'], message: 'core/ may not depend on Electron.' },
    { group: ['three', 'three/*'], message: 'core/ may not depend on Three.js (the renderer adapts core geometry).' },
    { group: ['svelte', 'svelte/*'], message: 'core/ may not depend on Svelte.' },
    { group: ['**/electron/**', '**/renderer/**', '**/cli/**'], message: 'core/ may not import from electron/, renderer/ or cli/.' },
    { group: ['fs', 'path', 'os', 'child_process', 'better-sqlite3', 'worker_threads', 'crypto', 'zlib'], message: 'core/ is pure TypeScript: no Node modules.' },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Tests poke at parsed JSON output; `any` there is the honest type.
    files: ['**/*.test.ts', '**/*.testkit.ts', 'cli/testing.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts', 'core/**/*.testkit.ts'],
    languageOptions: { globals: {} },
    rules: { 'no-restricted-imports': ['error', CORE_FORBIDDEN] },
  },
);
