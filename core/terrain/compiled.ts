/**
 * Typed-array views of a catalogue for hot loops (SPEC §4: millions of tiles, no object
 * per tile). Maps store terrain as Uint8 palette indices: 0 = no terrain, k = 1…255 =
 * `palette[k − 1]`, a terrain id. Each table here is indexed by that palette index, so a
 * movement or sight loop reads `table[terrainOfTile[i]]` and never touches a record.
 *
 * Palette index 0 (no terrain) compiles to: not playable, cost 0, not linear, no sight
 * properties, colour `emptyColour`. That one entry serves both tile classes: on an area
 * tile "not playable" means it cannot be entered (cost is then never read); on a linear
 * tile it is the plain border between two areas, crossed at extra cost 0, so the two area
 * tiles either side are simply adjacent (rule A with nothing added).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

import { findTerrain, getMovementMode } from './lookup.js';
import type { Terrain, TerrainCatalogue } from './types.js';

/** Palette index meaning "no terrain on this tile". */
export const EMPTY_TERRAIN = 0;
/** Terrain ids a map palette may hold: indices 1…255 of a Uint8 layer. */
export const MAX_PALETTE_SIZE = 255;

export interface MovementTable {
  readonly mode: string;
  /** Mode rule cost (see types.ts for its meaning per class); +Infinity = impassable. */
  readonly cost: Float32Array;
  /** 1 = playable for this mode. */
  readonly playable: Uint8Array;
  /** 1 = the terrain is linear terrain (a map validator catches it painted on area tiles). */
  readonly isLinear: Uint8Array;
}

export interface SightTable {
  readonly elevationOffset: Float32Array;
  readonly height: Float32Array;
  readonly cover: Float32Array;
  readonly concealment: Float32Array;
  /** Linear terrain that blocks a line of sight crossing it. */
  readonly blocksAcross: Uint8Array;
  /** Linear terrain that blocks a line of sight running along it. */
  readonly blocksAlong: Uint8Array;
  /** Area terrain that sight does not pass through. */
  readonly blocksThrough: Uint8Array;
}

/**
 * The terrain of every palette entry: result[k − 1] for palette index k. Throws on a
 * palette that is too long, repeats an id, or names a terrain the catalogue lacks.
 */
export function resolvePalette(catalogue: TerrainCatalogue, palette: readonly string[]): readonly Terrain[] {
  if (!Array.isArray(palette)) throw new Error(`palette: expected an array of terrain ids, got ${typeof palette}`);
  if (palette.length > MAX_PALETTE_SIZE) {
    throw new Error(
      `palette: expected at most ${MAX_PALETTE_SIZE} terrain ids (Uint8 indices 1…${MAX_PALETTE_SIZE}; 0 = no terrain), got ${palette.length}`,
    );
  }
  const seen = new Map<string, number>();
  return palette.map((id, i) => {
    const terrain = typeof id === 'string' ? findTerrain(catalogue, id) : undefined;
    if (terrain === undefined) {
      throw new Error(`palette[${i}] (terrain index ${i + 1}): unknown terrain ${JSON.stringify(id)} (not in catalogue "${catalogue.name}")`);
    }
    const first = seen.get(id);
    if (first !== undefined) throw new Error(`palette[${i}] (terrain index ${i + 1}): "${id}" is already palette[${first}]`);
    seen.set(id, i);
    return terrain;
  });
}

export function compileMovement(catalogue: TerrainCatalogue, palette: readonly string[], modeId: string): MovementTable {
  getMovementMode(catalogue, modeId);
  const terrains = resolvePalette(catalogue, palette);
  const n = terrains.length + 1;
  const cost = new Float32Array(n);
  const playable = new Uint8Array(n);
  const isLinear = new Uint8Array(n);
  terrains.forEach((t, i) => {
    const rule = t.movement[modeId]!;
    cost[i + 1] = rule.cost === 'impassable' ? Infinity : rule.cost;
    playable[i + 1] = rule.playable ? 1 : 0;
    isLinear[i + 1] = t.class === 'linear' ? 1 : 0;
  });
  return { mode: modeId, cost, playable, isLinear };
}

export function compileSight(catalogue: TerrainCatalogue, palette: readonly string[]): SightTable {
  const terrains = resolvePalette(catalogue, palette);
  const n = terrains.length + 1;
  const table = {
    elevationOffset: new Float32Array(n),
    height: new Float32Array(n),
    cover: new Float32Array(n),
    concealment: new Float32Array(n),
    blocksAcross: new Uint8Array(n),
    blocksAlong: new Uint8Array(n),
    blocksThrough: new Uint8Array(n),
  };
  terrains.forEach((t, i) => {
    const k = i + 1;
    table.elevationOffset[k] = t.elevationOffset;
    table.height[k] = t.height;
    table.cover[k] = t.cover;
    table.concealment[k] = t.concealment;
    if (t.class === 'linear') {
      table.blocksAcross[k] = t.blocksSightAcross ? 1 : 0;
      table.blocksAlong[k] = t.blocksSightAlong ? 1 : 0;
    } else {
      table.blocksThrough[k] = t.blocksSightThrough ? 1 : 0;
    }
  });
  return table;
}

/** RGB triples, 3 bytes per palette index, ready for a vertex-colour buffer. */
export function compileColours(catalogue: TerrainCatalogue, palette: readonly string[], emptyColour = '#000000'): Uint8Array {
  if (!/^#[0-9a-fA-F]{6}$/.test(emptyColour)) throw new Error(`emptyColour: expected "#rrggbb", got ${JSON.stringify(emptyColour)}`);
  const terrains = resolvePalette(catalogue, palette);
  const rgb = new Uint8Array(3 * (terrains.length + 1));
  writeColour(rgb, 0, emptyColour);
  terrains.forEach((t, i) => writeColour(rgb, i + 1, t.colour));
  return rgb;
}

function writeColour(rgb: Uint8Array, index: number, colour: string): void {
  const value = parseInt(colour.slice(1), 16);
  rgb[3 * index] = (value >> 16) & 0xff;
  rgb[3 * index + 1] = (value >> 8) & 0xff;
  rgb[3 * index + 2] = value & 0xff;
}
