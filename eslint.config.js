// Lint, and the layer rules of STYLE.md: core/ is the pure engine and may not reach the
// runtime-specific layers. tsc enforces the DOM/Node half (core/tsconfig.json has neither lib).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import floorPlan from './eslint/core-floor-plan.js';

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
    { group: ['**/electron/main/**', '**/electron/preload/**', '**/electron/browser/**', '**/node/**', '**/cli/**'], message: 'renderer/ may import only core/ and electron/shared/ (the contract).' },
  ],
};

// The contract is shared by main, preload and renderer, so it must be as pure as core/.
const SHARED_FORBIDDEN = {
  patterns: [
    ...CORE_FORBIDDEN.patterns.filter((p) => !p.group?.includes('**/electron/**')),
    { group: ['**/node/**'], message: 'electron/shared/ may import only core/.' },
    { group: ['**/electron/main/**', '**/electron/preload/**', '**/electron/browser/**', '../main/**', '../preload/**', '../browser/**', '**/renderer/**', '**/cli/**'], message: 'electron/shared/ may import only core/.' },
  ],
};

// node/ is the Node-only layer shared by the Electron main process, browser mode and the CLI
// (store, on-disk formats, services, jobs): Node yes, but no Electron, no page, no CLI.
const NODE_FORBIDDEN = {
  patterns: [
    { regex: '^electron(/.*)?$', message: 'node/ is plain Node: no Electron (Electron-only features come in through interfaces such as DialogHost).' },
    { group: ['three', 'three/*', 'svelte', 'svelte/*'], message: 'node/ draws nothing: no Three.js or Svelte.' },
    { group: ['**/electron/main/**', '**/electron/preload/**', '**/electron/browser/**', '**/renderer/**', '**/cli/**'], message: 'node/ may import only core/, electron/shared/ (the contract) and Node.' },
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
    { group: ['**/core/**', '**/node/**', '**/electron/main/**', '**/electron/browser/**', '**/renderer/**', '**/cli/**', '../main/**', '../browser/**'], message: 'the preload may import only electron and electron/shared/ (the contract).' },
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
  layer('electron/shared', SHARED_FORBIDDEN),
  layer('node', NODE_FORBIDDEN),
  layer('cli', CLI_FORBIDDEN),
  layer('electron/preload', PRELOAD_FORBIDDEN),
  layer('electron/browser', BROWSER_FORBIDDEN),
  { ...layer('core', CORE_FORBIDDEN, ['core/**/*.testkit.ts']), languageOptions: { globals: {} } },
  // Core's floor plan (core/README.md): a core folder imports only the folders below it.
  { files: ['core/**/*.ts'], ignores: ['core/**/*.test.ts', 'core/**/*.testkit.ts'], plugins: { sandtable: floorPlan }, rules: { 'sandtable/core-floor-plan': 'error' } },
);
