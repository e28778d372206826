// Lint, and the layer rules of STYLE.md: core/ is the pure engine and may not reach the
// runtime-specific layers. tsc enforces the DOM/Node half (core/tsconfig.json has neither lib).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import floorPlan from './eslint/core-floor-plan.js';
import svelte from 'eslint-plugin-svelte';
import svelteParser from 'svelte-eslint-parser';

const CORE_FORBIDDEN = {
  patterns: [
    { group: ['node:*'], message: 'core/ is pure TypeScript: no Node built-ins.' },
    { regex: '^electron(/.*)?$', message: 'core/ may not depend on Electron.' },
    { group: ['three', 'three/*'], message: 'core/ may not depend on Three.js (the renderer adapts core geometry).' },
    { group: ['svelte', 'svelte/*'], message: 'core/ may not depend on Svelte.' },
    { group: ['**/electron/**', '**/node/**', '**/renderer/**', '**/cli/**'], message: 'core/ may not import from electron/, node/, renderer/ or cli/.' },
    { group: ['fs', 'path', 'os', 'child_process', 'better-sqlite3', 'worker_threads', 'crypto', 'zlib'], message: 'core/ is pure TypeScript: no Node modules.' },
  ],
};

// The renderer draws and edits in a browser context: no Node, no Electron main-process code.
const RENDERER_FORBIDDEN = {
  patterns: [
    { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'zlib', 'better-sqlite3'], message: 'renderer/ runs in the browser: no Node modules (ask the main process through the contract).' },
    { regex: '^electron(/.*)?$', message: 'renderer/ may not use Electron directly; it calls window.sandtable (the preload) through the contract.' },
    { group: ['**/electron/**', '**/node/**', '**/cli/**'], message: 'renderer/ may import only core/ and contract/.' },
  ],
};

/** The patterns that keep a layer as pure as core/: it may import only core/ (and itself). */
function pureLayer(dir) {
  return [
    ...CORE_FORBIDDEN.patterns.filter((p) => !p.group?.includes('**/electron/**')),
    { group: ['**/electron/**', '**/node/**', '**/renderer/**', '**/cli/**', '../main/**', '../preload/**', '../browser/**'], message: `${dir}/ may import only core/.` },
  ];
}

// The contract (operations, argument schemas, result types, the api builder) is imported by
// node/, electron/, renderer/ and cli/ alike, so it runs anywhere: as pure as core/.
const CONTRACT_FORBIDDEN = { patterns: pureLayer('contract') };

// What the two doors that serve the page share (the CSP, content types): pure as well.
const SHARED_FORBIDDEN = { patterns: pureLayer('electron/shared') };

// node/ is the Node-only layer shared by the Electron main process, browser mode and the CLI
// (store, on-disk formats, services, jobs): Node yes, but no Electron, no page, no CLI.
const NODE_FORBIDDEN = {
  patterns: [
    { regex: '^electron(/.*)?$', message: 'node/ is plain Node: no Electron (Electron-only features come in through interfaces such as DialogHost).' },
    { group: ['three', 'three/*', 'svelte', 'svelte/*'], message: 'node/ draws nothing: no Three.js or Svelte.' },
    { group: ['**/electron/**', '**/renderer/**', '**/cli/**'], message: 'node/ may import only core/, contract/ and Node.' },
  ],
};

// The Electron main process: Electron, Node, core/, contract/, node/ and electron/shared/;
// never the page, the CLI, the preload (bundled apart, sandboxed) or browser mode (the other door).
const MAIN_FORBIDDEN = {
  patterns: [
    { group: ['three', 'three/*', 'svelte', 'svelte/*'], message: 'electron/main/ draws nothing: no Three.js or Svelte.' },
    { group: ['**/renderer/**', '**/cli/**', '**/electron/preload/**', '**/electron/browser/**', '../preload/**', '../browser/**'], message: 'electron/main/ may import only Electron, Node, core/, contract/, node/ and electron/shared/.' },
  ],
};

// The CLI runs the engine headless: core/, node/ and Node, never the Electron app or the page.
const CLI_FORBIDDEN = {
  patterns: [
    { regex: '^electron(/.*)?$', message: 'cli/ runs without Electron.' },
    { group: ['**/electron/main/**', '**/electron/preload/**', '**/electron/browser/**', '**/renderer/**'], message: 'cli/ may import only core/, node/ and the contract, not the app.' },
  ],
};

// The preload is the narrow bridge: Electron's contextBridge/ipcRenderer and the contract, nothing else.
const PRELOAD_FORBIDDEN = {
  patterns: [
    { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'zlib', 'better-sqlite3'], message: 'the preload is sandboxed: no Node modules.' },
    { group: ['**/core/**', '**/node/**', '**/electron/main/**', '**/electron/browser/**', '**/renderer/**', '**/cli/**', '../main/**', '../browser/**'], message: 'the preload may import only electron and contract/.' },
  ],
};

// Browser mode serves the same services over loopback HTTP: Node, never Electron or the page.
const BROWSER_FORBIDDEN = {
  patterns: [
    { regex: '^electron(/.*)?$', message: 'electron/browser/ runs in plain Node, without Electron.' },
    { group: ['**/electron/main/**', '../main/**', '**/electron/preload/**', '../preload/**', '**/renderer/src/**', '**/cli/**'], message: 'electron/browser/ may import only core/, node/ and the contract.' },
  ],
};

/** The layer rule for `dir`: its code, not its tests (nor `alsoIgnored`), may import nothing `forbidden` names. */
function layer(dir, forbidden, alsoIgnored = []) {
  return { files: [`${dir}/**/*.ts`], ignores: [`${dir}/**/*.test.ts`, ...alsoIgnored], rules: { 'no-restricted-imports': ['error', forbidden] } };
}

// Svelte components are read by svelte-eslint-parser, with typescript-eslint's parser for
// `<script lang="ts">`, so the renderer's layer rule reaches them too (a `node:fs` import in a
// component fails lint, which svelte-check alone would let through).
const SVELTE = {
  files: ['renderer/**/*.svelte'],
  plugins: { svelte },
  processor: 'svelte/svelte',
  languageOptions: {
    parser: svelteParser,
    parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    globals: { ...globals.browser },
  },
  rules: { 'no-restricted-imports': ['error', RENDERER_FORBIDDEN] },
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
  // The renderer draws in the page; its build configuration runs in Node, not in the page.
  { ...layer('renderer', RENDERER_FORBIDDEN, ['renderer/vite.config.ts']), languageOptions: { globals: { ...globals.browser } } },
  SVELTE,
  layer('contract', CONTRACT_FORBIDDEN),
  layer('electron/shared', SHARED_FORBIDDEN),
  layer('electron/main', MAIN_FORBIDDEN),
  layer('node', NODE_FORBIDDEN),
  layer('cli', CLI_FORBIDDEN),
  layer('electron/preload', PRELOAD_FORBIDDEN),
  layer('electron/browser', BROWSER_FORBIDDEN),
  { ...layer('core', CORE_FORBIDDEN, ['core/**/*.testkit.ts']), languageOptions: { globals: {} } },
  // Core's floor plan (core/README.md): a core folder imports only the folders below it.
  { files: ['core/**/*.ts'], ignores: ['core/**/*.test.ts', 'core/**/*.testkit.ts'], plugins: { sandtable: floorPlan }, rules: { 'sandtable/core-floor-plan': 'error' } },
);
