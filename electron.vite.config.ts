/**
 * electron-vite build of the desktop app (`npm run build` → out/):
 * - main (electron/main/index.ts) as ESM, with the job worker (node/services/
 *   job-worker.ts) as a second entry beside it, `job-worker.mjs` — worker threads load their entry from a
 *   file, so it must be its own bundle; better-sqlite3 (native) stays external and is
 *   rebuilt for Electron by electron-builder;
 * - preload (electron/preload/index.ts) as CommonJS `index.cjs`: a sandboxed preload cannot
 *   load ES modules and may require nothing but `electron`, so everything else is bundled;
 * - renderer (renderer/) with the renderer's own Vite plugins (renderer/vite.config.ts),
 *   so `npm run build:renderer` (browser mode) and this build produce the same page.
 * The engine in core/ is bundled into whichever side imports it.
 */
import { defineConfig } from 'electron-vite';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rendererPlugins } from './renderer/vite.config.js';

const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rollupOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          'job-worker': resolve(root, 'node/services/job-worker.ts'),
        },
        // The worker and the chunks it shares with main are .mjs: electron-builder unpacks them from
        // the asar archive (worker threads need real files), away from package.json's "type".
        output: { entryFileNames: (chunk) => (chunk.name === 'job-worker' ? '[name].mjs' : '[name].js'), chunkFileNames: 'chunks/[name]-[hash].mjs' },
        external: ['better-sqlite3'],
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      rollupOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    plugins: rendererPlugins(),
    server: { fs: { allow: [root] } },
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 2000,
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
