/**
 * Rails `Tiles.xml` at scale (issue 24: "a 10 MB Tiles.xml of 100,080 tiles imports in
 * 69–96 s"): a 100,080-tile file imported into a fresh library by the path
 * `sandtable import Tiles.xml --into lib` takes (read the file, parseRailsTiles,
 * lib.track.import in one transaction), parse and store timed apart; each measured
 * RUNS times, the median reported, in wall-clock and CPU milliseconds (the bench machines are
 * shared: CPU time is the steadier figure under load). For proportion, the 100 k vector-tile
 * import (lib.vector.import of vector.bench.ts's tiles) is timed in the same runs, likewise.
 *
 * The file replicates the real Rails tiles (../shared/external-data/18xx/rails/Tiles.xml,
 * 700 tiles) with fresh ids; without the shared data, a synthetic generator stands in.
 * Results → bench/results/rails.json. `RAILS_BENCH_TILES` shrinks it for a smoke run.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRailsTiles } from '../core/formats/rails/tiles-xml.js';
import { vectorTileToJson } from '../core/vector/json.js';
import { readTextFile } from '../node/formats/files.js';
import { openLibrary } from '../node/store/library.js';
import { externalPath } from '../test/support/formats.js';
import { rng, writeResult } from './harness.js';
import { benchTile } from './vector.bench.js';

const TILES = Number(process.env.RAILS_BENCH_TILES ?? 100_080);
const VECTOR_TILES = Number(process.env.RAILS_BENCH_VECTOR_TILES ?? 100_000);
const RUNS = 3;
const round = (x: number) => Math.round(x);

/** The `<Tile …>…</Tile>` (or `<Tile …/>`) blocks of a real Tiles.xml, or null without the shared data. */
function realTileBlocks(): string[] | null {
  const path = externalPath('18xx/rails/Tiles.xml');
  if (path === null) return null;
  return readFileSync(path, 'utf8').match(/<Tile\b[^>]*?(?:\/>|>[\s\S]*?<\/Tile>)/g) ?? [];
}

/** A synthetic tile block: a city or town or plain track, 1–4 track segments. */
function syntheticBlock(random: () => number): string {
  const colours = ['yellow', 'green', 'brown', 'gray'];
  const colour = colours[Math.floor(random() * colours.length)]!;
  const kind = random();
  const station = kind < 0.4 ? `    <Station id="city1" position="0" slots="${1 + Math.floor(random() * 3)}" type="City" value="${10 * (2 + Math.floor(random() * 6))}"/>\n` : kind < 0.6 ? '    <Station id="city1" position="0" type="Town" value="10"/>\n' : '';
  const sides = [0, 1, 2, 3, 4, 5].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 4));
  const tracks = station
    ? sides.map((s) => `    <Track from="city1" gauge="normal" to="side${s}"/>\n`)
    : sides.slice(0, Math.max(2, sides.length) & ~1).map((s, k, a) => (k % 2 ? '' : `    <Track from="side${s}" gauge="normal" to="side${a[k + 1] ?? (s + 3) % 6}"/>\n`));
  return `<Tile colour="${colour}" id="0" name="synthetic">\n${station}${tracks.join('')}  </Tile>`;
}

/** A Tiles.xml of `count` tiles: the real blocks in turn (or synthetic ones), renumbered 1…count. */
export function bigTilesXml(count: number): { text: string; from: string } {
  const real = realTileBlocks();
  const random = rng(24);
  const parts = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<Tiles>\n'];
  for (let k = 0; k < count; k++) {
    const block = real && real.length ? real[k % real.length]! : syntheticBlock(random);
    parts.push('    ', block.replace(/\bid="-?\d+"/, `id="${k + 1}"`), '\n');
  }
  parts.push('</Tiles>\n');
  return { text: parts.join(''), from: real ? 'the real Rails Tiles.xml (700 tiles), replicated and renumbered' : 'a synthetic generator (no ../shared/external-data)' };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const clock = () => ({ ms: performance.now(), cpu: process.cpuUsage() });
const since = (a: ReturnType<typeof clock>, b: ReturnType<typeof clock>) => ({
  ms: round(b.ms - a.ms),
  cpuMs: round((b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system) / 1000),
});

export default async function run(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-rails-bench-'));
  try {
    const { text, from } = bigTilesXml(TILES);
    const file = join(dir, 'Tiles.xml');
    writeFileSync(file, text);
    const random = rng(7);
    const vectorRecords = Array.from({ length: VECTOR_TILES }, (_, k) => ({ tile: vectorTileToJson(benchTile(random, `v${k}`)) }));
    const runs: Record<'parse' | 'store' | 'total' | 'vector', { ms: number; cpuMs: number }>[] = [];
    for (let i = 0; i < RUNS; i++) {
      // The CLI's path: read and parse the file, then one import into a fresh library.
      const t0 = clock();
      const { tiles, warnings } = parseRailsTiles(readTextFile(file), file);
      const t1 = clock();
      const lib = openLibrary(join(dir, `rails-${i}.sandtable-library`));
      const result = lib.track.import(tiles, { onConflict: 'error' });
      lib.close();
      const t2 = clock();
      if (result.added !== TILES || tiles.length !== TILES) throw new Error(`rails bench: expected ${TILES} tiles added, got ${result.added} (${warnings.length} warnings)`);
      const vlib = openLibrary(join(dir, `vector-${i}.sandtable-library`));
      const v0 = clock();
      vlib.vector.import(vectorRecords);
      const v1 = clock();
      vlib.close();
      runs.push({ parse: since(t0, t1), store: since(t1, t2), total: since(t0, t2), vector: since(v0, v1) });
    }
    const pick = (k: keyof (typeof runs)[number]) => ({ ms: median(runs.map((r) => r[k].ms)), cpuMs: median(runs.map((r) => r[k].cpuMs)) });
    return writeResult('rails', {
      description: `Import of a ${TILES}-tile Rails Tiles.xml into a fresh library (read + parseRailsTiles, then lib.track.import in one transaction), median of ${RUNS} runs; the ${VECTOR_TILES} vector-tile import measured in the same runs for proportion.`,
      file: { tiles: TILES, bytes: statSync(file).size, from },
      median: { parse: pick('parse'), store: pick('store'), total: pick('total'), vectorImport: pick('vector') },
      runs,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
