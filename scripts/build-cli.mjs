// Bundles the CLI (cli/ + core/) into one ESM file, dist/cli.js, so `sandtable` starts fast
// without a TypeScript loader. better-sqlite3 and other native modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['cli/bin.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
});
