/**
 * Child process of crash.test.ts: opens the library at argv[2] and imports a seeded batch of
 * raster tiles in one transaction, printing "ready" just before the import starts so the
 * parent can SIGKILL it at a random moment inside. Test-only.
 */
import { openLibrary } from './library.js';
import { FIXED_NOW, sampleRasterTiles } from './store.testkit.js';

const [path, seed, count] = process.argv.slice(2);
if (!path || !seed || !count) throw new Error('usage: crash-child.ts LIBRARY SEED COUNT');
const tiles = sampleRasterTiles(Number(count), Number(seed), { idPrefix: 'crash', imageBytes: 200 });
const lib = openLibrary(path, { now: FIXED_NOW });
process.stdout.write('ready\n');
lib.raster.import(tiles);
lib.close();
process.stdout.write('done\n');
