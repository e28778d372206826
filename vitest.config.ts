import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  // Compiles Svelte 5 runes in the renderer's `*.svelte.ts` stores, so they are unit-tested as
  // they run in the app. It touches only .svelte and .svelte.ts/js files; everything else
  // (core, contract, node, cli, electron) is plain TypeScript as before.
  plugins: [svelte({ configFile: false, compilerOptions: { runes: true } })],
  test: {
    include: ['core/**/*.test.ts', 'contract/**/*.test.ts', 'cli/**/*.test.ts', 'electron/**/*.test.ts', 'node/**/*.test.ts', 'renderer/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
