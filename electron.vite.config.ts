/**
 * electron-vite build of the desktop app: main process (electron/main), preload bridge
 * (electron/preload) and the Svelte renderer (renderer/). The engine in core/ is bundled
 * into whichever side imports it; native modules (better-sqlite3) stay external to main.
 */
import { defineConfig } from 'electron-vite';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: resolve(root, 'electron/main/index.ts'), external: ['better-sqlite3'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: resolve(root, 'electron/preload/index.ts') },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
