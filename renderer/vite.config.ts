/**
 * Vite build of the Svelte renderer (SPEC §11). `npm run build:renderer` writes
 * out/renderer/, which Electron loads from disk and browser mode serves; `base: './'` keeps
 * every asset URL relative so both work. Node-side build file: no DOM, no app code.
 */
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

/** Shared with electron.vite.config.ts, which builds the same renderer for the desktop app. */
export const rendererPlugins = () => [svelte()];

export default defineConfig({
  root: here,
  base: './',
  plugins: rendererPlugins(),
  // The renderer imports the pure engine (core/) and the contract (contract/).
  server: { fs: { allow: [repo] } },
  build: {
    outDir: `${repo}out/renderer`,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
});
