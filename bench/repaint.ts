/**
 * The CPU side of a one-tile edit's repaint on a million-tile map, in Node (issue 30 "a
 * one-tile edit's repaint at 1 M tiles … against a goal of 16 ms on the CPU side"): the map
 * the bench page paints (renderer/bench/bench.ts: eight area terrains at random, 12 % of the
 * linear tiles river, road, wall or hedgerow), one tile changed at a time, area and linear
 * tiles in turn. Each edit is timed as the app pays it before any frame: core's in-place
 * update of (A) and (B) (`updateTiles`), then the outlines (C), (D) and barriers worked out
 * again and their line distances made for the renderer. `blocksMs`: the blocks about the
 * edit only (core/render outline-blocks.ts, what the app does now); `wholeMs`, in the same
 * run: the whole map's outlines and their chunking (what the app did before). Three.js's
 * objects and the upload are the page's (render.bench.ts `editUpdateMs`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TerrainMap } from '../core/map/terrain-map.js';
import type { GridSize } from '../core/grid/types.js';
import { tileClasses } from '../core/alform/tile-classes.js';
import { seededRandom } from '../core/util/random.js';
import { parseCatalogue } from '../core/terrain/parse.js';
import { buildMapGeometry } from '../core/render/map-geometry.js';
import { compileOutlineStyles } from '../core/render/outline-style.js';
import { chunkOutlines, dashDistances } from '../core/render/outline-chunks.js';

const REPO = fileURLToPath(new URL('../', import.meta.url));
/** The CPU time a one-tile edit may take: one frame at 60 Hz. */
export const REPAINT_TARGET_MS = 16;

export interface RepaintBenchResult {
  name: string;
  tiles: number;
  edits: number;
  /** Median over the edits: update (A), (B) + the outline blocks about the tile. */
  blocksMs: number;
  /** The slowest of those edits. */
  blocksMaxMs: number;
  /** Outline blocks worked out per edit (median) and in all. */
  blocksRebuilt: number;
  blocks: number;
  /** Median over the same edits: update (A), (B) + the whole map's outlines and chunks (before). */
  wholeMs: number;
}

const AREAS = ['clear', 'forest', 'hills', 'plains', 'marsh', 'ocean', 'fields', 'rough'];
const LINEARS = ['river', 'road', 'wall', 'hedgerow'];

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export function runRepaintBench(size: GridSize = { kind: 'hex-rectangle', width: 1001, height: 999 }, edits = 10): RepaintBenchResult {
  const catalogue = parseCatalogue(JSON.parse(readFileSync(`${REPO}resources/terrain/default.json`, 'utf8')), 'resources/terrain/default.json');
  const map = TerrainMap.create({ size, alform: true });
  const random = seededRandom(7);
  const area = AREAS.map((id) => map.terrainIndex(id));
  const linear = LINEARS.map((id) => map.terrainIndex(id));
  const classes = tileClasses(map.grid);
  const terrain = map.layers.terrain;
  for (let i = 0; i < map.tileCount; i++) {
    if (classes[i] === 0) terrain[i] = area[Math.floor(random() * area.length)]!;
    else if (random() < 0.12) terrain[i] = linear[Math.floor(random() * linear.length)]!;
  }
  const mode = 'foot';
  const geometry = buildMapGeometry(map, catalogue);
  const styles = compileOutlineStyles(catalogue, map.palette, mode);
  const first = geometry.outlineBlocks(mode);
  const editRandom = seededRandom(11);
  const forest = map.terrainIndex('forest');
  const river = map.terrainIndex('river');
  const hills = map.terrainIndex('hills');
  const road = map.terrainIndex('road');
  const tiles: number[] = [];
  for (let e = 0; e <= edits; e++) {
    let tile = Math.floor(editRandom() * map.tileCount);
    while ((classes[tile] === 0) !== (e % 2 === 0)) tile = (tile + 1) % map.tileCount;
    tiles.push(tile);
  }
  // The first edit warms the block path up and is not counted (as the page's first frame is not).
  const blocksMs: number[] = [];
  const rebuilt: number[] = [];
  tiles.forEach((tile, e) => {
    terrain[tile] = e % 2 === 0 ? forest : river;
    const t = performance.now();
    geometry.updateTiles([tile]);
    const update = geometry.outlineBlocks(mode);
    for (const b of update.rebuilt ?? []) {
      const o = update.blocks[b]!;
      for (const lines of [o.area, o.linear, o.barriers]) dashDistances(lines, styles.dashScale);
    }
    if (e === 0) return;
    blocksMs.push(performance.now() - t);
    rebuilt.push(update.rebuilt?.length ?? update.blocks.length);
  });
  // Before: the same tiles edited again, each followed by every outline of the map and its chunks.
  const wholeMs: number[] = [];
  tiles.forEach((tile, e) => {
    terrain[tile] = e % 2 === 0 ? hills : road;
    const t = performance.now();
    geometry.updateTiles([tile]);
    const whole = geometry.outlines(mode);
    for (const lines of [whole.area, whole.linear, whole.barriers]) chunkOutlines(lines, styles.dashScale, false);
    if (e > 0) wholeMs.push(performance.now() - t);
  });
  return {
    name: `flat ${Math.round(map.tileCount / 1000)}k (Node)`,
    tiles: map.tileCount,
    edits,
    blocksMs: round(median(blocksMs)),
    blocksMaxMs: round(Math.max(...blocksMs)),
    blocksRebuilt: median(rebuilt),
    blocks: first.blocks.length,
    wholeMs: round(median(wholeMs)),
  };
}
