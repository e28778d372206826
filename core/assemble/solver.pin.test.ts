/**
 * Pins a few solver outputs (a hash of the assembled layer and the search's counters) so a
 * refactoring of the solver's modules keeps its behaviour exactly: same seed, same map, same
 * search. A deliberate change of the search order updates these pins, and says so: the two
 * river cases with connectivity changed when the connectivity pass became incremental (its
 * windows prune less than a whole-map pass at every change; the maps are still connected).
 * 'globe rivers' changed when the pentagon warp stopped leaving out what enters the dropped
 * sector (issue 31): a river crossing the dropped edge now keeps it on the pentagon, so the
 * pentagons' candidates differ.
 */
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import type { GridSize } from '../grid/types.js';
import { HEX, SQUARE } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { RIVER_TILES, ROAD_TILES } from './assemble.testkit.js';
import { geomorphAssembleOptions, geomorphLibraryOptions, geomorphTiles } from './geomorph.js';
import { InstanceLayer } from '../map/instance-layer.js';
import type { LibraryOptions } from './library.js';
import { AssemblyLibrary } from './library.js';
import type { AssembleOptions } from './solver-types.js';
import { assemble } from './solver.js';

/** FNV-1a over the layer's cells: tile id and placement code per cell. */
function layerHash(layer: InstanceLayer): string {
  let h = 0x811c9dc5;
  const mix = (s: string): void => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  };
  for (let c = 0; c < layer.cellCount; c++) {
    const p = layer.get(c);
    mix(p ? `${c}:${p.tile}:${p.code};` : `${c}:-;`);
  }
  return h.toString(16).padStart(8, '0');
}

interface Case {
  readonly name: string;
  readonly size: GridSize;
  readonly tiles: readonly VectorTile[];
  readonly lib?: LibraryOptions;
  readonly options: AssembleOptions;
}

const cases: Case[] = [
  { name: 'square roads, connected', size: { kind: 'square', width: 12, height: 12 }, tiles: ROAD_TILES, options: { seed: 11, connectivity: { terrains: ['road'] } } },
  { name: 'square roads, closed, counts', size: { kind: 'square', width: 7, height: 7 }, tiles: ROAD_TILES, lib: { weights: { cross: 20, tee: 10 } }, options: { seed: 3, boundary: 'closed', counts: { cross: 2, tee: 3, straight: 8 } } },
  { name: 'hex rivers, connected', size: { kind: 'hex-rectangle', width: 9, height: 7 }, tiles: RIVER_TILES, options: { seed: 5, boundary: 'closed', connectivity: { terrains: ['river'] } } },
  { name: 'globe rivers', size: { kind: 'icosahedron', side: 3 }, tiles: RIVER_TILES, options: { seed: 21, connectivity: { terrains: ['river'] } } },
  { name: 'geomorph squares', size: { kind: 'square', width: 16, height: 16 }, tiles: geomorphTiles(SQUARE), lib: geomorphLibraryOptions(), options: geomorphAssembleOptions(4) },
  { name: 'geomorph hexagons', size: { kind: 'hex-rectangle', width: 10, height: 9 }, tiles: geomorphTiles(HEX), lib: geomorphLibraryOptions(), options: geomorphAssembleOptions(2) },
];

const PINS: Record<string, string> = {
  'square roads, connected': '159f48b3 d152 b8',
  'square roads, closed, counts': '19af737a d49 b0',
  'hex rivers, connected': '2acb2cd3 d115 b52',
  'globe rivers': '7c63f7e3 d169 b7',
  'geomorph squares': '5065ad74 d256 b0',
  'geomorph hexagons': '83363dc4 d90 b0',
};

describe('solver outputs are pinned', () => {
  for (const c of cases) {
    it(c.name, () => {
      const r = assemble(new InstanceLayer(createGrid({ size: c.size })), new AssemblyLibrary(c.tiles, c.lib), c.options);
      expect(r.ok, r.ok ? '' : r.message).toBe(true);
      if (!r.ok) return;
      const got = `${layerHash(r.layer)} d${r.stats.decisions} b${r.stats.backjumps}`;
      expect(got).toBe(PINS[c.name]);
    });
  }
});
