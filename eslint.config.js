// Lint, and the layer rules of STYLE.md: core/ is the pure engine and may not reach the
// runtime-specific layers. tsc enforces the DOM/Node half (core/tsconfig.json has neither lib).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const CORE_FORBIDDEN = {
  patterns: [
    { group: ['node:*'], message: 'core/ is pure TypeScript: no Node built-ins.' },
    { regex: '^electron(/.*)?$', message: 'core/ may not depend on Electron.' },
    { group: ['three', 'three/*'], message: 'core/ may not depend on Three.js (the renderer adapts core geometry).' },
    { group: ['svelte', 'svelte/*'], message: 'core/ may not depend on Svelte.' },
    { group: ['**/electron/**', '**/renderer/**', '**/cli/**'], message: 'core/ may not import from electron/, renderer/ or cli/.' },
    { group: ['fs', 'path', 'os', 'child_process', 'better-sqlite3', 'worker_threads', 'crypto', 'zlib'], message: 'core/ is pure TypeScript: no Node modules.' },
  ],
};

// The renderer draws and edits in a browser context: no Node, no Electron main-process code.
const RENDERER_FORBIDDEN = {
  patterns: [
    { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'zlib', 'better-sqlite3'], message: 'renderer/ runs in the browser: no Node modules (ask the main process through the contract).' },
    { regex: '^electron(/.*)?$', message: 'renderer/ may not use Electron directly; it calls window.sandtable (the preload) through the contract.' },
    { group: ['**/electron/main/**', '**/electron/preload/**', '**/electron/browser/**', '**/cli/**'], message: 'renderer/ may import only core/ and electron/shared/ (the contract).' },
  ],
};

// The contract is shared by main, preload and renderer, so it must be as pure as core/.
const SHARED_FORBIDDEN = {
  patterns: [
    ...CORE_FORBIDDEN.patterns.filter((p) => !p.group?.includes('**/electron/**')),
    { group: ['**/electron/main/**', '**/electron/preload/**', '**/electron/browser/**', '../main/**', '../preload/**', '../browser/**', '**/renderer/**', '**/cli/**'], message: 'electron/shared/ may import only core/.' },
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
    files: ['renderer/**/*.ts'],
    // Build configuration runs in Node, not in the page.
    ignores: ['renderer/**/*.test.ts', 'renderer/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', RENDERER_FORBIDDEN] },
  },
  {
    files: ['electron/shared/**/*.ts'],
    ignores: ['electron/shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', SHARED_FORBIDDEN] },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts', 'core/**/*.testkit.ts'],
    languageOptions: { globals: {} },
    rules: { 'no-restricted-imports': ['error', CORE_FORBIDDEN] },
  },
);
