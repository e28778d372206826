#!/usr/bin/env node
// The `sandtable` command. The CLI is bundled to dist/cli.js by `npm install` (prepare)
// or `npm run build:cli`; this shim only points at it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write('sandtable: the CLI is not built yet; run `npm run build:cli` in the Sandtable checkout\n');
  process.exit(1);
}
await import(bundle);
