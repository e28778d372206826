/**
 * Child process of concurrency.test.ts: one of two writers hammering the same library.
 * Each round writes a raster tile and a track tile of its own (single-call transactions),
 * every fifth round a multi-call transaction, and reads in between; it checks that what it
 * reads is never older than what it has already seen. Prints a JSON summary. Test-only.
 */
import { openLibrary } from './library.js';
import { FIXED_NOW, plainTrackTile, sampleRasterTiles } from './store.testkit.js';

const [path, name, roundsText] = process.argv.slice(2);
if (!path || !name || !roundsText) throw new Error('usage: concurrency-child.ts LIBRARY NAME ROUNDS');
const rounds = Number(roundsText);
const tiles = sampleRasterTiles(rounds, name === 'a' ? 1 : 2, { idPrefix: name });

// Both writers are loaded before either starts, so their loops really overlap (and they
// open the brand-new file at the same moment).
process.stdout.write('loaded\n');
process.stdin.once('data', () => {
  const started = Date.now();
  const lib = openLibrary(path, { now: FIXED_NOW, busyTimeoutMs: 10_000 });
  let seen = 0;
  let fits = 0;
  for (let k = 0; k < rounds; k++) {
    if (k % 5 === 4) {
      lib.transaction(() => {
        lib.raster.put(tiles[k]!);
        lib.track.put({ ...plainTrackTile(`${name}-${k}`), name: `${name} ${k}` });
      });
    } else {
      lib.raster.put(tiles[k]!);
      lib.track.put({ ...plainTrackTile(`${name}-${k}`), name: `${name} ${k}` });
    }
    const count = lib.raster.stats().count;
    if (count < seen) throw new Error(`${name}: raster count went back from ${seen} to ${count}`);
    seen = count;
    if (lib.raster.get(tiles[k]!.id)?.edges.join() !== tiles[k]!.edges.join()) throw new Error(`${name}: my tile ${tiles[k]!.id} is not there`);
    fits += lib.raster.fit({ north: 'L1' }).total;
  }
  lib.close();
  process.stdout.write(`${JSON.stringify({ name, rounds, seen, fits, started, finished: Date.now() })}\n`);
  process.stdin.destroy();
});
